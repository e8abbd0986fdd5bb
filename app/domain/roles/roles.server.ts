// Roles (administration.md 2.2, 4, 5): a tree of at most three levels; level-1
// roles are directories (not editable, no permissions, never given to users).
// Permissions are the menu ids a role holds, saved with strict checking.
// The grant rules (docs/decisions/303-authority.md): a role manager changes
// only roles below their own, places roles under their own or below, grants
// only permissions they hold; customer roles hold none; the administrator
// role keeps user, role and menu management and is never deleted.
import { prisma } from "~/utils/db.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { changesBetween, logOperation } from "~/domain/operation-log/operation-log.server";
import { ADMIN_ROLE_ID } from "~/domain/permissions/permissions.server";
import {
  deny,
  isAdministrator,
  managementMenuIds,
  placeableUnder,
  refuse,
  roleDenial,
  RoleTree,
  type Actor,
} from "~/domain/permissions/authority.server";
import { fail, type Outcome } from "~/domain/outcome";
import { uniqueViolation } from "~/utils/unique-violation.server";
import { halfCheckedAncestors, levelUnder, subtreeIds, treeChoices } from "~/domain/menus/tree";
import type { RoleInput } from "./schemas";

export type RoleRow = {
  id: number;
  name: string;
  nameEn: string | null;
  description: string | null;
  descriptionEn: string | null;
  parentId: number | null;
  level: number;
  childCount: number;
  userCount: number;
};

export async function listRoles(): Promise<RoleRow[]> {
  const roles = await prisma.role.findMany({
    orderBy: [{ level: "asc" }, { id: "asc" }],
    select: {
      id: true,
      name: true,
      nameEn: true,
      description: true,
      descriptionEn: true,
      parentId: true,
      level: true,
      _count: { select: { children: true, users: true } },
    },
  });
  return roles.map(({ _count, ...role }) => ({ ...role, childCount: _count.children, userCount: _count.users }));
}

/** Every role with its fully checked permission ids (two statements). */
export async function listRolesWithPermissions(): Promise<(RoleRow & { permissionIds: number[] })[]> {
  const [roles, grants] = await Promise.all([
    listRoles(),
    prisma.rolePermission.findMany({ where: { halfChecked: false }, select: { roleId: true, menuId: true }, orderBy: { menuId: "asc" } }),
  ]);
  const byRole = new Map<number, number[]>();
  for (const grant of grants) byRole.set(grant.roleId, [...(byRole.get(grant.roleId) ?? []), grant.menuId]);
  return roles.map((role) => ({ ...role, permissionIds: byRole.get(role.id) ?? [] }));
}

export function getRole(id: number) {
  return prisma.role.findUnique({ where: { id } });
}

/** Parent choices: roles of level 1 and 2 (a level-3 role cannot have children). */
export function parentChoices(roles: RoleRow[], editingId?: number) {
  const excluded = editingId ? subtreeIds(roles, editingId) : new Set<number>();
  return treeChoices(roles, (role) => role.level < 3 && !excluded.has(role.id));
}

/** Checks the level rule: no parent → 1; level-1 parent → 2; level-2 parent → 3. */
async function checkPlacement(input: RoleInput, editingId?: number): Promise<Outcome<{ parentId: number | null }>> {
  if (input.parentId === 0) {
    return input.level === 1 ? { ok: true, parentId: null } : fail(400, undefined, { level: ["admin.tree.levelRule"] });
  }
  const roles = await listRoles();
  const parent = roles.find((role) => role.id === input.parentId);
  if (!parent || parent.level >= 3) return fail(400, undefined, { parentId: ["admin.tree.parentRequired"] });
  if (editingId && subtreeIds(roles, editingId).has(parent.id)) return fail(400, undefined, { parentId: ["admin.tree.parentLoop"] });
  if (input.level !== levelUnder(parent.level)) return fail(400, undefined, { level: ["admin.tree.levelRule"] });
  return { ok: true, parentId: parent.id };
}

function nameTaken(error: unknown): Outcome<never> | null {
  return uniqueViolation(error) ? fail(400, undefined, { name: ["admin.role.nameTaken"] }) : null;
}

