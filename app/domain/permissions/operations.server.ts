// The registry of operations (docs/decisions/303-authority.md): every thing a
// page action or an API call can do, named once, with who may do it. A staff
// operation names the back-office screen (menu path) and, for the spec's
// buttons, the right id it needs. Page actions (operationAction below) and
// the legacy API (app/api/core.server.ts, `op(...)`) declare the operation
// they perform, and one function, `mayPerform`, answers for both; the grant
// rules on top (which role, which target) are app/domain/permissions/authority.server.ts.
// Loaders and actions reach it through the HTTP gate (app/http/auth.server.ts:
// requireOperation, runAction), which turns a refusal into a redirect or a 403.
import type { Viewer } from "~/domain/accounts/viewer.server";
import { dataAreas, type AreaKey } from "~/domain/data-areas";
import { logRefusal } from "~/domain/operation-log/operation-log.server";
import { hasPath, hasPermission, RIGHTS } from "./permissions.server";

/** Who may perform an operation: anybody, any signed-in user, or staff holding the screen (and right). */
export type Who = "anyone" | "signedIn" | "staff";

export type OperationSpec = {
  who: Who;
  /** The back-office screen (menu path) a staff operation needs. */
  path?: string;
  /** The button right (menu id of level 3) it needs besides the path. */
  right?: number;
  /** Changes something (reads are declared too, for the API and the loaders). */
  write: boolean;
  /** The operation log's business area (OperationLog.operation) of a refusal. */
  area: string;
};

const staffOp = (path: string, area: string, write: boolean, right?: number): OperationSpec => ({ who: "staff", path, right, write, area });
const selfOp = (area: string): OperationSpec => ({ who: "signedIn", write: true, area });
const publicOp = (area: string): OperationSpec => ({ who: "anyone", write: true, area });

const USERS = "/userList";
const ROLES = "/roleList";
const MENUS = "/menuList";

