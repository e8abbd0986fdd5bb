// Onboarding without a mail provider (issue 45 item 1, decision 101): with
// no RESEND_API_KEY a registration or reset code stays in the outbox, hidden
// from staff. An administrator (right 99) reveals the code of an undelivered
// code mail with an audited POST on /app-query, reads it to the customer, and
// the customer finishes signing up. Nobody else sees codes: staff without
// right 99 are refused, a delivered mail is refused, and the code is never
// in the operation log.
import { prisma } from "~/utils/db.server";
import { RIGHTS } from "~/domain/permissions/permissions.server";
import { render, send, visibleText } from "../support/render";
import { callRoute, loginAs, postForm } from "../support/requests";
import { languageCookie } from "~/i18n/i18n.server";
import { expireRateWindows, newRegistration, postLogin } from "./helpers";

const appQuery = () => import("~/routes/admin/app-query");

const cookies = new Map<string, Promise<string>>();
const cookieOf = (email: string) => {
  if (!cookies.has(email)) cookies.set(email, loginAs(email));
  return cookies.get(email)!;
};

beforeEach(async () => {
  await expireRateWindows();
});

/** Sends a code like the registration form's "send code" and returns its outbox mail. */
async function codeMail(email: string, intent: "sendCode" | "sendResetCode" = "sendCode") {
  const sent = await postLogin({ intent, email });
  expect(sent.status).toBe(200);
  return prisma.emailOutbox.findFirstOrThrow({ where: { toAddress: email.toLowerCase() }, orderBy: { id: "desc" } });
}

async function reveal(staff: string, id: number, lng?: string) {
  const { action } = await appQuery();
  const cookie = (await cookieOf(staff)) + (lng ? `; ${(await languageCookie.serialize(lng)).split(";")[0]}` : "");
  return callRoute(action, postForm(`/app-query?dialog=view&id=${id}`, { intent: "reveal", id: String(id) }, { cookie }));
}

const revealLogs = (id: number) =>
  prisma.operationLog.findMany({ where: { module: "revealCode", operation: "emailOutbox", targetIds: String(id) } });

