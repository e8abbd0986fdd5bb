// User management (administration.md 2.1, 4, 5, 6): list with the seven tabs,
// add, edit, audit, profile-change audit, views, handover, state, delete and
// the staff QR business card. Every read and write is limited to the
// customers the staff member's view allows (permissions/views.server.ts).
import type { TranslationKey } from "~/i18n/keys";
import { containsText } from "~/utils/like";
import { z } from "~/utils/zod";
import { defineTable } from "~/domain/table/paging.server";
import { prisma, type Prisma } from "~/utils/db.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { hashPassword } from "~/domain/accounts/password.server";
import { revokeUserSessions } from "~/domain/accounts/session.server";
import { changesBetween, logOperation, type Changes } from "~/domain/operation-log/operation-log.server";
import { customerScope } from "~/domain/permissions/views.server";
import { ADMIN_ROLE_ID } from "~/domain/permissions/permissions.server";
import { mayPerform, type OperationId } from "~/domain/permissions/operations.server";
import {
  deny,
  grantableRoleIds,
  grantableViews,
  keepAnAdministrator,
  ADMIN_LOCK_TRANSACTION,
  LAST_ADMINISTRATOR,
  LastAdministratorError,
  refuse,
  RoleTree,
  targetDenial,
  type Actor,
  type Denial,
} from "~/domain/permissions/authority.server";
import { fail, type FieldErrors, type Outcome } from "~/domain/outcome";
import { enqueueEmail, type OutboxWriter } from "~/domain/mail/outbox.server";
import { renderAuditResultEmail, type AuditDecision, type AuditSubject } from "~/emails/audit-result";
import { mailLink } from "~/utils/public-origin.server";
import { renderTierChangeEmail } from "~/domain/users/emails/tier-change";
import { i18n } from "~/i18n/i18n.server";
import { fallbackLanguage, isLanguage } from "~/i18n/config";
import { uniqueViolation } from "~/utils/unique-violation.server";
import { deleteImage, saveImage } from "~/utils/images.server";
import { detectImage, PHOTO_EXTS } from "~/utils/uploads.server";
import type { AddUserInput, AuditInput, EditUserInput } from "./schemas";

import { HANDOVER_ROLE_IDS, SALES_ROLE_IDS, SERVICE_ROLE_IDS, USER_TABS, VIEW_ROLE_IDS, type UserTab } from "./constants";
import { AUDIT, ACCOUNT_STATE, type AccountState } from "~/domain/accounts/status";

export { HANDOVER_ROLE_IDS, VIEW_ROLE_IDS, USER_TABS, type UserTab };

const TAB_WHERE: Record<UserTab, Prisma.UserWhereInput> = {
  all: {},
  t0: { customerRating: 1 },
  t1: { customerRating: 2 },
  t2: { customerRating: 3 },
  pending: { audit: AUDIT.pending },
  failed: { audit: AUDIT.failed },
  profile: { profileAudit: AUDIT.pending },
};

/** The user list's paging and search (the screen and the API's user list). */
export const usersTable = defineTable({
  sizes: [20, 50, 100, 200],
  defaultSize: 20,
  filters: { q: z.string().trim().max(50) },
});

export function tabOf(value: string | null | undefined): UserTab {
  return (USER_TABS as readonly string[]).includes(value ?? "") ? (value as UserTab) : "all";
}

function searchWhere(q: string | undefined): Prisma.UserWhereInput {
  if (!q) return {};
  const contains = containsText(q);
  return { OR: [{ username: contains }, { email: contains }, { phone: contains }, { company: contains }, { nickname: contains }] };
}

const and = (...parts: Prisma.UserWhereInput[]): Prisma.UserWhereInput => ({ AND: parts.filter((part) => Object.keys(part).length > 0) });

export type UserRow = {
  id: number;
  username: string;
  email: string;
  phone: string;
  company: string | null;
  roleId: number;
  roleName: string;
  /** The role's English form (roleName() picks the one the viewer reads). */
  roleNameEn: string | null;
  customerRating: number | null;
  salesName: string | null;
  serviceName: string | null;
  audit: number;
  profileAudit: number | null;
  state: number;
  viewIds: number[];
  regMethod: string;
  createdAt: string;
  lastLoginAt: string | null;
  salesId: number | null;
  customerServiceId: number | null;
  businessAddress: string | null;
  iaeCountries: string | null;
  landline: string | null;
  qq: string | null;
  wxCodePath: string | null;
  pendingCompany: string | null;
  pendingBusinessAddress: string | null;
  pendingIaeCountries: string | null;
};