const FIXED = {
  // Users (administration.md 2.1, 6): the spec's rights 71-96.
  "user.read": staffOp(USERS, "users", false),
  "user.create": staffOp(USERS, "users", true, RIGHTS.addUser),
  "user.update": staffOp(USERS, "users", true, RIGHTS.auditOrEditUser),
  "user.setRole": staffOp(USERS, "users", true, RIGHTS.auditOrEditUser),
  "user.setTier": staffOp(USERS, "users", true, RIGHTS.auditOrEditUser),
  // Tier T0 is the company's internal prices: its own right (98), the administrator's by default (issue 44 item 6).
  "user.grantT0": staffOp(USERS, "users", true, RIGHTS.grantT0),
  "user.audit": staffOp(USERS, "users", true, RIGHTS.auditOrEditUser),
  "user.setWxCode": staffOp(USERS, "users", true, RIGHTS.auditOrEditUser),
  "user.auditProfile": staffOp(USERS, "users", true, RIGHTS.auditProfileChange),
  "user.assignView": staffOp(USERS, "users", true, RIGHTS.assignView),
  "user.setState": staffOp(USERS, "users", true, RIGHTS.toggleState),
  "user.delete": staffOp(USERS, "users", true, RIGHTS.deleteUser),
  "user.handover": staffOp(USERS, "users", true, RIGHTS.handOver),
  // Roles: the screen is the permission (the spec names no button rights).
  "role.read": staffOp(ROLES, "roles", false),
  "role.create": staffOp(ROLES, "roles", true),
  "role.update": staffOp(ROLES, "roles", true),
  "role.delete": staffOp(ROLES, "roles", true),
  "role.grantPermissions": staffOp(ROLES, "roles", true),
  // Menus: rights 32, 33, 34.
  "menu.read": staffOp(MENUS, "menus", false),
  "menu.create": staffOp(MENUS, "menus", true, RIGHTS.addMenu),
  "menu.update": staffOp(MENUS, "menus", true, RIGHTS.editMenu),
  "menu.delete": staffOp(MENUS, "menus", true, RIGHTS.deleteMenu),
  // Special offers and home content.
  "offer.read": staffOp("/saleList", "specialOffers", false),
  "offer.create": staffOp("/saleList", "specialOffers", true),
  "offer.update": staffOp("/saleList", "specialOffers", true),
  "offer.delete": staffOp("/saleList", "specialOffers", true),
  "content.webHome.read": staffOp("/homeList", "webHome", false),
  "content.webHome.create": staffOp("/homeList", "webHome", true),
  "content.webHome.update": staffOp("/homeList", "webHome", true),
  "content.webHome.delete": staffOp("/homeList", "webHome", true),
  "content.appHome.read": staffOp("/app-home", "appHome", false),
  "content.appHome.create": staffOp("/app-home", "appHome", true),
  "content.appHome.update": staffOp("/app-home", "appHome", true),
  "content.appHome.delete": staffOp("/app-home", "appHome", true),
  "content.category.read": staffOp("/homeList", "homeCategories", false),
  "content.category.save": staffOp("/homeList", "homeCategories", true),
  "content.category.delete": staffOp("/homeList", "homeCategories", true),
  // Logs, bookings, the outbox.
  "logs.query.read": staffOp("/query-logs", "queryLogs", false),
  "logs.operation.read": staffOp("/log-list", "operationLogs", false),
  // The insights dashboard (issue 24): the screen is the permission (menu 27).
  "insights.read": staffOp("/insights", "insights", false),
  "entrustment.read": staffOp("/app-order", "entrustments", false),
  // Booking status (issue 25 item 5): staff move it under right 97; the customer reads its history and cancels.
  "entrustment.status.change": staffOp("/app-order", "entrustments", true, RIGHTS.entrustmentStatus),
  "entrustment.status.read": { who: "signedIn", write: false, area: "entrustments" },
  "entrustment.status.cancel": selfOp("entrustments"),
  // The pricing desk (issue 43, menu 43 under 运营管理): its queue, and what it does with a request.
  // Writing an answer into its mode's rate table is that table's import (data.<mode>.import).
  "desk.read": staffOp("/priceDesk", "priceRequests", false),
  "desk.accept": staffOp("/priceDesk", "priceRequests", true),
  "desk.answer": staffOp("/priceDesk", "priceRequests", true),
  "desk.decline": staffOp("/priceDesk", "priceRequests", true),
  "outbox.read": staffOp("/app-query", "emailOutbox", false),
  "outbox.retry": staffOp("/app-query", "emailOutbox", true),
  // A code mail's code, for staff holding right 99 (administrators in the seed): audited, undelivered mails only (decision 101).
  "outbox.revealCode": staffOp("/app-query", "emailOutbox", true, RIGHTS.revealCode),
  // The company's identity (decision 604).
  "company.read": staffOp("/companyInfo", "companyInfo", false),
  "company.update": staffOp("/companyInfo", "companyInfo", true),
  // Port aliases and the unresolved queue (menu 25 under 数据管理; decision 205).
  "portAlias.read": staffOp("/portAliases", "portAliases", false),
  "portAlias.save": staffOp("/portAliases", "portAliases", true),
  "portAlias.delete": staffOp("/portAliases", "portAliases", true),
  "portAlias.map": staffOp("/portAliases", "portAliases", true),
  "portAlias.dismiss": staffOp("/portAliases", "portAliases", true),
  // Exchange rates (menu 26 under 数据管理; decision 402).
  "exchangeRate.read": staffOp("/exchangeRates", "exchangeRates", false),
  "exchangeRate.save": staffOp("/exchangeRates", "exchangeRates", true),
  "exchangeRate.delete": staffOp("/exchangeRates", "exchangeRates", true),
  // A visitor's or signed-in user's own things: declared like the rest, authorized by the session.
  // (Ids apart from the translation namespaces: "account.*" would read as a message key.)
  "session.login": publicOp("sessions"),
  "session.logout": selfOp("sessions"),
  "session.language": publicOp("sessions"),
  "signup.register": publicOp("users"),
  "signup.sendCode": publicOp("users"),
  "signup.resetPassword": publicOp("users"),
  "own.profile": selfOp("users"),
  "own.password": selfOp("users"),
  "own.avatar": selfOp("users"),
  "search.history": selfOp("searchHistory"),
  // Lane watches (issue 25 item 4): the customer's own; the digest's signed link needs no login.
  "watch.read": { who: "signedIn", write: false, area: "laneWatches" },
  "watch.add": selfOp("laneWatches"),
  "watch.remove": selfOp("laneWatches"),
  "watch.unsubscribe": publicOp("laneWatches"),
  "booking.order": selfOp("entrustments"),
  // Quotes (decision 402): one's own; the shared link /quote/<token> needs no login (its token is the key).
  "quote.create": selfOp("quotes"),
  "quote.list": { who: "signedIn", write: false, area: "quotes" },
  "booking.contact": selfOp("entrustments"),
  // Price requests (issue 43): anyone asks (a visitor's is held for staff); a customer lists their own.
  "request.create": publicOp("priceRequests"),
  "request.list": { who: "signedIn", write: false, area: "priceRequests" },
  /** The state of one's booking mails (/send/*: a POST that sends nothing new). */
  "booking.mails": { who: "signedIn", write: false, area: "entrustments" },
} as const satisfies Record<string, OperationSpec>;

