// The findings of issue 17, each reproduced as a user found it (demo
// accounts, pages and the legacy API), and what must happen instead: nobody
// grants more than they hold, and the back office cannot lock itself out.
// The full actor x target x operation matrix is tests/security/authority.test.ts.
import { describe, expect, it } from "vitest";
import { action as userAction, loader as userLoader } from "~/routes/admin/userList";
import { action as roleAction } from "~/routes/admin/roleList";
import { loader as outboxLoader } from "~/routes/admin/app-query";
import { loadViewer } from "~/domain/accounts/viewer.server";
import { hasPath } from "~/domain/permissions/permissions.server";
import { sendEmailCode } from "~/domain/accounts/email-codes.server";
import { prisma } from "~/utils/db.server";
import { apiEndpoints } from "~/api/registry.server";
import { api, tokenOf } from "../api/helpers";
import { ADMIN, load, MANAGER, SALES, submit } from "./helpers";
import { loginAs } from "../support/requests";

const T1 = 11;
const T2 = 12;

async function refusalsSince(mark: bigint) {
  return prisma.operationLog.findMany({ where: { id: { gt: mark }, module: "refused" }, orderBy: { id: "asc" } });
}

async function logMark(): Promise<bigint> {
  return (await prisma.operationLog.aggregate({ _max: { id: true } }))._max.id ?? 0n;
}