/** One page of users of a tab, and the count of every tab (search not applied to the badges). */
export async function listUsers(viewer: Viewer, options: { tab: UserTab; q?: string; skip: number; take: number }) {
  const scope = customerScope(viewer);
  const where = and(scope, TAB_WHERE[options.tab], searchWhere(options.q));
  const [users, total, ...counts] = await Promise.all([
    prisma.user.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: options.skip,
      take: options.take,
      include: {
        role: { select: { name: true, nameEn: true } },
        sales: { select: { username: true } },
        customerService: { select: { username: true } },
      },
    }),
    prisma.user.count({ where }),
    ...USER_TABS.map((tab) => prisma.user.count({ where: and(scope, TAB_WHERE[tab]) })),
  ]);
  const rows: UserRow[] = users.map((user) => ({
    id: user.id,
    username: user.username,
    email: user.email,
    phone: user.phone,
    company: user.company,
    roleId: user.roleId,
    roleName: user.role.name,
    roleNameEn: user.role.nameEn,
    customerRating: user.customerRating,
    salesName: user.sales?.username ?? null,
    serviceName: user.customerService?.username ?? null,
    audit: user.audit,
    profileAudit: user.profileAudit,
    state: user.state,
    viewIds: user.viewIds,
    regMethod: user.regMethod,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    salesId: user.salesId,
    customerServiceId: user.customerServiceId,
    businessAddress: user.businessAddress,
    iaeCountries: user.iaeCountries,
    landline: user.landline,
    qq: user.qq,
    wxCodePath: user.wxCodePath,
    pendingCompany: user.pendingCompany,
    pendingBusinessAddress: user.pendingBusinessAddress,
    pendingIaeCountries: user.pendingIaeCountries,
  }));
  const tabCounts = Object.fromEntries(USER_TABS.map((tab, i) => [tab, counts[i]])) as Record<UserTab, number>;
  return { rows, total, tabCounts };
}

/** A user the viewer may manage (their view's customers; staff only for global views), or null. */
export async function findManagedUser(viewer: Viewer, id: number) {
  return prisma.user.findFirst({
    where: and({ id }, customerScope(viewer)),
    include: {
      role: { select: { id: true, name: true, nameEn: true, parentId: true, level: true } },
      sales: { select: { username: true } },
      customerService: { select: { username: true } },
    },
  });
}

export type ManagedUser = NonNullable<Awaited<ReturnType<typeof findManagedUser>>>;

/**
 * The target rule before anything else is read or validated: 404 outside
 * the viewer's view, else the refusal (logged) when the viewer may not act on
 * that user; null when they may. The domain functions check again.
 */
export async function guardTarget(viewer: Viewer, op: OperationId, id: number): Promise<Outcome<never> | null> {
  const user = await findManagedUser(viewer, id);
  if (!user) return fail(404, "admin.user.loadFailed");
  return targetRefusal(await RoleTree.load(), viewer, op, user);
}

/**
 * A user of the viewer's view, and whether they may act on them (the target
 * rule: below their own role, never themselves): for dialogs and pickers,
 * which refuse before anything is offered. null: outside the view.
 */
export async function managedTarget(viewer: Viewer, id: number): Promise<{ user: ManagedUser; denial: Denial | null } | null> {
  const user = await findManagedUser(viewer, id);
  if (!user) return null;
  return { user, denial: targetDenial(await RoleTree.load(), viewer, user) };
}

/** Staff of the company: roles under the 公司内部 directory. */
export async function isInternalRole(roleId: number): Promise<boolean> {
  return (await RoleTree.load()).isInternal(roleId);
}

/** The staff of one role who can take over a leaving member's customers: active, not the leaver. */
function handoverTargetsWhere(from: { id: number; roleId: number }): Prisma.UserWhereInput {
  return { roleId: from.roleId, state: ACCOUNT_STATE.active, id: { not: from.id } };
}

/** The salespeople and customer-service staff a customer can be given (active only). */
export async function contactChoices() {
  const person = { id: true, username: true, nickname: true } as const;
  const [sales, services] = await Promise.all([
    prisma.user.findMany({
      where: { roleId: { in: [...SALES_ROLE_IDS] }, state: ACCOUNT_STATE.active },
      orderBy: { id: "asc" },
      select: person,
    }),
    prisma.user.findMany({
      where: { roleId: { in: [...SERVICE_ROLE_IDS] }, state: ACCOUNT_STATE.active },
      orderBy: { id: "asc" },
      select: person,
    }),
  ]);
  return { sales, services };
}

/** The roles `viewer` may give a user (docs/decisions/303-authority.md), plus `keep` (a user's current role). */
export async function grantableRoles(viewer: Actor, keep?: number) {
  const ids = grantableRoleIds(await RoleTree.load(), viewer);
  if (keep !== undefined && !ids.includes(keep)) ids.push(keep);
  return prisma.role.findMany({
    where: { id: { in: ids } },
    orderBy: [{ parentId: "asc" }, { id: "asc" }],
    select: { id: true, name: true, nameEn: true, selfService: true },
  });
}

/**
 * Choices of the add/edit/audit/handover dialogs, as `viewer` may grant them:
 * the roles they may give plus the current role of the user being edited
 * (kept when unchanged), the views they hold, and for a handover the active
 * members of the leaving member's role.
 */
