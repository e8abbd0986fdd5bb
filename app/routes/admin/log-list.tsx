// Operation log (administration.md 2.8): search, date range, pager (default
// size 5, sizes 1/2/5/10). Module is shown as the operation type, operation
// as the business module (spec 3).
import { storedKeyText } from "~/i18n/message";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { requireOperation } from "~/domain/permissions/operations.server";
import { listOperationLogs, operationLogTable } from "~/domain/logs/logs.server";
import { parseTableQuery, tablePage } from "~/domain/table/paging.server";
import { DataTable, DateRangeFilter, FilterField, FilterForm, Pager, type TableColumn } from "~/components/table";
import { BackOfficeErrorBoundary } from "~/components/ErrorPage";
import { shanghaiDateTime } from "~/components/admin/format";
import adminStylesHref from "~/styles/admin.css";
import tableStylesHref from "~/styles/datatable.css";
import { backOfficeMeta } from "~/components/backoffice/meta";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableStylesHref },
  { rel: "stylesheet", href: adminStylesHref },
];
export const meta = backOfficeMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireOperation(request, "logs.operation.read");
  const query = parseTableQuery(request, operationLogTable);
  const { rows, total } = await listOperationLogs(viewer, query);
  return { rows, page: tablePage(query, total) };
}

export const ErrorBoundary = BackOfficeErrorBoundary;

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function OperationLogPage() {
  const { t } = useTranslation();
  const { rows, page } = useLoaderData<typeof loader>();
  const location = useLocation();
  const q = new URLSearchParams(location.search).get("q") ?? "";
  // Known codes get a label; anything else is shown as written.
  const label = (group: "modules" | "areas", code: string) => storedKeyText(t, `admin.logs.${group}.${code}`, code);
  // The changed fields by the labels the screens show (issue 22 item 12); rows logged before keep their text.
  const content = (row: Row) =>
    row.detail
      ? [
          row.detail.params,
          ...row.detail.changes.map(
            (change) =>
              `${change.label ? storedKeyText(t, change.label, change.field) : change.field}: ${change.before ?? "∅"} → ${change.after ?? "∅"}`,
          ),
        ]
          .filter((part) => part)
          .join(t("backofficeLog.detail.separator"))
      : (row.params ?? "");
  const columns: TableColumn<Row>[] = [
    { key: "module", header: t("admin.logs.col.module"), cell: (row) => label("modules", row.module) },
    { key: "operation", header: t("admin.logs.col.operation"), cell: (row) => label("areas", row.operation) },
    { key: "operatedAt", header: t("admin.logs.col.operatedAt"), cell: (row) => shanghaiDateTime(row.operatedAt) },
    { key: "username", header: t("admin.logs.col.username"), cell: (row) => row.username ?? "" },
    { key: "targetIds", header: t("admin.logs.col.targetIds"), cell: (row) => <span title={row.targetIds ?? ""}>{row.targetIds}</span> },
    { key: "params", header: t("admin.logs.col.params"), cell: (row) => <span title={content(row)}>{content(row)}</span> },
  ];
  return (
    <section className="admin-page" aria-labelledby="oplog-title">
      <nav className="admin-breadcrumb" aria-label={t("admin.common.breadcrumb")}>
        <Link to="/home">{t("admin.common.home")}</Link> / <span>{t("admin.common.logArea")}</span> /{" "}
        <span aria-current="page">{t("admin.logs.operationTitle")}</span>
      </nav>
      <h1 id="oplog-title">{t("admin.logs.operationTitle")}</h1>
      <FilterForm label={t("admin.logs.searchLabel")}>
        <FilterField label={t("admin.common.search")}>
          <input type="search" name="q" defaultValue={q} key={q} placeholder={t("admin.logs.operationPlaceholder")} maxLength={50} />
        </FilterField>
        <DateRangeFilter page={page} label={t("admin.logs.range")} />
      </FilterForm>
      <DataTable columns={columns} rows={rows} rowKey={(row) => row.id} />
      <Pager page={page} />
    </section>
  );
}
