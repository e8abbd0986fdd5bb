// Role management (administration.md 2.2): tree table, add/edit/delete and
// permission assignment. Dialogs are addressed by the URL (?dialog=edit&id=12)
// and rendered by the server, so everything works without JavaScript.
import { runAction, requireOperation } from "~/http/auth.server";
import { keyUnder } from "~/i18n/keys";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { backToList, badRequest, cancelled, idOf, intentOf, notFound, refusal } from "~/http/replies.server";
import { createRole, deleteRole, saveRolePermissions, updateRole } from "~/domain/roles/roles.server";
import { roleListView } from "~/domain/roles/role-list.server";
import { roleSchema } from "~/domain/roles/schemas";
import { DialogActions } from "~/components/admin/AdminDialog";
import { UrlDialog } from "~/components/dialog";
import { BackOfficeErrorBoundary } from "~/components/ErrorPage";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { TreePlacement } from "~/components/admin/TreePlacement";
import { LevelTag, TreeTable } from "~/components/TreeTable";
import { hrefWith } from "~/components/urls";
import { ErrorList, Field, TextArea, textOf } from "~/components/forms";
import adminStylesHref from "~/styles/admin.css";
import { readFormData } from "~/utils/form-data.server";
import { languageOf } from "~/http/context.server";
import { backOfficeMeta } from "~/components/backoffice/meta";
import { AdminBreadcrumb } from "~/components/admin/AdminScreen";
import { inLanguage } from "~/i18n/config";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStylesHref }];
export const meta = backOfficeMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireOperation({ request, context }, "role.read");
  const url = new URL(request.url);
  const outcome = await roleListView(
    viewer,
    { dialog: url.searchParams.get("dialog"), id: idOf(url.searchParams.get("id")) },
    await languageOf({ request, context }),
  );
  if (!outcome.ok) throw outcome.refused ? refusal(outcome) : notFound();
  return outcome.view;
}

const ROLE_INTENTS = {
  create: "role.create",
  update: "role.update",
  delete: "role.delete",
  cancelDelete: "role.delete",
  cancel: "role.delete",
  permissions: "role.grantPermissions",
} as const;

