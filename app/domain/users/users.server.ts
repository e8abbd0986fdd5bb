// User management (administration.md 2.1, 4, 5, 6): list with the seven tabs,
// add, edit, audit, profile-change audit, views, handover, state, delete and
// the staff QR business card. Every read and write is limited to the
// customers the staff member's view allows (permissions/views.server.ts).
import { containsText } from "~/utils/like";
import { prisma, Prisma } from "~/utils/db.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { hashPassword } from "~/domain/accounts/password.server";
import { revokeUserSessions } from "~/domain/accounts/session.server";
import { logOperation } from "~/domain/logs/operation-log.server";
import { customerScope } from "~/domain/permissions/views.server";
import { fail, uniqueViolation, type FieldErrors, type Outcome } from "~/domain/menus/admin.server";
import { deleteImage, detectImage, saveImage } from "~/domain/home-content/images.server";
import type { AddUserInput, AuditInput, EditUserInput } from "./schemas";

import { HANDOVER_ROLE_IDS, INTERNAL_ROLE_ROOT_ID, SALES_ROLE_IDS, SERVICE_ROLE_IDS, USER_TABS, VIEW_ROLE_IDS, type UserTab } from "./constants";

export { HANDOVER_ROLE_IDS, VIEW_ROLE_IDS, USER_TABS, type UserTab };

const TAB_WHERE: Record<UserTab, Prisma.UserWhereInput> = {
  all: {},
  t0: { customerRating: 1 },
  t1: { customerRating: 2 },
  t2: { customerRating: 3 },
  pending: { audit: 1 },
  failed: { audit: 3 },
  profile: { profileAudit: 1 },
};

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
        role: { select: { name: true } },
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
  }));
  const tabCounts = Object.fromEntries(USER_TABS.map((tab, i) => [tab, counts[i]])) as Record<UserTab, number>;
  return { rows, total, tabCounts };
}

/** A user the viewer may manage (their view's customers; staff only for global views), or null. */
export async function findManagedUser(viewer: Viewer, id: number) {
  return prisma.user.findFirst({
    where: and({ id }, customerScope(viewer)),
    include: { role: { select: { id: true, name: true, parentId: true, level: true } } },
  });
}

export type ManagedUser = NonNullable<Awaited<ReturnType<typeof findManagedUser>>>;

/** Staff of the company: roles under the 公司内部 directory. */
export async function isInternalRole(roleId: number): Promise<boolean> {
  let current = await prisma.role.findUnique({ where: { id: roleId }, select: { id: true, parentId: true } });
  for (let depth = 0; current && depth < 5; depth++) {
    if (current.id === INTERNAL_ROLE_ROOT_ID) return true;
    if (current.parentId === null) return false;
    current = await prisma.role.findUnique({ where: { id: current.parentId }, select: { id: true, parentId: true } });
  }
  return false;
}

/** Choices of the add/edit/audit dialogs. */
export async function userOptions() {
  const [sales, services, roles, staff] = await Promise.all([
    prisma.user.findMany({ where: { roleId: { in: [...SALES_ROLE_IDS] }, state: 1 }, orderBy: { id: "asc" }, select: { id: true, username: true, nickname: true } }),
    prisma.user.findMany({ where: { roleId: { in: [...SERVICE_ROLE_IDS] }, state: 1 }, orderBy: { id: "asc" }, select: { id: true, username: true, nickname: true } }),
    prisma.role.findMany({ where: { level: { not: 1 } }, orderBy: [{ parentId: "asc" }, { id: "asc" }], select: { id: true, name: true, selfService: true } }),
    prisma.user.findMany({ where: { roleId: { in: [...HANDOVER_ROLE_IDS] } }, orderBy: { id: "asc" }, select: { id: true, username: true, nickname: true, roleId: true, state: true } }),
  ]);
  return { sales, services, roles, staff };
}

