// Query-trace logs (administration.md 2.7): six tabs (?mode=), search,
// date range with shortcuts (default: the past 365 days), page sizes 1/2/5/10.
import { requireOperation } from "~/http/auth.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { MODES } from "~/domain/modes";
import { notFound } from "~/http/replies.server";
import { listQueryLogs, queryLogTable } from "~/domain/logs/logs.server";
import { queryLogColumns, queryLogLabelKey, USER_COLUMNS } from "~/domain/logs/log-columns";
import { parseTableQuery, tablePage } from "~/domain/table/paging.server";
import { DataTable, DateRangeFilter, SearchField, FilterForm, Pager, type TableColumn } from "~/components/table";
import { BackOfficeErrorBoundary } from "~/components/ErrorPage";
import { shanghaiDateTime } from "~/components/admin/format";
import { backOfficeMeta } from "~/components/backoffice/meta";
import { AdminBreadcrumb, adminTableLinks } from "~/components/admin/AdminScreen";

const PATH = "/query-logs";

export const links = adminTableLinks;
export const meta = backOfficeMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireOperation({ request, context }, "logs.query.read");
  const url = new URL(request.url);
  const mode = MODES.find((m) => m.key === (url.searchParams.get("mode") ?? "fcl"));
  if (!mode) throw notFound();
  const query = parseTableQuery(url, queryLogTable);
  const { rows, total } = await listQueryLogs(viewer, mode, query);
  return { modeKey: mode.key, rows, page: tablePage(query, total) };
}

export const ErrorBoundary = BackOfficeErrorBoundary;

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function QueryLogsPage() {
  const { t } = useTranslation();
  const { modeKey, rows, page } = useLoaderData<typeof loader>();
  const mode = MODES.find((m) => m.key === modeKey)!;
  const columns: TableColumn<Row>[] = [
    ...queryLogColumns(mode).map((column) => ({
      key: column,
      header: t(queryLogLabelKey(mode, column)),
      cell: (row: Row) => (column === "weight" ? (row.weight ? t("admin.logs.kg", { value: row.weight }) : "") : (row[column] ?? "")),
    })),
    ...USER_COLUMNS.map((column) => ({
      key: column,
      header: t(`admin.logs.col.${column}`),
      cell: (row: Row) => (column === "operatedAt" ? shanghaiDateTime(row.operatedAt) : (row[column] ?? "")),
    })),
  ];
  return (
    <section className="admin-page" aria-labelledby="qlogs-title">
      <AdminBreadcrumb area={t("admin.common.logArea")} title={t("admin.logs.queryTitle")} />
      <h1 id="qlogs-title">{t("admin.logs.queryTitle")}</h1>
      <ul className="admin-tabs" aria-label={t("admin.offer.modes")}>
        {MODES.map((m) => (
          <li key={m.key}>
            <Link to={`${PATH}?mode=${m.key}`} aria-current={m.key === modeKey ? "page" : undefined}>
              {t(m.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
      <FilterForm label={t("admin.logs.searchLabel")} keep={["mode"]}>
        <SearchField label={t("admin.common.search")} placeholder={t("admin.logs.queryPlaceholder")} maxLength={50} />
        <DateRangeFilter page={page} label={t("admin.logs.range")} />
      </FilterForm>
      <DataTable columns={columns} rows={rows} rowKey={(row) => row.id} />
      <Pager page={page} />
    </section>
  );
}
