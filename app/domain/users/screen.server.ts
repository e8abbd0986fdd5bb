// Loader and action of /userList. Each dialog and each action is gated by its
// right (71 add, 72 delete, 73 audit/edit, 75 views, 86 state, 90 profile
// audit, 96 handover), on top of the screen path; hiding a button is cosmetic.
import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { z } from "~/utils/zod";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { forbidden, hasPermission, requirePath, RIGHTS } from "~/domain/permissions/permissions.server";
import { backToList, badRequest, cancelled, idOf, intentOf, notFound } from "~/domain/menus/admin.server";
import { parseImageUpload, WXCODE_MAX_BYTES } from "~/domain/home-content/images.server";
import { defineTable, parseTableQuery, tablePage } from "~/domain/table/paging.server";
import { addUserSchema, auditSchema, decisionSchema, editUserSchema, handoverSchema, stateSchema, viewSchema } from "./schemas";
import {
  assignViews,
  auditProfileChange,
  auditUser,
  createUser,
  deleteUser,
  findManagedUser,
  handOver,
  HANDOVER_ROLE_IDS,
  isInternalRole,
  listUsers,
  setUserState,
  setWxCode,
  tabOf,
  updateUser,
  userOptions,
  VIEW_ROLE_IDS,
} from "./users.server";

export const PATH = "/userList";

export const usersTable = defineTable({
  sizes: [20, 50, 100, 200],
  defaultSize: 20,
  filters: { q: z.string().trim().max(50) },
});

export function userRights(viewer: Viewer) {
  const rights = {
    add: hasPermission(viewer, RIGHTS.addUser),
    delete: hasPermission(viewer, RIGHTS.deleteUser),
    edit: hasPermission(viewer, RIGHTS.auditOrEditUser),
    view: hasPermission(viewer, RIGHTS.assignView),
    state: hasPermission(viewer, RIGHTS.toggleState),
    profile: hasPermission(viewer, RIGHTS.auditProfileChange),
    handover: hasPermission(viewer, RIGHTS.handOver),
  };
  // The action column shows with at least one of 72, 73, 75, 86, 90, 96 (spec 2.1).
  return { ...rights, actions: rights.delete || rights.edit || rights.view || rights.state || rights.profile || rights.handover };
}

export type UserRights = ReturnType<typeof userRights>;

const DIALOG_RIGHT: Record<string, keyof UserRights> = {
  add: "add",
  edit: "edit",
  audit: "edit",
  profile: "profile",
  view: "view",
  handover: "handover",
  delete: "delete",
};

export function userDetail(user: NonNullable<Awaited<ReturnType<typeof findManagedUser>>>, internal: boolean) {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    phone: user.phone,
    businessAddress: user.businessAddress,
    company: user.company,
    iaeCountries: user.iaeCountries,
    salesId: user.salesId,
    customerServiceId: user.customerServiceId,
    roleId: user.roleId,
    roleName: user.role.name,
    customerRating: user.customerRating,
    landline: user.landline,
    qq: user.qq,
    audit: user.audit,
    profileAudit: user.profileAudit,
    pendingCompany: user.pendingCompany,
    pendingBusinessAddress: user.pendingBusinessAddress,
    pendingIaeCountries: user.pendingIaeCountries,
    viewIds: user.viewIds,
    wxCodePath: user.wxCodePath,
    internal,
  };
}

export type UserDetail = ReturnType<typeof userDetail>;

export async function userListLoader(request: Request) {
  const viewer = await requirePath(request, PATH);
  const url = new URL(request.url);
  const query = parseTableQuery(url, usersTable);
  const tab = tabOf(url.searchParams.get("tab"));
  const rights = userRights(viewer);
  const { rows, total, tabCounts } = await listUsers(viewer, { tab, q: query.filters.q, skip: query.skip, take: query.take });
  const base = { rows, page: tablePage(query, total), tab, tabCounts, rights, viewerId: viewer.id };

  const dialogName = url.searchParams.get("dialog");
  if (!dialogName) return { ...base, options: null, dialog: null };
  const right = DIALOG_RIGHT[dialogName];
  if (!right) throw notFound();
  if (!rights[right]) throw forbidden();
  const options = await userOptions();
  if (dialogName === "add") return { ...base, options, dialog: { kind: "add" as const, user: null } };
  const id = idOf(url.searchParams.get("id"));
  const user = id ? await findManagedUser(viewer, id) : null;
  if (!user) throw notFound();
  if (dialogName === "view" && !(VIEW_ROLE_IDS as readonly number[]).includes(user.roleId)) throw notFound();
  if (dialogName === "handover" && !(HANDOVER_ROLE_IDS as readonly number[]).includes(user.roleId)) throw notFound();
  const kind = dialogName as "edit" | "audit" | "profile" | "view" | "handover" | "delete";
  return { ...base, options, dialog: { kind, user: userDetail(user, await isInternalRole(user.roleId)) } };
}

const INTENT_RIGHT: Record<string, number> = {
  create: RIGHTS.addUser,
  update: RIGHTS.auditOrEditUser,
  wxCode: RIGHTS.auditOrEditUser,
  audit: RIGHTS.auditOrEditUser,
  profile: RIGHTS.auditProfileChange,
  view: RIGHTS.assignView,
  handover: RIGHTS.handOver,
  state: RIGHTS.toggleState,
  delete: RIGHTS.deleteUser,
  cancelDelete: RIGHTS.deleteUser,
};

