import { sql } from "~/utils/db.server";

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
  /** Registration audit (accounts/status.ts AUDIT). */
  audit: number;
  /** 1 = T0, 2 = T1, 3 = T2; null for staff. */
  customerRating: number | null;
  viewIds: number[];
  /** Permission ids (menu pids) of the user's role. */
  permissionIds: number[];
  /** The role's menu entries, ordered; half-checked parents included. */
  menus: MenuEntry[];
};

/**
 * The columns of a viewer, for a statement joining `users u` and `roles r`:
 * the role's permissions with their menu entries ordered as the menus are
 * (sort, then id), as one JSON array. One statement instead of Prisma's
 * four (user, role, permissions, menus).
 */
export const VIEWER_COLUMNS = `
  u.id, u.email, u.username, u.nickname, u.phone, u.avatar_path, u.role_id, r.name AS role_name,
  u.state, u.audit, u.customer_rating, u.view_ids,
  COALESCE((
    SELECT json_agg(json_build_object(
             'id', m.id, 'parentId', m.parent_id, 'label', m.label, 'labelEn', m.label_en,
             'level', m.level, 'path', m.path, 'icon', m.icon, 'halfChecked', p.half_checked)
           ORDER BY m.sort, p.menu_id)
    FROM role_permissions p JOIN menus m ON m.id = p.menu_id
    WHERE p.role_id = u.role_id), '[]'::json) AS permissions`;

export type ViewerRow = {
  id: number;
  email: string;
  username: string;
  nickname: string | null;
  phone: string;
  avatar_path: string | null;
  role_id: number;
  role_name: string;
  state: number;
  audit: number;
  customer_rating: number | null;
  view_ids: number[];
  permissions: (MenuEntry & { halfChecked: boolean })[];
};

export function toViewer(row: ViewerRow): Viewer {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    nickname: row.nickname,
    phone: row.phone,
    avatarPath: row.avatar_path,
    roleId: row.role_id,
    roleName: row.role_name,
    state: row.state,
    audit: row.audit,
    customerRating: row.customer_rating,
    viewIds: row.view_ids,
    permissionIds: row.permissions.filter((p) => !p.halfChecked).map((p) => p.id),
    menus: row.permissions.map(({ halfChecked: _, ...menu }) => menu),
  };
}

export async function loadViewer(userId: number): Promise<Viewer | null> {
  const [row] = await sql<ViewerRow>(`SELECT ${VIEWER_COLUMNS} FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = $1`, [userId]);
  return row ? toViewer(row) : null;
}
