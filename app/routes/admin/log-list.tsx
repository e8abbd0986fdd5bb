// Operation log (administration.md 2.8): search, date range, pager (default
// size 5, sizes 1/2/5/10). Module is shown as the operation type, operation
// as the business module (spec 3).
import { requireOperation } from "~/http/auth.server";
import { storedKeyText, useTranslation } from "~/i18n/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listOperationLogs, operationLogTable } from "~/domain/logs/logs.server";
import { languageOf } from "~/http/context.server";
import { parseTableQuery, tablePage } from "~/domain/table/paging.server";
import { DataTable, DateRangeFilter, SearchField, FilterForm, Pager, type TableColumn } from "~/components/table";
import { BackOfficeErrorBoundary } from "~/components/ErrorPage";
import { shanghaiDateTime } from "~/components/admin/format";
import { backOfficeMeta } from "~/components/backoffice/meta";
import { AdminBreadcrumb, adminTableLinks } from "~/components/admin/AdminScreen";

export const links = adminTableLinks;
export const meta = backOfficeMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireOperation({ request, context }, "logs.operation.read");
  const query = parseTableQuery(request, operationLogTable);
  const { rows, total } = await listOperationLogs(viewer, query, await languageOf({ request, context }));
  return { rows, page: tablePage(query, total) };
}

export const ErrorBoundary = BackOfficeErrorBoundary;

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function OperationLogPage() {
  const { t } = useTranslation();
  const { rows, page } = useLoaderData<typeof loader>();
  // Known codes get a label; anything else is shown as written.
  const label = (group: "modules" | "areas", code: string) => storedKeyText(t, `admin.logs.${group}.${code}`, code);
  // The changed fields by the labels the screens show (issue 22 item 12); rows logged before keep their text.
  const content = (row: Row) =>
    row.refusal
      ? t("admin.logs.refused", {
          operation: storedKeyText(
            t,
            `admin.logs.verbs.${row.refusal.operation.slice(row.refusal.operation.lastIndexOf(".") + 1)}`,
            row.refusal.operation,
          ),
          reason: storedKeyText(t, `admin.authority.${row.refusal.reason}`, row.refusal.reason),
        })
      : row.detail
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
    {
      key: "targetIds",
      header: t("admin.logs.col.targetIds"),
      cell: (row) => {
        const shown = row.targets?.join(t("backofficeLog.detail.separator")) ?? row.targetIds;
        return <span title={shown ?? ""}>{shown}</span>;
      },
    },
    { key: "params", header: t("admin.logs.col.params"), cell: (row) => <span title={content(row)}>{content(row)}</span> },
  ];
  return (
    <section className="admin-page" aria-labelledby="oplog-title">
      <AdminBreadcrumb area={t("admin.common.logArea")} title={t("admin.logs.operationTitle")} />
      <h1 id="oplog-title">{t("admin.logs.operationTitle")}</h1>
      <FilterForm label={t("admin.logs.searchLabel")}>
        <SearchField label={t("admin.common.search")} placeholder={t("admin.logs.operationPlaceholder")} maxLength={50} />
        <DateRangeFilter page={page} label={t("admin.logs.range")} />
      </FilterForm>
      <DataTable columns={columns} rows={rows} rowKey={(row) => row.id} />
      <Pager page={page} />
    </section>
  );
}
