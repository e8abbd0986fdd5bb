// The cross-site request guard (server/csrf.js): the pure decision, and the
// Express middleware on a real socket. tests/e2e/security-headers.spec.ts
// checks it again through the production server.
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import fc from "fast-check";
import { checkCrossSiteRequest, csrfGuard, normalizeHost, parseOrigin, REFUSED_TEXT, SAFE_METHODS } from "./csrf.js";

type Headers = Record<string, string | string[] | undefined>;
const post = (headers: Headers, extra: { trustProxy?: boolean; publicUrl?: string | null } = {}) =>
  checkCrossSiteRequest({ method: "POST", headers, ...extra });

describe("checkCrossSiteRequest", () => {
  test("GET, HEAD and OPTIONS always pass, whatever the headers", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) {
      expect(checkCrossSiteRequest({ method, headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" } }).ok).toBe(true);
    }
  });

  test("every other method is checked", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "PROPFIND"]) {
      expect(checkCrossSiteRequest({ method, headers: { "sec-fetch-site": "cross-site" } }).ok).toBe(false);
    }
  });

  test("Sec-Fetch-Site decides when present: same-origin and none pass, same-site and cross-site do not", () => {
    expect(post({ "sec-fetch-site": "same-origin", host: "portal.example" }).ok).toBe(true);
    expect(post({ "sec-fetch-site": "none" }).ok).toBe(true);
    expect(post({ "sec-fetch-site": "same-site", origin: "https://blog.portal.example", host: "portal.example" }).ok).toBe(false);
    expect(post({ "sec-fetch-site": "cross-site", origin: "https://evil.example", host: "portal.example" }).ok).toBe(false);
    // An unknown future value is not trusted.
    expect(post({ "sec-fetch-site": "cross-galaxy" }).ok).toBe(false);
    // Case and repeats do not confuse it.
    expect(post({ "sec-fetch-site": "Cross-Site" }).ok).toBe(false);
    expect(post({ "sec-fetch-site": ["cross-site", "same-origin"] }).ok).toBe(false);
  });

  test("same-origin Sec-Fetch-Site passes even where a proxy rewrote Host", () => {
    expect(post({ "sec-fetch-site": "same-origin", origin: "https://portal.example", host: "127.0.0.1:3000" }).ok).toBe(true);
  });

  test("without Sec-Fetch-Site, the Origin's host must be the request's host", () => {
    expect(post({ origin: "http://localhost:3000", host: "localhost:3000" }).ok).toBe(true);
    expect(post({ origin: "http://LOCALHOST:3000", host: "localhost:3000" }).ok).toBe(true);
    // Default ports are the same origin as no port.
    expect(post({ origin: "https://portal.example", host: "portal.example:443" }).ok).toBe(true);
    expect(post({ origin: "http://portal.example", host: "portal.example:80" }).ok).toBe(true);
    // TLS ended at a proxy: the app sees http, the browser says https; the host decides.
    expect(post({ origin: "https://portal.example", host: "portal.example" }).ok).toBe(true);

    expect(post({ origin: "http://localhost:3001", host: "localhost:3000" }).ok).toBe(false);
    expect(post({ origin: "https://evil.example", host: "portal.example" }).ok).toBe(false);
    expect(post({ origin: "https://portal.example.evil.example", host: "portal.example" }).ok).toBe(false);
    expect(post({ origin: "https://evil.example" }).ok).toBe(false);
  });

  test("Origin null, malformed or of another scheme is refused", () => {
    expect(post({ origin: "null", host: "portal.example" }).ok).toBe(false);
    expect(post({ origin: "not a url", host: "portal.example" }).ok).toBe(false);
    expect(post({ origin: "file:///etc/passwd", host: "portal.example" }).ok).toBe(false);
    expect(post({ origin: "chrome-extension://abc", host: "abc" }).ok).toBe(false);
  });

  test("no Origin and no Sec-Fetch-Site: not a browser (scripts, the legacy API), it passes", () => {
    expect(post({ host: "portal.example", authorization: "Bearer token" }).ok).toBe(true);
    expect(post({}).ok).toBe(true);
  });

  test("X-Forwarded-Host counts only behind a trusted proxy", () => {
    const headers = { origin: "https://portal.example", host: "10.0.0.5:3000", "x-forwarded-host": "portal.example" };
    expect(post(headers).ok).toBe(false);
    expect(post(headers, { trustProxy: true }).ok).toBe(true);
    // A client cannot use it to claim the attacker's host when not trusted.
    const forged = { origin: "https://evil.example", host: "portal.example", "x-forwarded-host": "evil.example" };
    expect(post(forged).ok).toBe(false);
  });

  test("PUBLIC_URL's origin is this site even when the app is reached under another name", () => {
    const headers = { origin: "https://portal.example", host: "10.0.0.5:3000" };
    expect(post(headers, { publicUrl: "https://portal.example/" }).ok).toBe(true);
    expect(post({ ...headers, "sec-fetch-site": "cross-site" }, { publicUrl: "https://portal.example" }).ok).toBe(true);
    expect(post({ origin: "http://portal.example", host: "10.0.0.5:3000" }, { publicUrl: "https://portal.example" }).ok).toBe(false);
    expect(post(headers, { publicUrl: "not a url" }).ok).toBe(false);
  });

  test("works with a Fetch API Headers object too", () => {
    expect(checkCrossSiteRequest({ method: "POST", headers: new Headers({ "Sec-Fetch-Site": "cross-site" }) }).ok).toBe(false);
    expect(checkCrossSiteRequest({ method: "POST", headers: new Headers({ Origin: "http://a.test", Host: "a.test" }) }).ok).toBe(true);
  });

  test("property: a cross-site or same-site fetch is refused whatever else is sent", () => {
    const anyHeader = fc.option(fc.string(), { nil: undefined });
    fc.assert(
      fc.property(
        fc.constantFrom("POST", "PUT", "PATCH", "DELETE"),
        fc.constantFrom("cross-site", "same-site"),
        anyHeader,
        anyHeader,
        anyHeader,
        fc.boolean(),
        (method, site, origin, host, forwardedHost, trustProxy) => {
          const headers: Headers = { "sec-fetch-site": site, origin, host, "x-forwarded-host": forwardedHost };
          return !checkCrossSiteRequest({ method, headers, trustProxy }).ok;
        },
      ),
    );
  });

  test("property: an Origin on another host than the request's is refused (no Sec-Fetch-Site)", () => {
    const label = fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/);
    fc.assert(
      fc.property(label, label, fc.constantFrom("http", "https"), fc.integer({ min: 1, max: 65535 }), (a, b, scheme, port) => {
        fc.pre(a !== b);
        const verdict = post({ origin: `${scheme}://${a}.example:${port}`, host: `${b}.example:${port}` });
        return !verdict.ok;
      }),
    );
  });
});