/** A new or moved role's place: under the viewer's own role or below it (a new directory: administrators only). */
async function placementRefusal(
  tree: RoleTree,
  viewer: Viewer,
  operation: "role.create" | "role.update",
  parentId: number | null,
  targetId?: number,
) {
  const allowed = parentId === null ? isAdministrator(viewer) : placeableUnder(tree, viewer, parentId);
  return allowed
    ? null
    : refuse(viewer, operation, deny("parentNotAllowed", 403, "parentId"), {
        targetIds: targetId ?? null,
        changes: { Fidrole: [null, parentId ?? 0] },
      });
}

export async function createRole(viewer: Viewer, input: RoleInput): Promise<Outcome<{ id: number }>> {
  const placement = await checkPlacement(input);
  if (!placement.ok) return placement;
  const refused = await placementRefusal(await RoleTree.load(), viewer, "role.create", placement.parentId);
  if (refused) return refused;
  try {
    const role = await prisma.$transaction(async (tx) => {
      const created = await tx.role.create({
        data: roleRecord(input, placement.parentId),
      });
      await logOperation(tx, viewer, { module: "add", operation: "roles", targetIds: String(created.id), after: loggedRole(created) });
      return created;
    });
    return { ok: true, id: role.id };
  } catch (error) {
    const taken = nameTaken(error);
    if (taken) return taken;
    throw error;
  }
}

export async function updateRole(viewer: Viewer, id: number, input: RoleInput): Promise<Outcome> {
  const role = await prisma.role.findUnique({ where: { id }, include: { _count: { select: { children: true } } } });
  if (!role) return fail(404, "admin.role.loadFailed");
  const tree = await RoleTree.load();
  const denial = roleDenial(tree, viewer, id);
  if (denial) return refuse(viewer, "role.update", denial, { targetIds: id });
  if (role.level === 1) return fail(403, "admin.role.directoryLocked");
  const placement = await checkPlacement(input, id);
  if (!placement.ok) return placement;
  if (placement.parentId !== role.parentId) {
    // The administrator role stays a staff role: moved among the customers, it could hold no permission.
    if (id === ADMIN_ROLE_ID)
      return refuse(viewer, "role.update", deny("adminRoleFixed", 403, "parentId"), {
        targetIds: id,
        changes: { Fidrole: [role.parentId, placement.parentId] },
      });
    const refused = await placementRefusal(tree, viewer, "role.update", placement.parentId, id);
    if (refused) return refused;
  }
  // Children keep their level: a role with children cannot move to another level.
  if (role._count.children > 0 && input.level !== role.level) return fail(400, undefined, { level: ["admin.role.levelLocked"] });
  try {
    await prisma.$transaction(async (tx) => {
      await tx.role.update({
        where: { id },
        data: roleRecord(input, placement.parentId),
      });
      await logOperation(tx, viewer, {
        module: "edit",
        operation: "roles",
        targetIds: String(id),
        changes: changesBetween(loggedRole(role), loggedRole(roleRecord(input, placement.parentId))),
      });
    });
    return { ok: true };
  } catch (error) {
    const taken = nameTaken(error);
    if (taken) return taken;
    throw error;
  }
}

/** The stored fields of a role from the form (add and edit). */
function roleRecord(input: RoleInput, parentId: number | null) {
  return {
    name: input.name,
    nameEn: input.nameEn,
    description: input.description || null,
    descriptionEn: input.descriptionEn,
    parentId,
    level: input.level,
  };
}

/** A role as logged (issue 22 item 12), with the spec's field names. */
function loggedRole(role: Omit<RoleRow, "id" | "childCount" | "userCount">) {
  return {
    rolename: role.name,
    rolenameEn: role.nameEn,
    roleDesc: role.description,
    roleDescEn: role.descriptionEn,
    Fidrole: role.parentId,
    type: role.level,
  };
}

export async function deleteRole(viewer: Viewer, id: number): Promise<Outcome> {
  const role = await prisma.role.findUnique({ where: { id }, include: { _count: { select: { children: true, users: true } } } });
  if (!role) return fail(404, "admin.role.deleteFailed");
  const denial = id === ADMIN_ROLE_ID ? deny("adminRoleLocked") : roleDenial(await RoleTree.load(), viewer, id);
  if (denial) return refuse(viewer, "role.delete", denial, { targetIds: id });
  if (role._count.children > 0) return fail(409, "admin.tree.hasChildren");
  if (role._count.users > 0) return fail(409, "admin.role.hasUsers");
  await prisma.$transaction(async (tx) => {
    await tx.role.delete({ where: { id } });
    await logOperation(tx, viewer, { module: "delete", operation: "roles", targetIds: String(id), before: loggedRole(role) });
  });
  return { ok: true };
}

