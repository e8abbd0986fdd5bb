// Menu management (administration.md 2.3): the permission tree. Add, edit and
// delete need rights 32, 33 and 34 (checked here on the server; the buttons
// only hide). Level-3 rows are button rights: neither editable nor deletable.
import { forbidden, runAction, requireOperation } from "~/http/auth.server";
import { keyUnder } from "~/i18n/keys";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useTranslation } from "~/i18n/react";
import { performable } from "~/domain/permissions/operations.server";
import { backToList, badRequest, cancelled, idOf, intentOf, notFound } from "~/http/replies.server";
import { createMenu, deleteMenu, getMenu, listMenus, menuParentChoices, screenPaths, updateMenu } from "~/domain/menus/menus.server";
import { menuSchema } from "~/domain/menus/schemas";
import { buildTree, flattenTree } from "~/domain/menus/tree";
import { DialogActions } from "~/components/admin/AdminDialog";
import { UrlDialog } from "~/components/dialog";
import { BackOfficeErrorBoundary } from "~/components/ErrorPage";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { TreePlacement } from "~/components/admin/TreePlacement";
import { LevelTag, TreeTable } from "~/components/TreeTable";
import { hrefWith } from "~/components/urls";
import { ErrorList, Field, textOf } from "~/components/forms";
import adminStylesHref from "~/styles/admin.css";
import { readFormData } from "~/utils/form-data.server";
import { backOfficeMeta } from "~/components/backoffice/meta";
import { AdminBreadcrumb } from "~/components/admin/AdminScreen";
import { inLanguage } from "~/i18n/config";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStylesHref }];
export const meta = backOfficeMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireOperation({ request, context }, "menu.read");
  const url = new URL(request.url);
  const dialog = url.searchParams.get("dialog");
  const rights = performable(viewer, { add: "menu.create", edit: "menu.update", delete: "menu.delete" });
  const menus = await listMenus();
  const rows = flattenTree(buildTree(menus)).map(({ node, depth }, index) => ({
    index: index + 1,
    id: node.id,
    label: node.label,
    labelEn: node.labelEn,
    level: node.level,
    path: node.path,
    icon: node.icon,
    depth,
  }));
  const parentsFor = (editingId?: number) =>
    menuParentChoices(menus, editingId).map((menu) => ({ id: menu.id, label: menu.label, level: menu.level, depth: menu.depth }));

  if (dialog === "add") {
    if (!rights.add) throw forbidden();
    return { rows, rights, dialog: { kind: "add" as const, parents: parentsFor(), paths: screenPaths() } };
  }
  if (dialog === "edit" || dialog === "delete") {
    if (!rights[dialog]) throw forbidden();
    const id = idOf(url.searchParams.get("id"));
    const menu = id ? await getMenu(id) : null;
    if (!menu || menu.level === 3) throw notFound();
    const summary = {
      id: menu.id,
      label: menu.label,
      labelEn: menu.labelEn,
      parentId: menu.parentId,
      level: menu.level,
      path: menu.path,
      icon: menu.icon,
      sort: menu.sort,
    };
    if (dialog === "edit")
      return { rows, rights, dialog: { kind: "edit" as const, menu: summary, parents: parentsFor(menu.id), paths: screenPaths() } };
    return { rows, rights, dialog: { kind: "delete" as const, menu: summary } };
  }
  return { rows, rights, dialog: null };
}

const MENU_INTENTS = { create: "menu.create", update: "menu.update", delete: "menu.delete", cancelDelete: "menu.delete" } as const;