export const action = (args: ActionFunctionArgs) =>
  runAction(args, ROLE_INTENTS, async ({ request }, gate) => {
    const form = await readFormData(request);
    const intent = intentOf(form);
    const viewer = await gate.authorizeUser(intent);
    if (intent === "cancelDelete" || intent === "cancel") return cancelled(request, intent);

    if (intent === "create" || intent === "update") {
      const submission = parseWithZod(form, { schema: roleSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      const id = idOf(form.get("id"));
      if (intent === "update" && !id) throw badRequest();
      const outcome = intent === "create" ? await createRole(viewer, submission.value) : await updateRole(viewer, id!, submission.value);
      if (!outcome.ok) {
        return data(
          submission.reply({
            fieldErrors: outcome.fieldErrors,
            formErrors: outcome.message ? [outcome.message] : [intent === "create" ? "admin.role.addFailed" : "admin.role.editFailed"],
          }),
          { status: outcome.status },
        );
      }
      return backToList(request, intent === "create" ? "admin.role.added" : "admin.role.edited");
    }

    const id = idOf(form.get("id"));
    if (!id) throw badRequest();
    if (intent === "delete") {
      const outcome = await deleteRole(viewer, id);
      if (!outcome.ok) {
        if (outcome.refused) throw refusal(outcome);
        return backToList(request, outcome.message ?? "admin.role.deleteFailed", "error");
      }
      return backToList(request, "admin.role.deleted");
    }
    const checked = form.getAll("menuId").map((value) => idOf(value));
    if (checked.some((value) => value === null)) throw badRequest();
    const outcome = await saveRolePermissions(viewer, id, checked as number[]);
    if (!outcome.ok) {
      if (outcome.refused) throw refusal(outcome);
      return backToList(request, outcome.message ?? "admin.role.permissionsFailed", "error");
    }
    // The menu is loaded per request: the redirect shows the new menu at once.
    return backToList(request, "admin.role.permissionsSaved");
  });

export const ErrorBoundary = BackOfficeErrorBoundary;

export default function RoleListPage() {
  const { t } = useTranslation();
  const { rows, dialog, canAdd, noParent } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <section className="admin-page" aria-labelledby="roles-title">
      <AdminBreadcrumb area={t("admin.common.permissionArea")} title={t("admin.role.title")} />
      <div className="admin-toolbar">
        <h1 id="roles-title">{t("admin.role.title")}</h1>
        {canAdd ? (
          <Link to={hrefWith(location, { dialog: "add", id: null })} className="button button--primary" preventScrollReset>
            {t("admin.role.add")}
          </Link>
        ) : null}
      </div>
      <TreeTable
        rows={rows}
        name={(row) => row.name}
        rowLevel={(row) => row.level}
        columns={[
          { header: t("admin.role.name"), tree: true, cell: (row) => row.name },
          { header: t("admin.role.description"), cell: (row) => row.description },
          { header: t("admin.tree.level"), cell: (row) => <LevelTag level={row.level} /> },
        ]}
        actions={(row) => [
          ...(row.can.edit ? [{ dialog: "edit", label: t("admin.common.edit") }] : []),
          ...(row.can.permissions ? [{ dialog: "permissions", label: t("admin.role.assign") }] : []),
          ...(row.can.delete ? [{ dialog: "delete", label: t("admin.common.delete"), danger: true }] : []),
        ]}
      />
      {dialog?.kind === "add" ? <RoleEditor key="add" parents={dialog.parents} noParent={noParent} /> : null}
      {dialog?.kind === "edit" ? (
        <RoleEditor key={`edit-${dialog.role.id}`} role={dialog.role} parents={dialog.parents} noParent={noParent} />
      ) : null}
      {dialog?.kind === "permissions" ? (
        <PermissionDialog
          key={`perm-${dialog.role.id}`}
          role={dialog.role}
          menus={dialog.menus}
          checked={dialog.checked}
          held={dialog.held}
        />
      ) : null}
      {dialog?.kind === "delete" ? (
        <ConfirmDialog
          title={t("admin.role.deleteTitle")}
          message={t("admin.role.deleteConfirm", { name: dialog.role.shown })}
          intent="delete"
          id={dialog.role.id}
        />
      ) : null}
    </section>
  );
}

type RoleSummary = {
  id: number;
  name: string;
  nameEn: string | null;
  shown: string;
  description: string | null;
  descriptionEn: string | null;
  parentId: number | null;
  level: number;
};

/** One editor for add and edit (house style 3). */
function RoleEditor({
  role,
  parents,
  noParent,
}: {
  role?: RoleSummary;
  parents: { id: number; label: string; level: number; depth?: number }[];
  noParent: boolean;
}) {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: role ? `role-edit-${role.id}` : "role-add",
    lastResult,
    defaultValue: role
      ? {
          name: role.name,
          nameEn: role.nameEn ?? "",
          description: role.description ?? "",
          descriptionEn: role.descriptionEn ?? "",
          parentId: String(role.parentId ?? 0),
          level: String(role.level),
        }
      : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: roleSchema }),
  });
  return (
    <UrlDialog look="admin" title={t(role ? "admin.role.editTitle" : "admin.role.addTitle")}>
      <Form method="post" {...getFormProps(form)} className="stack" preventScrollReset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value={role ? "update" : "create"} />
        {role ? <input type="hidden" name="id" value={role.id} /> : null}
        <Field label={t("admin.role.name")} inputProps={getInputProps(fields.name, { type: "text" })} errors={fields.name.errors} />
        <Field
          label={t("admin.role.nameEn")}
          hint={t("admin.role.nameEnHint")}
          inputProps={{ ...getInputProps(fields.nameEn, { type: "text" }), maxLength: 50 }}
          errors={fields.nameEn.errors}
        />
        <TextArea
          label={t("admin.role.description")}
          errors={fields.description.errors}
          textareaProps={{ name: "description", defaultValue: textOf(fields.description.initialValue), maxLength: 100 }}
        />
        <TextArea
          label={t("admin.role.descriptionEn")}
          errors={fields.descriptionEn.errors}
          textareaProps={{ name: "descriptionEn", defaultValue: textOf(fields.descriptionEn.initialValue), maxLength: 200 }}
        />
        <TreePlacement
          parents={parents}
          maxLevel={3}
          allowNoParent={noParent}
          defaultParent={textOf(fields.parentId.initialValue)}
          defaultLevel={textOf(fields.level.initialValue)}
          errors={{ parentId: fields.parentId.errors, level: fields.level.errors }}
          labels={{
            parent: t("admin.role.parent"),
            level: t("admin.role.level"),
            noParent: t("admin.tree.noParent"),
            placeholder: t("admin.common.choose"),
            levelName: (level) => t(keyUnder("admin.tree.levelName.", level)),
          }}
        />
        <DialogActions busy={busy} />
      </Form>
    </UrlDialog>
  );
}

