// The request gate (app/request-gate.server.ts, wired by
// server/request-gate.js) on a real socket in front of the production build,
// as server/index.js runs it. Issue 18, findings 2 and 4:
// - every page action (from the route tree) and every API call (from the
//   registry) answers a body over its limit with 413, in the user's
//   language, before reading it; a body of unknown length is 411;
// - upload routes take their file plus the envelope, everything else a
//   small form;
// - old `?_data=routes/...` requests are 400, never a 500, and run nothing.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type http from "node:http";
import { pathToFileURL } from "node:url";
import express from "express";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import { requestGate } from "../../server/request-gate.js";
import { apiEndpoints } from "~/api/registry.server";
import { endpointBodyLimit } from "~/api/dispatch.server";
import { bodyLimitFor, gateMayRefuse, PAGE_UPLOADS, refusalOf } from "~/request-gate.server";
import { FORM_BODY_LIMIT, UPLOAD_LIMITS, uploadBodyLimit } from "~/utils/upload-limits";
import { prisma } from "~/utils/db.server";
import { i18n } from "~/i18n/i18n.server";
import { API_DISPATCHERS, importRoute, routeManifest } from "../support/routes";

const BUILD = path.resolve(process.cwd(), "build", "index.js");

let server: http.Server;
let port: number;

beforeAll(async () => {
  if (!fs.existsSync(BUILD)) throw new Error(`${BUILD} is missing: run \`npm run build\` before these tests`);
  const build = (await import(pathToFileURL(BUILD).href)) as ServerBuild & {
    entry: {
      module: { gateRequest: (request: Request) => Promise<Response | null>; gateMayRefuse: (method: string, url: string) => boolean };
    };
  };
  const app = express();
  // As server/app.js wires it: requests the method and URL clear pass without a Request built.
  app.use(requestGate(build.entry.module.gateRequest, build.entry.module.gateMayRefuse));
  app.all("*", createRequestHandler({ build, mode: "production", getLoadContext: (req) => ({ clientAddress: req.ip }) }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

type Raw = { status: number; headers: Record<string, string>; body: string; sentBytes: number };

/**
 * Sends a request head (and `body` bytes of the declared length, if any) on
 * a raw socket and reads the answer; the answer may come before the body is
 * sent, which is the point.
 */
function raw(head: { method: string; path: string; headers?: Record<string, string> }, body: Buffer = Buffer.alloc(0)): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let sentBytes = 0;
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${head.method} ${head.path}`)));
    socket.on("connect", () => {
      const lines = [
        `${head.method} ${head.path} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        "Connection: close",
        ...Object.entries(head.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
        "",
        "",
      ];
      socket.write(lines.join("\r\n"));
      if (body.length) {
        sentBytes = body.length;
        socket.write(body);
      }
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error) => (chunks.length ? undefined : reject(error)));
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [headText, ...rest] = text.split("\r\n\r\n");
      const [statusLine, ...headerLines] = headText.split("\r\n");
      const headers = Object.fromEntries(
        headerLines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n"), sentBytes });
    });
  });
}

/** A concrete URL of a route pattern ("/booking/:mode/:id/order" → "/booking/fcl/1/order"). */
const concrete = (pattern: string) => pattern.replace(/:mode/g, "fcl").replace(/:\w+/g, "1").replace(/\/\*$/, "/x");

async function actionRoutes() {
  const routes = routeManifest().filter((r) => !API_DISPATCHERS.has(r.id));
  const withAction = [];
  for (const route of routes) if (typeof (await importRoute(route)).action === "function") withAction.push(route);
  return withAction;
}

const ZH_TOO_LARGE = "提交的内容太大";
const EN_TOO_LARGE = "The submission is too large";

