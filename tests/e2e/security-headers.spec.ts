// Cross-site request forgery and security headers against the real server
// (server/index.js: helmet, server/csrf.js), at the HTTP level and with a
// real cross-site form in Chromium. The unit tests are in server/csrf.test.ts.
import { sql } from "./db-helpers";
import { expect, test } from "./fixtures";

/** Sessions of a demo account in the e2e server's own database. */
async function sessionsOf(email: string): Promise<number> {
  const rows = await sql<{ n: string }>("SELECT count(*) AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1", [
    email,
  ]);
  return Number(rows[0].n);
}

const EMAIL = "t2@example.com";
const loginForm = { intent: "login", email: EMAIL, password: "Demo1234", redirectTo: "/home" };

test.describe("cross-site request forgery", () => {
  test("a cross-site POST to /login (document or .data) gets 403 and creates no session", async ({ request, baseURL }) => {
    const before = await sessionsOf(EMAIL);
    for (const path of ["/login", "/login.data"]) {
      for (const headers of <Record<string, string>[]>[
        { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
        { Origin: "https://evil.example" }, // a browser without Fetch Metadata
        { "Sec-Fetch-Site": "same-site", Origin: "http://sub.127.0.0.1.nip.example" },
      ]) {
        const response = await request.post(`${baseURL}${path}`, { form: loginForm, headers, maxRedirects: 0 });
        expect(response.status(), `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.headers()["set-cookie"]).toBeUndefined();
        expect(await response.text()).toContain("Cross-site request refused");
      }
    }
    expect(await sessionsOf(EMAIL)).toBe(before);
  });

  test("a same-origin POST logs in with an HttpOnly SameSite=Lax session cookie", async ({ request, baseURL }) => {
    const before = await sessionsOf(EMAIL);
    const response = await request.post(`${baseURL}/login`, {
      form: loginForm,
      headers: { Origin: baseURL!, "Sec-Fetch-Site": "same-origin" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/home");
    const cookie = response.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && /^session=/.test(h.value))?.value ?? "";
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    // The e2e server runs with INSECURE_COOKIES=1 on plain HTTP; production
    // (app/domain/accounts/cookie-attributes.test.ts) adds Secure and the __Host- prefix.
    expect(await sessionsOf(EMAIL)).toBe(before + 1);
  });

  test("a form on another site posting to /login in the browser is refused", async ({ page, context, baseURL }) => {
    const before = await sessionsOf(EMAIL);
    // The attacker's page, served under its own origin by Playwright.
    await page.route("http://evil.test/attack", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><form method="post" action="${baseURL}/login">
          <input name="intent" value="login"><input name="email" value="${EMAIL}">
          <input name="password" value="Demo1234"><input name="redirectTo" value="/home">
          <button>go</button></form>`,
      }),
    );
    await page.goto("http://evil.test/attack");
    const [response] = await Promise.all([page.waitForResponse(`${baseURL}/login`), page.getByRole("button", { name: "go" }).click()]);
    expect(response.status()).toBe(403);
    expect((await response.request().allHeaders())["origin"]).toBe("http://evil.test");
    await expect(page.locator("body")).toContainText("跨站请求已被拒绝");
    expect((await context.cookies(baseURL)).map((c) => c.name)).not.toContain("session");
    expect(await sessionsOf(EMAIL)).toBe(before);
  });
});

test.describe("security headers", () => {
  test("pages carry CSP with frame-ancestors 'none', nosniff, referrer and framing policies", async ({ request, baseURL }) => {
    const response = await request.get(`${baseURL}/login`);
    expect(response.status()).toBe(200);
    const headers = response.headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("same-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["x-powered-by"]).toBeUndefined();
    // Plain HTTP: HSTS would be ignored by browsers and is not sent (it is on HTTPS).
    expect(headers["strict-transport-security"]).toBeUndefined();
  });

  test("a request that arrived over HTTPS (per the proxy) is not trusted without TRUST_PROXY: no HSTS", async ({ request, baseURL }) => {
    const response = await request.get(`${baseURL}/login`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(response.headers()["strict-transport-security"]).toBeUndefined();
  });

  test("responses carry Server-Timing with their database work", async ({ request, baseURL }) => {
    const parse = (value: string | undefined) => {
      const match = /^db;dur=(\d+\.\d);desc="(\d+) quer(?:y|ies)[^"]*", app;dur=(\d+\.\d)$/.exec(value ?? "");
      expect(match, `Server-Timing: ${value}`).not.toBeNull();
      return { db: Number(match![1]), count: Number(match![2]), app: Number(match![3]) };
    };
    // A search reads the database; the time of its statements is within the
    // response's. A URL of its own (a destination typed as nobody typed it,
    // which no read cache holds yet: a visitor's cached reads need no
    // statement, decision 612), so the visitor's page is not in the page cache
    // yet either (decision 607).
    const url = `${baseURL}/fclbysea?pol=SHANGHAI&pod=TIMING${Date.now()}`;
    const search = parse((await request.get(url)).headers()["server-timing"]);
    expect(search.count).toBeGreaterThan(0);
    expect(search.db).toBeLessThanOrEqual(search.app * search.count);
    // Asked again, the page comes from the cache: no statement at all.
    expect(parse((await request.get(url)).headers()["server-timing"]).count).toBe(0);
    // The robots file reads nothing.
    expect(parse((await request.get(`${baseURL}/robots.txt`)).headers()["server-timing"]).count).toBe(0);
  });

  test("the 403 answer carries the same headers", async ({ request, baseURL }) => {
    const response = await request.post(`${baseURL}/logout`, { headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
    expect(response.status()).toBe(403);
    expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  });
});
