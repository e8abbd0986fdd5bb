// HTML documents leave in one piece (server/whole-document.js, decision 608):
// compressed once, with a Content-Length, the same document and encoding a
// browser got when it was streamed; everything else streams as before.
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAs } from "../support/requests";
import { serveBuild, withoutNonce, type Served } from "./helpers";

let served: Served;
let t1: string;
const ROUTE = "/fclbysea?pol=SHANGHAI&pod=BATAM";

beforeAll(async () => {
  // PAGE_CACHE=0: every page rendered by Remix (a logged-in page is anyway).
  served = await serveBuild({ pageCache: false });
  t1 = await loginAs("t1@example.com");
});
afterAll(async () => {
  await served?.stop();
});

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; decoded: string };

/** A GET on a raw socket: the headers and bytes as sent, and the body decoded. */
function raw(path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(served.url + path, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          const encoding = response.headers["content-encoding"];
          const decoded =
            encoding === "br"
              ? zlib.brotliDecompressSync(body)
              : encoding === "gzip"
                ? zlib.gunzipSync(body)
                : encoding === "deflate"
                  ? zlib.inflateSync(body)
                  : body;
          resolve({ status: response.statusCode!, headers: response.headers, body, decoded: decoded.toString("utf8") });
        });
      })
      .on("error", reject);
  });
}

describe("an HTML document", () => {
  it("is sent whole with a Content-Length, in the encoding compression() would choose, the same page in each", async () => {
    const answers = new Map<string, Raw>();
    // A visitor's page (the same for each answer but for the nonce); PAGE_CACHE=0 renders it every time.
    for (const accept of ["gzip, deflate, br", "gzip", "deflate", "identity", ""]) {
      const answer = await raw(ROUTE, { "accept-encoding": accept });
      answers.set(accept, answer);
      expect(answer.status).toBe(200);
      expect(answer.headers["transfer-encoding"], accept).toBeUndefined();
      expect(Number(answer.headers["content-length"]), accept).toBe(answer.body.length);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(answer.decoded).toMatch(/<\/html>[\s\S]*streamController\.close\(\)[\s\S]*$/);
      expect(answer.decoded).toContain('class="rates__row');
    }
    expect(answers.get("gzip, deflate, br")!.headers["content-encoding"]).toBe("br");
    expect(answers.get("gzip")!.headers["content-encoding"]).toBe("gzip");
    expect(answers.get("deflate")!.headers["content-encoding"]).toBe("deflate");
    expect(answers.get("identity")!.headers["content-encoding"]).toBeUndefined();
    expect(answers.get("")!.headers["content-encoding"]).toBeUndefined();
    const first = withoutNonce(answers.get("gzip, deflate, br")!.decoded);
    for (const [accept, answer] of answers) expect(withoutNonce(answer.decoded), accept).toBe(first);
    // A logged-in customer's page the same way.
    const customer = await raw(ROUTE, { cookie: t1, "accept-encoding": "gzip, deflate, br" });
    expect(customer.headers["content-encoding"]).toBe("br");
    expect(Number(customer.headers["content-length"])).toBe(customer.body.length);
    expect(customer.decoded).toMatch(/<\/html>[\s\S]*streamController\.close\(\)[\s\S]*$/);
  });

  it("in Chinese arrives intact (no broken character at a former chunk border)", async () => {
    const answer = await raw(`${ROUTE}&lng=zh-CN`, { cookie: t1, "accept-encoding": "br" });
    expect(answer.decoded).toMatch(/[\u4e00-\u9fff]/);
    expect(answer.decoded).not.toContain("\ufffd");
  });

  it("a HEAD, a data request and a file are not held (streamed as before)", async () => {
    const data = await raw("/fclbysea.data?pol=SHANGHAI&pod=BATAM", { cookie: t1, "accept-encoding": "br" });
    expect(data.status).toBe(200);
    expect(data.headers["content-type"]).not.toMatch(/text\/html/);
    expect(data.headers["transfer-encoding"]).toBe("chunked");
    const robots = await raw("/robots.txt", { "accept-encoding": "gzip" });
    expect(robots.headers["transfer-encoding"]).toBe("chunked");
    const head = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .request(served.url + ROUTE, { method: "HEAD", headers: { cookie: t1 } }, resolve)
        .on("error", reject)
        .end(),
    );
    head.resume();
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBeUndefined();
  });
});
