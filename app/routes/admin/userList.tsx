// User management (administration.md 2.1): search, seven tabs with badges,
// paged table, and URL-addressed dialogs (?dialog=edit&id=5) that the server
// renders open. Loader and action: app/routes/admin/-server/users.server.ts.
import { keyUnder } from "~/i18n/keys";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { userListAction, userListLoader } from "~/routes/admin/-server/users.server";
import { USER_TABS } from "~/domain/users/constants";
import { DataTable, SearchField, FilterForm, Pager, type TableColumn } from "~/components/table";
import { BackOfficeErrorBoundary } from "~/components/ErrorPage";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { Badge } from "~/components/admin/Badge";
import { AuditDialog, HandoverDialog, ProfileAuditDialog, UserEditor, ViewDialog } from "~/components/admin/UserDialogs";
import { hrefWith } from "~/components/urls";
import { backOfficeMeta } from "~/components/backoffice/meta";
import { AUDIT, ACCOUNT_STATE } from "~/domain/accounts/status";
import { AdminBreadcrumb, adminTableLinks } from "~/components/admin/AdminScreen";
import { roleName } from "~/domain/roles/role-name";
import { IntentForm } from "~/components/forms";

export const links = adminTableLinks;
export const meta = backOfficeMeta;

export const loader = (args: LoaderFunctionArgs) => userListLoader(args);
export const action = (args: ActionFunctionArgs) => userListAction(args);
export const ErrorBoundary = BackOfficeErrorBoundary;

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

function day(iso: string | null) {
  return iso ? iso.slice(0, 10) : "";
}

