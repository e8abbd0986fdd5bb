// User management (administration.md 2.1, 4, 5, 6): tabs and badges, search
// and paging, staff views, add/edit rules and duplicate messages, audit,
// profile-change audit, views, handover, state (sessions revoked), delete,
// QR business card.
import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/admin/userList";
import { loader as rootLoader } from "~/root";
import { loader as backOfficeLoader } from "~/routes/backoffice/_layout";
import { prisma } from "~/utils/db.server";
import { uniqueViolation } from "~/utils/unique-violation.server";
import { badgeText } from "~/components/admin/Badge";
import { callRoute, fileOf, getRequest, loginAs } from "../support/requests";
import { ADMIN, flashOf, JPEG_BYTES, load, MANAGER, PNG_BYTES, SALES, SALES_GLOBAL, submit, upload } from "./helpers";

const newUser = (tag: string, overrides: Record<string, string | number> = {}) => ({
  intent: "create",
  email: `${tag}@example.net`,
  password: "Secret12",
  username: tag,
  phone: `1770000${String(1000 + Math.floor(Math.random() * 8999)).slice(0, 4)}`,
  businessAddress: "上海市长宁区",
  company: "测试公司",
  salesId: 2,
  customerServiceId: 4,
  roleId: 20,
  customerRating: 2,
  ...overrides,
});

describe("user list", () => {
  it("counts every tab and lists the pending registrations", async () => {
    const result = await load(loader, "/userList", ADMIN, { tab: "pending" });
    expect(result.status).toBe(200);
    const counts = result.data.tabCounts;
    expect(counts.all).toBe(await prisma.user.count());
    expect(counts.pending).toBe(await prisma.user.count({ where: { audit: 1 } }));
    expect(counts.failed).toBe(await prisma.user.count({ where: { audit: 3 } }));
    expect(counts.profile).toBe(await prisma.user.count({ where: { profileAudit: 1 } }));
    expect(counts.t1).toBe(await prisma.user.count({ where: { customerRating: 2 } }));
    expect(result.data.rows.every((row: { audit: number }) => row.audit === 1)).toBe(true);
    expect(result.data.rows.some((row: { email: string }) => row.email === "pending@example.com")).toBe(true);
    expect(result.data.rights.actions).toBe(true);
    expect(result.data.page).toMatchObject({ size: 20, sizes: [20, 50, 100, 200] });
  });

  it("caps badges at 9999", () => {
    expect(badgeText(9999)).toBe("9999");
    expect(badgeText(10000)).toBe("9999+");
  });

  it("searches and pages through the URL", async () => {
    const search = await load(loader, "/userList", ADMIN, { q: "PENDING" });
    expect(search.data.rows.map((row: { username: string }) => row.username)).toEqual(["pending"]);
    const sized = await load(loader, "/userList", ADMIN, { size: 50 });
    expect(sized.data.page.size).toBe(50);
    const odd = await load(loader, "/userList", ADMIN, { size: 7, page: 2 });
    expect(odd.data.page).toMatchObject({ size: 20, page: 2 });
    expect(odd.data.rows.length).toBeLessThanOrEqual(20);
  });

  it("applies staff views: view 2 sees only their own customers, view 1 all", async () => {
    const own = await load(loader, "/userList", SALES);
    const ids = own.data.rows.map((row: { id: number }) => row.id);
    const expected = await prisma.user.findMany({ where: { OR: [{ salesId: 2 }, { customerServiceId: 2 }] }, select: { id: true } });
    expect(own.data.tabCounts.all).toBe(expected.length);
    expect(ids).not.toContain(17); // other.t2 belongs to sales 3
    expect(ids).toContain(11);
    // Out of scope: dialogs and actions answer 404.
    expect((await load(loader, "/userList", SALES, { dialog: "edit", id: 17 })).status).toBe(404);
    const global = await load(loader, "/userList", SALES_GLOBAL);
    expect(global.data.tabCounts.all).toBe(await prisma.user.count());
  });
});

