// Password reset by e-mail code (/login?mode=reset) and change of password (/userPwd).
import { prisma } from "~/utils/db.server";
import { callRoute, getRequest, loginAs, postForm } from "../support/requests";
import { expireRateWindows, fieldErrors, latestCode, postLogin, registerNew } from "./helpers";

beforeEach(async () => {
  await prisma.rateLimit.deleteMany();
});

describe("password reset", () => {
  test("an unknown e-mail gets the same neutral answer and no mail", async () => {
    const before = await prisma.emailOutbox.count();
    const result = await postLogin({ intent: "sendResetCode", email: "nobody.here@example.com" });
    expect(result.status).toBe(200);
    expect((result.data as { message: { key: string } }).message.key).toBe("account.reset.codeSent");
    expect(await prisma.emailOutbox.count()).toBe(before);
  });

  test("code, new password: every session ends, the new password works, the code is spent", async () => {
    const account = await registerNew();
    const cookieA = await loginAs(account.email, account.password);
    const cookieB = await loginAs(account.email, account.password);
    const known = await postLogin({ intent: "sendResetCode", email: account.email });
    expect((known.data as { message: { key: string } }).message.key).toBe("account.reset.codeSent");
    const mail = await prisma.emailOutbox.findFirstOrThrow({ where: { toAddress: account.email }, orderBy: { id: "desc" } });
    expect(mail.kind).toBe("reset_code");
    const code = await latestCode(account.email);

    const mismatch = await postLogin({ intent: "reset", email: account.email, code, password: "NewPass1", confirmPassword: "NewPass2" });
    expect(fieldErrors(mismatch.data).confirmPassword).toEqual(["validation.passwordMismatch"]);

    const done = await postLogin({ intent: "reset", email: account.email, code, password: "NewPass1", confirmPassword: "NewPass1" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login");

    const user = await prisma.user.findUniqueOrThrow({ where: { email: account.email } });
    expect(await prisma.session.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
    const { loader } = await import("~/root");
    for (const cookie of [cookieA, cookieB]) {
      expect((await callRoute(loader, getRequest("/home", undefined, { cookie }))).data.viewer).toBeNull();
    }
    await expect(loginAs(account.email, account.password)).rejects.toThrow();
    await loginAs(account.email, "NewPass1");

    const again = await postLogin({ intent: "reset", email: account.email, code, password: "Other123", confirmPassword: "Other123" });
    expect(fieldErrors(again.data).code).toEqual(["account.code.invalid"]);
  });

  test("a registration code cannot reset a password", async () => {
    const email = `purpose.${Date.now()}@example.org`;
    await postLogin({ intent: "sendCode", email });
    const code = await latestCode(email);
    const result = await postLogin({ intent: "reset", email, code, password: "NewPass1", confirmPassword: "NewPass1" });
    expect(fieldErrors(result.data).code).toEqual(["account.code.invalid"]);
  });

  test("the reset clears the account's login throttle", async () => {
    for (let i = 0; i < 5; i++) await postLogin({ intent: "login", email: "failed@example.com", password: "bad" });
    expect((await postLogin({ intent: "login", email: "failed@example.com", password: "Demo1234" })).status).toBe(429);
    await postLogin({ intent: "sendResetCode", email: "failed@example.com" });
    const code = await latestCode("failed@example.com");
    await postLogin({ intent: "reset", email: "failed@example.com", code, password: "Demo1234", confirmPassword: "Demo1234" });
    expect((await postLogin({ intent: "login", email: "failed@example.com", password: "Demo1234" })).status).toBe(302);
  });

  test("validation of the reset form", async () => {
    const result = await postLogin({ intent: "reset", email: "x", code: "1", password: "1", confirmPassword: "" });
    expect(fieldErrors(result.data)).toMatchObject({
      email: ["validation.emailInvalid"],
      code: ["validation.codeFormat"],
      password: ["validation.passwordLength"],
      confirmPassword: ["validation.confirmPasswordRequired"],
    });
  });
});

describe("change of password (/userPwd)", () => {
  const pwd = () => import("~/routes/account/userPwd");

  test("the old password must be right", async () => {
    const account = await registerNew();
    const cookie = await loginAs(account.email, account.password);
    const { action } = await pwd();
    const result = await callRoute(
      action,
      postForm("/userPwd", { oldPassword: "Wrong999", password: "Brand123", confirmPassword: "Brand123" }, { cookie }),
    );
    expect(result.status).toBe(400);
    expect(fieldErrors(result.data).oldPassword).toEqual(["account.password.oldWrong"]);
  });

  test("the new password must differ from the old one and match its confirmation", async () => {
    const account = await registerNew();
    const cookie = await loginAs(account.email, account.password);
    const { action } = await pwd();
    const same = await callRoute(
      action,
      postForm("/userPwd", { oldPassword: account.password, password: account.password, confirmPassword: account.password }, { cookie }),
    );
    expect(fieldErrors(same.data).password).toEqual(["validation.passwordSameAsOld"]);
    const mismatch = await callRoute(
      action,
      postForm("/userPwd", { oldPassword: account.password, password: "Brand123", confirmPassword: "Brand124" }, { cookie }),
    );
    expect(fieldErrors(mismatch.data).confirmPassword).toEqual(["validation.passwordMismatch"]);
    const short = await callRoute(
      action,
      postForm("/userPwd", { oldPassword: account.password, password: "12345", confirmPassword: "12345" }, { cookie }),
    );
    expect(fieldErrors(short.data).password).toEqual(["validation.passwordLength"]);
    const missing = await callRoute(action, postForm("/userPwd", { password: "Brand123", confirmPassword: "Brand123" }, { cookie }));
    expect(fieldErrors(missing.data).oldPassword).toEqual(["validation.oldPasswordRequired"]);
  });

  test("success keeps this session and ends the others", async () => {
    const account = await registerNew();
    const cookie = await loginAs(account.email, account.password);
    const other = await loginAs(account.email, account.password);
    const { action } = await pwd();
    const result = await callRoute(
      action,
      postForm("/userPwd", { oldPassword: account.password, password: "Brand123", confirmPassword: "Brand123" }, { cookie }),
    );
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/userPwd");
    const { loader } = await import("~/root");
    expect((await callRoute(loader, getRequest("/home", undefined, { cookie }))).data.viewer).not.toBeNull();
    expect((await callRoute(loader, getRequest("/home", undefined, { cookie: other }))).data.viewer).toBeNull();
    await loginAs(account.email, "Brand123");
  });

  test("5 wrong old passwords in 15 min block further tries", async () => {
    const account = await registerNew();
    const cookie = await loginAs(account.email, account.password);
    const { action } = await pwd();
    for (let i = 0; i < 5; i++) {
      await callRoute(
        action,
        postForm("/userPwd", { oldPassword: `Wrong${i}xx`, password: "Brand123", confirmPassword: "Brand123" }, { cookie }),
      );
    }
    const blocked = await callRoute(
      action,
      postForm("/userPwd", { oldPassword: account.password, password: "Brand123", confirmPassword: "Brand123" }, { cookie }),
    );
    expect(blocked.status).toBe(429);
    expect((blocked.data as { message: { key: string } }).message.key).toBe("account.password.tooManyAttempts");
    await expireRateWindows("password:");
    const ok = await callRoute(
      action,
      postForm("/userPwd", { oldPassword: account.password, password: "Brand123", confirmPassword: "Brand123" }, { cookie }),
    );
    expect(ok.status).toBe(302);
  });
});