/** Roles a user may get: never level-1 directories; before the audit passed only the self-service customer roles. */
async function roleAllowed(roleId: number, audit: number): Promise<boolean> {
  const role = await prisma.role.findUnique({ where: { id: roleId }, select: { level: true, selfService: true } });
  if (!role || role.level === 1) return false;
  return audit === 2 || role.selfService;
}

async function contactsValid(salesId: number, customerServiceId: number): Promise<FieldErrors> {
  const [sales, service] = await Promise.all([
    prisma.user.findFirst({ where: { id: salesId, roleId: { in: [...SALES_ROLE_IDS] } }, select: { id: true } }),
    prisma.user.findFirst({ where: { id: customerServiceId, roleId: { in: [...SERVICE_ROLE_IDS] } }, select: { id: true } }),
  ]);
  const errors: FieldErrors = {};
  if (!sales) errors.salesId = ["admin.user.salesRequired"];
  if (!service) errors.customerServiceId = ["admin.user.serviceRequired"];
  return errors;
}

const DUPLICATE_MESSAGES: Record<string, string> = {
  email: "admin.user.emailTaken",
  phone: "admin.user.phoneTaken",
  username: "admin.user.usernameTaken",
};

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
  const columns = uniqueViolation(error);
  if (!columns) return null;
  const errors: FieldErrors = {};
  for (const column of columns) {
    const field = column === "email" ? "email" : column === "phone" ? "phone" : column === "username" ? "username" : null;
    if (field) errors[field] = [DUPLICATE_MESSAGES[field]];
  }
  const first = Object.values(errors)[0]?.[0];
  return fail(400, first ?? "admin.user.saveFailed", errors);
}

const firstMessage = (errors: FieldErrors) => Object.values(errors)[0]?.[0];

/**
 * Staff add a user: registered by "admin", audit passed (staff vouch for the
 * account, docs/decisions/301-administration.md), active.
 */
export async function createUser(viewer: Viewer, input: AddUserInput): Promise<Outcome<{ id: number }>> {
  const errors: FieldErrors = { ...(await contactsValid(input.salesId, input.customerServiceId)) };
  if (!(await roleAllowed(input.roleId, 2))) errors.roleId = ["admin.user.roleRequired"];
  const taken = await duplicates(input);
  if (Object.keys(taken).length) return fail(400, firstMessage(taken), { ...errors, ...taken });
  if (Object.keys(errors).length) return fail(400, undefined, errors);
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await prisma.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: {
          email: input.email,
          passwordHash,
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
          regMethod: "admin",
          audit: 2,
          state: 1,
        },
      });
      await logOperation(tx, viewer, {
        module: "add",
        operation: "users",
        targetIds: String(created.id),
        params: `email=${input.email}, username=${input.username}, rid=${input.roleId}, customer_rating=${input.customerRating}`,
      });
      return created;
    });
    return { ok: true, id: user.id };
  } catch (error) {
    const outcome = duplicateOutcome(error);
    if (outcome) return outcome;
    throw error;
  }
}

/** Edit keeps the audit as it is: a plain edit of an audited user stays audited. */
export async function updateUser(viewer: Viewer, id: number, input: EditUserInput): Promise<Outcome> {
  const user = await findManagedUser(viewer, id);
  if (!user) return fail(404, "admin.user.loadFailed");
  const errors: FieldErrors = { ...(await contactsValid(input.salesId, input.customerServiceId)) };
  if (!(await roleAllowed(input.roleId, user.audit))) errors.roleId = ["admin.user.roleNotAllowed"];
  const taken = await duplicates(input, id);
  if (Object.keys(taken).length) return fail(400, firstMessage(taken), { ...errors, ...taken });
  if (Object.keys(errors).length) return fail(400, undefined, errors);
  try {
    await prisma.$transaction(async (tx) => {
      await tx.user.update({
        where: { id },
        data: {
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
        },
      });
      await logOperation(tx, viewer, {
        module: "edit",
        operation: "users",
        targetIds: String(id),
        params: `username=${input.username}, rid=${input.roleId}, customer_rating=${input.customerRating}, sales_id=${input.salesId}, customer_id=${input.customerServiceId}`,
      });
    });
    return { ok: true };
  } catch (error) {
    const outcome = duplicateOutcome(error);
    if (outcome) return outcome;
    throw error;
  }
}

