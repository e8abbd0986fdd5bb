// Grant rules (docs/decisions/303-authority.md): nobody grants more than they
// hold, and the back office cannot lock itself out. The operation registry
// (operations.server.ts) says whether a viewer may perform an operation at
// all; these rules say on whom and with which values. The domain functions of
// users and roles call them, so pages and the API obey the same rules.
//
// Rank comes from the role tree:
// - the administrator role (1) is above every other role;
// - a staff role (under the 公司内部 directory) is above the roles of its
//   subtree and above every role outside that directory (the customers);
// - nothing else is above anything (a role is never above itself).
import { prisma, type Prisma } from "~/utils/db.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { logRefusal, type Changes } from "~/domain/operation-log/operation-log.server";
import { fail, type Outcome } from "~/domain/outcome";
import { ADMIN_ROLE_ID, hasPath, INTERNAL_ROLE_ROOT_ID } from "./permissions.server";
import { OPERATIONS, type OperationId } from "./operations.server";
import { VIEW_GLOBAL, VIEW_RELATED, hasGlobalView } from "./views.server";
import { ACCOUNT_STATE } from "~/domain/accounts/status";

type RoleNode = { id: number; parentId: number | null; level: number; selfService: boolean };

/** The role tree, read once per operation (a handful of rows). */
export class RoleTree {
  private readonly byId: Map<number, RoleNode>;

  constructor(roles: readonly RoleNode[]) {
    this.byId = new Map(roles.map((role) => [role.id, role]));
  }

  static async load(db: Pick<Prisma.TransactionClient, "role"> = prisma): Promise<RoleTree> {
    return new RoleTree(await db.role.findMany({ select: { id: true, parentId: true, level: true, selfService: true } }));
  }

  role(id: number): RoleNode | undefined {
    return this.byId.get(id);
  }

  roles(): RoleNode[] {
    return [...this.byId.values()];
  }

  /** True when `ancestorId` is a strict ancestor of `id`. */
  isBelow(id: number, ancestorId: number): boolean {
    let current = this.byId.get(id);
    for (let depth = 0; current && current.parentId !== null && depth < 10; depth++) {
      if (current.parentId === ancestorId) return true;
      current = this.byId.get(current.parentId);
    }
    return false;
  }

  /** Staff roles: the 公司内部 directory's subtree. */
  isInternal(id: number): boolean {
    return id === INTERNAL_ROLE_ROOT_ID || this.isBelow(id, INTERNAL_ROLE_ROOT_ID);
  }

  /** Is role `actor` above role `target`? */
  outranks(actor: number, target: number): boolean {
    if (actor === target || !this.byId.has(target)) return false;
    if (actor === ADMIN_ROLE_ID) return true;
    if (target === ADMIN_ROLE_ID) return false;
    if (this.isBelow(target, actor)) return true;
    return this.isInternal(actor) && actor !== INTERNAL_ROLE_ROOT_ID && !this.isInternal(target);
  }
}

export type Actor = Pick<Viewer, "id" | "username" | "roleId" | "viewIds" | "permissionIds" | "menus">;

export const isAdministrator = (actor: Pick<Viewer, "roleId">) => actor.roleId === ADMIN_ROLE_ID;

/** Why an operation was refused: its message (a translation key), HTTP status and log code. */
export type Denial = { status: 400 | 403 | 409; message: string; reason: string; field?: string };

export const deny = (reason: string, status: Denial["status"] = 403, field?: string): Denial => ({
  status,
  message: `admin.authority.${reason}`,
  reason,
  field,
});

/**
 * May `actor` act on user `target` at all? Never on themselves; otherwise
 * only on a user whose role is below their own (an administrator also on
 * another administrator: the last-administrator guard keeps one).
 */
export function targetDenial(tree: RoleTree, actor: Actor, target: { id: number; roleId: number }): Denial | null {
  if (target.id === actor.id) return deny("notYourself");
  if (isAdministrator(actor) && target.roleId === ADMIN_ROLE_ID) return null;
  return tree.outranks(actor.roleId, target.roleId) ? null : deny("targetOutranks");
}

/**
 * Roles `actor` may give a user: never a directory (level 1); the
 * administrator any other; everyone else only roles below their own, and
 * without role management (the /roleList screen) only customer roles.
 */
