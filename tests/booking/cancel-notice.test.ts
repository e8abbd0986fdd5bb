// A customer's cancellation reaches the forwarder (issue 45 item 4): when a
// customer cancels a received booking, their salesperson and customer service
// get a mail through the outbox (in the same transaction as the status), and
// the customer's flash is worded for the customer, in their language, with
// JavaScript off.
import { prisma } from "~/utils/db.server";
import { send, visibleText } from "../support/render";
import { getRequest, mergeCookies, postForm } from "../support/requests";
import { bookableRate, cookieOf, doneId, postContact } from "./helpers";

async function book(email: string) {
  return doneId(await postContact({ mode: "fcl", id: await bookableRate("fcl") }, await cookieOf(email)));
}

const staffNotices = (id: number) =>
  prisma.emailOutbox.findMany({ where: { entrustmentId: id, kind: "order_cancel_staff" }, orderBy: { toAddress: "asc" } });

describe("a customer cancels: the forwarder is told", () => {
  for (const [lng, flash, wrong] of [
    ["zh-CN", "已取消。我们已通知您的销售和客服", "客户会收到邮件"],
    ["en-US", "is cancelled. We have told your sales and customer-service contacts", "the customer gets an e-mail"],
  ] as const) {
    test(`${lng}: sales and customer service get the notice; the customer reads a message meant for them (no JavaScript)`, async () => {
      const id = await book("t2@example.com");
      const cookie = await cookieOf("t2@example.com");
      // The plain POST of the record page's cancel form, through the built app.
      const posted = await send(
        postForm(`/entrustment/${id}?lng=${lng}`, { intent: "cancel", reason: "计划变更 plans changed" }, { cookie }),
      );
      expect(posted.status).toBe(302);
      expect(posted.location).toBe(`/entrustment/${id}`);
      const page = await send(getRequest(`/entrustment/${id}`, { lng }, { cookie: mergeCookies(cookie, posted.headers) }));
      expect(page.status).toBe(200);
      const text = visibleText(page.html);
      expect(text).toContain(flash);
      expect(text).toContain(`#${id}`);
      expect(text).not.toContain(wrong);

      const notices = await staffNotices(id);
      expect(notices.map((m) => m.toAddress)).toEqual(["sales@example.com", "service@example.com"]);
      for (const mail of notices) {
        expect(mail.status).toBe("PENDING");
        // Staff read Chinese, whatever the customer's language.
        expect(mail.subject).toContain(`客户取消委托 #${id}`);
        expect(mail.text).toContain("计划变更 plans changed");
        expect(mail.text).toMatch(/SHANGHAI/);
        expect(mail.html).not.toMatch(/watches\.|booking\.|\{\{/);
        expect(mail.text).not.toContain("\u0000");
        expect(mail.text).not.toContain("\uFFFD");
      }
      // The customer's own confirmation, as before.
      expect(await prisma.emailOutbox.count({ where: { entrustmentId: id, kind: "order_status", toAddress: "t2@example.com" } })).toBe(1);
    });
  }

  test("a staff cancellation mails only the customer; a customer without contacts cancels without a staff notice", async () => {
    const { changeEntrustmentStatus } = await import("~/domain/orders/status.server");
    const { getViewer } = await import("~/http/auth.server");
    const staffCancelled = await book("t1@example.com");
    const manager = await getViewer({
      request: getRequest("/app-order", undefined, { cookie: await cookieOf("manager@example.com") }),
      context: {},
    });
    expect((await changeEntrustmentStatus("staff", manager!, { id: staffCancelled, to: "CANCELLED", reason: "满" })).ok).toBe(true);
    expect(await staffNotices(staffCancelled)).toHaveLength(0);

    const alone = await book("t1@example.com");
    await prisma.entrustment.update({ where: { id: alone }, data: { salesId: null, customerServiceId: null } });
    const t1 = await prisma.user.findUniqueOrThrow({
      where: { email: "t1@example.com" },
      select: { salesId: true, customerServiceId: true },
    });
    await prisma.user.update({ where: { email: "t1@example.com" }, data: { salesId: null, customerServiceId: null } });
    try {
      const customer = await getViewer({
        request: getRequest(`/entrustment/${alone}`, undefined, { cookie: await cookieOf("t1@example.com") }),
        context: {},
      });
      expect((await changeEntrustmentStatus("customer", customer!, { id: alone, to: "CANCELLED" })).ok).toBe(true);
      expect(await staffNotices(alone)).toHaveLength(0);
    } finally {
      await prisma.user.update({ where: { email: "t1@example.com" }, data: t1 });
    }
  });
});