export async function userOptions(viewer: Actor, subject?: { id: number; roleId: number } | null) {
  const [contacts, roles, staff] = await Promise.all([
    contactChoices(),
    grantableRoles(viewer, subject?.roleId),
    subject && (HANDOVER_ROLE_IDS as readonly number[]).includes(subject.roleId)
      ? prisma.user.findMany({
          where: handoverTargetsWhere(subject),
          orderBy: { id: "asc" },
          select: { id: true, username: true, nickname: true, roleId: true, state: true },
        })
      : Promise.resolve([]),
  ]);
  // Tier T0 only for those who may give it (the edited user's own tier stays offered: components/admin/UserDialogs.tsx).
  const tiers = [1, 2, 3].filter((tier) => tier !== TIER_T0 || mayPerform(viewer, "user.grantT0"));
  return { ...contacts, roles, staff, views: grantableViews(viewer), tiers };
}

export type UserActionFlags = {
  edit: boolean;
  audit: boolean;
  profile: boolean;
  view: boolean;
  handover: boolean;
  state: boolean;
  delete: boolean;
};

/**
 * What `viewer` may do to each listed user (the row's links and switch):
 * their rights, and only on users below them, never themselves.
 */
export async function rowActions(
  viewer: Viewer,
  rows: readonly { id: number; roleId: number; audit: number; profileAudit: number | null }[],
) {
  const tree = await RoleTree.load();
  const can = (id: OperationId) => mayPerform(viewer, id);
  return Object.fromEntries(
    rows.map((row): [number, UserActionFlags] => {
      const reachable = targetDenial(tree, viewer, row) === null;
      return [
        row.id,
        {
          edit: reachable && can("user.update"),
          audit: reachable && can("user.audit") && row.audit !== AUDIT.passed,
          profile: reachable && can("user.auditProfile") && row.profileAudit !== null,
          view: reachable && can("user.assignView") && (VIEW_ROLE_IDS as readonly number[]).includes(row.roleId),
          handover: reachable && can("user.handover") && (HANDOVER_ROLE_IDS as readonly number[]).includes(row.roleId),
          state: reachable && can("user.setState"),
          delete: reachable && can("user.delete"),
        },
      ];
    }),
  );
}

/**
 * The target rule of a user operation (rank, never oneself), refused and
 * logged; null when `viewer` may act on `user`.
 */
async function targetRefusal(
  tree: RoleTree,
  viewer: Viewer,
  op: OperationId,
  user: { id: number; roleId: number },
  changes?: Changes,
): Promise<Outcome<never> | null> {
  const denial = targetDenial(tree, viewer, user);
  return denial ? refuse(viewer, op, denial, { targetIds: user.id, changes }) : null;
}

/** Loads the role tree and applies the target rule: the tree for further rules, or the refusal. */
async function reach(
  viewer: Viewer,
  op: OperationId,
  user: { id: number; roleId: number },
  changes?: Changes,
): Promise<{ tree: RoleTree } | { refused: Outcome<never> }> {
  const tree = await RoleTree.load();
  const refused = await targetRefusal(tree, viewer, op, user, changes);
  return refused ? { refused } : { tree };
}

/** Runs `work` in a transaction; the last active administrator's guard turns into its refusal. */
async function guarded<T>(
  viewer: Viewer,
  op: OperationId,
  target: { id: number; changes?: Changes },
  work: () => Promise<T>,
): Promise<T | Outcome<never>> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof LastAdministratorError)
      return refuse(viewer, op, LAST_ADMINISTRATOR, { targetIds: target.id, changes: target.changes });
    throw error;
  }
}

const isOutcome = (value: unknown): value is Outcome<never> =>
  typeof value === "object" && value !== null && (value as { ok?: unknown }).ok === false;

/**
 * A role the viewer gives a user: a directory or unknown role is a field
 * error; a role they may not grant is refused (403) and logged.
 */
async function roleRefusal(
  tree: RoleTree,
  viewer: Viewer,
  op: OperationId,
  roleId: number,
  target: { id?: number; changes?: Changes },
  missingKey: string,
): Promise<Outcome<never> | null> {
  const role = tree.role(roleId);
  if (!role || role.level === 1) return fail(400, undefined, { roleId: [missingKey] });
  if (!grantableRoleIds(tree, viewer).includes(roleId)) {
    return refuse(viewer, op, deny("roleNotGrantable", 403, "roleId"), { targetIds: target.id ?? null, changes: target.changes });
  }
  return null;
}

/** The given contacts are a salesperson and a customer-service person (none given: nothing to check). */
async function contactsValid(salesId: number | null, customerServiceId: number | null): Promise<FieldErrors> {
  const [sales, service] = await Promise.all([
    salesId === null ? true : prisma.user.findFirst({ where: { id: salesId, roleId: { in: [...SALES_ROLE_IDS] } }, select: { id: true } }),
    customerServiceId === null
      ? true
      : prisma.user.findFirst({ where: { id: customerServiceId, roleId: { in: [...SERVICE_ROLE_IDS] } }, select: { id: true } }),
  ]);
  const errors: FieldErrors = {};
  if (!sales) errors.salesId = ["admin.user.salesRequired"];
  if (!service) errors.customerServiceId = ["admin.user.serviceRequired"];
  return errors;
}

const DUPLICATE_MESSAGES = {
  email: "admin.user.emailTaken",
  phone: "admin.user.phoneTaken",
  username: "admin.user.usernameTaken",
} as const satisfies Record<string, TranslationKey>;

