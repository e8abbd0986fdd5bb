// Query-trace logs (administration.md 2.7), the operation log (2.8), staff
// entrustments (/app-order) and the mail outbox (/app-query), with staff
// views applied everywhere (view 2: only their customers' rows).
import { describe, expect, it } from "vitest";
import { loader as queryLoader } from "~/routes/admin/query-logs";
import { loader as opLoader } from "~/routes/admin/log-list";
import { loader as orderLoader } from "~/routes/admin/app-order";
import { action as outboxAction, loader as outboxLoader } from "~/routes/admin/app-query";
import { modeByKey } from "~/domain/modes";
import { queryLogColumns } from "~/domain/logs/log-columns";
import { customerScope } from "~/domain/permissions/views.server";
import { prisma } from "~/utils/db.server";
import { OPERATIONS } from "~/domain/permissions/operations.server";
import zhAdmin from "~/locales/zh-CN/admin.json";
import enAdmin from "~/locales/en-US/admin.json";
import { getRequest, loginAs } from "../support/requests";
import { send, visibleText } from "../support/render";
import { ADMIN, flashOf, load, MANAGER, SALES, SALES_GLOBAL, SERVICE, submit } from "./helpers";

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe("staff views", () => {
  it("is one scope: global for view 1 and the administrator, own customers otherwise", () => {
    expect(customerScope({ id: 1, roleId: 1, viewIds: [] })).toEqual({});
    expect(customerScope({ id: 3, roleId: 12, viewIds: [1] })).toEqual({});
    expect(customerScope({ id: 3, roleId: 12, viewIds: [1, 2] })).toEqual({});
    const related = { OR: [{ salesId: 2 }, { customerServiceId: 2 }] };
    expect(customerScope({ id: 2, roleId: 12, viewIds: [2] })).toEqual(related);
    expect(customerScope({ id: 2, roleId: 12, viewIds: [] })).toEqual(related);
  });
});

describe("query-trace logs", () => {
  it("has per-mode columns of the spec", () => {
    expect(queryLogColumns(modeByKey("fcl"))).toEqual(["pol", "pod", "carrier"]);
    expect(queryLogColumns(modeByKey("lcl"))).toEqual(["pol", "pod"]);
    expect(queryLogColumns(modeByKey("rail"))).toEqual(["pol", "pod"]);
    expect(queryLogColumns(modeByKey("air"))).toEqual(["pol", "pod", "carrier"]);
    expect(queryLogColumns(modeByKey("trailer"))).toEqual(["dock", "doorPoint"]);
    expect(queryLogColumns(modeByKey("express"))).toEqual(["destination", "weight"]);
  });

  it("opens on FCL with size 10, sizes 1/2/5/10 and the past 365 days", async () => {
    const result = await load(queryLoader, "/query-logs", ADMIN);
    expect(result.data.modeKey).toBe("fcl");
    expect(result.data.page).toMatchObject({ size: 10, sizes: [1, 2, 5, 10] });
    const { from, to } = result.data.page.range;
    expect(to).toBe(result.data.page.today);
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(365);
    expect(result.data.page.total).toBe(await prisma.queryLog.count({ where: { mode: "FCL", operatedAt: { gte: daysAgo(366) } } }));
    expect(result.data.rows[0]).toHaveProperty("company");
    const express = await load(queryLoader, "/query-logs", ADMIN, { mode: "express", size: 2 });
    expect(express.data.rows.length).toBe(2);
    expect(express.data.rows[0].weight).toMatch(/^\d+(\.\d)?$/);
  });

  it("searches (by user too) and limits the range", async () => {
    const old = await prisma.queryLog.create({ data: { mode: "FCL", userId: 11, pol: "OLDPORT", pod: "X", operatedAt: daysAgo(400) } });
    const inDefault = await load(queryLoader, "/query-logs", ADMIN, { q: "oldport" });
    expect(inDefault.data.rows).toEqual([]);
    const open = await load(queryLoader, "/query-logs", ADMIN, { q: "oldport", from: "", to: "" });
    expect(open.data.rows.map((r: { id: string }) => r.id)).toEqual([old.id.toString()]);
    const byUser = await load(queryLoader, "/query-logs", ADMIN, { q: "other.t2@example.com", size: 10, from: "", to: "" });
    expect(byUser.data.rows.every((r: { email: string }) => r.email === "other.t2@example.com")).toBe(true);
    expect(byUser.data.rows.length).toBeGreaterThan(0);
  });

  it("shows view-2 staff only their customers' searches", async () => {
    const mine = await load(queryLoader, "/query-logs", SALES, { from: "", to: "" });
    const own = await prisma.queryLog.count({ where: { mode: "FCL", user: { OR: [{ salesId: 2 }, { customerServiceId: 2 }] } } });
    expect(mine.data.page.total).toBe(own);
    expect(mine.data.page.total).toBeLessThan(await prisma.queryLog.count({ where: { mode: "FCL" } }));
    const global = await load(queryLoader, "/query-logs", SALES_GLOBAL, { from: "", to: "" });
    expect(global.data.page.total).toBe(await prisma.queryLog.count({ where: { mode: "FCL" } }));
  });
});