/** Registration audit of a user not yet passed: pass (tier and contacts) or fail. */
export async function auditUser(viewer: Viewer, id: number, input: AuditInput): Promise<Outcome> {
  const user = await findManagedUser(viewer, id);
  const failedKey = input.decision === "pass" ? "admin.user.auditPassFailed" : "admin.user.auditFailFailed";
  if (!user) return fail(404, failedKey);
  if (user.audit === 2) return fail(409, "admin.user.alreadyAudited");
  if (input.decision === "pass") {
    const errors = await contactsValid(input.salesId!, input.customerServiceId!);
    if (Object.keys(errors).length) return fail(400, failedKey, errors);
  }
  await prisma.$transaction(async (tx) => {
    await tx.user.update({
      where: { id },
      data:
        input.decision === "pass"
          ? { audit: 2, customerRating: input.customerRating, salesId: input.salesId, customerServiceId: input.customerServiceId }
          : { audit: 3 },
    });
    await logOperation(tx, viewer, {
      module: "audit",
      operation: "users",
      targetIds: String(id),
      params: input.decision === "pass" ? `audit=2, customer_rating=${input.customerRating}` : "audit=3",
    });
  });
  return { ok: true };
}

/** Profile-change audit, only while one is pending: passing applies the pending values. */
export async function auditProfileChange(viewer: Viewer, id: number, decision: "pass" | "fail"): Promise<Outcome> {
  const user = await findManagedUser(viewer, id);
  const failedKey = decision === "pass" ? "admin.user.auditPassFailed" : "admin.user.auditFailFailed";
  if (!user) return fail(404, failedKey);
  if (user.profileAudit !== 1) return fail(409, "admin.user.noPendingProfile");
  const cleared = { pendingCompany: null, pendingBusinessAddress: null, pendingIaeCountries: null };
  await prisma.$transaction(async (tx) => {
    // Guarded by profileAudit = 1 so two staff cannot apply the same change twice.
    const result = await tx.user.updateMany({
      where: { id, profileAudit: 1 },
      data:
        decision === "pass"
          ? {
              profileAudit: 2,
              ...(user.pendingCompany !== null ? { company: user.pendingCompany } : {}),
              ...(user.pendingBusinessAddress !== null ? { businessAddress: user.pendingBusinessAddress } : {}),
              ...(user.pendingIaeCountries !== null ? { iaeCountries: user.pendingIaeCountries } : {}),
              ...cleared,
            }
          : { profileAudit: 3, ...cleared },
    });
    if (result.count === 1) {
      await logOperation(tx, viewer, {
        module: "auditProfile",
        operation: "users",
        targetIds: String(id),
        params: decision === "pass" ? `audit_zl=2, company=${user.pendingCompany ?? ""}` : "audit_zl=3",
      });
    }
  });
  return { ok: true };
}

/** Views (view_st) for the administrator, customer service, sales and sales managers. */
export async function assignViews(viewer: Viewer, id: number, viewIds: number[]): Promise<Outcome> {
  const user = await findManagedUser(viewer, id);
  if (!user) return fail(404, "admin.user.viewFailed");
  if (!(VIEW_ROLE_IDS as readonly number[]).includes(user.roleId)) return fail(400, "admin.user.viewNotOffered");
  const ids = [...new Set(viewIds)].filter((v) => v === 1 || v === 2).sort();
  await prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id }, data: { viewIds: ids } });
    await logOperation(tx, viewer, { module: "view", operation: "users", targetIds: String(id), params: `view_st=${ids.join(",")}` });
  });
  return { ok: true };
}

/**
 * Leaving-staff handover: every customer whose salesperson or customer-service
 * person is `fromId` moves to `toId`, in one UPDATE.
 */