/** E-mail, phone and username already used by someone else (usernames without case). */
async function duplicates(values: { email?: string; phone: string; username: string }, exceptId?: number): Promise<FieldErrors> {
  const not = exceptId ? { id: { not: exceptId } } : {};
  const [email, phone, username] = await Promise.all([
    values.email ? prisma.user.findFirst({ where: { email: values.email, ...not }, select: { id: true } }) : null,
    prisma.user.findFirst({ where: { phone: values.phone, ...not }, select: { id: true } }),
    prisma.user.findFirst({ where: { username: { equals: values.username, mode: "insensitive" }, ...not }, select: { id: true } }),
  ]);
  const errors: FieldErrors = {};
  if (email) errors.email = [DUPLICATE_MESSAGES.email];
  if (phone) errors.phone = [DUPLICATE_MESSAGES.phone];
  if (username) errors.username = [DUPLICATE_MESSAGES.username];
  return errors;
}

/** A unique violation that slipped past the check (a race): the message of its column. */
function duplicateOutcome(error: unknown): Outcome<never> | null {
  const violation = uniqueViolation(error);
  if (!violation) return null;
  const errors: FieldErrors = {};
  for (const column of violation.columns) {
    const field = column === "email" ? "email" : column === "phone" ? "phone" : column === "username" ? "username" : null;
    if (field) errors[field] = [DUPLICATE_MESSAGES[field]];
  }
  const first = firstMessage(errors);
  return fail(400, first ?? "admin.user.saveFailed", errors);
}

/** The message of the first duplicate (a FieldErrors of duplicates() holds only DUPLICATE_MESSAGES). */
const firstMessage = (errors: FieldErrors) => Object.values(errors)[0]?.[0] as TranslationKey | undefined;

/** The columns the add and edit forms write. */
function editableColumns(input: Parameters<typeof editValues>[0] & Pick<EditUserInput, "businessAddress" | "company">) {
  return {
    username: input.username,
    phone: input.phone,
    businessAddress: input.businessAddress,
    company: input.company,
    salesId: input.salesId,
    customerServiceId: input.customerServiceId,
    roleId: input.roleId,
    customerRating: input.customerRating,
    landline: input.landline,
    qq: input.qq,
  };
}

/** A user's editable values under the spec's names, as the operation log shows them. */
function editValues(user: {
  username: string;
  phone: string;
  businessAddress: string | null;
  company: string | null;
  salesId: number | null;
  customerServiceId: number | null;
  roleId: number;
  customerRating: number | null;
  landline: string | null;
  qq: string | null;
}) {
  return {
    username: user.username,
    phone: user.phone,
    businessaddress: user.businessAddress,
    company: user.company,
    sales_id: user.salesId,
    customer_id: user.customerServiceId,
    rid: user.roleId,
    customer_rating: user.customerRating,
    landline: user.landline,
    qq: user.qq,
  };
}

/**
 * Staff add a user: registered by "admin", audit passed (staff vouch for the
 * account, docs/decisions/301-administration.md), active, with a role the
 * viewer may grant.
 */
export async function createUser(viewer: Viewer, input: AddUserInput): Promise<Outcome<{ id: number }>> {
  const tree = await RoleTree.load();
  const after = editValues({ ...input, landline: input.landline ?? null, qq: input.qq ?? null });
  const refused = await roleRefusal(
    tree,
    viewer,
    "user.create",
    input.roleId,
    { changes: changesBetween({}, { rid: after.rid, customer_rating: after.customer_rating }) },
    "admin.user.roleRequired",
  );
  if (refused && refused.status === 403) return refused;
  const t0 = await t0Refusal(viewer, input.customerRating, null, {
    changes: changesBetween({}, { customer_rating: after.customer_rating }),
  });
  if (t0) return t0;
  const errors: FieldErrors = { ...(await contactsValid(input.salesId, input.customerServiceId)), ...(refused?.fieldErrors ?? {}) };
  const taken = await duplicates(input);
  if (Object.keys(taken).length) return fail(400, firstMessage(taken), { ...errors, ...taken });
  if (Object.keys(errors).length) return fail(400, undefined, errors);
  const passwordHash = await hashPassword(input.password);
  // A new customer of tier T0: their contacts are told (a staff account's tier means nothing).
  const tell =
    input.customerRating === TIER_T0 && !(await RoleTree.load()).isInternal(input.roleId)
      ? await tierMails(viewer, { id: 0, ...input }, null, TIER_T0)
      : null;
  try {
    const user = await prisma.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: {
          email: input.email,
          passwordHash,
          ...editableColumns(input),
          regMethod: "admin",
          audit: AUDIT.passed,
          state: ACCOUNT_STATE.active,
        },
      });
      await logOperation(tx, viewer, {
        module: "add",
        operation: "users",
        targetIds: String(created.id),
        params: `email=${input.email}`,
        changes: changesBetween({}, after),
      });
      await tell?.(tx);
      return created;
    });
    return { ok: true, id: user.id };
  } catch (error) {
    const outcome = duplicateOutcome(error);
    if (outcome) return outcome;
    throw error;
  }
}

