// Booking status (issue 25 item 5): staff move an entrustment on /app-order
// within their view and with right 97; the customer sees status and history
// on /entrustment, gets an e-mail in their booking language at each change,
// and may cancel while it is still received. Invalid moves are refused with
// a message and change nothing.
import { prisma } from "~/utils/db.server";
import { callRoute, getRequest, postForm } from "../support/requests";
import { bookableRate, cookieOf, detail, doneId, postContact, records } from "./helpers";

const appOrder = () => import("~/routes/admin/app-order");

async function book(email: string, language = "zh-CN") {
  const id = doneId(await postContact({ mode: "lcl", id: await bookableRate("lcl") }, await cookieOf(email)));
  await prisma.entrustment.update({ where: { id }, data: { language } });
  return id;
}

async function staffMove(email: string, id: number, to: string, reason = "", lng?: string) {
  const { action } = await appOrder();
  const cookie = (await cookieOf(email)) + (lng ? `; lng=${lng}` : "");
  return callRoute(action, postForm(`/app-order?dialog=view&id=${id}`, { intent: "status", id: String(id), to, reason }, { cookie }));
}

async function customerCancel(email: string, id: number, reason = "") {
  const { action } = await detail();
  return callRoute(action, postForm(`/entrustment/${id}`, { intent: "cancel", reason }, { cookie: await cookieOf(email) }), {
    params: { id: String(id) },
  });
}