export default function UserListPage() {
  const { t, i18n } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const { rows, page, tab, tabCounts, rights, dialog, options } = data;
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const open = (kind: string, id: number) => hrefWith(location, { dialog: kind, id });
  const tabHref = (value: string) => hrefWith(location, { tab: value === "all" ? null : value, page: null, dialog: null, id: null });

  const columns: TableColumn<Row>[] = [
    { key: "id", header: "ID", cell: (row) => row.id, className: "num" },
    { key: "username", header: t("admin.user.username"), cell: (row) => row.username },
    { key: "email", header: t("admin.user.email"), cell: (row) => row.email, className: "users__email" },
    { key: "phone", header: t("admin.user.phone"), cell: (row) => row.phone },
    { key: "company", header: t("admin.user.company"), cell: (row) => row.company, className: "users__company" },
    { key: "role", header: t("admin.user.role"), cell: (row) => roleName({ name: row.roleName, nameEn: row.roleNameEn }, i18n.language) },
    {
      key: "tier",
      header: t("admin.user.tierLabel"),
      cell: (row) => (row.customerRating ? t(keyUnder("admin.user.tierShort.", row.customerRating)) : "—"),
    },
    { key: "sales", header: t("admin.user.sales"), cell: (row) => row.salesName ?? "—" },
    { key: "service", header: t("admin.user.service"), cell: (row) => row.serviceName ?? "—" },
    {
      key: "audit",
      header: t("admin.user.auditLabel"),
      cell: (row) => (
        <>
          <span className={`admin-tag admin-tag--${row.audit === AUDIT.passed ? "ok" : row.audit === AUDIT.failed ? "err" : "warn"}`}>
            {t(keyUnder("admin.user.audit.", row.audit))}
          </span>
          {row.profileAudit ? (
            <>
              {" "}
              <span className="admin-tag admin-tag--muted" title={t("admin.user.profileLabel")}>
                {t("admin.user.profileLabel")}：{t(keyUnder("admin.user.profileAudit.", row.profileAudit))}
              </span>
            </>
          ) : null}
        </>
      ),
    },
    { key: "createdAt", header: t("admin.user.createdAt"), cell: (row) => day(row.createdAt) },
    {
      key: "state",
      header: t("admin.user.stateLabel"),
      cell: (row) =>
        rights.state && row.state === ACCOUNT_STATE.active && row.can.state ? (
          // Freezing asks first: the switch opens the confirmation (a link; no JavaScript needed).
          <Link
            to={open("freeze", row.id)}
            role="switch"
            aria-checked="true"
            aria-label={t("admin.user.stateSwitch", { name: row.username })}
            title={t(keyUnder("admin.user.state.", row.state))}
            className="admin-switch"
            preventScrollReset
          />
        ) : rights.state ? (
          <IntentForm
            intent="state"
            values={{ id: row.id, state: row.state === ACCOUNT_STATE.active ? ACCOUNT_STATE.frozen : ACCOUNT_STATE.active }}
            className="inline-form"
            preventScrollReset
            button={{
              role: "switch",
              "aria-checked": row.state === ACCOUNT_STATE.active,
              "aria-label": t("admin.user.stateSwitch", { name: row.username }),
              title: t(keyUnder("admin.user.state.", row.state)),
              className: "admin-switch",
              disabled: busy || !row.can.state,
            }}
          />
        ) : (
          t(keyUnder("admin.user.state.", row.state))
        ),
    },
  ];

  // Each row's links come from the server: the viewer's rights, on users below them only.
  const actions = rights.actions
    ? (row: Row) => (
        <span className="admin-actions">
          {row.can.edit ? (
            <Link to={open("edit", row.id)} preventScrollReset>
              {t("admin.common.edit")}
            </Link>
          ) : null}
          {row.can.audit ? (
            <Link to={open("audit", row.id)} preventScrollReset>
              {t("admin.user.audit.action")}
            </Link>
          ) : null}
          {row.can.profile ? (
            <Link to={open("profile", row.id)} preventScrollReset>
              {t("admin.user.profileAction")}
            </Link>
          ) : null}
          {row.can.view ? (
            <Link to={open("view", row.id)} preventScrollReset>
              {t("admin.user.viewAction")}
            </Link>
          ) : null}
          {row.can.handover ? (
            <Link to={open("handover", row.id)} preventScrollReset>
              {t("admin.user.handoverAction")}
            </Link>
          ) : null}
          {row.can.delete ? (
            <Link to={open("delete", row.id)} className="admin-actions__danger" preventScrollReset>
              {t("admin.common.delete")}
            </Link>
          ) : null}
        </span>
      )
    : undefined;

  return (
    <section className="admin-page" aria-labelledby="users-title">
      <AdminBreadcrumb area={t("admin.common.permissionArea")} title={t("admin.user.title")} />
      <div className="admin-toolbar">
        <h1 id="users-title">{t("admin.user.title")}</h1>
        {rights.add ? (
          <Link to={hrefWith(location, { dialog: "add", id: null })} className="button button--primary" preventScrollReset>
            {t("admin.user.add")}
          </Link>
        ) : null}
      </div>
      <FilterForm label={t("admin.user.searchLabel")} keep={["tab"]}>
        <SearchField label={t("admin.user.search")} placeholder={t("admin.user.searchPlaceholder")} maxLength={50} />
      </FilterForm>
      <ul className="admin-tabs" aria-label={t("admin.user.tabsLabel")}>
        {USER_TABS.map((value) => (
          <li key={value}>
            <Link to={tabHref(value)} aria-current={tab === value ? "page" : undefined} preventScrollReset>
              {t(`admin.user.tab.${value}`)}
              <Badge count={tabCounts[value]} label={t("admin.user.badge", { count: tabCounts[value] })} />
            </Link>
          </li>
        ))}
      </ul>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.id)}
        actions={actions}
        actionsHeader={t("admin.common.actions")}
        className="datatable--users"
      />
      <Pager page={page} omit={["dialog", "id"]} />

      {dialog && options ? (
        <>
          {dialog.kind === "add" ? <UserEditor key="add" user={null} options={options} /> : null}
          {dialog.kind === "edit" && dialog.user ? (
            <UserEditor key={`edit-${dialog.user.id}`} user={dialog.user} options={options} />
          ) : null}
          {dialog.kind === "audit" && dialog.user ? (
            <AuditDialog key={`audit-${dialog.user.id}`} user={dialog.user} options={options} />
          ) : null}
          {dialog.kind === "profile" && dialog.user ? <ProfileAuditDialog user={dialog.user} /> : null}
          {dialog.kind === "view" && dialog.user ? <ViewDialog user={dialog.user} views={options.views} /> : null}
          {dialog.kind === "handover" && dialog.user ? (
            <HandoverDialog key={`handover-${dialog.user.id}`} user={dialog.user} options={options} />
          ) : null}
          {dialog.kind === "freeze" && dialog.user ? (
            <ConfirmDialog
              title={t("admin.user.freezeTitle")}
              message={t("admin.user.freezeConfirm", { name: dialog.user.username })}
              intent="state"
              id={dialog.user.id}
              hidden={{ state: String(ACCOUNT_STATE.frozen), confirm: "1" }}
              cancelIntent="cancel"
            />
          ) : null}
          {dialog.kind === "delete" && dialog.user ? (
            <ConfirmDialog
              title={t("admin.user.deleteTitle")}
              message={t("admin.user.deleteConfirm", { name: dialog.user.username })}
              intent="delete"
              id={dialog.user.id}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