/**
 * Edit keeps the audit as it is: a plain edit of an audited user stays
 * audited. A new role or tier is its own operation (user.setRole,
 * user.setTier): the role must be one the viewer may grant, tier T0 needs
 * user.grantT0. A staff member needs no customer tier or contacts (issue 44
 * item 8): what the form leaves empty is none; a customer needs all three.
 * A tier change is logged as its own row (module "tier", before and after)
 * and told to the customer's salesperson and customer service.
 */
export async function updateUser(viewer: Viewer, id: number, input: EditUserInput): Promise<Outcome> {
  const user = await findManagedUser(viewer, id);
  if (!user) return fail(404, "admin.user.loadFailed");
  const staff = (await RoleTree.load()).isInternal(input.roleId);
  const values = {
    ...input,
    salesId: input.salesId ?? null,
    customerServiceId: input.customerServiceId ?? null,
    customerRating: input.customerRating ?? null,
    landline: input.landline ?? null,
    qq: input.qq ?? null,
  };
  const before = editValues(user);
  const changes = changesBetween(before, editValues(values));
  const op: OperationId = changes.rid ? "user.setRole" : changes.customer_rating ? "user.setTier" : "user.update";
  // A new role or tier is its own operation, whatever right the edit needs.
  for (const needed of [changes.rid ? "user.setRole" : null, changes.customer_rating ? "user.setTier" : null] as const) {
    if (needed && !mayPerform(viewer, needed)) return refuse(viewer, needed, deny("noRight"), { targetIds: id, changes });
  }
  const t0 = await t0Refusal(viewer, values.customerRating, user.customerRating, { id, changes });
  if (t0) return t0;
  const reached = await reach(viewer, op, user, changes);
  if ("refused" in reached) return reached.refused;
  const errors: FieldErrors = {
    ...(staff ? {} : customerFieldsRequired(values)),
    ...(await contactsValid(values.salesId, values.customerServiceId)),
  };
  if (changes.rid) {
    const refused = await roleRefusal(reached.tree, viewer, "user.setRole", input.roleId, { id, changes }, "admin.user.roleNotAllowed");
    if (refused?.status === 403) return refused;
    if (refused) Object.assign(errors, refused.fieldErrors);
    // Before the audit passed only the self-service customer roles (spec 5).
    else if (user.audit !== AUDIT.passed && !reached.tree.role(input.roleId)?.selfService) errors.roleId = ["admin.user.roleNotAllowed"];
  }
  const taken = await duplicates(input, id);
  if (Object.keys(taken).length) return fail(400, firstMessage(taken), { ...errors, ...taken });
  if (Object.keys(errors).length) return fail(400, undefined, errors);
  const demotesAdmin = user.roleId === ADMIN_ROLE_ID && input.roleId !== ADMIN_ROLE_ID && user.state === ACCOUNT_STATE.active;
  const { customer_rating: tierChange, ...otherChanges } = changes;
  const tell = tierChange && !staff ? await tierMails(viewer, { ...user, ...values }, user.customerRating, values.customerRating) : null;
  try {
    const result = await guarded(viewer, "user.setRole", { id, changes }, () =>
      prisma.$transaction(async (tx) => {
        if (demotesAdmin) await keepAnAdministrator(tx, id);
        await tx.user.update({ where: { id }, data: editableColumns(values) });
        if (!tierChange || Object.keys(otherChanges).length)
          await logOperation(tx, viewer, { module: "edit", operation: "users", targetIds: String(id), changes: otherChanges });
        if (tierChange)
          await logOperation(tx, viewer, {
            module: "tier",
            operation: "users",
            targetIds: String(id),
            changes: { customer_rating: tierChange },
          });
        await tell?.(tx);
      }, ADMIN_LOCK_TRANSACTION),
    );
    if (isOutcome(result)) return result;
    return { ok: true };
  } catch (error) {
    const outcome = duplicateOutcome(error);
    if (outcome) return outcome;
    throw error;
  }
}

/** A customer's tier and contacts (required for customers only; spec 5, issue 44 item 8). */
function customerFieldsRequired(values: { salesId: number | null; customerServiceId: number | null; customerRating: number | null }) {
  const errors: FieldErrors = {};
  if (values.salesId === null) errors.salesId = ["admin.user.salesRequired"];
  if (values.customerServiceId === null) errors.customerServiceId = ["admin.user.serviceRequired"];
  if (values.customerRating === null) errors.customerRating = ["admin.user.tierRequired"];
  return errors;
}

/** Tier T0, the company's internal prices. */
const TIER_T0 = 1;

/**
 * Giving tier T0 needs its own right (user.grantT0, above the salesperson's
 * edit right; the administrator's by default): refused and logged without
 * it. A user who already has T0 keeps it unchallenged.
 */
