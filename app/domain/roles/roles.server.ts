// Roles (administration.md 2.2, 4, 5): a tree of at most three levels; level-1
// roles are directories (not editable, no permissions, never given to users).
// Permissions are the menu ids a role holds, saved with strict checking.
import { prisma } from "~/utils/db.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { logOperation } from "~/domain/logs/operation-log.server";
import { fail, uniqueViolation, type Outcome } from "~/domain/menus/admin.server";
import { halfCheckedAncestors, levelUnder, subtreeIds } from "~/domain/menus/tree";
import type { RoleInput } from "./schemas";

export type RoleRow = {
  id: number;
  name: string;
  description: string | null;
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
      description: true,
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
  return roles.filter((role) => role.level < 3 && !excluded.has(role.id));
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

export async function createRole(viewer: Viewer, input: RoleInput): Promise<Outcome<{ id: number }>> {
  const placement = await checkPlacement(input);
  if (!placement.ok) return placement;
  try {
    const role = await prisma.$transaction(async (tx) => {
      const created = await tx.role.create({
        data: { name: input.name, description: input.description || null, parentId: placement.parentId, level: input.level },
      });
      await logOperation(tx, viewer, { module: "add", operation: "roles", targetIds: String(created.id), params: `rolename=${input.name}, type=${input.level}` });
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
  if (role.level === 1) return fail(403, "admin.role.directoryLocked");
  const placement = await checkPlacement(input, id);
  if (!placement.ok) return placement;
  // Children keep their level: a role with children cannot move to another level.
  if (role._count.children > 0 && input.level !== role.level) return fail(400, undefined, { level: ["admin.role.levelLocked"] });
  try {
    await prisma.$transaction(async (tx) => {
      await tx.role.update({
        where: { id },
        data: { name: input.name, description: input.description || null, parentId: placement.parentId, level: input.level },
      });
      await logOperation(tx, viewer, { module: "edit", operation: "roles", targetIds: String(id), params: `rolename=${input.name}, type=${input.level}` });
    });
    return { ok: true };
  } catch (error) {
    const taken = nameTaken(error);
    if (taken) return taken;
    throw error;
  }
}

export async function deleteRole(viewer: Viewer, id: number): Promise<Outcome> {
  const role = await prisma.role.findUnique({ where: { id }, include: { _count: { select: { children: true, users: true } } } });
  if (!role) return fail(404, "admin.role.deleteFailed");
  if (role._count.children > 0) return fail(409, "admin.tree.hasChildren");
  if (role._count.users > 0) return fail(409, "admin.role.hasUsers");
  await prisma.$transaction(async (tx) => {
    await tx.role.delete({ where: { id } });
    await logOperation(tx, viewer, { module: "delete", operation: "roles", targetIds: String(id), params: `rolename=${role.name}` });
  });
  return { ok: true };
}

/** The role's fully checked menu ids (half-checked parents are derived, not chosen). */
export async function rolePermissionIds(roleId: number): Promise<number[]> {
  const rows = await prisma.rolePermission.findMany({ where: { roleId, halfChecked: false }, select: { menuId: true } });
  return rows.map((row) => row.menuId).sort((a, b) => a - b);
}

/**
 * Saves a role's permissions: the checked ids as they are (no cascading),
 * plus every unchecked ancestor of a checked id as half-checked.
 */
export async function saveRolePermissions(viewer: Viewer, roleId: number, checkedIds: number[]): Promise<Outcome> {
  const role = await prisma.role.findUnique({ where: { id: roleId } });
  if (!role) return fail(404, "admin.role.permissionsFailed");
  if (role.level === 1) return fail(403, "admin.role.directoryLocked");
  const menus = await prisma.menu.findMany({ select: { id: true, parentId: true } });
  const known = new Set(menus.map((menu) => menu.id));
  const checked = new Set(checkedIds.filter((id) => known.has(id)));
  if (checked.size !== new Set(checkedIds).size) return fail(400, "admin.role.permissionsFailed");
  const half = halfCheckedAncestors(menus, checked);
  const rows = [
    ...[...checked].map((menuId) => ({ roleId, menuId, halfChecked: false })),
    ...[...half].map((menuId) => ({ roleId, menuId, halfChecked: true })),
  ];
  await prisma.$transaction(async (tx) => {
    await tx.rolePermission.deleteMany({ where: { roleId } });
    if (rows.length) await tx.rolePermission.createMany({ data: rows });
    await logOperation(tx, viewer, {
      module: "permission",
      operation: "roles",
      targetIds: String(roleId),
      params: `pid=${[...checked].sort((a, b) => a - b).join(",")}`,
    });
  });
  return { ok: true };
}
