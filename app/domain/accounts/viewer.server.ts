import { prisma } from "~/utils/db.server";

export type MenuEntry = {
  id: number;
  parentId: number | null;
  label: string;
  labelEn: string | null;
  level: number;
  path: string | null;
  icon: string | null;
};

/** Everything the server needs to know about the signed-in user, loaded once per request. */
export type Viewer = {
  id: number;
  email: string;
  username: string;
  nickname: string | null;
  phone: string;
  avatarPath: string | null;
  roleId: number;
  roleName: string;
  /** statesw: 1 active, 2 frozen. */
  state: number;
  /** Registration audit: 1 pending, 2 passed, 3 failed. */
  audit: number;
  /** 1 = T0, 2 = T1, 3 = T2; null for staff. */
  customerRating: number | null;
  viewIds: number[];
  /** Permission ids (menu pids) of the user's role. */
  permissionIds: number[];
  /** The role's menu entries, ordered; half-checked parents included. */
  menus: MenuEntry[];
};

export async function loadViewer(userId: number): Promise<Viewer | null> {
  const user = await prisma.user.findUnique({
    where: { id: userId },
    include: {
      role: {
        include: {
          permissions: {
            include: { menu: true },
            orderBy: [{ menu: { sort: "asc" } }, { menuId: "asc" }],
          },
        },
      },
    },
  });
  if (!user) return null;
  const menus = user.role.permissions.map(({ menu }) => ({
    id: menu.id,
    parentId: menu.parentId,
    label: menu.label,
    labelEn: menu.labelEn,
    level: menu.level,
    path: menu.path,
    icon: menu.icon,
  }));
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    nickname: user.nickname,
    phone: user.phone,
    avatarPath: user.avatarPath,
    roleId: user.roleId,
    roleName: user.role.name,
    state: user.state,
    audit: user.audit,
    customerRating: user.customerRating,
    viewIds: user.viewIds,
    permissionIds: user.role.permissions.filter((p) => !p.halfChecked).map((p) => p.menuId),
    menus,
  };
}