async function t0Refusal(
  viewer: Viewer,
  tier: number | null | undefined,
  current: number | null,
  target: { id?: number; changes?: Changes },
): Promise<Outcome<never> | null> {
  if (tier !== TIER_T0 || current === TIER_T0 || mayPerform(viewer, "user.grantT0")) return null;
  return refuse(viewer, "user.grantT0", deny("t0NotGrantable", 403, "customerRating"), {
    targetIds: target.id ?? null,
    changes: target.changes,
  });
}

/**
 * The customer's salesperson and customer service are told of a tier change
 * (issue 44 item 6): one outbox mail each, in their language, written in the
 * change's transaction. Rendered before it (returns the writer).
 */
async function tierMails(
  viewer: Viewer,
  customer: { id: number; username: string; company: string | null; salesId: number | null; customerServiceId: number | null },
  before: number | null,
  after: number | null,
): Promise<(tx: OutboxWriter) => Promise<void>> {
  const ids = [customer.salesId, customer.customerServiceId].filter((v): v is number => v !== null);
  const contacts = await prisma.user.findMany({ where: { id: { in: ids } }, select: { email: true, language: true } });
  const at = new Date();
  const mails = await Promise.all(
    contacts.map(async (contact) => {
      const lang = isLanguage(contact.language) ? contact.language : fallbackLanguage;
      const t = await i18n.getFixedT(lang);
      return {
        to: contact.email,
        ...(await renderTierChangeEmail({
          t,
          lang,
          customer,
          before,
          after,
          by: viewer.username,
          at,
          link: mailLink(`/userList?dialog=edit&id=${customer.id}`),
        })),
      };
    }),
  );
  return async (tx) => {
    for (const mail of mails) await enqueueEmail(tx, { kind: "tier_change", ...mail });
  };
}

/**
 * Tells the customer the decision (issue 22 item 16): one outbox mail in the
 * language they registered or asked for the change in, written in the
 * decision's transaction so a mail exists exactly when the decision does.
 */
async function auditMail(
  user: { email: string; username: string; language: string },
  subject: AuditSubject,
  decision: AuditDecision,
  given: string | null,
) {
  const lang = isLanguage(user.language) ? user.language : fallbackLanguage;
  const t = await i18n.getFixedT(lang);
  // A fail without a reason (the legacy API's call sends none) gets the default reason, in the customer's language.
  const reason = decision === "fail" && !given ? t("admin.auditMail.defaultReason") : given;
  const mail = await renderAuditResultEmail({
    t,
    lang,
    subject,
    decision,
    username: user.username,
    reason,
    link: mailLink(`${decision === "pass" ? "/login" : "/contact"}?lng=${lang}`),
  });
  return {
    reason,
    write: (tx: OutboxWriter) =>
      enqueueEmail(tx, { kind: subject === "registration" ? "audit_result" : "profile_audit_result", to: user.email, ...mail }),
  };
}

/** Registration audit of a user not yet passed: pass (tier and contacts) or fail. */
export async function auditUser(viewer: Viewer, id: number, input: AuditInput): Promise<Outcome> {
  const user = await findManagedUser(viewer, id);
  const failedKey = input.decision === "pass" ? "admin.user.auditPassFailed" : "admin.user.auditFailFailed";
  if (!user) return fail(404, failedKey);
  const after =
    input.decision === "pass"
      ? {
          audit: AUDIT.passed,
          customer_rating: input.customerRating ?? null,
          sales_id: input.salesId ?? null,
          customer_id: input.customerServiceId ?? null,
        }
      : { audit: AUDIT.failed, reason: input.reason };
  const changes = changesBetween(
    { audit: user.audit, customer_rating: user.customerRating, sales_id: user.salesId, customer_id: user.customerServiceId },
    after,
  );
  if (input.decision === "pass") {
    const t0 = await t0Refusal(viewer, input.customerRating, user.customerRating, { id, changes });
    if (t0) return t0;
  }
  const reached = await reach(viewer, "user.audit", user, changes);
  if ("refused" in reached) return reached.refused;
  if (user.audit === AUDIT.passed) return fail(409, "admin.user.alreadyAudited");
  if (input.decision === "pass") {
    const errors = await contactsValid(input.salesId!, input.customerServiceId!);
    if (Object.keys(errors).length) return fail(400, failedKey, errors);
  }
  const mail = await auditMail(user, "registration", input.decision, input.reason);
  const logged = input.decision === "fail" ? { ...changes, reason: [null, mail.reason] as const } : changes;
  // Passed as T0: the contacts are told, as of any move to T0.
  const tell =
    input.decision === "pass" && input.customerRating === TIER_T0
      ? await tierMails(
          viewer,
          { ...user, salesId: input.salesId!, customerServiceId: input.customerServiceId! },
          user.customerRating,
          TIER_T0,
        )
      : null;
  await prisma.$transaction(async (tx) => {
    await tx.user.update({
      where: { id },
      data:
        input.decision === "pass"
          ? {
              audit: AUDIT.passed,
              customerRating: input.customerRating,
              salesId: input.salesId,
              customerServiceId: input.customerServiceId,
            }
          : { audit: AUDIT.failed },
    });
    await logOperation(tx, viewer, { module: "audit", operation: "users", targetIds: String(id), changes: logged });
    await mail.write(tx);
    await tell?.(tx);
  });
  return { ok: true };
}

