// Registration with e-mail codes (customer-portal.md 5; issue 4).
import { prisma } from "~/utils/db.server";
import { callRoute, getRequest } from "../support/requests";
import { loginAs } from "../support/requests";
import { englishCookie, expireRateWindows, fieldErrors, latestCode, newRegistration, postLogin, registerNew, sendCode } from "./helpers";

beforeEach(async () => {
  await expireRateWindows();
});

describe("registration validation (every rule of section 5, server side)", () => {
  const cases: [string, Record<string, string>, string, string][] = [
    ["email missing", { email: "" }, "email", "validation.emailRequired"],
    ["email malformed", { email: "not-an-email" }, "email", "validation.emailInvalid"],
    ["password too short", { password: "12345", confirmPassword: "12345" }, "password", "validation.passwordLength"],
    ["password too long", { password: "1234567890123456", confirmPassword: "1234567890123456" }, "password", "validation.passwordLength"],
    ["password missing", { password: "", confirmPassword: "" }, "password", "validation.passwordRequired"],
    ["confirm does not match", { confirmPassword: "Secret124" }, "confirmPassword", "validation.passwordMismatch"],
    ["confirm missing", { confirmPassword: "" }, "confirmPassword", "validation.confirmPasswordRequired"],
    ["phone of 10 digits", { phone: "1381234567" }, "phone", "validation.phoneInvalid"],
    ["phone with second digit 2", { phone: "12812345678" }, "phone", "validation.phoneInvalid"],
    ["phone not starting with 1", { phone: "23812345678" }, "phone", "validation.phoneInvalid"],
    ["phone missing", { phone: "" }, "phone", "validation.phoneRequired"],
    ["username missing", { username: "" }, "username", "validation.usernameRequired"],
    ["username of 16", { username: "a".repeat(16) }, "username", "validation.usernameLength"],
    ["company missing", { company: "" }, "company", "validation.companyRequired"],
    ["company of 21", { company: "公".repeat(21) }, "company", "validation.companyLength"],
    ["address missing", { businessAddress: "  " }, "businessAddress", "validation.businessAddressRequired"],
    ["address of 51", { businessAddress: "路".repeat(51) }, "businessAddress", "validation.businessAddressLength"],
    ["countries missing", { iaeCountries: "" }, "iaeCountries", "validation.iaeCountriesRequired"],
    ["countries of 51", { iaeCountries: "x".repeat(51) }, "iaeCountries", "validation.iaeCountriesLength"],
    ["role missing", { roleId: "" }, "roleId", "validation.roleRequired"],
    ["agreement not ticked", { agreement: "" }, "agreement", "validation.agreementRequired"],
    ["code missing", { code: "" }, "code", "validation.codeRequired"],
    ["code not 6 digits", { code: "12a456" }, "code", "validation.codeFormat"],
  ];
  test.each(cases)("%s", async (_name, overrides, field, key) => {
    const result = await postLogin(newRegistration(overrides));
    expect(result.status).toBe(400);
    expect(fieldErrors(result.data)[field]).toContain(key);
  });

  test("boundary lengths are accepted by the schema (only the code is then wrong)", async () => {
    const result = await postLogin(
      newRegistration({
        password: "123456",
        confirmPassword: "123456",
        company: "公".repeat(20),
        businessAddress: "路".repeat(50),
        iaeCountries: "x".repeat(50),
        username: `b${Date.now().toString(36)}`.padEnd(15, "b"),
      }),
    );
    expect(result.status).toBe(400);
    expect(Object.keys(fieldErrors(result.data))).toEqual(["code"]);
    expect(fieldErrors(result.data).code).toEqual(["account.code.invalid"]);
  });

  test("a role that is not self-service (administrator) is refused", async () => {
    const form = newRegistration({ roleId: "1" });
    form.code = await sendCode(form.email);
    const result = await postLogin(form);
    expect(result.status).toBe(400);
    expect(fieldErrors(result.data).roleId).toEqual(["validation.roleRequired"]);
    expect(await prisma.user.count({ where: { email: form.email } })).toBe(0);
  });

  test("passwords are never sent back; the other values are", async () => {
    const result = await postLogin(newRegistration({ phone: "123" }));
    const initial = (result.data as { initialValue: Record<string, unknown> }).initialValue;
    expect(initial.password).toBeUndefined();
    expect(initial.confirmPassword).toBeUndefined();
    expect(initial.company).toBe("测试贸易有限公司");
  });
});

