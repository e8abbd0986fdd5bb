// Login messages (spec section 8) and login throttling.
import { prisma } from "~/utils/db.server";
import { sessionStorage } from "~/http/cookies.server";
import { callRoute, cookieHeaderFrom, getRequest, loginAs } from "../support/requests";
import { LOGIN_BACKOFF, loginDelayMs } from "~/domain/security/rate-limit.server";
import { takeWaits } from "../support/clock";
import { expireRateWindows, postLogin } from "./helpers";

const formErrors = (data: unknown) => (data as { error: Record<string, string[]> }).error[""];
const messageKey = (data: unknown) => (data as { message?: { key: string } }).message?.key;

beforeEach(async () => {
  await prisma.rateLimit.deleteMany();
});

describe("login messages", () => {
  test("wrong password and unknown e-mail give the same message", async () => {
    const wrong = await postLogin({ intent: "login", email: "t1@example.com", password: "nope-nope" });
    const unknown = await postLogin({ intent: "login", email: "nobody@example.com", password: "nope-nope" });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(formErrors(wrong.data)).toEqual(["account.login.invalidCredentials"]);
    expect(formErrors(unknown.data)).toEqual(formErrors(wrong.data));
    // The password is never echoed back.
    expect(JSON.stringify(wrong.data)).not.toContain("nope-nope");
  });

  test("a frozen account is only revealed after the right password", async () => {
    const wrong = await postLogin({ intent: "login", email: "frozen@example.com", password: "wrong-pass" });
    expect(formErrors(wrong.data)).toEqual(["account.login.invalidCredentials"]);
    // The right password: /freeze says what happened and whom to ask (spec 2.1, 6); no session.
    const right = await postLogin({ intent: "login", email: "frozen@example.com", password: "Demo1234" });
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/freeze");
    const session = await sessionStorage().getSession(cookieHeaderFrom(right.headers));
    expect(session.get("sid")).toBeUndefined();
    expect(session.get("frozen")).toBe(15);
  });

  test("pending and failed accounts log in (review is not a login error)", async () => {
    for (const email of ["pending@example.com", "failed@example.com"]) {
      const cookie = await loginAs(email);
      const { loader } = await import("~/root");
      const root = await callRoute(loader, getRequest("/home", undefined, { cookie }));
      expect(root.data.viewer.tier).toBeNull();
      expect([1, 3]).toContain(root.data.viewer.audit);
    }
  });

  test("e-mail is case-insensitive and the redirect stays on this site", async () => {
    const ok = await postLogin({ intent: "login", email: "T1@Example.com", password: "Demo1234", redirectTo: "/userAllInfo" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/userAllInfo");
    const evil = await postLogin({ intent: "login", email: "t1@example.com", password: "Demo1234", redirectTo: "//evil.example" });
    expect(evil.headers.get("Location")).toBe("/home");
  });

  test("an empty form gets the required messages", async () => {
    const result = await postLogin({ intent: "login", email: "", password: "" });
    const errors = (result.data as { error: Record<string, string[]> }).error;
    expect(errors.email).toEqual(["validation.emailRequired"]);
    expect(errors.password).toEqual(["validation.passwordRequired"]);
  });
});

describe("login throttling (docs/security.md, section 6)", () => {
  const from = (address: string) => ({ headers: { "X-Forwarded-For": address } });

  test("5 failures of one address on an account block that address for it, even with the right password", async () => {
    for (let i = 0; i < 5; i++) {
      const result = await postLogin({ intent: "login", email: "t2@example.com", password: `bad-${i}` }, from("192.0.2.10"));
      expect(formErrors(result.data)).toEqual(["account.login.invalidCredentials"]);
    }
    const blocked = await postLogin({ intent: "login", email: "t2@example.com", password: "Demo1234" }, from("192.0.2.10"));
    expect(blocked.status).toBe(429);
    expect(messageKey(blocked.data)).toBe("account.login.tooManyAttempts");
    expect((blocked.data as { message: { values: { minutes: number } } }).message.values.minutes).toBeGreaterThanOrEqual(14);
    expect(blocked.headers.get("Set-Cookie")).toBeNull();
    // Unknown accounts are throttled the same way (no enumeration).
    for (let i = 0; i < 5; i++) await postLogin({ intent: "login", email: "ghost@example.com", password: "x" }, from("192.0.2.10"));
    expect((await postLogin({ intent: "login", email: "ghost@example.com", password: "x" }, from("192.0.2.10"))).status).toBe(429);
    // Another account from that address is not affected; after the window the account works again from there.
    expect((await postLogin({ intent: "login", email: "t1@example.com", password: "Demo1234" }, from("192.0.2.10"))).status).toBe(302);
    await expireRateWindows("login:pair:t2");
    expect((await postLogin({ intent: "login", email: "t2@example.com", password: "Demo1234" }, from("192.0.2.10"))).status).toBe(302);
  });

  test("a stranger cannot lock the owner out: failures from anywhere only slow the account down", async () => {
    for (let i = 0; i < 5; i++)
      await postLogin({ intent: "login", email: "admin@example.com", password: `guess-${i}` }, from("198.51.100.1"));
    expect((await postLogin({ intent: "login", email: "admin@example.com", password: "Demo1234" }, from("198.51.100.1"))).status).toBe(429);
    // As if a hundred more addresses had each failed five times (their own pairs blocked, like the first).
    await prisma.rateLimit.update({ where: { key: "login:account:admin@example.com" }, data: { count: 505 } });
    // The owner, from their own address, still gets in, after the longest wait.
    takeWaits();
    const owner = await postLogin({ intent: "login", email: "admin@example.com", password: "Demo1234" }, from("203.0.113.7"));
    expect(owner.status).toBe(302);
    expect(takeWaits()).toEqual([LOGIN_BACKOFF.maxMs]);
    // Success forgets the account's failures: the next login does not wait.
    expect((await postLogin({ intent: "login", email: "admin@example.com", password: "Demo1234" }, from("203.0.113.8"))).status).toBe(302);
    expect(takeWaits()).toEqual([]);
    // The stranger's address stays blocked for the account.
    expect((await postLogin({ intent: "login", email: "admin@example.com", password: "Demo1234" }, from("198.51.100.1"))).status).toBe(429);
  });

  test("the account's wait grows with its failures, from any address, and is the same for right and wrong passwords", async () => {
    expect([4, 5, 6, 7, 8, 9, 20].map(loginDelayMs)).toEqual([0, 250, 500, 1000, 2000, 4000, 4000]);
    for (let i = 0; i < 6; i++) await postLogin({ intent: "login", email: "t0@example.com", password: "bad" }, from(`192.0.2.${100 + i}`));
    expect(takeWaits()).toEqual([loginDelayMs(5)]); // the sixth failure already waited
    // The wait is chosen before the password is checked: from the failures so far (the wrong one adds a seventh).
    for (const [password, failures] of [
      ["wrong", 6],
      ["Demo1234", 7],
    ] as const) {
      await postLogin({ intent: "login", email: "t0@example.com", password }, from("192.0.2.200"));
      expect(takeWaits(), password).toEqual([loginDelayMs(failures)]);
    }
  });

  test("the API's login follows the same rules", async () => {
    const { api } = await import("../api/helpers");
    for (let i = 0; i < 5; i++)
      await api("POST", "/api/login", {
        body: { email: "service@example.com", password: "bad" },
        headers: { "X-Forwarded-For": "192.0.2.77" },
      });
    const blocked = await api("POST", "/api/login", {
      body: { email: "service@example.com", password: "Demo1234" },
      headers: { "X-Forwarded-For": "192.0.2.77" },
    });
    expect(blocked.http).toBe(429);
    const owner = await api("POST", "/api/login", {
      body: { email: "service@example.com", password: "Demo1234" },
      headers: { "X-Forwarded-For": "192.0.2.78" },
    });
    expect(owner.body.status).toBe(0);
  });

  test("a successful login forgets the account's failures", async () => {
    for (let i = 0; i < 4; i++) await postLogin({ intent: "login", email: "t0@example.com", password: "bad" });
    expect((await postLogin({ intent: "login", email: "t0@example.com", password: "Demo1234" })).status).toBe(302);
    for (let i = 0; i < 4; i++) await postLogin({ intent: "login", email: "t0@example.com", password: "bad" });
    expect((await postLogin({ intent: "login", email: "t0@example.com", password: "Demo1234" })).status).toBe(302);
  });

  test("20 failures per client address in 15 min block that address only", async () => {
    const headers = { "X-Forwarded-For": "192.0.2.44" };
    for (let i = 0; i < 20; i++) {
      await postLogin({ intent: "login", email: `spray${i}@example.com`, password: "x" }, { headers });
    }
    const blocked = await postLogin({ intent: "login", email: "t1@example.com", password: "Demo1234" }, { headers });
    expect(blocked.status).toBe(429);
    expect(messageKey(blocked.data)).toBe("account.login.tooManyAttempts");
    const elsewhere = await postLogin(
      { intent: "login", email: "t1@example.com", password: "Demo1234" },
      { headers: { "X-Forwarded-For": "192.0.2.45" } },
    );
    expect(elsewhere.status).toBe(302);
  });

  test("the load context's address wins over a forged X-Forwarded-For", async () => {
    const { action } = await import("~/routes/standalone/login");
    const { postForm } = await import("../support/requests");
    for (let i = 0; i < 20; i++) {
      const request = postForm(
        "/login",
        { intent: "login", email: `ctx${i}@example.com`, password: "x" },
        { headers: { "X-Forwarded-For": `10.0.0.${i}` } },
      );
      await callRoute(action, request, { context: { clientAddress: "192.0.2.99" } });
    }
    const request = postForm(
      "/login",
      { intent: "login", email: "t1@example.com", password: "Demo1234" },
      { headers: { "X-Forwarded-For": "10.9.9.9" } },
    );
    const blocked = await callRoute(action, request, { context: { clientAddress: "192.0.2.99" } });
    expect(blocked.status).toBe(429);
  });
});
