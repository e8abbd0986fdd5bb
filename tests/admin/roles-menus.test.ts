// Roles (administration.md 2.2) and menus (2.3): level rules, name lengths,
// deletion rules, strict permission saving with half-checked parents, rights
// 32/33/34 on the server, and an operation-log row for every change.
import { describe, expect, it } from "vitest";
import { action as roleAction, loader as roleLoader } from "~/routes/admin/roleList";
import { action as menuAction, loader as menuLoader } from "~/routes/admin/menuList";
import { prisma } from "~/utils/db.server";
import { loadViewer } from "~/domain/accounts/viewer.server";
import { ADMIN, flashOf, load, MANAGER, submit } from "./helpers";

const logCount = () => prisma.operationLog.count();

describe("roles", () => {
  it("lists the tree with depths and offers edit only for roles below level 1", async () => {
    const result = await load(roleLoader, "/roleList", ADMIN);
    expect(result.status).toBe(200);
    const rows = result.data.rows as { id: number; depth: number; level: number }[];
    expect(rows.find((r) => r.id === 2)).toMatchObject({ depth: 0, level: 1 });
    expect(rows.find((r) => r.id === 1)).toMatchObject({ depth: 1, level: 2 });
    // A level-1 role has no edit or permission dialog.
    expect((await load(roleLoader, "/roleList", ADMIN, { dialog: "edit", id: 2 })).status).toBe(404);
    expect((await load(roleLoader, "/roleList", ADMIN, { dialog: "permissions", id: 3 })).status).toBe(404);
    expect((await load(roleLoader, "/roleList", ADMIN, { dialog: "edit", id: 12 })).data.dialog.role.name).toBe("销售");
  });

  it("applies the level rule and the name length", async () => {
    const before = await logCount();
    const bad = [
      { name: "测试角色", parentId: 0, level: 2 }, // no parent → level 1 only
      { name: "测试角色", parentId: 2, level: 1 }, // level-1 parent → level 2
      { name: "测试角色", parentId: 27, level: 2 }, // level-2 parent → level 3
    ];
    for (const fields of bad) {
      const result = await submit(roleAction, "/roleList?dialog=add", ADMIN, { intent: "create", ...fields });
      expect(result.status).toBe(400);
      expect(result.data.error.level).toEqual(["admin.tree.levelRule"]);
    }
    const short = await submit(roleAction, "/roleList?dialog=add", ADMIN, { intent: "create", name: "甲", parentId: 0, level: 1 });
    expect(short.data.error.name).toEqual(["admin.role.nameLength"]);
    const long = await submit(roleAction, "/roleList?dialog=add", ADMIN, {
      intent: "create",
      name: "一二三四五六七八九十一",
      parentId: 0,
      level: 1,
    });
    expect(long.data.error.name).toEqual(["admin.role.nameLength"]);
    expect(await logCount()).toBe(before);

    const ok = await submit(roleAction, "/roleList?dialog=add", ADMIN, {
      intent: "create",
      name: "华南销售",
      description: "华南区",
      parentId: 27,
      level: 3,
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/roleList");
    expect(await flashOf(ok)).toMatchObject({ type: "success", key: "admin.role.added" });
    const role = await prisma.role.findUniqueOrThrow({ where: { name: "华南销售" } });
    expect(role).toMatchObject({ parentId: 27, level: 3, description: "华南区" });
    expect(await logCount()).toBe(before + 1);

    const duplicate = await submit(roleAction, "/roleList?dialog=add", ADMIN, {
      intent: "create",
      name: "华南销售",
      parentId: 27,
      level: 3,
    });
    expect(duplicate.data.error.name).toEqual(["admin.role.nameTaken"]);
  });

  it("refuses to delete a role with children or users, deletes a leaf, and cancels with a message", async () => {
    const parent = await submit(roleAction, "/roleList", ADMIN, { intent: "delete", id: 3 });
    expect(await flashOf(parent)).toMatchObject({ type: "error", key: "admin.tree.hasChildren" });
    const withUsers = await submit(roleAction, "/roleList", ADMIN, { intent: "delete", id: 14 });
    expect(await flashOf(withUsers)).toMatchObject({ type: "error", key: "admin.role.hasUsers" });
    const leaf = await prisma.role.create({ data: { name: "临时角色", parentId: 2, level: 2 } });
    const cancel = await submit(roleAction, "/roleList?dialog=delete&id=" + leaf.id, ADMIN, { intent: "cancelDelete", id: leaf.id });
    expect(await flashOf(cancel)).toMatchObject({ type: "info", key: "admin.common.cancelledDelete" });
    expect(await prisma.role.findUnique({ where: { id: leaf.id } })).not.toBeNull();
    const done = await submit(roleAction, "/roleList?dialog=delete&id=" + leaf.id, ADMIN, { intent: "delete", id: leaf.id });
    expect(await flashOf(done)).toMatchObject({ type: "success", key: "admin.role.deleted" });
    expect(await prisma.role.findUnique({ where: { id: leaf.id } })).toBeNull();
  });

  it("does not let a level-1 role be edited or given permissions", async () => {
    const edit = await submit(roleAction, "/roleList", ADMIN, { intent: "update", id: 2, name: "公司内部员工", parentId: 0, level: 1 });
    expect(edit.status).toBe(403);
    const perms = await submit(roleAction, "/roleList", ADMIN, { intent: "permissions", id: 3, menuId: [2] });
    expect(await flashOf(perms)).toMatchObject({ type: "error", key: "admin.role.directoryLocked" });
  });

  it("saves strict checks with half-checked ancestors, and the member's menu changes on the next request", async () => {
    // Data staff (role 14): give them the operation log (23) and right 71 (under /userList, 2).
    const result = await submit(roleAction, "/roleList?dialog=permissions&id=14", ADMIN, {
      intent: "permissions",
      id: 14,
      menuId: [6, 7, 23, 71],
    });
    expect(result.status).toBe(302);
    expect(await flashOf(result)).toMatchObject({ type: "success", key: "admin.role.permissionsSaved" });
    const rows = await prisma.rolePermission.findMany({ where: { roleId: 14 }, orderBy: { menuId: "asc" } });
    expect(rows.map((r) => [r.menuId, r.halfChecked])).toEqual([
      [1, true], // ancestor of 71
      [2, true], // parent of 71, not checked itself
      [5, true], // parent of 6 and 7 (not all of its children: still half)
      [6, false],
      [7, false],
      [21, true], // parent of 23
      [23, false],
      [71, false],
    ]);
    const viewer = await loadViewer(6);
    expect(viewer!.permissionIds.sort((a, b) => a - b)).toEqual([6, 7, 23, 71]);
    const dialog = await load(roleLoader, "/roleList", ADMIN, { dialog: "permissions", id: 14 });
    expect(dialog.data.dialog.checked).toEqual([6, 7, 23, 71]);
    expect(
      await prisma.operationLog.findFirst({
        where: { module: "permission", operation: "roles", targetIds: "14" },
        orderBy: { id: "desc" },
      }),
    ).toMatchObject({
      params: "pid: [5,6,7,8,9,10,11,12,13,14,25,26,27] → [6,7,23,71]",
    });
  });
});

describe("menus", () => {
  it("lists the tree expanded with index, level, path and icon", async () => {
    const result = await load(menuLoader, "/menuList", ADMIN);
    const rows = result.data.rows as { index: number; id: number; depth: number; path: string | null }[];
    expect(rows[0]).toMatchObject({ index: 1, id: 1, depth: 0 });
    expect(rows.find((r) => r.id === 71)).toMatchObject({ depth: 2 });
    expect(rows.length).toBe(await prisma.menu.count());
    expect(result.data.rights).toEqual({ add: true, edit: true, delete: true });
  });

  it("checks rights 32, 33 and 34 on the server", async () => {
    // The manager holds /userList (2) but not /menuList; give their role the screen only.
    await prisma.rolePermission.create({ data: { roleId: 27, menuId: 4 } });
    const screen = await load(menuLoader, "/menuList", MANAGER);
    expect(screen.status).toBe(200);
    expect(screen.data.rights).toEqual({ add: false, edit: false, delete: false });
    expect((await load(menuLoader, "/menuList", MANAGER, { dialog: "add" })).status).toBe(403);
    expect((await submit(menuAction, "/menuList", MANAGER, { intent: "create", label: "新菜单", parentId: 0, level: 1 })).status).toBe(403);
    expect(
      (await submit(menuAction, "/menuList", MANAGER, { intent: "update", id: 16, label: "特价", parentId: 15, level: 2 })).status,
    ).toBe(403);
    expect((await submit(menuAction, "/menuList", MANAGER, { intent: "delete", id: 20 })).status).toBe(403);
    expect(await prisma.menu.findUnique({ where: { id: 20 } })).not.toBeNull();
  });

  it("validates label length and the level rule; level-3 parents are not offered", async () => {
    const dialog = await load(menuLoader, "/menuList", ADMIN, { dialog: "add" });
    const parents = dialog.data.dialog.parents as { id: number; level: number }[];
    expect(parents.every((p) => p.level < 3)).toBe(true);
    expect(parents.some((p) => p.id === 71)).toBe(false);

    const short = await submit(menuAction, "/menuList?dialog=add", ADMIN, { intent: "create", label: "A", parentId: 0, level: 1 });
    expect(short.data.error.label).toEqual(["admin.menu.labelLength"]);
    const missing = await submit(menuAction, "/menuList?dialog=add", ADMIN, { intent: "create", label: "", parentId: "", level: "" });
    expect(missing.data.error.label).toEqual(["admin.menu.labelRequired"]);
    expect(missing.data.error.parentId).toEqual(["admin.menu.parentRequired"]);
    expect(missing.data.error.level).toEqual(["admin.menu.levelRequired"]);
    const underRight = await submit(menuAction, "/menuList?dialog=add", ADMIN, {
      intent: "create",
      label: "子按钮",
      parentId: 71,
      level: 3,
    });
    expect(underRight.data.error.parentId).toEqual(["admin.menu.parentRequired"]);

    // A level-2 entry must name a screen (/reports serves none: admin/admin-fixes.test.ts); a level-1 group needs no path.
    const ok = await submit(menuAction, "/menuList?dialog=add", ADMIN, {
      intent: "create",
      label: "报表中心",
      labelEn: "Reports",
      parentId: 0,
      level: 1,
      icon: "chart",
    });
    expect(ok.status).toBe(302);
    expect(await flashOf(ok)).toMatchObject({ key: "admin.menu.added" });
    expect(await prisma.menu.findFirst({ where: { label: "报表中心" } })).toMatchObject({ parentId: null, level: 1 });
  });

  it("never edits or deletes level-3 entries, and refuses entries with children", async () => {
    expect((await load(menuLoader, "/menuList", ADMIN, { dialog: "edit", id: 71 })).status).toBe(404);
    const edit = await submit(menuAction, "/menuList", ADMIN, { intent: "update", id: 71, label: "添加用户2", parentId: 2, level: 3 });
    expect(edit.status).toBe(403);
    const del = await submit(menuAction, "/menuList", ADMIN, { intent: "delete", id: 32 });
    expect(await flashOf(del)).toMatchObject({ type: "error", key: "admin.menu.levelThreeLocked" });
    const parent = await submit(menuAction, "/menuList", ADMIN, { intent: "delete", id: 1 });
    expect(await flashOf(parent)).toMatchObject({ type: "error", key: "admin.tree.hasChildren" });
    const extra = await prisma.menu.create({ data: { label: "临时入口", parentId: 15, level: 2, path: "/temporary" } });
    await prisma.rolePermission.create({ data: { roleId: 1, menuId: extra.id } });
    const leaf = await submit(menuAction, `/menuList?dialog=delete&id=${extra.id}`, ADMIN, { intent: "delete", id: extra.id });
    expect(await flashOf(leaf)).toMatchObject({ type: "success", key: "admin.menu.deleted" });
    expect(await prisma.menu.findUnique({ where: { id: extra.id } })).toBeNull();
    expect(await prisma.rolePermission.count({ where: { menuId: extra.id } })).toBe(0);
  });

  it("keeps the entries operations rely on: their path stays, they are not deleted, and no two entries share a path", async () => {
    // /app-query (20) is a screen of the operation registry; so is /roleList (3).
    const system = await submit(menuAction, "/menuList", ADMIN, { intent: "delete", id: 20 });
    expect(await flashOf(system)).toMatchObject({ type: "error", key: "admin.menu.systemEntry" });
    expect(await prisma.menu.findUnique({ where: { id: 20 } })).not.toBeNull();
    const moved = await submit(menuAction, "/menuList", ADMIN, {
      intent: "update",
      id: 3,
      label: "角色管理",
      parentId: 1,
      level: 2,
      path: "/roles-elsewhere",
    });
    expect(moved.status).toBe(409);
    expect(moved.data.error.path).toEqual(["admin.menu.systemEntry"]);
    // Renaming keeps working.
    const renamed = await submit(menuAction, "/menuList", ADMIN, {
      intent: "update",
      id: 3,
      label: "角色与权限",
      parentId: 1,
      level: 2,
      path: "/roleList",
      icon: "team",
    });
    expect(renamed.status).toBe(302);
    // Another entry cannot take a screen's path (and with it, the screen).
    const taken = await submit(menuAction, "/menuList", ADMIN, {
      intent: "create",
      label: "假用户管理",
      parentId: 15,
      level: 2,
      path: "/userList",
    });
    expect(taken.status).toBe(400);
    expect(taken.data.error.path).toEqual(["admin.menu.pathTaken"]);
    expect(await prisma.menu.count({ where: { path: "/userList" } })).toBe(1);
  });
});