describe("operation log", () => {
  it("pages by 5 by default and searches", async () => {
    const result = await load(opLoader, "/log-list", ADMIN);
    expect(result.data.page).toMatchObject({ size: 5, sizes: [1, 2, 5, 10] });
    expect(result.data.rows.length).toBe(5);
    const search = await load(opLoader, "/log-list", ADMIN, { q: "datastaff", size: 10 });
    expect(search.data.rows.every((r: { username: string }) => r.username === "datastaff")).toBe(true);
  });

  it("shows a related-view staff member only their own and their customers' rows", async () => {
    await prisma.rolePermission.create({ data: { roleId: 12, menuId: 23 } });
    await prisma.operationLog.create({ data: { module: "edit", operation: "profile", userId: 11, username: "t1" } });
    const result = await load(opLoader, "/log-list", SALES, { size: 10 });
    // Their own rows, their customers' rows, and rows of others on their customers (the user rows naming one).
    const customers = (await prisma.user.findMany({ where: customerScope({ id: 2, roleId: 12, viewIds: [2] }), select: { id: true } })).map(
      (u) => String(u.id),
    );
    for (const row of result.data.rows as Array<{ username: string; operation: string; targetIds: string | null }>)
      expect(
        ["sales", "t1"].includes(row.username) || (row.operation === "users" && customers.includes(row.targetIds ?? "")),
        JSON.stringify(row),
      ).toBe(true);
    const manager = await load(opLoader, "/log-list", MANAGER, { size: 10 });
    expect(manager.data.page.total).toBe(await prisma.operationLog.count({ where: { operatedAt: { gte: daysAgo(366) } } }));
  });

  it("shows a related-view staff member what others did to their customers, and nothing done to others' (issue 44 item 8)", async () => {
    // The administrator edits customer 11 (the salesperson's) and customer 17 (another salesperson's).
    await prisma.operationLog.create({ data: { module: "tier", operation: "users", userId: 1, username: "admin", targetIds: "11" } });
    await prisma.operationLog.create({ data: { module: "edit", operation: "users", userId: 1, username: "admin", targetIds: "17" } });
    const result = await load(opLoader, "/log-list", SALES, { size: 10 });
    const mine = result.data.rows.filter((r: { targetIds: string | null }) => r.targetIds === "11" || r.targetIds === "17");
    expect(mine.map((r: { module: string; targetIds: string }) => `${r.module} ${r.targetIds}`)[0]).toBe("tier 11");
    expect(mine.some((r: { targetIds: string }) => r.targetIds === "17")).toBe(false);
  });
});