describe("one body limit for every action and API call, answered before the body is read", () => {
  test("every page action: a body over its limit is 413 in the user's language, with the connection closed", async () => {
    const routes = await actionRoutes();
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const url = concrete(route.url);
      const limit = bodyLimitFor("POST", url);
      for (const target of [url, `${url === "/" ? "/_root" : url}.data`]) {
        const zh = await raw(
          {
            method: "POST",
            path: target,
            headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(limit + 1) },
          },
          Buffer.from("a=1"),
        );
        expect(zh.status, `${route.id} ${target}`).toBe(413);
        expect(zh.headers.connection).toBe("close");
        expect(zh.body).toContain(ZH_TOO_LARGE);
        expect(zh.body).not.toMatch(/\{\{|common\.errors/);
        const en = await raw({
          method: "POST",
          path: `${target}?lng=en-US`,
          headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(limit + 1) },
        });
        expect(en.status, `${route.id} ${target}`).toBe(413);
        expect(en.body).toContain(EN_TOO_LARGE);
      }
    }
  });

  test("every API call: a body over its limit is a 413 envelope in the call's language", async () => {
    const writers = apiEndpoints.filter((e) => e.method !== "GET");
    expect(writers.length).toBeGreaterThan(100);
    for (const endpoint of writers) {
      const url = endpoint.path.replace(/\{range\}/g, "1,2").replace(/\{\w+\}/g, "1");
      const limit = endpointBodyLimit(endpoint);
      expect(bodyLimitFor(endpoint.method, url), url).toBe(limit);
      const zh = await raw({
        method: endpoint.method,
        path: url,
        headers: { "Content-Type": "application/json", "Content-Length": String(limit + 1) },
      });
      expect(zh.status, `${endpoint.method} ${url}`).toBe(413);
      expect(JSON.parse(zh.body)).toEqual({ status: 413, message: "请求内容过大", data: null });
      const en = await raw({
        method: endpoint.method,
        path: `${url}?lng=en-US`,
        headers: { "Content-Type": "application/json", "Content-Length": String(limit + 1) },
      });
      expect(JSON.parse(en.body).message).toBe("The request is too large");
    }
  });

  test("the findings: a 100 MB language switch and a 30 MB login are refused unread", async () => {
    for (const [target, size] of [
      ["/set-language", 100 * 1024 * 1024],
      ["/login", 30 * 1024 * 1024],
      ["/api/login", 30 * 1024 * 1024],
    ] as const) {
      const started = Date.now();
      const result = await raw(
        { method: "POST", path: target, headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(size) } },
        Buffer.alloc(64 * 1024, "a"),
      );
      expect(result.status, target).toBe(413);
      expect(result.sentBytes).toBeLessThan(size / 100);
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });

  test("a body of unknown length (chunked) is 411, a lying length is 413", async () => {
    const chunked = await raw(
      {
        method: "POST",
        path: "/set-language",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
      },
      Buffer.from("5\r\nlng=e\r\n"),
    );
    expect(chunked.status).toBe(411);
    expect(chunked.body).toContain("Content-Length");
    const api = await raw(
      { method: "POST", path: "/api/login", headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked" } },
      Buffer.from("2\r\n{}\r\n"),
    );
    expect(api.status).toBe(411);
    expect(JSON.parse(api.body).status).toBe(411);
  });

  test("upload routes take their file plus the envelope; every other route a small form", () => {
    expect(bodyLimitFor("POST", "/booking/fcl/12/order")).toBe(uploadBodyLimit(UPLOAD_LIMITS.attachment));
    expect(bodyLimitFor("POST", "/booking/air/3/order.data")).toBe(uploadBodyLimit(UPLOAD_LIMITS.attachment));
    expect(bodyLimitFor("POST", "/userAvatar")).toBe(uploadBodyLimit(UPLOAD_LIMITS.avatar));
    expect(bodyLimitFor("POST", "/USERAVATAR/")).toBe(uploadBodyLimit(UPLOAD_LIMITS.avatar));
    expect(bodyLimitFor("POST", "/userList")).toBe(uploadBodyLimit(UPLOAD_LIMITS.wxCode));
    expect(bodyLimitFor("POST", "/homeList")).toBe(uploadBodyLimit(UPLOAD_LIMITS.homeImage));
    expect(bodyLimitFor("POST", "/fclbyseaData")).toBe(uploadBodyLimit(UPLOAD_LIMITS.import));
    expect(bodyLimitFor("POST", "/query/order")).toBe(uploadBodyLimit(UPLOAD_LIMITS.attachment));
    expect(bodyLimitFor("POST", "/my/update/avatar")).toBe(uploadBodyLimit(UPLOAD_LIMITS.avatar));
    for (const plain of [
      "/login",
      "/set-language",
      "/booking/fcl/12",
      "/userPwd",
      "/roleList",
      "/_root.data",
      "/api/login",
      "/nosuchpath",
    ]) {
      expect(bodyLimitFor("POST", plain), plain).toBe(FORM_BODY_LIMIT);
    }
    // Every multipart API call declares its limit, at least its file's.
    for (const endpoint of apiEndpoints.filter((e) => e.multipart))
      expect(endpoint.bodyLimit, endpoint.path).toBeGreaterThan(FORM_BODY_LIMIT);
  });

  test("every page upload route of the table is a route of the tree with an action", async () => {
    const routes = await actionRoutes();
    for (const { path: upload } of PAGE_UPLOADS)
      expect(
        routes.map((r) => r.url),
        upload,
      ).toContain(upload);
  });
});

