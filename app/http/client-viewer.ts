// What the browser may know about the signed-in user. Never prices, never
// hashes; the tier name only so pages can label prices.
import type { Viewer } from "~/domain/accounts/viewer.server";
import { visibleTier } from "~/domain/pricing/visibility";

export type ClientViewer = {
  id: number;
  username: string;
  nickname: string | null;
  avatarPath: string | null;
  audit: number;
  tier: ReturnType<typeof visibleTier>;
  roleId: number;
  backOffice: { path: string; label: string; labelEn: string | null }[];
};

export function toClientViewer(viewer: Viewer): ClientViewer {
  const backOffice = viewer.menus
    .filter((menu) => menu.parentId !== null && menu.path && viewer.permissionIds.includes(menu.id))
    .map((menu) => ({ path: menu.path as string, label: menu.label, labelEn: menu.labelEn }));
  return {
    id: viewer.id,
    username: viewer.username,
    nickname: viewer.nickname,
    avatarPath: viewer.avatarPath,
    audit: viewer.audit,
    tier: visibleTier(viewer),
    roleId: viewer.roleId,
    backOffice,
  };
}
