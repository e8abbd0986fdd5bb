// Issue 44 item 6 and item 8 (first point), and the legacy audit call: tier
// T0 (the company's internal prices) needs its own right (98, the
// administrator's by default) whichever way a tier is given (edit, the
// legacy tier call, add, audit); a tier change is logged as such, with
// before and after, and mailed to the customer's salesperson and customer
// service; freezing asks for confirmation, without JavaScript too; editing
// a staff member asks for no customer tier or contacts; PUT /my/audituser
// fails a registration without a reason, as the spec's call sends it.
import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/admin/userList";
import { prisma } from "~/utils/db.server";
import { ADMIN, flashOf, load, MANAGER, SALES, submit } from "./helpers";
import { api, tokenOf } from "../api/helpers";

const T1 = 11; // t1@example.com, salesperson 2 (sales@), customer service 4 (service@)
const T2 = 12;

/** The edit form of a user as the dialog sends it, with `changes`. */
async function editForm(id: number, changes: Record<string, string | number> = {}) {
  const user = await prisma.user.findUniqueOrThrow({ where: { id } });
  return {
    intent: "update",
    id,
    username: user.username,
    phone: user.phone,
    businessAddress: user.businessAddress ?? "上海市浦东新区",
    company: user.company ?? "公司",
    salesId: user.salesId ?? "",
    customerServiceId: user.customerServiceId ?? "",
    roleId: user.roleId,
    customerRating: user.customerRating ?? "",
    ...changes,
  };
}

const tierOf = async (id: number) => (await prisma.user.findUniqueOrThrow({ where: { id } })).customerRating;

describe("tier T0 needs its own right", () => {
  it("is the administrator's right by default (migration and seed) and no other role's", async () => {
    const holders = await prisma.rolePermission.findMany({ where: { menuId: 98, halfChecked: false }, select: { roleId: true } });
    expect(holders.map((h) => h.roleId)).toEqual([1]);
    const menu = await prisma.menu.findUniqueOrThrow({ where: { id: 98 } });
    expect(menu).toMatchObject({ parentId: 2, level: 3, labelEn: "Grant tier T0" });
  });

  it("is refused to a salesperson and a sales manager who may edit the customer, through the page and the API, and logged", async () => {
    for (const who of [SALES, MANAGER]) {
      const refused = await submit(action, `/userList?dialog=edit&id=${T1}`, who, await editForm(T1, { customerRating: 1 }));
      expect(refused.status, who).toBe(403);
      expect(refused.data.error.customerRating).toEqual(["admin.authority.t0NotGrantable"]);
      expect(await tierOf(T1)).toBe(2);
    }
    const log = await prisma.operationLog.findFirstOrThrow({
      where: { module: "refused", targetIds: String(T1) },
      orderBy: { id: "desc" },
    });
    expect(log.params).toContain("user.grantT0: t0NotGrantable");
    // The legacy tier call (right 73 only) is refused too.
    const viaApi = await api("POST", "/my/saveuserlevel", { token: await tokenOf(SALES), body: { id: T1, customer_rating: 1 } });
    expect(viaApi.http).toBe(403);
    expect(await tierOf(T1)).toBe(2);
    // Other tiers stay theirs to give.
    const t2 = await submit(action, `/userList?dialog=edit&id=${T1}`, SALES, await editForm(T1, { customerRating: 3 }));
    expect(t2.status).toBe(302);
    await submit(action, `/userList?dialog=edit&id=${T1}`, SALES, await editForm(T1, { customerRating: 2 }));
  });

  it("is not offered in the tier pickers of those who may not give it", async () => {
    const sales = await load(loader, "/userList", SALES, { dialog: "edit", id: T1 });
    expect(sales.data.options.tiers).toEqual([2, 3]);
    const admin = await load(loader, "/userList", ADMIN, { dialog: "edit", id: T1 });
    expect(admin.data.options.tiers).toEqual([1, 2, 3]);
  });

  it("is refused when adding a user or passing an audit", async () => {
    const added = await submit(action, "/userList?dialog=add", MANAGER, {
      intent: "create",
      email: "t0.new@example.com",
      password: "Secret123",
      username: "t0new",
      phone: "13912345678",
      businessAddress: "上海",
      company: "新公司",
      salesId: 2,
      customerServiceId: 4,
      roleId: 20,
      customerRating: 1,
    });
    expect(added.status).toBe(403);
    expect(await prisma.user.count({ where: { email: "t0.new@example.com" } })).toBe(0);
    const pending = await prisma.user.findUniqueOrThrow({ where: { email: "pending@example.com" } });
    const audited = await submit(action, `/userList?dialog=audit&id=${pending.id}`, MANAGER, {
      intent: "audit",
      id: pending.id,
      decision: "pass",
      customerRating: 1,
      salesId: 2,
      customerServiceId: 4,
    });
    expect(audited.status).toBe(403);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: pending.id } })).audit).toBe(1);
  });

  it("is logged as a tier change with before and after, and the salesperson and customer service are told", async () => {
    const mailsBefore = await prisma.emailOutbox.count({ where: { kind: "tier_change" } });
    const done = await submit(
      action,
      `/userList?dialog=edit&id=${T2}`,
      ADMIN,
      await editForm(T2, { customerRating: 1, landline: "021-5555" }),
    );
    expect(done.status).toBe(302);
    expect(await tierOf(T2)).toBe(1);
    const tier = await prisma.operationLog.findFirstOrThrow({ where: { module: "tier", targetIds: String(T2) }, orderBy: { id: "desc" } });
    expect(tier.params).toBe("customer_rating: 3 → 1");
    // The rest of the edit is its own row.
    const edit = await prisma.operationLog.findFirstOrThrow({ where: { module: "edit", targetIds: String(T2) }, orderBy: { id: "desc" } });
    expect(edit.params).toContain("landline");
    expect(edit.params).not.toContain("customer_rating");
    const mails = await prisma.emailOutbox.findMany({ where: { kind: "tier_change" }, orderBy: { id: "asc" }, skip: mailsBefore });
    expect(mails.map((m) => m.toAddress).sort()).toEqual(["sales@example.com", "service@example.com"]);
    const customer = await prisma.user.findUniqueOrThrow({ where: { id: T2 } });
    expect(mails[0].subject).toContain(customer.username);
    expect(mails[0].text).toContain("T2");
    expect(mails[0].text).toContain("T0（公司内部）");
    for (const bad of ["\uFFFD", "\u0000", "{{"]) expect(mails[0].text + mails[0].html).not.toContain(bad);
  });
});

