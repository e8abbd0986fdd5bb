// Staff data views (DESIGN.md "Staff views"): view 1 = every customer;
// view 2 = only the customers whose salesperson or customer-service person is
// the staff member. Global wins when both are held; the administrator always
// sees everything. Staff with no view at all see only their own customers
// (least privilege; docs/decisions/301-administration.md).
//
// This is the ONE place that decides; users, entrustments, query logs, the
// operation log and the outbox compose it through relation filters.
import { prisma, type Prisma } from "~/utils/db.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { ADMIN_ROLE_ID } from "./permissions.server";

export const VIEW_GLOBAL = 1;
export const VIEW_RELATED = 2;

type ScopeViewer = Pick<Viewer, "id" | "roleId" | "viewIds">;

/** True when the viewer reads every customer's data. */
export function hasGlobalView(viewer: ScopeViewer): boolean {
  return viewer.roleId === ADMIN_ROLE_ID || viewer.viewIds.includes(VIEW_GLOBAL);
}

/**
 * The customers a staff member may read, as a `UserWhereInput`: `{}` for a
 * global view, otherwise the users whose salesId or customerServiceId is them.
 */
export function customerScope(viewer: ScopeViewer): Prisma.UserWhereInput {
  if (hasGlobalView(viewer)) return {};
  return { OR: [{ salesId: viewer.id }, { customerServiceId: viewer.id }] };
}

/** Entrustments of the customers in scope. */
export function entrustmentScope(viewer: ScopeViewer): Prisma.EntrustmentWhereInput {
  return hasGlobalView(viewer) ? {} : { user: customerScope(viewer) };
}

/** Query-log rows of the customers in scope. */
export function queryLogScope(viewer: ScopeViewer): Prisma.QueryLogWhereInput {
  return hasGlobalView(viewer) ? {} : { user: customerScope(viewer) };
}

/**
 * Operation-log rows: with a related view, the staff member's own actions,
 * those of their customers, and what anyone did to their customers (the
 * user-management rows naming one of them; issue 44 item 8). The customer
 * ids come from `customerIdsInScope`.
 */
export function operationLogScope(viewer: ScopeViewer, customerIds: readonly number[] = []): Prisma.OperationLogWhereInput {
  if (hasGlobalView(viewer)) return {};
  const toCustomers: Prisma.OperationLogWhereInput[] = customerIds.length
    ? [{ operation: "users", targetIds: { in: customerIds.map(String) } }]
    : [];
  return { OR: [{ userId: viewer.id }, { user: customerScope(viewer) }, ...toCustomers] };
}

/** Outbox mails: with a related view, only mails about their customers' entrustments. */
export function outboxScope(viewer: ScopeViewer): Prisma.EmailOutboxWhereInput {
  return hasGlobalView(viewer) ? {} : { entrustment: { user: customerScope(viewer) } };
}

/**
 * Price requests (issue 43): their customers' in scope; a visitor's request
 * (no customer) only to a global view and to whoever accepted it.
 */
export function priceRequestScope(viewer: ScopeViewer): Prisma.PriceRequestWhereInput {
  if (hasGlobalView(viewer)) return {};
  return { OR: [{ user: customerScope(viewer) }, { userId: null, salesId: viewer.id }] };
}

/**
 * The same rule for raw SQL: the ids of the customers in scope, or null for a
 * global view (no restriction). Set-based statements filter with
 * `user_id = ANY(ids)` instead of repeating the rule in SQL.
 */
export async function customerIdsInScope(viewer: ScopeViewer): Promise<number[] | null> {
  if (hasGlobalView(viewer)) return null;
  const rows = await prisma.user.findMany({ where: customerScope(viewer), select: { id: true } });
  return rows.map((r) => r.id);
}
