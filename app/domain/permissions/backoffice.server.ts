// The back office: its menu (from the viewer's permissions) and the
// administrator's pending-audit notice.
import { prisma } from "~/utils/db.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { ADMIN_ROLE_ID } from "./permissions.server";
import { AUDIT } from "~/domain/accounts/status";

export type BackOfficeMenuGroup = {
  id: number;
  label: string;
  labelEn: string | null;
  items: { id: number; label: string; labelEn: string | null; path: string }[];
};

/** Level-1 entries become groups; their level-2 entries with a path become links. */
export function backOfficeMenu(viewer: Viewer): BackOfficeMenuGroup[] {
  const byParent = new Map<number, Viewer["menus"]>();
  for (const menu of viewer.menus) {
    if (menu.parentId === null) continue;
    const list = byParent.get(menu.parentId) ?? [];
    list.push(menu);
    byParent.set(menu.parentId, list);
  }
  return viewer.menus
    .filter((menu) => menu.level === 1)
    .map((group) => ({
      id: group.id,
      label: group.label,
      labelEn: group.labelEn,
      items: (byParent.get(group.id) ?? [])
        .filter((item) => item.level === 2 && item.path && viewer.permissionIds.includes(item.id))
        .map((item) => ({ id: item.id, label: item.label, labelEn: item.labelEn, path: item.path as string })),
    }))
    .filter((group) => group.items.length > 0);
}

/** New registrations awaiting audit, shown to administrators (role id 1). */
export async function pendingAuditCount(viewer: Viewer): Promise<number> {
  if (viewer.roleId !== ADMIN_ROLE_ID) return 0;
  return prisma.user.count({ where: { audit: AUDIT.pending } });
}