const statusOf = async (id: number) => (await prisma.entrustment.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;
const statusMails = (id: number) =>
  prisma.emailOutbox.findMany({ where: { entrustmentId: id, kind: "order_status" }, orderBy: { id: "asc" } });

describe("staff move an entrustment on /app-order", () => {
  test("received → confirmed → cancelled: history, one e-mail per change in the customer's language, logged", async () => {
    const id = await book("t1@example.com", "en-US");
    expect(await statusOf(id)).toBe("RECEIVED");
    const confirmed = await staffMove("manager@example.com", id, "CONFIRMED");
    expect(confirmed.status).toBe(302);
    expect(await statusOf(id)).toBe("CONFIRMED");
    const cancelled = await staffMove("manager@example.com", id, "CANCELLED", "船期取消");
    expect(cancelled.status).toBe(302);
    expect(await statusOf(id)).toBe("CANCELLED");

    const mails = await statusMails(id);
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.toAddress === "t1@example.com")).toBe(true);
    expect(mails[0].subject).toBe(`Booking #${id}: Confirmed`);
    expect(mails[1].subject).toBe(`Booking #${id}: Cancelled`);
    expect(mails[1].text).toContain("船期取消");
    expect(mails[1].html).not.toMatch(/watches\.|\{\{/);

    const events = await prisma.entrustmentStatusEvent.findMany({ where: { entrustmentId: id }, orderBy: { id: "asc" } });
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorKind])).toEqual([
      ["RECEIVED", "CONFIRMED", "staff"],
      ["CONFIRMED", "CANCELLED", "staff"],
    ]);
    expect(await prisma.operationLog.count({ where: { module: "status", operation: "entrustments", targetIds: String(id) } })).toBe(2);

    // The customer reads status and history on the record and the list.
    const page = await callRoute(
      (await detail()).loader,
      getRequest(`/entrustment/${id}`, undefined, { cookie: await cookieOf("t1@example.com") }),
      { params: { id: String(id) } },
    );
    expect(page.data).toMatchObject({
      status: "CANCELLED",
      history: [
        { to: "CONFIRMED", actor: "staff" },
        { to: "CANCELLED", reason: "船期取消" },
      ],
    });
    const { loader } = await records();
    const list = await callRoute(loader, getRequest("/entrustment", undefined, { cookie: await cookieOf("t1@example.com") }));
    expect(list.data.rows.find((r: { id: number }) => r.id === id)).toMatchObject({ status: "CANCELLED" });
  }, 120_000);

  test("a rejection needs a reason; the e-mail is in Chinese for a Chinese booking", async () => {
    const id = await book("t2@example.com");
    const noReason = await staffMove("manager@example.com", id, "REJECTED", "  ");
    expect(noReason.status).toBe(400);
    expect(noReason.data.fieldErrors.reason).toEqual(["watches.status.errors.reasonRequired"]);
    expect(await statusOf(id)).toBe("RECEIVED");
    expect(await statusMails(id)).toHaveLength(0);

    const rejected = await staffMove("manager@example.com", id, "REJECTED", "舱位已满");
    expect(rejected.status).toBe(302);
    const [mail] = await statusMails(id);
    expect(mail.subject).toBe(`委托 #${id}：已拒绝`);
    expect(mail.text).toContain("舱位已满");
    expect(mail.text).not.toMatch(/\uFFFD/);
    expect(mail.text).not.toContain("\u0000");
  });

  test("invalid transitions and unknown statuses are refused and change nothing", async () => {
    const id = await book("t1@example.com");
    expect((await staffMove("manager@example.com", id, "REJECTED", "满")).status).toBe(302);
    for (const to of ["CONFIRMED", "CANCELLED", "RECEIVED"]) {
      const refused = await staffMove("manager@example.com", id, to);
      expect(refused.status).toBe(409);
      expect(refused.data.message).toBe("watches.status.errors.invalidTransition");
    }
    const unknown = await staffMove("manager@example.com", id, "SHIPPED");
    expect(unknown.status).toBe(400);
    expect(unknown.data.message).toBe("watches.status.errors.unknownStatus");
    expect(await statusOf(id)).toBe("REJECTED");
    expect(await statusMails(id)).toHaveLength(1);
  });

  test("view rules: a view-2 salesperson moves only their customers' entrustments", async () => {
    // othert2 (17) belongs to salesperson 3, not to "sales" (2, view 2).
    const foreign = await book("other.t2@example.com");
    const refused = await staffMove("sales@example.com", foreign, "CONFIRMED");
    expect(refused.status).toBe(404);
    expect(await statusOf(foreign)).toBe("RECEIVED");
    const own = await book("t1@example.com");
    expect((await staffMove("sales@example.com", own, "CONFIRMED")).status).toBe(302);
    expect(await statusOf(own)).toBe("CONFIRMED");
  });

  test("without right 97 the move is refused (403) although /app-order opens", async () => {
    const id = await book("t1@example.com");
    await prisma.rolePermission.deleteMany({ where: { roleId: 13, menuId: 97 } });
    try {
      const refused = await staffMove("service@example.com", id, "CONFIRMED");
      expect(refused.status).toBe(403);
      expect(await statusOf(id)).toBe("RECEIVED");
    } finally {
      await prisma.rolePermission.create({ data: { roleId: 13, menuId: 97, halfChecked: false } });
    }
  });
});

describe("the customer cancels", () => {
  test("a received entrustment: cancelled, history by the customer, confirmation e-mail", async () => {
    const id = await book("t2@example.com");
    const result = await customerCancel("t2@example.com", id, "计划变更");
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe(`/entrustment/${id}`);
    expect(await statusOf(id)).toBe("CANCELLED");
    const events = await prisma.entrustmentStatusEvent.findMany({ where: { entrustmentId: id } });
    expect(events).toMatchObject([{ fromStatus: "RECEIVED", toStatus: "CANCELLED", actorKind: "customer", reason: "计划变更" }]);
    expect(await statusMails(id)).toHaveLength(1);
  });

  test("not once it is confirmed, and never someone else's", async () => {
    const id = await book("t2@example.com");
    await staffMove("manager@example.com", id, "CONFIRMED");
    const late = await customerCancel("t2@example.com", id);
    expect(late.status).toBe(409);
    expect(late.data.message).toBe("watches.status.errors.invalidTransition");
    expect(await statusOf(id)).toBe("CONFIRMED");

    const other = await book("t2@example.com");
    const foreign = await customerCancel("t1@example.com", other);
    expect(foreign.status).toBe(404);
    expect(await statusOf(other)).toBe("RECEIVED");
  });
});