describe("add and edit", () => {
  it("adds a user (audit passed, registered by staff) and maps duplicates to the spec's messages", async () => {
    const ok = await submit(action, "/userList?dialog=add", ADMIN, newUser("newcomer", { phone: "17700001111" }));
    expect(ok.status).toBe(302);
    expect(await flashOf(ok)).toMatchObject({ type: "success", key: "admin.user.added" });
    const user = await prisma.user.findUniqueOrThrow({ where: { email: "newcomer@example.net" } });
    expect(user).toMatchObject({ audit: 2, state: 1, regMethod: "admin", customerRating: 2, salesId: 2, customerServiceId: 4 });
    expect(user.passwordHash).not.toContain("Secret12");

    const dupEmail = await submit(
      action,
      "/userList?dialog=add",
      ADMIN,
      newUser("newcomer", { phone: "17700002222", username: "another" }),
    );
    expect(dupEmail.status).toBe(400);
    expect(dupEmail.data.error.email).toEqual(["admin.user.emailTaken"]);
    expect(dupEmail.data.error[""]).toEqual(["admin.user.emailTaken"]);
    const dupPhone = await submit(action, "/userList?dialog=add", ADMIN, newUser("fresh1", { phone: "17700001111" }));
    expect(dupPhone.data.error.phone).toEqual(["admin.user.phoneTaken"]);
    const dupName = await submit(action, "/userList?dialog=add", ADMIN, newUser("fresh2", { phone: "17700003333", username: "NEWCOMER" }));
    expect(dupName.data.error.username).toEqual(["admin.user.usernameTaken"]);
    // The password is never sent back.
    expect(JSON.stringify(dupName.data)).not.toContain("Secret12");
  });

  it("names the column of a unique violation (P2002) from the database", async () => {
    let error: unknown;
    try {
      await prisma.user.create({
        data: { email: "admin@example.com", passwordHash: "x", username: "zzz-unique", phone: "17799990000", roleId: 20 },
      });
    } catch (e) {
      error = e;
    }
    expect(uniqueViolation(error)?.columns).toContain("email");
  });

  it("validates the add form and refuses level-1 roles", async () => {
    const bad = await submit(
      action,
      "/userList?dialog=add",
      ADMIN,
      newUser("x", { email: "bad", phone: "12345", password: "123", roleId: "", salesId: "" }),
    );
    expect(bad.data.error).toMatchObject({
      email: ["validation.emailInvalid"],
      phone: ["validation.phoneInvalid"],
      password: ["validation.passwordLength"],
      roleId: ["admin.user.roleRequired"],
      salesId: ["admin.user.salesRequired"],
    });
    const directory = await submit(action, "/userList?dialog=add", ADMIN, newUser("dir", { phone: "17700004444", roleId: 2 }));
    expect(directory.data.error.roleId).toEqual(["admin.user.roleRequired"]);
  });

  it("restricts roles before the audit passed and keeps audit 2 on a plain edit", async () => {
    const pending = await prisma.user.findUniqueOrThrow({ where: { email: "pending@example.com" } });
    const base = {
      intent: "update",
      id: pending.id,
      username: pending.username,
      phone: pending.phone,
      businessAddress: pending.businessAddress!,
      company: pending.company!,
      salesId: 2,
      customerServiceId: 4,
      customerRating: 3,
    };
    const dialog = await load(loader, "/userList", ADMIN, { dialog: "edit", id: pending.id });
    expect(dialog.data.dialog.user.audit).toBe(1);
    const staffRole = await submit(action, `/userList?dialog=edit&id=${pending.id}`, ADMIN, { ...base, roleId: 12 });
    expect(staffRole.status).toBe(400);
    expect(staffRole.data.error.roleId).toEqual(["admin.user.roleNotAllowed"]);
    const agent = await submit(action, `/userList?dialog=edit&id=${pending.id}`, ADMIN, { ...base, roleId: 22 });
    expect(agent.status).toBe(302);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: pending.id } })).audit).toBe(1);

    const t2 = await prisma.user.findUniqueOrThrow({ where: { email: "t2@example.com" } });
    const edit = await submit(action, `/userList?dialog=edit&id=${t2.id}`, ADMIN, {
      ...base,
      id: t2.id,
      username: t2.username,
      phone: t2.phone,
      company: "新公司名",
      roleId: 21,
    });
    expect(await flashOf(edit)).toMatchObject({ key: "admin.user.edited" });
    expect(await prisma.user.findUniqueOrThrow({ where: { id: t2.id } })).toMatchObject({
      audit: 2,
      company: "新公司名",
      customerRating: 3,
    });
    const t1 = await prisma.user.findUniqueOrThrow({ where: { email: "t1@example.com" } });
    const dupPhone = await submit(action, `/userList?dialog=edit&id=${t2.id}`, ADMIN, {
      ...base,
      id: t2.id,
      username: t2.username,
      phone: t1.phone,
      roleId: 21,
    });
    expect(dupPhone.data.error.phone).toEqual(["admin.user.phoneTaken"]);
  });
});