/** What can be done with a data area (data-maintenance.md); `edit` covers add and edit. The type names every verb; the registry holds the area's own. */
export const DATA_VERBS = ["read", "edit", "delete", "import", "export", "markup"] as const;
export type DataVerb = (typeof DATA_VERBS)[number];
export type DataOperationId = `data.${AreaKey}.${DataVerb}`;

export type OperationId = keyof typeof FIXED | DataOperationId;

function dataOperations(): Record<DataOperationId, OperationSpec> {
  const entries: [DataOperationId, OperationSpec][] = [];
  for (const area of Object.values(dataAreas)) {
    // Only what the area offers: no edit of air rates, markup of FCL rates only.
    const verbs = DATA_VERBS.filter(
      (verb) =>
        (verb !== "edit" || area.edit) &&
        (verb !== "markup" || area.fclTierMarkup) &&
        (verb !== "export" || area.export || area.exportSelected),
    );
    for (const verb of verbs)
      entries.push([`data.${area.key}.${verb}`, staffOp(area.path, area.logName, verb !== "read" && verb !== "export")]);
  }
  return Object.fromEntries(entries) as Record<DataOperationId, OperationSpec>;
}

export const OPERATIONS: Readonly<Record<OperationId, OperationSpec>> = { ...FIXED, ...dataOperations() };

export function isOperation(id: string): id is OperationId {
  return Object.prototype.hasOwnProperty.call(OPERATIONS, id);
}

export const dataOperation = (area: AreaKey, verb: DataVerb): DataOperationId => `data.${area}.${verb}`;

/**
 * THE check of an operation for a viewer, for pages and the API alike:
 * anyone; any signed-in user; or staff holding the screen and the right.
 */
export function mayPerform(viewer: Pick<Viewer, "permissionIds" | "menus"> | null, id: OperationId): boolean {
  const spec = OPERATIONS[id];
  if (!spec) throw new Error(`mayPerform: ${id} is not in the registry of operations`);
  if (spec.who === "anyone") return true;
  if (!viewer) return false;
  if (spec.who === "signedIn") return true;
  return hasPath(viewer, spec.path!) && (spec.right === undefined || hasPermission(viewer, spec.right));
}

/**
 * A refusal worth writing down: a staff member who may open the screen but
 * not do this (a forged button). Visitors and users without the screen at
 * all are refused like any GET of the screen, without a log row.
 */
function refusalIsLogged(viewer: Viewer | null, id: OperationId): viewer is Viewer {
  const spec = OPERATIONS[id];
  return !!viewer && spec.who === "staff" && spec.write && hasPath(viewer, spec.path!);
}

/** May the viewer perform `id`? A refusal is logged where it counts; the caller answers in its own format (the API). */
export async function checkOperation(viewer: Viewer | null, id: OperationId, targetIds?: string | number | null): Promise<boolean> {
  if (mayPerform(viewer, id)) return true;
  if (refusalIsLogged(viewer, id)) await logRefusal(viewer, { operation: id, area: OPERATIONS[id].area, reason: "noRight", targetIds });
  return false;
}

/** The operations a viewer may perform among `ids` (the screens' button flags). */
export function performable<K extends string>(viewer: Viewer, ids: Record<K, OperationId>): Record<K, boolean> {
  return Object.fromEntries(Object.entries(ids).map(([key, id]) => [key, mayPerform(viewer, id as OperationId)])) as Record<K, boolean>;
}