describe("the operation log names people and operations, and says why a request was refused (issue 44 item 8)", () => {
  it("shows the target's name, the refused operation and the reason as a sentence, in both languages", async () => {
    const target = await prisma.user.findUniqueOrThrow({ where: { id: 11 } });
    await prisma.operationLog.create({
      data: {
        module: "refused",
        operation: "users",
        userId: 2,
        username: "sales",
        targetIds: "11",
        params: "user.setRole: targetOutranks",
      },
    });
    await prisma.operationLog.create({
      data: {
        module: "refused",
        operation: "roles",
        userId: 2,
        username: "sales",
        targetIds: null,
        params: "role.grantPermissions: permissionNotHeld",
      },
    });
    const cookie = await loginAs(ADMIN);
    for (const lng of ["zh-CN", "en-US"] as const) {
      const admin = lng === "zh-CN" ? zhAdmin : enAdmin;
      const page = await send(getRequest("/log-list", { lng, size: 10 }, { cookie }));
      expect(page.status).toBe(200);
      const text = visibleText(page.html);
      const sentence = (verb: keyof typeof admin.logs.verbs, reason: keyof typeof admin.authority) =>
        admin.logs.refused.replace("{{operation}}", admin.logs.verbs[verb]).replace("{{reason}}", admin.authority[reason]);
      expect(text).toContain(sentence("setRole", "targetOutranks"));
      expect(text).toContain(sentence("grantPermissions", "permissionNotHeld"));
      expect(text).toContain(target.username);
      expect(text).not.toContain("targetOutranks");
      expect(text).not.toContain("user.setRole");
      expect(text).not.toContain("{{");
    }
  });

  it("has a name for every operation of the registry, in both languages", () => {
    for (const id of Object.keys(OPERATIONS)) {
      const verb = id.slice(id.lastIndexOf(".") + 1);
      expect(zhAdmin.logs.verbs, id).toHaveProperty(verb);
      expect(enAdmin.logs.verbs, id).toHaveProperty(verb);
    }
  });
});

describe("entrustments and outbox", () => {
  it("lists entrustments within the view and opens the detail", async () => {
    const all = await load(orderLoader, "/app-order", ADMIN);
    expect(all.data.page.total).toBe(await prisma.entrustment.count());
    // Sales 2 owns the seeded customers 11 and 12; move one entrustment's customer away.
    await prisma.user.update({ where: { id: 12 }, data: { salesId: 3, customerServiceId: 7 } });
    const mine = await load(orderLoader, "/app-order", SALES);
    expect(mine.data.page.total).toBe(
      await prisma.entrustment.count({ where: { user: { OR: [{ salesId: 2 }, { customerServiceId: 2 }] } } }),
    );
    const foreign = await prisma.entrustment.findFirstOrThrow({ where: { userId: 12 } });
    expect((await load(orderLoader, "/app-order", SALES, { dialog: "view", id: foreign.id })).status).toBe(404);
    const detail = await load(orderLoader, "/app-order", ADMIN, { dialog: "view", id: foreign.id });
    expect(detail.data.detail).toMatchObject({ id: foreign.id, user: { username: "t2" } });
  });

  it("shows the outbox with states and retries only FAILED mails", async () => {
    const list = await load(outboxLoader, "/app-query", ADMIN, { status: "FAILED" });
    expect(list.data.rows.length).toBeGreaterThan(0);
    expect(list.data.statusCounts.FAILED).toBe(list.data.rows.length);
    const failed = list.data.rows[0];
    expect(failed.lastError).toBeTruthy();
    const sent = await prisma.emailOutbox.findFirstOrThrow({ where: { status: "SENT" } });
    const refused = await submit(outboxAction, "/app-query", ADMIN, { intent: "retry", id: sent.id });
    expect(await flashOf(refused)).toMatchObject({ type: "error", key: "admin.outbox.notFailed" });
    const before = Date.now();
    const retried = await submit(outboxAction, "/app-query?status=FAILED", ADMIN, { intent: "retry", id: failed.id });
    expect(retried.headers.get("Location")).toBe("/app-query?status=FAILED");
    expect(await flashOf(retried)).toMatchObject({ type: "success", key: "admin.outbox.retried" });
    const row = await prisma.emailOutbox.findUniqueOrThrow({ where: { id: failed.id } });
    expect(row.status).toBe("PENDING");
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("limits a related-view reader to mails about their customers", async () => {
    const service = await load(outboxLoader, "/app-query", SERVICE, { size: 200 });
    const expected = await prisma.emailOutbox.count({
      where: { entrustment: { user: { OR: [{ salesId: 4 }, { customerServiceId: 4 }] } } },
    });
    expect(service.data.page.total).toBe(expected);
    expect(service.data.page.total).toBeLessThan(await prisma.emailOutbox.count());
  });
});