export const action = (args: ActionFunctionArgs) =>
  runAction(args, MENU_INTENTS, async ({ request }, gate) => {
    const form = await readFormData(request);
    const intent = intentOf(form);
    const viewer = await gate.authorizeUser(intent);
    if (intent === "cancelDelete") return cancelled(request, intent);

    if (intent === "create" || intent === "update") {
      const submission = parseWithZod(form, { schema: menuSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      const id = idOf(form.get("id"));
      if (intent === "update" && !id) throw badRequest();
      const outcome = intent === "create" ? await createMenu(viewer, submission.value) : await updateMenu(viewer, id!, submission.value);
      if (!outcome.ok) {
        return data(
          submission.reply({
            fieldErrors: outcome.fieldErrors,
            formErrors: [outcome.message ?? (intent === "create" ? "admin.menu.addFailed" : "admin.menu.editFailed")],
          }),
          { status: outcome.status },
        );
      }
      return backToList(request, intent === "create" ? "admin.menu.added" : "admin.menu.edited");
    }

    const id = idOf(form.get("id"));
    if (!id) throw badRequest();
    const outcome = await deleteMenu(viewer, id);
    if (!outcome.ok) return backToList(request, outcome.message ?? "admin.menu.deleteFailed", "error");
    return backToList(request, "admin.menu.deleted");
  });

export const ErrorBoundary = BackOfficeErrorBoundary;

export default function MenuListPage() {
  const { t, i18n } = useTranslation();
  const { rows, rights, dialog } = useLoaderData<typeof loader>();
  const location = useLocation();
  const label = (row: (typeof rows)[number]) => inLanguage(i18n.language, row.label, row.labelEn);
  return (
    <section className="admin-page" aria-labelledby="menus-title">
      <AdminBreadcrumb area={t("admin.common.permissionArea")} title={t("admin.menu.title")} />
      <p className="admin-banner" role="note">
        {t("admin.menu.banner")}
      </p>
      <div className="admin-toolbar">
        <h1 id="menus-title">{t("admin.menu.title")}</h1>
        {rights.add ? (
          <Link to={hrefWith(location, { dialog: "add", id: null })} className="button button--primary" preventScrollReset>
            {t("admin.menu.add")}
          </Link>
        ) : null}
      </div>
      <TreeTable
        rows={rows}
        name={label}
        rowLevel={(row) => row.level}
        columns={[
          { header: t("admin.common.index"), cell: (row) => row.index },
          {
            header: t("admin.menu.label"),
            tree: true,
            cell: (row) => (
              <>
                {label(row)}
                {row.level === 3 ? <span className="admin-checktree__pid"> ({row.id})</span> : null}
              </>
            ),
          },
          { header: t("admin.tree.level"), cell: (row) => <LevelTag level={row.level} /> },
          { header: t("admin.menu.path"), cell: (row) => row.path },
          { header: t("admin.menu.icon"), cell: (row) => row.icon },
        ]}
        actions={
          rights.edit || rights.delete
            ? (row) => [
                // Level-3 rows are button rights: shown, neither editable nor deletable.
                ...(rights.edit ? [{ dialog: "edit", label: t("admin.common.edit"), disabled: row.level === 3 }] : []),
                ...(rights.delete ? [{ dialog: "delete", label: t("admin.common.delete"), danger: true, disabled: row.level === 3 }] : []),
              ]
            : undefined
        }
      />
      {dialog?.kind === "add" ? <MenuEditor key="add" parents={dialog.parents} paths={dialog.paths} /> : null}
      {dialog?.kind === "edit" ? (
        <MenuEditor key={`edit-${dialog.menu.id}`} menu={dialog.menu} parents={dialog.parents} paths={dialog.paths} />
      ) : null}
      {dialog?.kind === "delete" ? (
        <ConfirmDialog title={t("admin.menu.deleteTitle")} message={t("admin.menu.deleteConfirm")} intent="delete" id={dialog.menu.id} />
      ) : null}
    </section>
  );
}

type MenuSummary = {
  id: number;
  label: string;
  labelEn: string | null;
  parentId: number | null;
  level: number;
  path: string | null;
  icon: string | null;
  sort: number;
};

function MenuEditor({
  menu,
  parents,
  paths,
}: {
  menu?: MenuSummary;
  parents: { id: number; label: string; level: number; depth?: number }[];
  paths: string[];
}) {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: menu ? `menu-edit-${menu.id}` : "menu-add",
    lastResult,
    defaultValue: menu
      ? {
          label: menu.label,
          labelEn: menu.labelEn ?? "",
          parentId: String(menu.parentId ?? 0),
          level: String(menu.level),
          path: menu.path ?? "",
          icon: menu.icon ?? "",
          sort: String(menu.sort),
        }
      : { sort: "0" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: menuSchema }),
  });
  return (
    <UrlDialog look="admin" title={t(menu ? "admin.menu.editTitle" : "admin.menu.addTitle")}>
      <Form method="post" {...getFormProps(form)} className="stack" preventScrollReset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value={menu ? "update" : "create"} />
        {menu ? <input type="hidden" name="id" value={menu.id} /> : null}
        <Field label={t("admin.menu.label")} inputProps={getInputProps(fields.label, { type: "text" })} errors={fields.label.errors} />
        <Field
          label={t("admin.menu.labelEn")}
          inputProps={getInputProps(fields.labelEn, { type: "text" })}
          errors={fields.labelEn.errors}
        />
        <TreePlacement
          parents={parents}
          maxLevel={3}
          defaultParent={textOf(fields.parentId.initialValue)}
          defaultLevel={textOf(fields.level.initialValue)}
          errors={{ parentId: fields.parentId.errors, level: fields.level.errors }}
          labels={{
            parent: t("admin.menu.parent"),
            level: t("admin.menu.level"),
            noParent: t("admin.tree.noParent"),
            placeholder: t("admin.common.choose"),
            levelName: (level) => t(keyUnder("admin.tree.levelName.", level)),
          }}
        />
        <Field
          label={t("admin.menu.path")}
          hint={t("admin.menu.pathHint")}
          inputProps={{ ...getInputProps(fields.path, { type: "text" }), list: "menu-known-paths" }}
          errors={fields.path.errors}
        />
        {/* The screens that exist: offered as suggestions (no JavaScript needed) and listed for reading. */}
        <datalist id="menu-known-paths">
          {paths.map((path) => (
            <option key={path} value={path} />
          ))}
        </datalist>
        <details className="admin-known-paths">
          <summary>{t("admin.menu.knownPaths")}</summary>
          <p>{paths.join("  ")}</p>
        </details>
        <Field label={t("admin.menu.icon")} inputProps={getInputProps(fields.icon, { type: "text" })} errors={fields.icon.errors} />
        <Field label={t("admin.menu.sort")} inputProps={getInputProps(fields.sort, { type: "number" })} errors={fields.sort.errors} />
        <DialogActions busy={busy} />
      </Form>
    </UrlDialog>
  );
}