describe("send code", () => {
  test("queues a code e-mail in the outbox and stores only a hash of the code", async () => {
    const form = newRegistration();
    const result = await postLogin({ ...form, intent: "sendCode" });
    expect(result.status).toBe(200);
    const data = result.data as { message: { key: string; values: { email: string } }; initialValue: Record<string, string> };
    expect(data.message.key).toBe("account.register.codeSent");
    // The other typed values come back (no-JS page keeps them), passwords do not.
    expect(data.initialValue.username).toBe(form.username);
    expect(data.initialValue.password).toBeUndefined();

    const mail = await prisma.emailOutbox.findFirstOrThrow({ where: { toAddress: form.email }, orderBy: { id: "desc" } });
    expect(mail.kind).toBe("register_code");
    expect(mail.status).toBe("PENDING");
    expect(mail.subject).toContain("注册验证码");
    const code = await latestCode(form.email);
    expect(mail.html).toContain(code);
    expect(mail.html).toContain("<html");

    const row = await prisma.emailCode.findFirstOrThrow({ where: { email: form.email }, orderBy: { id: "desc" } });
    expect(row.purpose).toBe("REGISTER");
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    const ttl = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(ttl).toBeGreaterThan(9.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000 + 1000);
  });

  test("the mail is in the language of the request (en-US)", async () => {
    const email = `english.${Date.now()}@example.org`;
    await postLogin({ intent: "sendCode", email }, { cookie: await englishCookie() });
    const mail = await prisma.emailOutbox.findFirstOrThrow({ where: { toAddress: email } });
    expect(mail.subject).toContain("registration code");
    expect(mail.text).toContain("valid for 10 minutes");
  });

  test("an address already registered gets the duplicate message and no mail", async () => {
    const before = await prisma.emailOutbox.count({ where: { toAddress: "t1@example.com" } });
    const result = await postLogin({ intent: "sendCode", email: "T1@example.com" });
    expect(result.status).toBe(400);
    expect(fieldErrors(result.data).email).toEqual(["account.register.emailTaken"]);
    expect(await prisma.emailOutbox.count({ where: { toAddress: "t1@example.com" } })).toBe(before);
  });

  test("an invalid e-mail is refused before anything is sent", async () => {
    const result = await postLogin({ intent: "sendCode", email: "nope" });
    expect(result.status).toBe(400);
    expect(fieldErrors(result.data).email).toEqual(["validation.emailInvalid"]);
  });

  test("a second send within 60 s is refused; after the gap it works", async () => {
    const email = `gap.${Date.now()}@example.org`;
    await sendCode(email);
    const again = await postLogin({ intent: "sendCode", email });
    expect(again.status).toBe(429);
    expect((again.data as { message: { key: string; values: { seconds: number } } }).message).toMatchObject({
      key: "account.code.resendWait",
    });
    expect((again.data as { message: { values: { seconds: number } } }).message.values.seconds).toBeLessThanOrEqual(60);
    await expireRateWindows("code:gap:");
    expect((await postLogin({ intent: "sendCode", email })).status).toBe(200);
    expect(await prisma.emailOutbox.count({ where: { toAddress: email } })).toBe(2);
  });

  test("at most 5 codes per e-mail and hour", async () => {
    const email = `hourly.${Date.now()}@example.org`;
    for (let i = 0; i < 5; i++) {
      await expireRateWindows("code:gap:");
      expect((await postLogin({ intent: "sendCode", email })).status).toBe(200);
    }
    await expireRateWindows("code:gap:");
    const sixth = await postLogin({ intent: "sendCode", email });
    expect(sixth.status).toBe(429);
    expect((sixth.data as { message: { key: string } }).message.key).toBe("account.code.tooManySends");
  });

  test("at most 20 codes per client address and hour", async () => {
    const headers = { "X-Forwarded-For": "203.0.113.77" };
    for (let i = 0; i < 20; i++) {
      expect((await postLogin({ intent: "sendCode", email: `addr${i}.${Date.now()}@example.org` }, { headers })).status).toBe(200);
    }
    const blocked = await postLogin({ intent: "sendCode", email: `addr-x.${Date.now()}@example.org` }, { headers });
    expect(blocked.status).toBe(429);
    // Another address is not affected.
    const other = await postLogin(
      { intent: "sendCode", email: `addr-y.${Date.now()}@example.org` },
      { headers: { "X-Forwarded-For": "203.0.113.78" } },
    );
    expect(other.status).toBe(200);
  });
});

