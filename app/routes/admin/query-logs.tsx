// Query-trace logs (administration.md 2.7): six tabs (?mode=), search,
// date range with shortcuts (default: the past 365 days), page sizes 1/2/5/10.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { MODES } from "~/domain/modes";
import { requireOperation } from "~/domain/permissions/operations.server";
import { notFound } from "~/utils/http.server";
import { listQueryLogs, queryLogTable } from "~/domain/logs/logs.server";
import { queryLogColumns, queryLogLabelKey, USER_COLUMNS } from "~/domain/logs/log-columns";
import { parseTableQuery, tablePage } from "~/domain/table/paging.server";
import { DataTable, DateRangeFilter, FilterField, FilterForm, Pager, type TableColumn } from "~/components/table";
import { BackOfficeErrorBoundary } from "~/components/ErrorPage";
import { shanghaiDateTime } from "~/components/admin/format";
import adminStylesHref from "~/styles/admin.css";
import tableStylesHref from "~/styles/datatable.css";
import { backOfficeMeta } from "~/components/backoffice/meta";

const PATH = "/query-logs";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableStylesHref },
  { rel: "stylesheet", href: adminStylesHref },
];
export const meta = backOfficeMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireOperation(request, "logs.query.read");
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
  const location = useLocation();
  const mode = MODES.find((m) => m.key === modeKey)!;
  const q = new URLSearchParams(location.search).get("q") ?? "";
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
      <nav className="admin-breadcrumb" aria-label={t("admin.common.breadcrumb")}>
        <Link to="/home">{t("admin.common.home")}</Link> / <span>{t("admin.common.logArea")}</span> /{" "}
        <span aria-current="page">{t("admin.logs.queryTitle")}</span>
      </nav>
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
        <FilterField label={t("admin.common.search")}>
          <input type="search" name="q" defaultValue={q} key={q} placeholder={t("admin.logs.queryPlaceholder")} maxLength={50} />
        </FilterField>
        <DateRangeFilter page={page} label={t("admin.logs.range")} />
      </FilterForm>
      <DataTable columns={columns} rows={rows} rowKey={(row) => row.id} />
      <Pager page={page} />
    </section>
  );
}