/** Profile-change audit, only while one is pending: passing applies the pending values. */
export async function auditProfileChange(
  viewer: Viewer,
  id: number,
  decision: AuditDecision,
  reason: string | null = null,
): Promise<Outcome> {
  const user = await findManagedUser(viewer, id);
  const failedKey = decision === "pass" ? "admin.user.auditPassFailed" : "admin.user.auditFailFailed";
  if (!user) return fail(404, failedKey);
  const reached = await reach(viewer, "user.auditProfile", user);
  if ("refused" in reached) return reached.refused;
  if (user.profileAudit !== AUDIT.pending) return fail(409, "admin.user.noPendingProfile");
  const cleared = { pendingCompany: null, pendingBusinessAddress: null, pendingIaeCountries: null };
  const applied = {
    ...(user.pendingCompany !== null ? { company: user.pendingCompany } : {}),
    ...(user.pendingBusinessAddress !== null ? { businessAddress: user.pendingBusinessAddress } : {}),
    ...(user.pendingIaeCountries !== null ? { iaeCountries: user.pendingIaeCountries } : {}),
  };
  const mail = await auditMail(user, "profile", decision, reason);
  const changes = changesBetween(
    { audit_zl: user.profileAudit, company: user.company, businessaddress: user.businessAddress, iaecountries: user.iaeCountries },
    decision === "pass"
      ? {
          audit_zl: 2,
          company: applied.company ?? user.company,
          businessaddress: applied.businessAddress ?? user.businessAddress,
          iaecountries: applied.iaeCountries ?? user.iaeCountries,
        }
      : { audit_zl: 3, reason: mail.reason },
  );
  await prisma.$transaction(async (tx) => {
    // Guarded by profileAudit = 1 so two staff cannot apply the same change twice.
    const result = await tx.user.updateMany({
      where: { id, profileAudit: AUDIT.pending },
      data: decision === "pass" ? { profileAudit: AUDIT.passed, ...applied, ...cleared } : { profileAudit: AUDIT.failed, ...cleared },
    });
    if (result.count === 1) {
      await logOperation(tx, viewer, { module: "auditProfile", operation: "users", targetIds: String(id), changes });
      await mail.write(tx);
    }
  });
  return { ok: true };
}

/**
 * Views (view_st) for the administrator, customer service, sales and sales
 * managers; a viewer gives or takes only views they hold themselves.
 */
export async function assignViews(viewer: Viewer, id: number, viewIds: number[]): Promise<Outcome> {
  const user = await findManagedUser(viewer, id);
  if (!user) return fail(404, "admin.user.viewFailed");
  const ids: number[] = [...new Set(viewIds)].filter((v) => v === 1 || v === 2).sort();
  const changes = changesBetween({ view_st: user.viewIds }, { view_st: ids });
  const reached = await reach(viewer, "user.assignView", user, changes);
  if ("refused" in reached) return reached.refused;
  if (!(VIEW_ROLE_IDS as readonly number[]).includes(user.roleId)) return fail(400, "admin.user.viewNotOffered");
  const grantable = grantableViews(viewer);
  const touched = [1, 2].filter((v) => ids.includes(v) !== user.viewIds.includes(v));
  if (touched.some((v) => !grantable.includes(v)))
    return refuse(viewer, "user.assignView", deny("viewNotGrantable"), { targetIds: id, changes });
  await prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id }, data: { viewIds: ids } });
    await logOperation(tx, viewer, { module: "view", operation: "users", targetIds: String(id), changes });
  });
  return { ok: true };
}

/**
 * Leaving-staff handover: every customer whose salesperson or customer-service
 * person is `fromId` moves to `toId`, an active member of the leaver's own
 * role (so the customer keeps a valid contact), in one UPDATE.
 */
export async function handOver(viewer: Viewer, fromId: number, toId: number): Promise<Outcome<{ moved: number }>> {
  const from = await findManagedUser(viewer, fromId);
  if (!from) return fail(404, "admin.user.handoverFailed");
  const reached = await reach(viewer, "user.handover", from);
  if ("refused" in reached) return reached.refused;
  if (!(HANDOVER_ROLE_IDS as readonly number[]).includes(from.roleId)) return fail(404, "admin.user.handoverFailed");
  const to = await prisma.user.findFirst({ where: { AND: [{ id: toId }, handoverTargetsWhere(from)] }, select: { id: true } });
  if (!to) {
    if (toId === fromId) return fail(400, undefined, { targetId: ["admin.user.handoverTargetRequired"] });
    return refuse(viewer, "user.handover", deny("handoverSameRole", 400, "targetId"), {
      targetIds: fromId,
      changes: { handOverId: [null, toId] },
    });
  }
  const moved = await prisma.$transaction(async (tx) => {
    const count = await tx.$executeRaw`
      UPDATE users
         SET sales_id = CASE WHEN sales_id = ${fromId} THEN ${toId} ELSE sales_id END,
             customer_service_id = CASE WHEN customer_service_id = ${fromId} THEN ${toId} ELSE customer_service_id END,
             updated_at = now()
       WHERE sales_id = ${fromId} OR customer_service_id = ${fromId}`;
    if (count > 0) {
      await logOperation(tx, viewer, {
        module: "handover",
        operation: "users",
        targetIds: String(fromId),
        params: `userId=${fromId}, handOverId=${toId}, customers=${count}`,
      });
    }
    return count;
  });
  if (moved === 0) return fail(409, "admin.user.noCustomersToHandOver");
  return { ok: true, moved };
}