describe("a file over the limit sent without JavaScript goes back to its form with the spec's size message (issue 45 item 10)", () => {
  // Every page upload route of the table, so a new one is covered as it is added.
  const uploads = PAGE_UPLOADS.map((upload) => ({ ...upload, url: concrete(upload.path) }));
  const tooLarge = (url: string, headers: Record<string, string> = {}) =>
    raw({
      method: "POST",
      path: url,
      headers: {
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(bodyLimitFor("POST", url.split("?")[0]) + 1),
        ...headers,
      },
    });

  test("the 413 answer refreshes to the page the form was on (same-origin Referer), with the message flashed in the user's language", async () => {
    expect(uploads.length).toBeGreaterThan(5);
    for (const upload of uploads) {
      for (const lng of ["zh-CN", "en-US"] as const) {
        const t = await i18n.getFixedT(lng);
        const message = typeof upload.tooLarge === "function" ? upload.tooLarge() : { key: upload.tooLarge };
        const text = t(message.key, message.values ?? {});
        expect(text, upload.path).not.toBe(message.key);
        expect(text, upload.path).not.toContain("{{");
        const from = `${upload.url}?tab=2&lng=${lng}`;
        const answer = await tooLarge(`${upload.url}?lng=${lng}`, { Referer: `http://127.0.0.1:${port}${from}` });
        expect(answer.status, upload.path).toBe(413);
        // Even a browser that does not follow Refresh shows the message and a way back.
        expect(answer.body, upload.path).toContain(text);
        if (upload.screen) {
          // A data area's screen says it itself (issue 40).
          expect(answer.headers.refresh, upload.path).toBe(`0; url=${upload.screen}`);
          expect(answer.headers["set-cookie"], upload.path).toBeUndefined();
          continue;
        }
        expect(answer.headers.refresh, upload.path).toBe(`0; url=${from}`);
        const cookie = answer.headers["set-cookie"]?.split(";")[0];
        expect(cookie, upload.path).toMatch(/^session=/);
        // The next page shows the flash message (root.message), once.
        const next = await raw({ method: "GET", path: `/home?lng=${lng}`, headers: { Cookie: cookie! } });
        expect(next.status).toBe(200);
        expect(next.body, upload.path).toContain(text);
      }
    }
  });

  test("no Referer, or one from another site: back to the page the form was sent to", async () => {
    for (const upload of uploads.filter((u) => !u.screen)) {
      for (const referer of [undefined, "https://evil.example/phish?x=1", "not a url"]) {
        const answer = await tooLarge(upload.url, referer ? { Referer: referer } : {});
        expect(answer.status, upload.path).toBe(413);
        expect(answer.headers.refresh, `${upload.path} ${referer}`).toBe(`0; url=${upload.url}`);
      }
    }
  });

  test("a data request (JavaScript on) gets the plain 413: no flash, no Refresh", async () => {
    for (const upload of uploads) {
      const answer = await tooLarge(`${upload.url}.data`);
      expect(answer.status, upload.path).toBe(413);
      expect(answer.headers.refresh, upload.path).toBeUndefined();
      expect(answer.headers["set-cookie"], upload.path).toBeUndefined();
    }
  });
});

describe("old single-route data requests", () => {
  test("GET ?_data= is 400 in the user's language, not a 500", async () => {
    const result = await raw({ method: "GET", path: "/fclbysea?pol=SHANGHAI&pod=BATAM&_data=routes/_site.fclbysea" });
    expect(result.status).toBe(400);
    expect(result.body).toContain("此链接的格式已不再使用");
    const en = await raw({ method: "GET", path: "/fclbysea?pol=SHANGHAI&pod=BATAM&_data=routes/_site.fclbysea&lng=en-US" });
    expect(en.body).toContain("no longer used");
  });

  test("POST /login?_data= with valid credentials is 400 and signs nobody in", async () => {
    const before = await prisma.session.count();
    const body = Buffer.from("intent=login&email=t1%40example.com&password=Demo1234");
    const result = await raw(
      {
        method: "POST",
        path: "/login?_data=routes/login",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length) },
      },
      body,
    );
    expect(result.status).toBe(400);
    expect(result.headers["set-cookie"]).toBeUndefined();
    expect(await prisma.session.count()).toBe(before);
  });

  test("the server's shortcut (gateMayRefuse) lets through only what the gate would let through", () => {
    const urls = [
      "/fclbysea",
      "/fclbysea?pol=SHANGHAI",
      "/fclbysea?_data=routes/_site.fclbysea",
      "/fclbysea?pol=X&_data",
      "/fclbysea?%5Fdata=routes/x",
      "/fclbysea?pol=X&%5fdata=1",
      "/fclbysea?pol=_data",
      "/fclbysea?x_data=1",
      "/fclbysea#_data",
      "/fclbysea?a=1#&_data=1",
      "/_root.data?_data=root",
      "/api/login",
    ];
    for (const method of ["GET", "HEAD", "OPTIONS", "get", "POST", "PUT", "DELETE"])
      for (const url of urls) {
        const refused = refusalOf(new Request(`http://localhost${url}`, { method: method === "get" ? "GET" : method }));
        if (refused) expect(gateMayRefuse(method, url), `${method} ${url}`).toBe(true);
        if (method === "GET" || method === "get")
          expect(gateMayRefuse(method, url), `${method} ${url}`).toBe(/[?&](_|%5f)data/i.test(url.split("#")[0]));
      }
  });

  test("the same requests without _data still work", async () => {
    const page = await raw({ method: "GET", path: "/fclbysea?pol=SHANGHAI&pod=BATAM" });
    expect(page.status).toBe(200);
    const body = Buffer.from("lng=en-US&redirectTo=%2Fhome");
    const lang = await raw(
      {
        method: "POST",
        path: "/set-language",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length) },
      },
      body,
    );
    expect(lang.status).toBe(302);
  });
});
