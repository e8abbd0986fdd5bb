// Roles, menus (= permissions) and role permissions.
import { MENUS, ROLE_GRANTS, ROLES, type MenuDef } from "./data/access.ts";
import type { Tx } from "./types.ts";

/**
 * The permission rows of one role. Granted ids are checked; each ancestor of a
 * granted id is saved as well, fully checked when every child of it is
 * checked, half-checked otherwise (like the role screen's checkbox tree).
 */
export function permissionRows(roleId: number, grants: number[] | "all", menus: MenuDef[] = MENUS) {
  if (grants === "all") return menus.map((m) => ({ roleId, menuId: m.id, halfChecked: false }));
  const byId = new Map(menus.map((m) => [m.id, m]));
  const checked = new Set(grants);
  const half = new Set<number>();
  // Walk up from the deepest level so a parent sees its children's final state.
  for (const level of [3, 2]) {
    for (const menu of menus.filter((m) => m.level === level && (checked.has(m.id) || half.has(m.id)))) {
      const parentId = menu.parentId;
      if (parentId == null || checked.has(parentId)) continue;
      const siblings = menus.filter((m) => m.parentId === parentId);
      if (siblings.every((s) => checked.has(s.id))) checked.add(parentId);
      else half.add(parentId);
    }
  }
  for (const id of [...checked, ...half]) if (!byId.has(id)) throw new Error(`Unknown menu ${id}`);
  return [
    ...[...checked].map((menuId) => ({ roleId, menuId, halfChecked: false })),
    ...[...half].map((menuId) => ({ roleId, menuId, halfChecked: true })),
  ].sort((a, b) => a.menuId - b.menuId);
}

export async function seedAccess(tx: Tx): Promise<void> {
  // Parents first: roles and menus reference their parent.
  for (const level of [1, 2, 3]) {
    await tx.role.createMany({
      data: ROLES.filter((r) => r.level === level).map((r) => ({
        id: r.id,
        name: r.name,
        nameEn: r.nameEn,
        description: r.description,
        descriptionEn: r.descriptionEn,
        parentId: r.parentId,
        level: r.level,
        selfService: r.selfService ?? false,
      })),
    });
  }
  for (const level of [1, 2, 3]) {
    await tx.menu.createMany({
      data: MENUS.filter((m) => m.level === level).map((m) => ({
        id: m.id,
        parentId: m.parentId,
        label: m.label,
        labelEn: m.labelEn,
        level: m.level,
        path: m.path ?? null,
        icon: m.icon ?? null,
        sort: MENUS.filter((s) => s.parentId === m.parentId).indexOf(m) + 1,
      })),
    });
  }
  await tx.rolePermission.createMany({
    data: Object.entries(ROLE_GRANTS).flatMap(([roleId, grants]) => permissionRows(Number(roleId), grants)),
  });
}