describe("helpers", () => {
  test("normalizeHost", () => {
    expect(normalizeHost("Portal.Example:443", "https")).toBe("portal.example");
    expect(normalizeHost("portal.example:8443", "https")).toBe("portal.example:8443");
    expect(normalizeHost("user@portal.example")).toBeNull();
    expect(normalizeHost("portal.example/path")).toBeNull();
  });

  test("parseOrigin", () => {
    expect(parseOrigin("https://portal.example")).toEqual({ scheme: "https", host: "portal.example", origin: "https://portal.example" });
    expect(parseOrigin("null")).toBeNull();
  });

  test("SAFE_METHODS", () => {
    expect([...SAFE_METHODS].sort()).toEqual(["GET", "HEAD", "OPTIONS"]);
  });
});

describe("csrfGuard middleware", () => {
  let server: http.Server;
  let port: number;
  const refused: string[] = [];
  let reached = 0;

  beforeAll(async () => {
    const app = express();
    app.use(csrfGuard({ log: (line) => refused.push(line) }));
    app.all("*", (req, res) => {
      reached += 1;
      res.send(`ok ${req.method}`);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  function send(method: string, path: string, headers: Record<string, string>) {
    return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      });
      req.on("error", reject);
      req.end(method === "GET" ? undefined : "intent=login");
    });
  }

  test("a cross-site POST (a Remix .data fetch too) is answered 403 in both languages and never reaches the app", async () => {
    const before = reached;
    for (const path of ["/login", "/login.data", "/booking/fcl/1/order?index", "/api/login"]) {
      const res = await send("POST", path, { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" });
      expect(res.status).toBe(403);
      expect(res.body).toBe(REFUSED_TEXT);
      expect(res.body).toMatch(/跨站请求/);
      expect(res.body).toMatch(/Cross-site request refused/);
      expect(res.headers["content-type"]).toMatch(/^text\/plain/);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    expect(reached).toBe(before);
    expect(refused.at(-1)).toMatch(/refused POST \/api\/login: sec-fetch-site cross-site/);
  });

  test("same-origin POSTs, GETs and header-less clients reach the app", async () => {
    expect((await send("POST", "/login", { "Sec-Fetch-Site": "same-origin", Origin: `http://127.0.0.1:${port}` })).status).toBe(200);
    expect((await send("POST", "/login", { Origin: `http://127.0.0.1:${port}` })).status).toBe(200);
    expect((await send("POST", "/api/login", {})).status).toBe(200);
    expect((await send("GET", "/login", { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" })).status).toBe(200);
    expect((await send("DELETE", "/x", { Origin: "https://evil.example" })).status).toBe(403);
  });
});