describe("audit", () => {
  it("passes a pending registration with a tier: the user sees that tier on the next request", async () => {
    const pendingCookie = await loginAs("pending@example.com");
    const before = await callRoute(rootLoader, getRequest("/home", undefined, { cookie: pendingCookie }));
    expect(before.data.viewer.tier).toBeNull();
    const adminLayout = await load(backOfficeLoader, "/userList", ADMIN);
    const pendingBefore = adminLayout.data.pendingAudit;

    const pending = await prisma.user.findUniqueOrThrow({ where: { email: "pending@example.com" } });
    const missing = await submit(action, `/userList?dialog=audit&id=${pending.id}`, ADMIN, {
      intent: "audit",
      id: pending.id,
      decision: "pass",
      customerRating: "",
    });
    expect(missing.status).toBe(400);
    expect(missing.data.error.customerRating).toEqual(["admin.user.tierRequired"]);

    const passed = await submit(action, `/userList?dialog=audit&id=${pending.id}`, ADMIN, {
      intent: "audit",
      id: pending.id,
      decision: "pass",
      customerRating: 2,
      salesId: 3,
      customerServiceId: 4,
    });
    expect(passed.status).toBe(302);
    expect(await flashOf(passed)).toMatchObject({ key: "admin.user.auditPassed" });
    expect(await prisma.user.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({ audit: 2, customerRating: 2, salesId: 3 });
    const after = await callRoute(rootLoader, getRequest("/home", undefined, { cookie: pendingCookie }));
    expect(after.data.viewer.tier).toBe("T1");
    expect((await load(backOfficeLoader, "/userList", ADMIN)).data.pendingAudit).toBe(pendingBefore - 1);
    // Only the administrator (role 1) gets the notice, even if others may audit.
    expect((await load(backOfficeLoader, "/userList", MANAGER)).data.pendingAudit).toBe(0);
    // Already audited: no audit dialog action any more.
    const again = await submit(action, "/userList", ADMIN, { intent: "audit", id: pending.id, decision: "fail", reason: "资料不全" });
    expect(again.status).toBe(409);
    expect(await prisma.operationLog.count({ where: { module: "audit", targetIds: String(pending.id) } })).toBe(1);
  });

  it("fails an audit", async () => {
    const user = await prisma.user.findFirstOrThrow({ where: { audit: 1 } });
    const failed = await submit(action, `/userList?dialog=audit&id=${user.id}`, ADMIN, {
      intent: "audit",
      id: user.id,
      decision: "fail",
      reason: "资料不全",
    });
    expect(await flashOf(failed)).toMatchObject({ key: "admin.user.auditFailedDone" });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).audit).toBe(3);
  });

  it("applies a pending profile change on pass and clears it; only while it is pending", async () => {
    const profile = await prisma.user.findUniqueOrThrow({ where: { email: "profile@example.com" } });
    const dialog = await load(loader, "/userList", ADMIN, { dialog: "profile", id: profile.id });
    expect(dialog.data.dialog.user.pendingCompany).toBe(profile.pendingCompany);
    const passed = await submit(action, "/userList", ADMIN, { intent: "profile", id: profile.id, decision: "pass" });
    expect(await flashOf(passed)).toMatchObject({ key: "admin.user.auditPassed" });
    expect(await prisma.user.findUniqueOrThrow({ where: { id: profile.id } })).toMatchObject({
      profileAudit: 2,
      company: profile.pendingCompany,
      businessAddress: profile.pendingBusinessAddress,
      iaeCountries: profile.pendingIaeCountries,
      pendingCompany: null,
      pendingBusinessAddress: null,
      pendingIaeCountries: null,
    });
    const again = await submit(action, "/userList", ADMIN, { intent: "profile", id: profile.id, decision: "fail", reason: "资料不全" });
    expect(await flashOf(again)).toMatchObject({ type: "error", key: "admin.user.noPendingProfile" });

    await prisma.user.update({ where: { id: profile.id }, data: { profileAudit: 1, pendingCompany: "拒绝的公司" } });
    await submit(action, "/userList", ADMIN, { intent: "profile", id: profile.id, decision: "fail", reason: "资料不全" });
    expect(await prisma.user.findUniqueOrThrow({ where: { id: profile.id } })).toMatchObject({
      profileAudit: 3,
      pendingCompany: null,
      company: profile.pendingCompany,
    });
  });
});

