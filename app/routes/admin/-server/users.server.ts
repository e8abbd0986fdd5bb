// Loader and action of /userList. Each dialog and each intent is an operation
// of the registry (user.create 71, user.delete 72, user.update/audit 73,
// user.assignView 75, user.setState 86, user.auditProfile 90, user.handover
// 96), on top of the screen path; the grant rules decide on whom and with
// which values. Hiding a button is cosmetic.
import type { RequestArgs } from "~/http/context.server";
import { forbidden, operationAction, requireOperation } from "~/http/auth.server";
import type { TranslationKey } from "~/i18n/keys";
import { data, redirect } from "@remix-run/node";
import { ACCOUNT_STATE } from "~/domain/accounts/status";
import { parseWithZod } from "@conform-to/zod";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { mayPerform, performable, type OperationId } from "~/domain/permissions/operations.server";
import { backToList, badRequest, cancelled, idOf, intentOf, notFound, refusal } from "~/http/replies.server";
import { parseImageUpload, WXCODE_MAX_BYTES } from "~/utils/images.server";
import { parseTableQuery, tablePage } from "~/domain/table/paging.server";
import {
  addUserSchema,
  auditSchema,
  decisionSchema,
  editUserSchema,
  handoverSchema,
  stateSchema,
  viewSchema,
} from "~/domain/users/schemas";
import {
  assignViews,
  auditProfileChange,
  auditUser,
  createUser,
  deleteUser,
  type findManagedUser,
  guardTarget,
  handOver,
  HANDOVER_ROLE_IDS,
  isInternalRole,
  listUsers,
  managedTarget,
  rowActions,
  setUserState,
  setWxCode,
  checkWxCode,
  tabOf,
  updateUser,
  userOptions,
  usersTable,
  VIEW_ROLE_IDS,
} from "~/domain/users/users.server";

export const PATH = "/userList";

/** The screen's buttons: each dialog and intent is an operation of the registry. */
const DIALOG_OPERATION = {
  add: "user.create",
  edit: "user.update",
  audit: "user.audit",
  profile: "user.auditProfile",
  view: "user.assignView",
  handover: "user.handover",
  delete: "user.delete",
  /** Freezing asks first (issue 44 item 6): the confirm step of the state switch. */
  freeze: "user.setState",
} as const satisfies Record<string, OperationId>;

export function userRights(viewer: Viewer) {
  const rights = performable(viewer, { ...DIALOG_OPERATION, state: "user.setState" });
  // The action column shows with at least one of 72, 73, 75, 86, 90, 96 (spec 2.1).
  return {
    add: rights.add,
    delete: rights.delete,
    edit: rights.edit,
    view: rights.view,
    state: rights.state,
    profile: rights.profile,
    handover: rights.handover,
    actions: rights.delete || rights.edit || rights.view || rights.state || rights.profile || rights.handover,
  };
}

export type UserRights = ReturnType<typeof userRights>;

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
    roleNameEn: user.role.nameEn,
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

export async function userListLoader(args: RequestArgs) {
  const viewer = await requireOperation(args, "user.read");
  const url = new URL(args.request.url);
  const query = parseTableQuery(url, usersTable);
  const tab = tabOf(url.searchParams.get("tab"));
  const rights = userRights(viewer);
  const { rows: list, total, tabCounts } = await listUsers(viewer, { tab, q: query.filters.q, skip: query.skip, take: query.take });
  // What the viewer may do to each row: their rights, on users below them only.
  const can = await rowActions(viewer, list);
  const rows = list.map((row) => ({ ...row, can: can[row.id] }));
  const base = { rows, page: tablePage(query, total), tab, tabCounts, rights, viewerId: viewer.id };

  const dialogName = url.searchParams.get("dialog");
  if (!dialogName) return { ...base, options: null, dialog: null };
  const operation = DIALOG_OPERATION[dialogName as keyof typeof DIALOG_OPERATION];
  if (!operation) throw notFound();
  if (!mayPerform(viewer, operation)) throw forbidden();
  if (dialogName === "add") return { ...base, options: await userOptions(viewer), dialog: { kind: "add" as const, user: null } };
  const id = idOf(url.searchParams.get("id"));
  const target = id ? await managedTarget(viewer, id) : null;
  if (!target) throw notFound();
  const { user } = target;
  if (dialogName === "view" && !(VIEW_ROLE_IDS as readonly number[]).includes(user.roleId)) throw notFound();
  if (dialogName === "handover" && !(HANDOVER_ROLE_IDS as readonly number[]).includes(user.roleId)) throw notFound();
  // Nothing is offered on a user the viewer may not act on (themselves, or a role not below theirs).
  if (target.denial) throw refusal(target.denial);
  const kind = dialogName as "edit" | "audit" | "profile" | "view" | "handover" | "delete" | "freeze";
  return { ...base, options: await userOptions(viewer, user), dialog: { kind, user: userDetail(user, await isInternalRole(user.roleId)) } };
}