type MenuOption = { id: number; parentId: number | null; label: string; labelEn: string | null; level: number; depth: number };

/**
 * Strict (non-cascading) checkbox tree. Without JavaScript these are plain
 * checkboxes; with it, a parent with checked descendants that is not checked
 * itself shows as indeterminate, which is how the server saves it (half-checked).
 */
function PermissionDialog({
  role,
  menus,
  checked,
  held,
}: {
  role: RoleSummary;
  menus: MenuOption[];
  checked: number[];
  held: number[] | null;
}) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const ref = useRef<HTMLFieldSetElement>(null);
  const checkedSet = new Set(checked);
  // Permissions the viewer does not hold stay as they are: shown disabled, a checked one sent along unchanged.
  const locked = (id: number) => held !== null && !held.includes(id);

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const update = () => {
      const boxes = Array.from(root.querySelectorAll<HTMLInputElement>("input[type=checkbox][data-id]"));
      const byId = new Map(boxes.map((box) => [box.dataset.id!, box]));
      for (const box of boxes) box.indeterminate = false;
      for (const box of boxes) {
        if (!box.checked) continue;
        let parentId = box.dataset.parent;
        while (parentId) {
          const parent = byId.get(parentId);
          if (!parent) break;
          if (!parent.checked) parent.indeterminate = true;
          parentId = parent.dataset.parent;
        }
      }
    };
    update();
    root.addEventListener("change", update);
    return () => root.removeEventListener("change", update);
  }, []);

  return (
    <UrlDialog look="admin" title={t("admin.role.assignTitle", { name: role.shown })} wide>
      <Form method="post" className="stack" preventScrollReset>
        <input type="hidden" name="intent" value="permissions" />
        <input type="hidden" name="id" value={role.id} />
        <fieldset ref={ref} className="admin-checktree">
          <legend>{t("admin.role.permissions")}</legend>
          <p className="field__hint">{t("admin.role.strictHint")}</p>
          {held !== null ? <p className="field__hint">{t("admin.role.notHeldHint")}</p> : null}
          {menus.map((menu) => (
            <div key={menu.id} className="admin-checktree__item" style={{ paddingLeft: `${menu.depth * 1.5}rem` }}>
              <input
                type="checkbox"
                id={`perm-${menu.id}`}
                name="menuId"
                value={menu.id}
                defaultChecked={checkedSet.has(menu.id)}
                disabled={locked(menu.id)}
                data-id={menu.id}
                data-parent={menu.parentId ?? ""}
              />
              {locked(menu.id) && checkedSet.has(menu.id) ? <input type="hidden" name="menuId" value={menu.id} /> : null}
              <label htmlFor={`perm-${menu.id}`}>
                {inLanguage(i18n.language, menu.label, menu.labelEn)}
                {menu.level === 3 ? <span className="admin-checktree__pid"> ({menu.id})</span> : null}
              </label>
            </div>
          ))}
        </fieldset>
        <DialogActions busy={busy} />
      </Form>
    </UrlDialog>
  );
}
