// The menu tree (administration.md 2.3): its entries are the permissions.
// Levels 1 and 2 carry a path and an icon; level-3 entries are button rights
// (71, 32 ...) that code relies on, so they can be neither edited nor deleted.
// Entries whose path an operation needs (operations.server.ts: /userList,
// /roleList, the data screens ...) keep their path and cannot be deleted, and
// no two entries share a path: a path is a permission, so editing one must
// not hand a screen to whoever holds another entry (docs/decisions/303-authority.md).
import { prisma } from "~/utils/db.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { changesBetween, logOperation } from "~/domain/operation-log/operation-log.server";
import { fail, type Outcome } from "~/domain/outcome";
import type { MenuInput } from "./schemas";
import { levelUnder, subtreeIds, treeChoices } from "./tree";
import { operationPaths } from "~/domain/permissions/authority.server";

export type MenuRow = {
  id: number;
  parentId: number | null;
  label: string;
  labelEn: string | null;
  level: number;
  path: string | null;
  icon: string | null;
  sort: number;
};

export function listMenus(): Promise<MenuRow[]> {
  return prisma.menu.findMany({
    orderBy: [{ sort: "asc" }, { id: "asc" }],
    select: { id: true, parentId: true, label: true, labelEn: true, level: true, path: true, icon: true, sort: true },
  });
}

export function getMenu(id: number) {
  return prisma.menu.findUnique({ where: { id } });
}

/** Parent choices: level 1 and 2 entries (level-3 parents are not offered). */
export function menuParentChoices(menus: MenuRow[], editingId?: number) {
  const excluded = editingId ? subtreeIds(menus, editingId) : new Set<number>();
  return treeChoices(menus, (menu) => menu.level < 3 && !excluded.has(menu.id));
}

async function checkPlacement(input: MenuInput, editingId?: number): Promise<Outcome<{ parentId: number | null }>> {
  if (input.parentId === 0) {
    return input.level === 1 ? { ok: true, parentId: null } : fail(400, undefined, { level: ["admin.tree.levelRule"] });
  }
  const menus = await listMenus();
  const parent = menus.find((menu) => menu.id === input.parentId);
  if (!parent || parent.level >= 3) return fail(400, undefined, { parentId: ["admin.menu.parentRequired"] });
  if (editingId && subtreeIds(menus, editingId).has(parent.id)) return fail(400, undefined, { parentId: ["admin.tree.parentLoop"] });
  if (input.level !== levelUnder(parent.level)) return fail(400, undefined, { level: ["admin.tree.levelRule"] });
  return { ok: true, parentId: parent.id };
}

function dataOf(input: MenuInput, parentId: number | null) {
  return {
    label: input.label,
    labelEn: input.labelEn,
    parentId,
    level: input.level,
    path: input.path,
    icon: input.icon,
    sort: input.sort,
  };
}

/**
 * The paths a screen serves: every back-office screen authorizes an operation
 * of the registry that names its path (decision 303), so these are exactly
 * the back-office pages of the route table (tests/admin/admin-fixes.test.ts
 * compares them). A level-2 entry is a sidebar link: its path must be one of them.
 */
export function screenPaths(): string[] {
  return [...operationPaths()].sort();
}

function unknownScreen(input: MenuInput): Outcome<never> | null {
  if (input.level !== 2) return null;
  if (!input.path) return fail(400, undefined, { path: ["admin.menu.pathRequired"] });
  return operationPaths().has(input.path) ? null : fail(400, undefined, { path: ["admin.menu.pathUnknown"] });
}

/** A path already used by another entry (paths are permissions: one entry each). */
async function pathTaken(path: string | null, exceptId?: number): Promise<Outcome<never> | null> {
  if (!path) return null;
  const other = await prisma.menu.findFirst({ where: { path, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { id: true } });
  return other ? fail(400, undefined, { path: ["admin.menu.pathTaken"] }) : null;
}

export async function createMenu(viewer: Viewer, input: MenuInput): Promise<Outcome<{ id: number }>> {
  const placement = await checkPlacement(input);
  if (!placement.ok) return placement;
  const unknown = unknownScreen(input);
  if (unknown) return unknown;
  const taken = await pathTaken(input.path);
  if (taken) return taken;
  const menu = await prisma.$transaction(async (tx) => {
    const created = await tx.menu.create({ data: dataOf(input, placement.parentId) });
    await logOperation(tx, viewer, { module: "add", operation: "menus", targetIds: String(created.id), after: loggedMenu(created) });
    return created;
  });
  return { ok: true, id: menu.id };
}

export async function updateMenu(viewer: Viewer, id: number, input: MenuInput): Promise<Outcome> {
  const menu = await prisma.menu.findUnique({ where: { id }, include: { _count: { select: { children: true } } } });
  if (!menu) return fail(404, "admin.menu.loadFailed");
  if (menu.level === 3) return fail(403, "admin.menu.levelThreeLocked");
  if (menu.path && operationPaths().has(menu.path) && input.path !== menu.path)
    return fail(409, "admin.menu.systemEntry", { path: ["admin.menu.systemEntry"] });
  const placement = await checkPlacement(input, id);
  if (!placement.ok) return placement;
  if (menu._count.children > 0 && input.level !== menu.level) return fail(400, undefined, { level: ["admin.menu.levelLocked"] });
  const unknown = unknownScreen(input);
  if (unknown) return unknown;
  const taken = await pathTaken(input.path, id);
  if (taken) return taken;
  await prisma.$transaction(async (tx) => {
    await tx.menu.update({ where: { id }, data: dataOf(input, placement.parentId) });
    await logOperation(tx, viewer, {
      module: "edit",
      operation: "menus",
      targetIds: String(id),
      changes: changesBetween(
        { label: menu.label, Fid: menu.parentId, level: menu.level, indexPath: menu.path, icon: menu.icon },
        { label: input.label, Fid: placement.parentId, level: input.level, indexPath: input.path, icon: input.icon },
      ),
    });
  });
  return { ok: true };
}

/** A menu entry as logged (issue 22 item 12), with the spec's field names. */
function loggedMenu(menu: {
  label: string;
  labelEn: string | null;
  parentId: number | null;
  level: number;
  path: string | null;
  icon: string | null;
  sort: number;
}) {
  return {
    label: menu.label,
    labelEn: menu.labelEn,
    Fid: menu.parentId,
    level: menu.level,
    indexPath: menu.path,
    icon: menu.icon,
    sort: menu.sort,
  };
}

export async function deleteMenu(viewer: Viewer, id: number): Promise<Outcome> {
  const menu = await prisma.menu.findUnique({ where: { id }, include: { _count: { select: { children: true } } } });
  if (!menu) return fail(404, "admin.menu.deleteFailed");
  if (menu.level === 3) return fail(403, "admin.menu.levelThreeLocked");
  if (menu.path && operationPaths().has(menu.path)) return fail(409, "admin.menu.systemEntry");
  if (menu._count.children > 0) return fail(409, "admin.tree.hasChildren");
  await prisma.$transaction(async (tx) => {
    // Role permissions of the entry go with it (cascade).
    await tx.menu.delete({ where: { id } });
    await logOperation(tx, viewer, { module: "delete", operation: "menus", targetIds: String(id), before: loggedMenu(menu) });
  });
  return { ok: true };
}