const USER_INTENTS = {
  create: "user.create",
  update: "user.update",
  wxCode: "user.setWxCode",
  audit: "user.audit",
  profile: "user.auditProfile",
  view: "user.assignView",
  handover: "user.handover",
  state: "user.setState",
  /** Cancelling the freeze confirmation: '已取消'. */
  cancel: "user.setState",
  delete: "user.delete",
  cancelDelete: "user.delete",
} as const satisfies Record<string, OperationId>;

/** A domain refusal of a dialog form: its message in the form, with the refusal's status. */
function formRefusal(
  submission: { reply: (options: { fieldErrors?: Record<string, string[]>; formErrors?: string[]; hideFields?: string[] }) => unknown },
  outcome: { status: number; message?: string; fieldErrors?: Record<string, string[]> },
  fallback: string,
  hideFields?: string[],
) {
  return data(submission.reply({ fieldErrors: outcome.fieldErrors, formErrors: [outcome.message ?? fallback], hideFields }), {
    status: outcome.status,
  });
}

/** A failed outcome of a button (no form): refused → thrown with its message; missing → 404; else back with the message. */
function buttonFailure(request: Request, outcome: { status: number; message?: TranslationKey; refused?: true }, fallback: TranslationKey) {
  if (outcome.refused) throw refusal(outcome);
  if (outcome.status === 404) throw notFound();
  return backToList(request, outcome.message ?? fallback, "error");
}

/**
 * A refused QR card stays in the edit dialog (issue 22 item 14): the reply is
 * the page again at the dialog's URL with the message on the card field (the
 * edit form's reply shape), not a redirect to the list.
 */
function wxCodeFailure(key: string, status: number) {
  return data({ status: "error" as const, error: { wxCode: [key] } }, { status });
}

const WXCODE_UPLOAD_ERRORS = {
  tooLarge: { key: "admin.user.wxCodeTooLarge", status: 413 },
  bad: { key: "admin.user.wxCodeInvalid", status: 400 },
  empty: { key: "admin.user.wxCodeEmpty", status: 400 },
} as const;