/** Account state: freezing ends every session of the user at once; the last active administrator stays. */
export async function setUserState(viewer: Viewer, id: number, state: AccountState): Promise<Outcome> {
  const user = await findManagedUser(viewer, id);
  if (!user) return fail(404, "admin.user.stateFailed");
  const changes = changesBetween({ statesw: user.state }, { statesw: state });
  const reached = await reach(viewer, "user.setState", user, changes);
  if ("refused" in reached) return reached.refused;
  const freezesAdmin = state === ACCOUNT_STATE.frozen && user.roleId === ADMIN_ROLE_ID && user.state === ACCOUNT_STATE.active;
  const result = await guarded(viewer, "user.setState", { id, changes }, () =>
    prisma.$transaction(async (tx) => {
      if (freezesAdmin) await keepAnAdministrator(tx, id);
      await tx.user.update({ where: { id }, data: { state } });
      if (state === ACCOUNT_STATE.frozen) await revokeUserSessions(id, { tx });
      await logOperation(tx, viewer, { module: "state", operation: "users", targetIds: String(id), changes });
    }, ADMIN_LOCK_TRANSACTION),
  );
  if (isOutcome(result)) return result;
  // Also outside the transaction's snapshot: nothing signed in survives a freeze.
  if (state === ACCOUNT_STATE.frozen) await revokeUserSessions(id);
  return { ok: true };
}

/** Delete, refused while the user still has customers (or bookings, which are kept); the last active administrator stays. */
export async function deleteUser(viewer: Viewer, id: number): Promise<Outcome> {
  const user = await findManagedUser(viewer, id);
  if (!user) return fail(404, "admin.user.deleteFailed");
  const reached = await reach(viewer, "user.delete", user);
  if ("refused" in reached) return reached.refused;
  const [customers, entrustments] = await Promise.all([
    prisma.user.count({ where: { OR: [{ salesId: id }, { customerServiceId: id }] } }),
    prisma.entrustment.count({ where: { userId: id } }),
  ]);
  if (customers > 0) return fail(409, "admin.user.hasCustomers");
  if (entrustments > 0) return fail(409, "admin.user.hasEntrustments");
  const result = await guarded(viewer, "user.delete", { id }, () =>
    prisma.$transaction(async (tx) => {
      if (user.roleId === ADMIN_ROLE_ID && user.state === ACCOUNT_STATE.active) await keepAnAdministrator(tx, id);
      await tx.user.delete({ where: { id } });
      await logOperation(tx, viewer, {
        module: "delete",
        operation: "users",
        targetIds: String(id),
        before: { email: user.email, ...editValues({ ...user, landline: user.landline ?? null, qq: user.qq ?? null }) },
      });
    }, ADMIN_LOCK_TRANSACTION),
  );
  if (isOutcome(result)) return result;
  await deleteImage("wxcodes", user.wxCodePath);
  return { ok: true };
}

/** Whether a QR business card may be set on this user: staff only, jpg/png by content. Changes nothing. */
export async function checkWxCode(
  viewer: Viewer,
  id: number,
  bytes: Uint8Array,
): Promise<Outcome<{ ext: "jpg" | "png"; previous: string | null }>> {
  const user = await findManagedUser(viewer, id);
  if (!user) return fail(404, "admin.user.loadFailed");
  const reached = await reach(viewer, "user.setWxCode", user);
  if ("refused" in reached) return reached.refused;
  if (!reached.tree.isInternal(user.roleId)) return fail(400, "admin.user.wxCodeStaffOnly", { wxCode: ["admin.user.wxCodeStaffOnly"] });
  const ext = detectImage(bytes, PHOTO_EXTS);
  if (ext !== "jpg" && ext !== "png") return fail(415, "admin.user.wxCodeInvalid", { wxCode: ["admin.user.wxCodeInvalid"] });
  return { ok: true, ext, previous: user.wxCodePath };
}

/** The staff QR business card (jpg/png by content); staff users only. */
export async function setWxCode(viewer: Viewer, id: number, bytes: Uint8Array): Promise<Outcome> {
  const checked = await checkWxCode(viewer, id, bytes);
  if (!checked.ok) return checked;
  const { ext } = checked;
  const user = { wxCodePath: checked.previous };
  const name = await saveImage("wxcodes", bytes, ext);
  await prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id }, data: { wxCodePath: name } });
    await logOperation(tx, viewer, {
      module: "wxcode",
      operation: "users",
      targetIds: String(id),
      changes: changesBetween({ wx_code: user.wxCodePath }, { wx_code: name }),
    });
  });
  await deleteImage("wxcodes", user.wxCodePath);
  return { ok: true };
}