export function grantableRoleIds(tree: RoleTree, actor: Actor): number[] {
  const manageRoles = hasPath(actor, OPERATIONS["role.grantPermissions"].path!);
  return tree
    .roles()
    .filter((role) => role.level !== 1)
    .filter((role) => isAdministrator(actor) || (tree.outranks(actor.roleId, role.id) && (manageRoles || !tree.isInternal(role.id))))
    .map((role) => role.id)
    .sort((a, b) => a - b);
}

/** Views `actor` may give or take: those they hold (the administrator and a global view hold both). */
export function grantableViews(actor: Actor): number[] {
  if (hasGlobalView(actor)) return [VIEW_GLOBAL, VIEW_RELATED];
  return actor.viewIds.includes(VIEW_RELATED) ? [VIEW_RELATED] : [];
}

/** Roles a role editor may hang a role under: their own role and the roles below it (the administrator: any). */
export function placeableUnder(tree: RoleTree, actor: Actor, parentId: number): boolean {
  return isAdministrator(actor) || parentId === actor.roleId || tree.outranks(actor.roleId, parentId);
}

/** May `actor` edit, delete or set the permissions of role `roleId`? Only roles below their own. */
export function roleDenial(tree: RoleTree, actor: Actor, roleId: number): Denial | null {
  if (roleId === actor.roleId && !isAdministrator(actor)) return deny("notYourself");
  if (isAdministrator(actor)) return null;
  return tree.outranks(actor.roleId, roleId) ? null : deny("roleOutranks");
}

/**
 * The menu ids the administrator role must keep: user, role and menu
 * management (their screens and button rights), read from the operation
 * registry so a new user/role/menu operation is kept too.
 */
export async function managementMenuIds(db: Pick<Prisma.TransactionClient, "menu"> = prisma): Promise<number[]> {
  const specs = Object.entries(OPERATIONS)
    .filter(([id]) => id.startsWith("user.") || id.startsWith("role.") || id.startsWith("menu."))
    .map(([, spec]) => spec);
  const paths = [...new Set(specs.map((spec) => spec.path!))];
  const rights = new Set(specs.map((spec) => spec.right).filter((right): right is number => right !== undefined));
  const screens = await db.menu.findMany({ where: { path: { in: paths } }, select: { id: true } });
  return [...new Set([...screens.map((menu) => menu.id), ...rights])].sort((a, b) => a - b);
}

/** Every menu path the operation registry relies on: such entries keep their path and cannot be deleted. */
export function operationPaths(): Set<string> {
  return new Set(Object.values(OPERATIONS).flatMap((spec) => (spec.path ? [spec.path] : [])));
}

/** Thrown inside a transaction when it would leave no active administrator. */
export class LastAdministratorError extends Error {
  constructor() {
    super("the last active administrator");
  }
}

/**
 * Options of a transaction that calls keepAnAdministrator: it may wait on the
 * administrators' row lock while another such change holds it, so it gets more
 * than Prisma's default 5 s (a busy server would otherwise answer 500).
 */
export const ADMIN_LOCK_TRANSACTION = { maxWait: 10_000, timeout: 30_000 } as const;

/**
 * Inside the transaction that freezes, deletes or demotes `userId`: locks the
 * active administrators' rows and refuses when none would be left. The lock
 * serialises two administrators demoting each other at the same moment.
 */
export async function keepAnAdministrator(tx: Prisma.TransactionClient, userId: number): Promise<void> {
  const rows = await tx.$queryRaw<
    { id: number }[]
  >`SELECT id FROM users WHERE role_id = ${ADMIN_ROLE_ID} AND state = ${ACCOUNT_STATE.active} ORDER BY id FOR UPDATE`;
  if (!rows.some((row) => row.id !== userId)) throw new LastAdministratorError();
}

/** The outcome of a refusal, written to the operation log first. */
export async function refuse(
  actor: Actor,
  operation: OperationId,
  denial: Denial,
  details: { targetIds?: string | number | null; changes?: Changes | null } = {},
): Promise<Outcome<never>> {
  await logRefusal(actor, { operation, area: OPERATIONS[operation].area, reason: denial.reason, ...details });
  return {
    ...fail(denial.status, denial.message, denial.field ? { [denial.field]: [denial.message] } : undefined),
    refused: true,
  } as Outcome<never>;
}

/** The last active administrator stays: refused (and logged) like a forged value. */
export const LAST_ADMINISTRATOR: Denial = deny("lastAdministrator", 409);
