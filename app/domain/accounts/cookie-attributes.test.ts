// Cookie attributes per environment: Secure and the __Host- prefix in
// production (unless INSECURE_COOKIES=1, the plain-HTTP e2e server), always
// HttpOnly and SameSite=Lax. Fresh module instances per case: both the
// environment and the cookie storages are read once per process.
import { afterEach, beforeEach, expect, test, vi } from "vitest";

const saved = { NODE_ENV: process.env.NODE_ENV, INSECURE_COOKIES: process.env.INSECURE_COOKIES };

beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  (process.env as Record<string, string | undefined>).NODE_ENV = saved.NODE_ENV;
  if (saved.INSECURE_COOKIES === undefined) delete process.env.INSECURE_COOKIES;
  else process.env.INSECURE_COOKIES = saved.INSECURE_COOKIES;
  vi.resetModules();
});

async function cookies(nodeEnv: string, insecure?: "1") {
  (process.env as Record<string, string | undefined>).NODE_ENV = nodeEnv;
  if (insecure) process.env.INSECURE_COOKIES = insecure;
  else delete process.env.INSECURE_COOKIES;
  const { sessionStorage } = await import("~/http/cookies.server");
  const { languageCookie } = await import("~/i18n/i18n.server");
  const session = await sessionStorage().getSession();
  session.set("sid", "x");
  return { session: await sessionStorage().commitSession(session), language: await languageCookie.serialize("en-US") };
}

test("production: __Host-session and __Host-lng, Secure, HttpOnly, SameSite=Lax, Path=/", async () => {
  const { session, language } = await cookies("production");
  for (const [cookie, name] of [
    [session, "__Host-session"],
    [language, "__Host-lng"],
  ] as const) {
    expect(cookie.startsWith(`${name}=`)).toBe(true);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    // __Host- forbids a Domain attribute (the cookie stays on this host).
    expect(cookie).not.toMatch(/Domain=/i);
  }
  // The session cookie ends with the browser session.
  expect(session).not.toMatch(/Max-Age|Expires/i);
});

test("production with INSECURE_COOKIES=1 (plain-HTTP tests): plain names, no Secure, still HttpOnly and Lax", async () => {
  const { session, language } = await cookies("production", "1");
  expect(session.startsWith("session=")).toBe(true);
  expect(language.startsWith("lng=")).toBe(true);
  for (const cookie of [session, language]) {
    expect(cookie).not.toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
  }
});

test("development and test: plain names, not Secure", async () => {
  for (const nodeEnv of ["development", "test"]) {
    const { session, language } = await cookies(nodeEnv);
    expect(session.startsWith("session=")).toBe(true);
    expect(language.startsWith("lng=")).toBe(true);
    expect(session).not.toMatch(/; Secure/);
  }
});
