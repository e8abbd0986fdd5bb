// The menu tree entries are the permissions (numeric pid). Every loader and
// action checks them on the server through the registry of operations
// (operations.server.ts); hiding a button is only cosmetic.

import type { Viewer } from "~/domain/accounts/viewer.server";

/** Button rights named by the spec. */
export const RIGHTS = {
  addMenu: 32,
  editMenu: 33,
  deleteMenu: 34,
  addUser: 71,
  deleteUser: 72,
  auditOrEditUser: 73,
  assignView: 75,
  toggleState: 86,
  auditProfileChange: 90,
  handOver: 96,
  /** Move an entrustment's booking status on /app-order (issue 25 item 5). */
  entrustmentStatus: 97,
  /** Give a customer tier T0, the company's internal prices (issue 44 item 6): above the salesperson's edit right. */
  grantT0: 98,
  /** Reveal the code of an undelivered code mail on /app-query (issue 45 item 1; decision 101). */
  revealCode: 99,
} as const;

export const ADMIN_ROLE_ID = 1;
/** The level-1 role directory of the company's own staff (公司内部). */
export const INTERNAL_ROLE_ROOT_ID = 2;

type Holder = Pick<Viewer, "permissionIds" | "menus">;

export function hasPermission(viewer: Holder | null, pid: number): boolean {
  return !!viewer && viewer.permissionIds.includes(pid);
}

/** A screen path such as /userList is allowed when the role holds its menu entry. */
export function hasPath(viewer: Holder | null, path: string): boolean {
  return !!viewer && viewer.menus.some((menu) => menu.path === path && viewer.permissionIds.includes(menu.id));
}

/** The back-office entry shows when the menu list has an item with a parent (spec 2.4). */
export function hasBackOffice(viewer: Viewer | null): boolean {
  return !!viewer && viewer.menus.some((menu) => menu.parentId !== null);
}