describe("views, handover, state, delete", () => {
  it("assigns views only to administrators, customer service, sales and sales managers", async () => {
    const saved = await submit(action, "/userList?dialog=view&id=2", ADMIN, { intent: "view", id: 2, viewIds: [1, 2] });
    expect(await flashOf(saved)).toMatchObject({ key: "admin.user.viewSaved" });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: 2 } })).viewIds).toEqual([1, 2]);
    await submit(action, "/userList", ADMIN, { intent: "view", id: 2, viewIds: [2] });
    expect((await load(loader, "/userList", ADMIN, { dialog: "view", id: 11 })).status).toBe(404);
    const customer = await submit(action, "/userList", ADMIN, { intent: "view", id: 11, viewIds: [1] });
    expect(await flashOf(customer)).toMatchObject({ type: "error", key: "admin.user.viewNotOffered" });
    expect((await load(loader, "/userList", ADMIN, { dialog: "handover", id: 11 })).status).toBe(404);
  });

  it("hands all customers of a leaving staff member over in one go", async () => {
    const before = await prisma.user.count({ where: { OR: [{ salesId: 2 }, { customerServiceId: 2 }] } });
    expect(before).toBeGreaterThan(0);
    const self = await submit(action, "/userList?dialog=handover&id=2", ADMIN, { intent: "handover", id: 2, targetId: 2 });
    expect(self.data.error.targetId).toEqual(["admin.user.handoverTargetRequired"]);
    // Only to an active member of the leaver's role (sales 2 → sales 3), so every customer keeps a valid salesperson.
    const done = await submit(action, "/userList?dialog=handover&id=2", ADMIN, { intent: "handover", id: 2, targetId: 3 });
    expect(await flashOf(done)).toMatchObject({ type: "success", key: "admin.user.handedOver" });
    expect(await prisma.user.count({ where: { OR: [{ salesId: 2 }, { customerServiceId: 2 }] } })).toBe(0);
    expect(await prisma.user.count({ where: { salesId: 3 } })).toBeGreaterThanOrEqual(before);
    const none = await submit(action, "/userList?dialog=handover&id=2", ADMIN, { intent: "handover", id: 2, targetId: 3 });
    expect(await flashOf(none)).toMatchObject({ type: "error", key: "admin.user.noCustomersToHandOver" });
  });

  it("freezing revokes the user's sessions at once; unfreezing lets them sign in again", async () => {
    const t1Cookie = await loginAs("t1@example.com");
    const frozen = await submit(action, "/userList", ADMIN, { intent: "state", id: 11, state: 2, confirm: 1 });
    expect(await flashOf(frozen)).toMatchObject({ key: "admin.user.stateSaved" });
    expect(await prisma.session.count({ where: { userId: 11, revokedAt: null } })).toBe(0);
    // The next page says so (/freeze), it does not turn them into a visitor silently.
    const next = await callRoute(rootLoader, getRequest("/home", undefined, { cookie: t1Cookie }));
    expect(next.headers.get("Location")).toBe("/freeze");
    await submit(action, "/userList", ADMIN, { intent: "state", id: 11, state: 1 });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: 11 } })).state).toBe(1);
    await loginAs("t1@example.com");
    const self = await submit(action, "/userList", ADMIN, { intent: "state", id: 1, state: 2, confirm: 1 });
    expect(self.status).toBe(403);
    expect(self.data).toEqual({ message: "admin.authority.notYourself" });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: 1 } })).state).toBe(1);
  });

  it("refuses to delete a user who still has customers, deletes otherwise", async () => {
    const withCustomers = await submit(action, "/userList", ADMIN, { intent: "delete", id: 4 });
    expect(await flashOf(withCustomers)).toMatchObject({ type: "error", key: "admin.user.hasCustomers" });
    const cancel = await submit(action, "/userList?dialog=delete&id=14", ADMIN, { intent: "cancelDelete", id: 14 });
    expect(await flashOf(cancel)).toMatchObject({ type: "info", key: "admin.common.cancelledDelete" });
    const ok = await submit(action, "/userList?dialog=delete&id=14", ADMIN, { intent: "delete", id: 14 });
    expect(await flashOf(ok)).toMatchObject({ type: "success", key: "admin.user.deleted" });
    expect(await prisma.user.findUnique({ where: { id: 14 } })).toBeNull();
    expect(await prisma.operationLog.findFirst({ where: { module: "delete", operation: "users", targetIds: "14" } })).not.toBeNull();
  });

  it("uploads a QR card for staff only, jpg/png by content, at most 2 MB", async () => {
    const dialog = await load(loader, "/userList", ADMIN, { dialog: "edit", id: 4 });
    expect(dialog.data.dialog.user.internal).toBe(true);
    expect((await load(loader, "/userList", ADMIN, { dialog: "edit", id: 11 })).data.dialog.user.internal).toBe(false);

    const ok = await upload(action, "/userList?dialog=edit&id=4", ADMIN, {
      intent: "wxCode",
      id: "4",
      wxCode: fileOf(PNG_BYTES, "card.png", "image/png"),
    });
    expect(await flashOf(ok)).toMatchObject({ type: "success", key: "admin.user.wxCodeSaved" });
    const first = (await prisma.user.findUniqueOrThrow({ where: { id: 4 } })).wxCodePath;
    expect(first).toMatch(/^[0-9a-f]{32}\.png$/);
    await upload(action, "/userList", ADMIN, { intent: "wxCode", id: "4", wxCode: fileOf(JPEG_BYTES, "card.jpeg", "image/jpeg") });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: 4 } })).wxCodePath).toMatch(/\.jpg$/);

    const gif = await upload(action, "/userList", ADMIN, {
      intent: "wxCode",
      id: "4",
      wxCode: fileOf(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0]), "card.png", "image/png"),
    });
    // A refused card keeps the edit dialog open with its message (issue 22 item 14).
    expect(gif.status).toBe(415);
    expect(gif.data).toEqual({ status: "error", error: { wxCode: ["admin.user.wxCodeInvalid"] } });
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set(PNG_BYTES);
    const tooLarge = await upload(action, "/userList", ADMIN, { intent: "wxCode", id: "4", wxCode: fileOf(big, "big.png", "image/png") });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.data).toEqual({ status: "error", error: { wxCode: ["admin.user.wxCodeTooLarge"] } });
    const customer = await upload(action, "/userList", ADMIN, {
      intent: "wxCode",
      id: "11",
      wxCode: fileOf(PNG_BYTES, "card.png", "image/png"),
    });
    expect(customer.data).toEqual({ status: "error", error: { wxCode: ["admin.user.wxCodeStaffOnly"] } });
  });

  it("shows the action column only with one of the rights 72, 73, 75, 86, 90, 96", async () => {
    // The manager's role: keep only /userList and 71 (add).
    await prisma.rolePermission.deleteMany({ where: { roleId: 27, menuId: { in: [72, 73, 75, 86, 90, 96] } } });
    const result = await load(loader, "/userList", MANAGER);
    expect(result.data.rights).toMatchObject({ add: true, actions: false });
  });
});