export async function userListAction(request: Request) {
  const viewer = await requirePath(request, PATH);
  const upload = await parseImageUpload(request, "wxCode", WXCODE_MAX_BYTES);
  if (!upload.ok) {
    const key = upload.error === "tooLarge" ? "admin.user.wxCodeTooLarge" : "admin.user.wxCodeInvalid";
    return backToList(request, key, "error");
  }
  const form = new FormData();
  for (const [key, value] of upload.form) if (typeof value === "string") form.append(key, value);
  const intent = intentOf(form);
  const right = INTENT_RIGHT[intent];
  if (!right) throw badRequest();
  if (!hasPermission(viewer, right)) throw forbidden();
  if (intent === "cancelDelete") return cancelled(request, intent);

  if (intent === "create") {
    const submission = parseWithZod(form, { schema: addUserSchema });
    if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
    const outcome = await createUser(viewer, submission.value);
    if (!outcome.ok) {
      return data(submission.reply({ fieldErrors: outcome.fieldErrors, formErrors: [outcome.message ?? "admin.user.addFailed"], hideFields: ["password"] }), {
        status: outcome.status,
      });
    }
    return backToList(request, "admin.user.added");
  }

  const id = idOf(form.get("id"));
  if (!id) throw badRequest();

  switch (intent) {
    case "update": {
      const submission = parseWithZod(form, { schema: editUserSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      const outcome = await updateUser(viewer, id, submission.value);
      if (!outcome.ok) {
        if (outcome.status === 404) throw notFound();
        return data(submission.reply({ fieldErrors: outcome.fieldErrors, formErrors: [outcome.message ?? "admin.user.editFailed"] }), { status: outcome.status });
      }
      return backToList(request, "admin.user.edited");
    }
    case "wxCode": {
      if (!upload.file) return backToList(request, "admin.user.wxCodeRequired", "error");
      const outcome = await setWxCode(viewer, id, new Uint8Array(await upload.file.arrayBuffer()));
      if (!outcome.ok) {
        if (outcome.status === 404) throw notFound();
        return backToList(request, outcome.message ?? "admin.user.wxCodeInvalid", "error");
      }
      return backToList(request, "admin.user.wxCodeSaved");
    }
    case "audit": {
      const submission = parseWithZod(form, { schema: auditSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      const outcome = await auditUser(viewer, id, submission.value);
      if (!outcome.ok) {
        if (outcome.status === 404) throw notFound();
        return data(submission.reply({ fieldErrors: outcome.fieldErrors, formErrors: [outcome.message ?? "admin.user.auditPassFailed"] }), { status: outcome.status });
      }
      return backToList(request, submission.value.decision === "pass" ? "admin.user.auditPassed" : "admin.user.auditFailedDone");
    }
    case "profile": {
      const submission = parseWithZod(form, { schema: decisionSchema });
      if (submission.status !== "success") throw badRequest();
      const outcome = await auditProfileChange(viewer, id, submission.value.decision);
      if (!outcome.ok) {
        if (outcome.status === 404) throw notFound();
        return backToList(request, outcome.message ?? "admin.user.auditPassFailed", "error");
      }
      return backToList(request, submission.value.decision === "pass" ? "admin.user.auditPassed" : "admin.user.auditFailedDone");
    }
    case "view": {
      const submission = parseWithZod(form, { schema: viewSchema });
      if (submission.status !== "success") throw badRequest();
      const outcome = await assignViews(viewer, id, submission.value.viewIds);
      if (!outcome.ok) {
        if (outcome.status === 404) throw notFound();
        return backToList(request, outcome.message ?? "admin.user.viewFailed", "error");
      }
      return backToList(request, "admin.user.viewSaved");
    }
    case "handover": {
      const submission = parseWithZod(form, { schema: handoverSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      const outcome = await handOver(viewer, id, submission.value.targetId);
      if (!outcome.ok) {
        if (outcome.status === 404) throw notFound();
        if (outcome.fieldErrors) return data(submission.reply({ fieldErrors: outcome.fieldErrors }), { status: outcome.status });
        return backToList(request, outcome.message ?? "admin.user.handoverFailed", "error");
      }
      return backToList(request, "admin.user.handedOver", "success", { values: { count: outcome.moved } });
    }
    case "state": {
      const submission = parseWithZod(form, { schema: stateSchema });
      if (submission.status !== "success") throw badRequest();
      const outcome = await setUserState(viewer, id, submission.value.state as 1 | 2);
      if (!outcome.ok) {
        if (outcome.status === 404) throw notFound();
        return backToList(request, outcome.message ?? "admin.user.stateFailed", "error");
      }
      return backToList(request, "admin.user.stateSaved");
    }
    case "delete": {
      const outcome = await deleteUser(viewer, id);
      if (!outcome.ok) {
        if (outcome.status === 404) throw notFound();
        return backToList(request, outcome.message ?? "admin.user.deleteFailed", "error");
      }
      return backToList(request, "admin.user.deleted");
    }
  }
  throw badRequest();
}
