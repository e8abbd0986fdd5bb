// The security headers of every response (server/app.js, securityHeaders):
// helmet's policy read once, the CSP with a nonce of its own per response,
// the same nonce on the page's inline scripts, HSTS and
// upgrade-insecure-requests only over HTTPS (decision 608).
import helmet from "helmet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headersOf, securityHeaders } from "../../server/app.js";
import { get, serveBuild, type Served } from "./helpers";

let served: Served;
beforeAll(async () => {
  served = await serveBuild({ pageCache: false });
});
afterAll(async () => {
  await served?.stop();
});

/** The middleware's headers on a stand-in response. */
function answer(secure: boolean) {
  const headers = new Map<string, string>();
  const removed: string[] = [];
  const res = {
    locals: {} as Record<string, unknown>,
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => removed.push(name),
  };
  let passed = false;
  securityHeaders()({ secure } as never, res as never, () => {
    passed = true;
  });
  return { headers, removed, nonce: res.locals.cspNonce as string, passed };
}

describe("security headers", () => {
  it("a page has helmet's headers, Permissions-Policy and a CSP whose nonce is the one on its inline scripts", async () => {
    const first = await get(served.url, "/home");
    const second = await get(served.url, "/home");
    for (const page of [first, second]) {
      expect(page.status).toBe(200);
      const csp = page.headers.get("content-security-policy")!;
      expect(csp).toContain(`script-src 'self' 'nonce-${page.nonce}'`);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'self' blob:");
      expect(csp).not.toContain("upgrade-insecure-requests");
      expect(page.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const inBody = new Set([...page.body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]));
      expect([...inBody]).toEqual([page.nonce]);
      expect(page.headers.get("x-frame-options")).toBe("DENY");
      expect(page.headers.get("referrer-policy")).toBe("same-origin");
      expect(page.headers.get("x-content-type-options")).toBe("nosniff");
      expect(page.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      expect(page.headers.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=(), payment=(), usb=()");
      expect(page.headers.get("strict-transport-security")).toBeNull();
      expect(page.headers.get("x-powered-by")).toBeNull();
    }
    expect(second.nonce).not.toBe(first.nonce);
  });

  it("sets exactly what helmet sets, with HSTS and upgrade-insecure-requests over HTTPS", () => {
    for (const secure of [false, true]) {
      const { headers, removed, nonce, passed } = answer(secure);
      expect(passed).toBe(true);
      expect(removed).toEqual(["X-Powered-By"]);
      expect(headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
      expect(headers.get("content-security-policy")!.includes("upgrade-insecure-requests")).toBe(secure);
      expect(headers.get("strict-transport-security")).toBe(secure ? "max-age=31536000; includeSubDomains" : undefined);
      // Every header helmet's defaults set is there, with helmet's value.
      const defaults = headersOf(helmet({ contentSecurityPolicy: false, strictTransportSecurity: false }));
      for (const [name, value] of defaults.set) {
        if (["x-frame-options", "referrer-policy"].includes(name.toLowerCase())) continue;
        expect(headers.get(name.toLowerCase()), name).toBe(value);
      }
    }
  });

  it("never gives two responses the same nonce, past the 512 of one refill", () => {
    const nonces = new Set<string>();
    const middleware = securityHeaders();
    for (let i = 0; i < 1500; i++) {
      const res = { locals: {} as Record<string, string>, setHeader: () => {}, removeHeader: () => {} };
      middleware({ secure: false } as never, res as never, () => {});
      expect(Buffer.from(res.locals.cspNonce, "base64")).toHaveLength(16);
      nonces.add(res.locals.cspNonce);
    }
    expect(nonces.size).toBe(1500);
  });
});
