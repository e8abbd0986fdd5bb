// /entrustment: the customer's own entrustment records (spec 2.4 columns),
// newest first, 10 per page, page links in the URL. Session required
// (visitors go to /home).
import { languageOf } from "~/http/context.server";
import { requireViewer } from "~/http/auth.server";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { BookingErrorBoundary } from "~/components/booking/BookingErrorBoundary";
import { DataTable, Pager, type TableColumn } from "~/components/table";
import { formatDateTime } from "~/domain/booking/format";
import { moduleKey, transportKey } from "~/domain/booking/labels";
import { listOwnEntrustments, RECORDS_TABLE, type RecordListRow } from "~/domain/booking/records.server";
import { StatusBadge } from "~/components/booking/StatusHistory";
import { parseTableQuery, tablePage } from "~/domain/table/paging.server";
import bookingStylesHref from "~/styles/booking.css";
import datatableStylesHref from "~/styles/datatable.css";
import { sitePageMeta } from "~/http/page-meta.server";
import { loaderMeta } from "~/components/root-data";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: datatableStylesHref },
  { rel: "stylesheet", href: bookingStylesHref },
];
export const meta = loaderMeta;
export const ErrorBoundary = BookingErrorBoundary;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [viewer, lng] = await Promise.all([requireViewer({ request, context }), languageOf({ request, context })]);
  const query = parseTableQuery(request, RECORDS_TABLE);
  const { rows, total } = await listOwnEntrustments(viewer.id, query, lng);
  return data(
    {
      meta: await sitePageMeta({ request, context }, { title: "booking.record.title" }),
      rows,
      offset: query.skip,
      page: tablePage(query, total),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type Row = RecordListRow & { index: number };

export default function EntrustmentRecords() {
  const { t } = useTranslation();
  const { rows, offset, page } = useLoaderData<typeof loader>();
  const none = t("booking.record.none");
  const columns: TableColumn<Row>[] = [
    { key: "index", header: t("booking.record.index"), cell: (row) => row.index, className: "num" },
    { key: "module", header: t("booking.record.module"), cell: (row) => t(moduleKey(row.sourceKind, row.mode)) },
    {
      key: "transportType",
      header: t("booking.record.transportType"),
      cell: (row) => (row.transportType ? t(transportKey(row.transportType)) : t(`booking.kind.${row.kind}`)),
    },
    { key: "pol", header: t("booking.record.pol"), cell: (row) => row.pol ?? none },
    { key: "pod", header: t("booking.record.pod"), cell: (row) => row.pod ?? none },
    { key: "createdAt", header: t("booking.record.createdAt"), cell: (row) => formatDateTime(row.createdAt) },
    { key: "username", header: t("booking.record.username"), cell: (row) => row.username },
    { key: "phone", header: t("booking.record.phone"), cell: (row) => row.phone },
    { key: "email", header: t("booking.record.email"), cell: (row) => row.email },
    { key: "customerService", header: t("booking.record.customerService"), cell: (row) => row.customerService ?? none },
    { key: "status", header: t("watches.status.title"), cell: (row) => <StatusBadge status={row.status} /> },
    { key: "quote", header: t("quoteBooking.quote.column"), cell: (row) => row.quoteNumber ?? none },
  ];
  const indexed: Row[] = rows.map((row, i) => ({ ...row, index: offset + i + 1 }));
  return (
    <div className="page entrustment-page">
      <h1>{t("booking.record.title")}</h1>
      {page.total === 0 ? (
        <p className="empty">{t("booking.record.empty")}</p>
      ) : (
        <>
          <DataTable
            columns={columns}
            rows={indexed}
            rowKey={(row) => String(row.id)}
            actionsHeader={t("booking.record.operation")}
            actions={(row) => (
              <>
                <Link to={`/entrustment/${row.id}`}>{t("booking.record.detail")}</Link>
                {row.hasAttachment ? (
                  <a href={`/entrustment/${row.id}/attachment`} download>
                    {t("booking.record.download")}
                  </a>
                ) : null}
              </>
            )}
          />
          <Pager page={page} />
        </>
      )}
    </div>
  );
}