describe("register", () => {
  test("creates a pending account (audit 1, state 1, no tier, no contacts) and sends to /login with the notice", async () => {
    const form = newRegistration({ email: `Mixed.Case.${Date.now()}@Example.org` });
    form.code = await sendCode(form.email);
    const result = await postLogin(form);
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/login");
    expect(result.headers.get("Set-Cookie")).toContain("session=");

    const user = await prisma.user.findUniqueOrThrow({ where: { email: form.email.toLowerCase() } });
    expect(user).toMatchObject({
      audit: 1,
      state: 1,
      customerRating: null,
      salesId: null,
      customerServiceId: null,
      roleId: 20,
      regMethod: "register",
      username: form.username,
      phone: form.phone,
      company: form.company,
      businessAddress: form.businessAddress,
      iaeCountries: form.iaeCountries,
      profileAudit: null,
    });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const code = await prisma.emailCode.findFirstOrThrow({ where: { email: user.email }, orderBy: { id: "desc" } });
    expect(code.usedAt).not.toBeNull();
  });

  test("the new user logs in and is a pending viewer without a price tier", async () => {
    const form = await registerNew();
    const cookie = await loginAs(form.email, form.password);
    const { loader } = await import("~/root");
    const root = await callRoute(loader, getRequest("/home", undefined, { cookie }));
    expect(root.data.viewer).toMatchObject({ username: form.username, audit: 1, tier: null });
  });

  test("duplicate e-mail, phone and username (any case) are each reported", async () => {
    const t1 = await prisma.user.findUniqueOrThrow({ where: { email: "t1@example.com" } });
    const form = newRegistration({ email: "t2@example.com", phone: t1.phone, username: "T0" });
    const result = await postLogin(form);
    expect(result.status).toBe(400);
    expect(fieldErrors(result.data)).toMatchObject({
      email: ["account.register.emailTaken"],
      phone: ["account.register.phoneTaken"],
      username: ["account.register.usernameTaken"],
    });
  });

  test("a code for another e-mail does not work", async () => {
    const first = newRegistration();
    const code = await sendCode(first.email);
    const second = newRegistration({ code });
    const result = await postLogin(second);
    expect(fieldErrors(result.data).code).toEqual(["account.code.invalid"]);
  });

  test("an expired code is refused with the expiry message", async () => {
    const form = newRegistration();
    form.code = await sendCode(form.email);
    await prisma.emailCode.updateMany({ where: { email: form.email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const result = await postLogin(form);
    expect(fieldErrors(result.data).code).toEqual(["account.code.expired"]);
    expect(await prisma.user.count({ where: { email: form.email } })).toBe(0);
  });

  test("a code works once", async () => {
    const form = await registerNew();
    // Same code, same e-mail: the account exists now; with the e-mail freed the code is still spent.
    await prisma.user.delete({ where: { email: form.email } });
    const again = await postLogin({ ...form });
    expect(again.status).toBe(400);
    expect(fieldErrors(again.data).code).toEqual(["account.code.invalid"]);
  });

  test("5 wrong tries kill the code, even for the right code afterwards", async () => {
    const form = newRegistration();
    const code = await sendCode(form.email);
    const wrong = code === "999999" ? "111111" : "999999";
    for (let i = 1; i <= 4; i++) {
      const result = await postLogin({ ...form, code: wrong });
      expect(fieldErrors(result.data).code).toEqual(["account.code.invalid"]);
    }
    const fifth = await postLogin({ ...form, code: wrong });
    expect(fieldErrors(fifth.data).code).toEqual(["account.code.tooManyAttempts"]);
    const right = await postLogin({ ...form, code });
    expect(fieldErrors(right.data).code).toEqual(["account.code.tooManyAttempts"]);
    const row = await prisma.emailCode.findFirstOrThrow({ where: { email: form.email }, orderBy: { id: "desc" } });
    expect(row.attempts).toBe(5);
    expect(row.usedAt).toBeNull();
  });

  test("a newer code replaces the older one", async () => {
    const form = newRegistration();
    const first = await sendCode(form.email);
    await expireRateWindows("code:gap:");
    const second = await sendCode(form.email);
    if (first !== second) {
      const old = await postLogin({ ...form, code: first });
      expect(fieldErrors(old.data).code).toEqual(["account.code.invalid"]);
    }
    expect((await postLogin({ ...form, code: second })).status).toBe(302);
  });

  test("at most 5 registrations per client address and hour", async () => {
    const headers = { "X-Forwarded-For": "198.51.100.9" };
    for (let i = 0; i < 5; i++) {
      const form = newRegistration();
      await expireRateWindows("code:");
      form.code = await sendCode(form.email, "register", { headers });
      expect((await postLogin(form, { headers })).status).toBe(302);
    }
    const form = newRegistration();
    await expireRateWindows("code:");
    form.code = await sendCode(form.email, "register", { headers });
    const sixth = await postLogin(form, { headers });
    expect(sixth.status).toBe(429);
    expect((sixth.data as { message: { key: string } }).message.key).toBe("account.register.tooMany");
    expect(await prisma.user.count({ where: { email: form.email } })).toBe(0);
  });

  test("the login page offers exactly the self-service roles", async () => {
    const { loader } = await import("~/routes/standalone/login");
    const result = await callRoute(loader, getRequest("/login", { mode: "register" }));
    expect(result.data.mode).toBe("register");
    expect(result.data.roles.map((r: { id: number }) => r.id)).toEqual([20, 21, 22]);
  });

  test("a signed-in user opening /login goes to /home", async () => {
    const cookie = await loginAs("t1@example.com");
    const { loader } = await import("~/routes/standalone/login");
    const result = await callRoute(loader, getRequest("/login", { mode: "register" }, { cookie }));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/home");
  });
});