describe("an administrator reveals an undelivered code and the customer signs up with it", () => {
  test("by plain POSTs (no JavaScript), in Chinese and in English; logged without the code", async () => {
    const form = newRegistration();
    const mail = await codeMail(form.email);
    expect(mail.status).toBe("PENDING");
    expect(mail.confidential).toBe(true);

    for (const [lng, button, shown] of [
      ["zh-CN", "查看验证码", `${form.email} 的验证码`],
      ["en-US", "Reveal the code", `Code for ${form.email}`],
    ] as const) {
      const cookie = await cookieOf("admin@example.com");
      // The dialog still hides the body; it offers the reveal.
      const dialog = await render("/app-query", { dialog: "view", id: mail.id, lng }, { cookie });
      expect(dialog.status).toBe(200);
      expect(visibleText(dialog.html)).toContain(button);
      // The reveal, as a browser without JavaScript posts it.
      const page = await send(
        postForm(`/app-query?dialog=view&id=${mail.id}&lng=${lng}`, { intent: "reveal", id: String(mail.id) }, { cookie }),
      );
      expect(page.status).toBe(200);
      expect(page.headers.get("Cache-Control")).toContain("no-store");
      const text = visibleText(page.html);
      expect(text).toContain(shown);
      const code = /data-testid="revealed-code"[^>]*>[\s\S]*?<strong[^>]*>(\d{6})<\/strong>/.exec(page.html)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      expect(page.html).not.toMatch(/admin\.outbox|\{\{/);
      form.code = code!;
    }

    // The customer completes the registration with the revealed code.
    const registered = await postLogin(form);
    expect(registered.status).toBe(302);
    expect(await prisma.user.count({ where: { email: form.email.toLowerCase() } })).toBe(1);

    // Two reveals, two log rows naming the mail and the address, never the code.
    const logs = await revealLogs(mail.id);
    expect(logs).toHaveLength(2);
    for (const log of logs) {
      expect(log.username).toBe("admin");
      expect(log.params).toContain(form.email.toLowerCase());
      expect(log.params).not.toContain(form.code);
    }
    // Used: nothing more to reveal.
    const used = await reveal("admin@example.com", mail.id);
    expect(used.status).toBe(409);
    expect(used.data.revealError).toBe("admin.outbox.reveal.used");
  });

  test("a password-reset code too", async () => {
    const mail = await codeMail("t2@example.com", "sendResetCode");
    const result = await reveal("admin@example.com", mail.id);
    expect(result.status).toBe(200);
    expect(result.data.revealed).toMatchObject({ id: mail.id, to: "t2@example.com", kind: "reset_code" });
    expect(result.data.revealed.code).toMatch(/^\d{6}$/);
  });
});

describe("who may not see a code", () => {
  test("without right 99 (an administrator's role without it, customer service): no button, the POST is refused, nothing logged", async () => {
    const mail = await codeMail(newRegistration().email);
    const { loader } = await appQuery();
    const dialogOf = async (email: string) =>
      callRoute(
        loader,
        new Request(`http://localhost:3000/app-query?dialog=view&id=${mail.id}`, { headers: { cookie: await cookieOf(email) } }),
      );
    await prisma.rolePermission.deleteMany({ where: { roleId: 1, menuId: RIGHTS.revealCode } });
    try {
      const dialog = await dialogOf("admin@example.com");
      expect(dialog.status).toBe(200);
      expect(dialog.data.mail).toMatchObject({ id: mail.id, text: null, revealable: false });
      const refused = await reveal("admin@example.com", mail.id);
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.data ?? "")).not.toMatch(/\d{6}/);
    } finally {
      await prisma.rolePermission.create({ data: { roleId: 1, menuId: RIGHTS.revealCode, halfChecked: false } });
    }
    // Customer service reads only its customers' booking mails (view 2): a code mail is not even there.
    expect((await dialogOf("service@example.com")).status).toBe(404);
    expect((await reveal("service@example.com", mail.id)).status).toBe(403);
    expect(await revealLogs(mail.id)).toHaveLength(0);
  });

  test("a delivered mail, a code superseded by a newer one, an expired code, a mail that is no code mail", async () => {
    const email = newRegistration().email;
    const first = await codeMail(email);
    await expireRateWindows();
    const second = await codeMail(email);
    const superseded = await reveal("admin@example.com", first.id);
    expect(superseded.status).toBe(409);
    expect(superseded.data.revealError).toBe("admin.outbox.reveal.superseded");

    await prisma.emailOutbox.update({ where: { id: second.id }, data: { status: "SENT", sentAt: new Date() } });
    const delivered = await reveal("admin@example.com", second.id, "en-US");
    expect(delivered.status).toBe(409);
    expect(delivered.data.revealError).toBe("admin.outbox.reveal.delivered");

    await prisma.emailOutbox.update({ where: { id: second.id }, data: { status: "PENDING", sentAt: null } });
    await prisma.emailCode.updateMany({ where: { email: email.toLowerCase() }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await reveal("admin@example.com", second.id);
    expect(expired.status).toBe(409);
    expect(expired.data.revealError).toBe("admin.outbox.reveal.expired");

    const other = await prisma.emailOutbox.create({
      data: { kind: "order_customer", toAddress: "t1@example.com", subject: "x", html: "<p>123456</p>", text: "123456" },
    });
    const notCode = await reveal("admin@example.com", other.id);
    expect(notCode.status).toBe(409);
    expect(notCode.data.revealError).toBe("admin.outbox.reveal.notCodeMail");
    const ids = [first.id, second.id, other.id].map(String);
    expect(await prisma.operationLog.count({ where: { module: "revealCode", targetIds: { in: ids } } })).toBe(0);
  });
});