/** The role's fully checked menu ids (half-checked parents are derived, not chosen). */
export async function rolePermissionIds(roleId: number): Promise<number[]> {
  const rows = await prisma.rolePermission.findMany({ where: { roleId, halfChecked: false }, select: { menuId: true } });
  return rows.map((row) => row.menuId).sort((a, b) => a - b);
}

/** Why `viewer` may not change role `roleId`'s permissions from `before` to `after`, or null. */
async function permissionDenial(tree: RoleTree, viewer: Actor, roleId: number, before: ReadonlySet<number>, after: ReadonlySet<number>) {
  const denial = roleDenial(tree, viewer, roleId);
  if (denial) return denial;
  if (roleId === ADMIN_ROLE_ID && (await managementMenuIds()).some((id) => !after.has(id))) return deny("adminKeepsManagement");
  // Customers see exactly their own tier: a back-office permission on a customer role would break it.
  if (!tree.isInternal(roleId) && after.size > 0) return deny("customerRoleNoPermissions");
  if (!isAdministrator(viewer)) {
    const changed = [...before, ...after].filter((id) => before.has(id) !== after.has(id));
    if (changed.some((id) => !viewer.permissionIds.includes(id))) return deny("permissionNotHeld");
  }
  return null;
}

/**
 * Saves a role's permissions: the checked ids as they are (no cascading),
 * plus every unchecked ancestor of a checked id as half-checked. Refused
 * (and logged) when the grant rules say no.
 */
export async function saveRolePermissions(viewer: Viewer, roleId: number, checkedIds: number[]): Promise<Outcome> {
  const role = await prisma.role.findUnique({ where: { id: roleId } });
  if (!role) return fail(404, "admin.role.permissionsFailed");
  if (role.level === 1) return fail(403, "admin.role.directoryLocked");
  const menus = await prisma.menu.findMany({ select: { id: true, parentId: true } });
  const known = new Set(menus.map((menu) => menu.id));
  const checked = new Set(checkedIds.filter((id) => known.has(id)));
  if (checked.size !== new Set(checkedIds).size) return fail(400, "admin.role.permissionsFailed");
  const before = new Set(await rolePermissionIds(roleId));
  const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);
  const changes = changesBetween({ pid: sorted(before) }, { pid: sorted(checked) });
  const denial = await permissionDenial(await RoleTree.load(), viewer, roleId, before, checked);
  if (denial) return refuse(viewer, "role.grantPermissions", denial, { targetIds: roleId, changes });
  const half = halfCheckedAncestors(menus, checked);
  const rows = [
    ...[...checked].map((menuId) => ({ roleId, menuId, halfChecked: false })),
    ...[...half].map((menuId) => ({ roleId, menuId, halfChecked: true })),
  ];
  await prisma.$transaction(async (tx) => {
    await tx.rolePermission.deleteMany({ where: { roleId } });
    if (rows.length) await tx.rolePermission.createMany({ data: rows });
    await logOperation(tx, viewer, { module: "permission", operation: "roles", targetIds: String(roleId), changes });
  });
  return { ok: true };
}

/** What `viewer` may do to each role of the tree (the row's links). */
export async function roleActions(viewer: Viewer, roles: readonly { id: number; level: number }[]) {
  const tree = await RoleTree.load();
  return Object.fromEntries(
    roles.map((role) => {
      const reachable = roleDenial(tree, viewer, role.id) === null;
      return [
        role.id,
        { edit: reachable && role.level !== 1, permissions: reachable && role.level !== 1, delete: reachable && role.id !== ADMIN_ROLE_ID },
      ];
    }),
  ) as Record<number, { edit: boolean; permissions: boolean; delete: boolean }>;
}

/** Parent choices `viewer` may use: their own role and the roles below it (administrators: all). */
export async function placeableParents(viewer: Viewer, roles: RoleRow[], editingId?: number) {
  const tree = await RoleTree.load();
  return parentChoices(roles, editingId).filter((role) => placeableUnder(tree, viewer, role.id));
}

/** Why `viewer` may not open a role's edit, permission or delete dialog, or null. */
export async function roleDialogDenial(viewer: Viewer, roleId: number, dialog: "edit" | "permissions" | "delete") {
  if (dialog === "delete" && roleId === ADMIN_ROLE_ID) return deny("adminRoleLocked");
  return roleDenial(await RoleTree.load(), viewer, roleId);
}