describe("issue 17 findings", () => {
  it("sales (right 73, no role management) is offered and may assign customer roles only; t2 cannot reach the data export", async () => {
    const dialog = await load(userLoader, "/userList", SALES, { dialog: "edit", id: T2 });
    expect(dialog.status).toBe(200);
    const offered = dialog.data.options.roles.map((role: { id: number }) => role.id).sort((a: number, b: number) => a - b);
    expect(offered).toEqual([20, 21, 22]);

    const t2 = await prisma.user.findUniqueOrThrow({ where: { id: T2 } });
    const mark = await logMark();
    const forged = await submit(userAction, `/userList?dialog=edit&id=${T2}`, SALES, {
      intent: "update",
      id: T2,
      username: t2.username,
      phone: t2.phone,
      businessAddress: t2.businessAddress!,
      company: t2.company!,
      salesId: 2,
      customerServiceId: 4,
      roleId: 14,
      customerRating: 3,
    });
    expect(forged.status).toBe(403);
    expect(JSON.stringify(forged.data)).toContain("admin.authority.roleNotGrantable");
    expect(await prisma.user.findUniqueOrThrow({ where: { id: T2 } })).toEqual(t2);
    const [refusal] = await refusalsSince(mark);
    expect(refusal).toMatchObject({ operation: "users", targetIds: String(T2), userId: 2 });
    expect(refusal.params).toContain("user.setRole");
    expect(refusal.params).toContain("rid: 21 → 14");

    const exported = await api("GET", "/data/exportfcl", { token: await tokenOf("t2@example.com") });
    expect(exported.http).toBe(403);
  });

  it("POST /my/saverole with the sales token cannot make customer t1 an administrator", async () => {
    const mark = await logMark();
    const result = await api("POST", "/my/saverole", { token: await tokenOf(SALES), body: { id: T1, rid: 1 } });
    expect(result.http).toBe(403);
    expect(result.body.status).not.toBe(0);
    expect(result.body.message).toBe("你无权分配该角色");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: T1 } })).roleId).toBe(20);
    expect((await refusalsSince(mark)).map((r) => r.params)).toEqual([expect.stringContaining("user.setRole")]);
    const english = await api("POST", "/my/saverole", { token: await tokenOf(SALES), body: { id: T1, rid: 1 }, query: { lng: "en-US" } });
    expect(english.body.message).toBe("You may not assign this role");
    const fcl = await api("GET", "/data/fclbysea", { token: await tokenOf("t1@example.com") });
    expect(fcl.http).toBe(403);
  });

  it("sales.global cannot make itself administrator with PUT /my/edituser", async () => {
    const token = await tokenOf("sales.global@example.com");
    const me = await prisma.user.findUniqueOrThrow({ where: { email: "sales.global@example.com" } });
    const result = await api("PUT", "/my/edituser", {
      token,
      body: {
        id: me.id,
        username: me.username,
        phone: me.phone,
        businessaddress: "上海",
        company: "环宇",
        sales_id: 2,
        customer_id: 4,
        rid: 1,
        customer_rating: 1,
      },
    });
    expect(result.http).toBe(403);
    expect(result.body.message).toBe("不能修改自己的角色、等级、状态、视图或权限");
    expect(await prisma.user.findUniqueOrThrow({ where: { id: me.id } })).toEqual(me);
  });

  it("the manager cannot freeze the administrator (PUT /my/updatestate id=1 statesw=2); the admin still signs in", async () => {
    const result = await api("PUT", "/my/updatestate", { token: await tokenOf(MANAGER), body: { id: 1, statesw: 2 } });
    expect(result.http).toBe(403);
    expect(result.body.message).toBe("无权操作该用户：其角色不低于你的角色");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: 1 } })).state).toBe(1);
    await expect(loginAs(ADMIN)).resolves.toBeTruthy();
  });

  it("the administrator cannot take user, role or menu management away from its own role", async () => {
    const kept = (await prisma.rolePermission.findMany({ where: { roleId: 1, halfChecked: false } })).map((p) => p.menuId);
    const withoutRoles = kept.filter((id) => id !== 3);
    const result = await submit(roleAction, "/roleList?dialog=permissions&id=1", ADMIN, {
      intent: "permissions",
      id: 1,
      menuId: withoutRoles,
    });
    expect(result.status).toBe(403);
    expect(JSON.stringify(result.data)).toContain("admin.authority.adminKeepsManagement");
    const viewer = await loadViewer(1);
    expect(hasPath(viewer, "/roleList")).toBe(true);
    expect((await prisma.rolePermission.findMany({ where: { roleId: 1, halfChecked: false } })).map((p) => p.menuId).sort()).toEqual(
      [...kept].sort(),
    );
  });

  it("handover goes only to an active member of the leaving member's role", async () => {
    const customers = await prisma.user.count({ where: { customerServiceId: 4 } });
    expect(customers).toBeGreaterThan(0);
    const receiverBefore = await prisma.user.count({ where: { customerServiceId: 7 } });
    const dialog = await load(userLoader, "/userList", ADMIN, { dialog: "handover", id: 4 });
    expect(dialog.data.options.staff.map((s: { roleId: number }) => s.roleId)).toEqual(expect.arrayContaining([13]));
    expect(new Set(dialog.data.options.staff.map((s: { roleId: number }) => s.roleId))).toEqual(new Set([13]));
    const wrong = await submit(userAction, "/userList?dialog=handover&id=4", ADMIN, { intent: "handover", id: 4, targetId: 5 });
    expect(wrong.status).toBe(400);
    expect(wrong.data.error.targetId).toEqual(["admin.authority.handoverSameRole"]);
    expect(await prisma.user.count({ where: { customerServiceId: 5 } })).toBe(0);
    const right = await submit(userAction, "/userList?dialog=handover&id=4", ADMIN, { intent: "handover", id: 4, targetId: 7 });
    expect(right.status).toBe(302);
    expect(await prisma.user.count({ where: { customerServiceId: 7 } })).toBe(receiverBefore + customers);
    expect(await prisma.user.count({ where: { customerServiceId: 4 } })).toBe(0);
  });

  it("the outbox never shows a reset code to staff", async () => {
    await sendEmailCode({ email: SALES, purpose: "RESET_PASSWORD", lng: "zh-CN", ip: null });
    const mail = await prisma.emailOutbox.findFirstOrThrow({ where: { toAddress: SALES, kind: "reset_code" }, orderBy: { id: "desc" } });
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const detail = await load(outboxLoader, "/app-query", ADMIN, { dialog: "view", id: mail.id });
    expect(detail.status).toBe(200);
    expect(detail.data.mail).toMatchObject({
      toAddress: SALES,
      subject: mail.subject,
      status: mail.status,
      text: null,
      confidential: true,
    });
    expect(JSON.stringify(detail.data)).not.toContain(code);
    const list = await load(outboxLoader, "/app-query", ADMIN, { q: SALES });
    expect(list.data.rows.map((r: { id: number }) => r.id)).toContain(mail.id);
    expect(JSON.stringify(list.data)).not.toContain(code);
    // No call of the API shows it either (every GET of the registry, as the administrator).
    const token = await tokenOf(ADMIN);
    for (const endpoint of apiEndpoints.filter((e) => e.method === "GET")) {
      const result = await api("GET", endpoint.path.replace(/\{\w+\}/g, String(mail.id)), { token });
      expect(JSON.stringify(result.body), endpoint.path).not.toContain(code);
    }
    // An order mail stays readable.
    const order = await prisma.emailOutbox.findFirstOrThrow({ where: { kind: { startsWith: "order" } } });
    expect((await load(outboxLoader, "/app-query", ADMIN, { dialog: "view", id: order.id })).data.mail.text).toBe(order.text);
  });
});