describe("freezing asks for confirmation", () => {
  it("opens the confirmation first, freezes only when confirmed, and cancels with 已取消", async () => {
    const target = await prisma.user.findUniqueOrThrow({ where: { email: "profile@example.com" } });
    const bare = await submit(action, "/userList?tab=all", ADMIN, { intent: "state", id: target.id, state: 2 });
    expect(bare.status).toBe(302);
    expect(bare.headers.get("Location")).toBe(`/userList?tab=all&dialog=freeze&id=${target.id}`);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: target.id } })).state).toBe(1);
    const dialog = await load(loader, "/userList", ADMIN, { dialog: "freeze", id: target.id });
    expect(dialog.data.dialog).toMatchObject({ kind: "freeze", user: { id: target.id } });
    const cancelled = await submit(action, "/userList", ADMIN, { intent: "cancel", id: target.id, state: 2, confirm: 1 });
    expect(await flashOf(cancelled)).toMatchObject({ key: "admin.common.cancelled" });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: target.id } })).state).toBe(1);
    const frozen = await submit(action, "/userList", ADMIN, { intent: "state", id: target.id, state: 2, confirm: 1 });
    expect(await flashOf(frozen)).toMatchObject({ key: "admin.user.stateSaved" });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: target.id } })).state).toBe(2);
    // Activating needs no confirmation.
    await submit(action, "/userList", ADMIN, { intent: "state", id: target.id, state: 1 });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: target.id } })).state).toBe(1);
  });
});

describe("editing a staff member (issue 44 item 8)", () => {
  it("needs no customer tier or contacts; a customer still needs them", async () => {
    const staff = await submit(
      action,
      "/userList?dialog=edit&id=2",
      ADMIN,
      await editForm(2, { salesId: "", customerServiceId: "", customerRating: "", qq: "10001" }),
    );
    expect(staff.status, JSON.stringify(staff.data)).toBe(302);
    expect(await prisma.user.findUniqueOrThrow({ where: { id: 2 } })).toMatchObject({ qq: "10001", customerRating: null, salesId: null });
    // The legacy role call on a staff member (its tier and contacts empty) works too.
    const role = await api("POST", "/my/saverole", { token: await tokenOf(ADMIN), body: { id: 2, rid: 12 } });
    expect(role.body.status, JSON.stringify(role.body)).toBe(0);
    const customer = await submit(action, `/userList?dialog=edit&id=${T1}`, ADMIN, await editForm(T1, { customerRating: "", salesId: "" }));
    expect(customer.status).toBe(400);
    expect(customer.data.error).toMatchObject({ customerRating: ["admin.user.tierRequired"], salesId: ["admin.user.salesRequired"] });
  });
});

describe("the legacy registration audit keeps its contract", () => {
  it("fails a registration without a reason (the spec's call sends none), mailing the default reason", async () => {
    const failed = await prisma.user.create({
      data: {
        email: "nore.ason@example.com",
        username: "noreason",
        phone: "13800009999",
        passwordHash: "x",
        roleId: 20,
        audit: 1,
      },
    });
    const result = await api("PUT", "/my/audituser", { token: await tokenOf(ADMIN), body: { id: failed.id, audit: 3 } });
    expect(result.body.status, JSON.stringify(result.body)).toBe(0);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: failed.id } })).audit).toBe(3);
    const mail = await prisma.emailOutbox.findFirstOrThrow({ where: { kind: "audit_result", toAddress: "nore.ason@example.com" } });
    expect(mail.text).toContain("所填资料未能通过审核");
    // The screen's form still asks for a reason.
    const page = await prisma.user.findUniqueOrThrow({ where: { email: "pending@example.com" } });
    const noReason = await submit(action, `/userList?dialog=audit&id=${page.id}`, ADMIN, {
      intent: "audit",
      id: page.id,
      decision: "fail",
    });
    expect(noReason.status).toBe(400);
  });
});