export async function handOver(viewer: Viewer, fromId: number, toId: number): Promise<Outcome<{ moved: number }>> {
  const from = await findManagedUser(viewer, fromId);
  if (!from || !(HANDOVER_ROLE_IDS as readonly number[]).includes(from.roleId)) return fail(404, "admin.user.handoverFailed");
  const to = await prisma.user.findFirst({ where: { id: toId, roleId: { in: [...HANDOVER_ROLE_IDS] } }, select: { id: true, state: true } });
  if (!to || to.id === fromId) return fail(400, undefined, { targetId: ["admin.user.handoverTargetRequired"] });
  const moved = await prisma.$transaction(async (tx) => {
    const count = await tx.$executeRaw`
      UPDATE users
         SET sales_id = CASE WHEN sales_id = ${fromId} THEN ${toId} ELSE sales_id END,
             customer_service_id = CASE WHEN customer_service_id = ${fromId} THEN ${toId} ELSE customer_service_id END,
             updated_at = now()
       WHERE sales_id = ${fromId} OR customer_service_id = ${fromId}`;
    if (count > 0) {
      await logOperation(tx, viewer, { module: "handover", operation: "users", targetIds: String(fromId), params: `userId=${fromId}, handOverId=${toId}, customers=${count}` });
    }
    return count;
  });
  if (moved === 0) return fail(409, "admin.user.noCustomersToHandOver");
  return { ok: true, moved };
}

/** Account state: freezing ends every session of the user at once. */
export async function setUserState(viewer: Viewer, id: number, state: 1 | 2): Promise<Outcome> {
  if (id === viewer.id) return fail(400, "admin.user.notYourself");
  const user = await findManagedUser(viewer, id);
  if (!user) return fail(404, "admin.user.stateFailed");
  await prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id }, data: { state } });
    if (state === 2) await revokeUserSessions(id, { tx });
    await logOperation(tx, viewer, { module: "state", operation: "users", targetIds: String(id), params: `statesw=${state}` });
  });
  // Also outside the transaction's snapshot: nothing signed in survives a freeze.
  if (state === 2) await revokeUserSessions(id);
  return { ok: true };
}

/** Delete, refused while the user still has customers (or bookings, which are kept). */
export async function deleteUser(viewer: Viewer, id: number): Promise<Outcome> {
  if (id === viewer.id) return fail(400, "admin.user.notYourself");
  const user = await findManagedUser(viewer, id);
  if (!user) return fail(404, "admin.user.deleteFailed");
  const [customers, entrustments] = await Promise.all([
    prisma.user.count({ where: { OR: [{ salesId: id }, { customerServiceId: id }] } }),
    prisma.entrustment.count({ where: { userId: id } }),
  ]);
  if (customers > 0) return fail(409, "admin.user.hasCustomers");
  if (entrustments > 0) return fail(409, "admin.user.hasEntrustments");
  await prisma.$transaction(async (tx) => {
    await tx.user.delete({ where: { id } });
    await logOperation(tx, viewer, { module: "delete", operation: "users", targetIds: String(id), params: `email=${user.email}, username=${user.username}` });
  });
  await deleteImage("wxcodes", user.wxCodePath);
  return { ok: true };
}

/** The staff QR business card (jpg/png by content); staff users only. */
export async function setWxCode(viewer: Viewer, id: number, bytes: Uint8Array): Promise<Outcome> {
  const user = await findManagedUser(viewer, id);
  if (!user) return fail(404, "admin.user.loadFailed");
  if (!(await isInternalRole(user.roleId))) return fail(400, "admin.user.wxCodeStaffOnly");
  const ext = detectImage(bytes);
  if (ext !== "jpg" && ext !== "png") return fail(415, "admin.user.wxCodeInvalid", { wxCode: ["admin.user.wxCodeInvalid"] });
  const name = await saveImage("wxcodes", bytes, ext);
  await prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id }, data: { wxCodePath: name } });
    await logOperation(tx, viewer, { module: "wxcode", operation: "users", targetIds: String(id), params: name });
  });
  await deleteImage("wxcodes", user.wxCodePath);
  return { ok: true };
}