export const userListAction = operationAction(USER_INTENTS, async ({ request }, gate) => {
  const upload = await parseImageUpload(request, "wxCode", WXCODE_MAX_BYTES);
  if (!upload.ok && !upload.form) {
    // An unreadable or oversized body: only the edit form uploads a file here.
    await gate.authorize("wxCode");
    const refused = WXCODE_UPLOAD_ERRORS[upload.error];
    return wxCodeFailure(refused.key, refused.status);
  }
  // The card refused while the form's text fields were read: the edit form answers with them.
  const cardError = !upload.ok ? WXCODE_UPLOAD_ERRORS[upload.error] : upload.emptyFile ? WXCODE_UPLOAD_ERRORS.empty : null;
  const card = upload.ok ? upload.file : null;
  const form = new FormData();
  for (const [key, value] of upload.form!) if (typeof value === "string") form.append(key, value);
  const intent = intentOf(form);
  const viewer = await gate.authorizeUser(intent);
  if (intent === "cancelDelete" || intent === "cancel") return cancelled(request, intent);

  if (intent === "create") {
    const submission = parseWithZod(form, { schema: addUserSchema });
    if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
    const outcome = await createUser(viewer, submission.value);
    if (!outcome.ok) return formRefusal(submission, outcome, "admin.user.addFailed", ["password"]);
    return backToList(request, "admin.user.added");
  }

  const id = idOf(form.get("id"));
  if (!id) throw badRequest();
  // Whom: a user below the viewer, never themselves; refused before the form is read.
  const unreachable = await guardTarget(viewer, USER_INTENTS[intent as keyof typeof USER_INTENTS], id);
  if (unreachable) {
    if (unreachable.status === 404) throw notFound();
    throw refusal(unreachable);
  }

  switch (intent) {
    case "update": {
      // One form edits the user and, for staff, sets the QR card: a refused
      // card or field answers with everything typed, and nothing changes.
      const submission = parseWithZod(form, { schema: editUserSchema });
      const bytes = card ? new Uint8Array(await card.arrayBuffer()) : null;
      const checked = bytes ? await checkWxCode(viewer, id, bytes) : null;
      if (checked && !checked.ok && (checked.refused || checked.status === 404))
        return buttonFailure(request, checked, "admin.user.editFailed");
      const cardRefusal =
        cardError ?? (checked && !checked.ok ? { key: checked.message ?? "admin.user.wxCodeInvalid", status: checked.status } : null);
      if (submission.status !== "success" || cardRefusal) {
        return data(submission.reply(cardRefusal ? { fieldErrors: { wxCode: [cardRefusal.key] } } : undefined), {
          status: cardRefusal?.status ?? 400,
        });
      }
      const outcome = await updateUser(viewer, id, submission.value);
      if (!outcome.ok) {
        if (outcome.status === 404) throw notFound();
        return formRefusal(submission, outcome, "admin.user.editFailed");
      }
      if (bytes) {
        const saved = await setWxCode(viewer, id, bytes);
        if (!saved.ok) return formRefusal(submission, saved, "admin.user.wxCodeInvalid");
      }
      return backToList(request, "admin.user.edited");
    }
    case "wxCode": {
      if (cardError) return wxCodeFailure(cardError.key, cardError.status);
      if (!card) return wxCodeFailure("admin.user.wxCodeRequired", 400);
      const outcome = await setWxCode(viewer, id, new Uint8Array(await card.arrayBuffer()));
      if (!outcome.ok) {
        if (outcome.refused || outcome.status === 404) return buttonFailure(request, outcome, "admin.user.wxCodeInvalid");
        return wxCodeFailure(outcome.message ?? "admin.user.wxCodeInvalid", outcome.status);
      }
      return backToList(request, "admin.user.wxCodeSaved");
    }
    case "audit": {
      const submission = parseWithZod(form, { schema: auditSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      const outcome = await auditUser(viewer, id, submission.value);
      if (!outcome.ok) {
        if (outcome.status === 404) throw notFound();
        return formRefusal(submission, outcome, "admin.user.auditPassFailed");
      }
      return backToList(request, submission.value.decision === "pass" ? "admin.user.auditPassed" : "admin.user.auditFailedDone");
    }
    case "profile": {
      const submission = parseWithZod(form, { schema: decisionSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      const outcome = await auditProfileChange(viewer, id, submission.value.decision, submission.value.reason);
      if (!outcome.ok) return buttonFailure(request, outcome, "admin.user.auditPassFailed");
      return backToList(request, submission.value.decision === "pass" ? "admin.user.auditPassed" : "admin.user.auditFailedDone");
    }
    case "view": {
      const submission = parseWithZod(form, { schema: viewSchema });
      if (submission.status !== "success") throw badRequest();
      const outcome = await assignViews(viewer, id, submission.value.viewIds);
      if (!outcome.ok) return buttonFailure(request, outcome, "admin.user.viewFailed");
      return backToList(request, "admin.user.viewSaved");
    }
    case "handover": {
      const submission = parseWithZod(form, { schema: handoverSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      const outcome = await handOver(viewer, id, submission.value.targetId);
      if (!outcome.ok) {
        if (outcome.status === 404) throw notFound();
        if (outcome.fieldErrors) return data(submission.reply({ fieldErrors: outcome.fieldErrors }), { status: outcome.status });
        return buttonFailure(request, outcome, "admin.user.handoverFailed");
      }
      return backToList(request, "admin.user.handedOver", "success", { values: { count: outcome.moved } });
    }
    case "state": {
      const submission = parseWithZod(form, { schema: stateSchema });
      if (submission.status !== "success") throw badRequest();
      // Freezing is confirmed first (the dialog posts confirm=1); a bare switch opens the confirmation.
      if (submission.value.state === ACCOUNT_STATE.frozen && form.get("confirm") !== "1") {
        const url = new URL(request.url);
        url.searchParams.set("dialog", "freeze");
        url.searchParams.set("id", String(id));
        return redirect(`${url.pathname}${url.search}`);
      }
      const outcome = await setUserState(viewer, id, submission.value.state as 1 | 2);
      if (!outcome.ok) return buttonFailure(request, outcome, "admin.user.stateFailed");
      return backToList(request, "admin.user.stateSaved");
    }
    case "delete": {
      const outcome = await deleteUser(viewer, id);
      if (!outcome.ok) return buttonFailure(request, outcome, "admin.user.deleteFailed");
      return backToList(request, "admin.user.deleted");
    }
  }
  throw badRequest();
});
