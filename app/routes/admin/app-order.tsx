// Entrustments for staff (our reading of /app-order, docs/decisions/301):
// the bookings and contact requests of the customers in the staff member's
// view, searchable and paged, with a detail dialog (?dialog=view&id=).
import { languageOf } from "~/http/context.server";
import { requireOperation, runAction } from "~/http/auth.server";
import { keyUnder, type TranslationKey } from "~/i18n/keys";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { MODES } from "~/domain/modes";
import { moduleKey, transportKey } from "~/domain/booking/labels";
import { usesContainers } from "~/domain/booking/schemas";
import { mayPerform } from "~/domain/permissions/operations.server";
import { backToList, idOf, notFound } from "~/http/replies.server";
import { readFormData } from "~/utils/form-data.server";
import { changeEntrustmentStatus } from "~/domain/orders/status.server";
import { ENTRUSTMENT_STATUSES, nextStatuses, statusKey, STATUS_REASON_MAX, type EntrustmentStatusValue } from "~/domain/booking/status";
import { StatusBadge, StatusHistory } from "~/components/booking/StatusHistory";
import { ErrorList, Select, TextArea } from "~/components/forms";
import { entrustmentTable, getStaffEntrustment, listStaffEntrustments } from "~/domain/logs/staff-records.server";
import { parseTableQuery, tablePage } from "~/domain/table/paging.server";
import { DataTable, DateRangeFilter, FilterField, SearchField, FilterForm, Pager, type TableColumn } from "~/components/table";
import { UrlDialog } from "~/components/dialog";
import { BackOfficeErrorBoundary } from "~/components/ErrorPage";
import { shanghaiDateTime } from "~/components/admin/format";
import { hrefWith } from "~/components/urls";
import { backOfficeMeta } from "~/components/backoffice/meta";
import { AdminBreadcrumb, adminTableLinks } from "~/components/admin/AdminScreen";
import { quoteRefWordsIn, shipmentRefWordsIn } from "~/domain/quotes/words.server";

export const links = adminTableLinks;
export const meta = backOfficeMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [viewer, lng] = await Promise.all([requireOperation({ request, context }, "entrustment.read"), languageOf({ request, context })]);
  const url = new URL(request.url);
  const query = parseTableQuery(url, entrustmentTable);
  const { rows, total } = await listStaffEntrustments(viewer, query);
  let detail = null;
  if (url.searchParams.get("dialog") === "view") {
    const id = idOf(url.searchParams.get("id"));
    const found = id ? await getStaffEntrustment(viewer, id) : null;
    if (!found) throw notFound();
    // Booked from a quote: its number and total in the reader's language (decision 402).
    detail = { ...found, quote: quoteRefWordsIn(found.quote, lng), shipment: shipmentRefWordsIn(found.shipment, lng) };
  }
  return {
    rows,
    page: tablePage(query, total),
    detail,
    canOutbox: mayPerform(viewer, "outbox.read"),
    canChangeStatus: mayPerform(viewer, "entrustment.status.change"),
  };
}

/** Booking status (issue 25 item 5): a POST from the detail dialog; refusals come back to the dialog with their message. */
export const action = (args: ActionFunctionArgs) =>
  runAction(args, { status: "entrustment.status.change" }, async ({ request }, gate) => {
    const viewer = await gate.authorizeUser("status");
    const form = await readFormData(request);
    const id = idOf(form.get("id"));
    if (!id) throw notFound();
    const outcome = await changeEntrustmentStatus("staff", viewer, { id, to: form.get("to"), reason: form.get("reason") });
    if (!outcome.ok) return data({ message: outcome.message ?? null, fieldErrors: outcome.fieldErrors ?? {} }, { status: outcome.status });
    const url = new URL(request.url);
    return backToList(request, "watches.status.changed", "success", {
      to: `${url.pathname}${url.search}`,
      values: { id },
    });
  });

export const ErrorBoundary = BackOfficeErrorBoundary;

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = Data["rows"][number];

export default function AppOrderPage() {
  const { t } = useTranslation();
  const { rows, page, detail, canOutbox, canChangeStatus } = useLoaderData<typeof loader>();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const modeLabel = (value: string) => {
    const mode = MODES.find((m) => m.enumValue === value);
    return mode ? t(mode.labelKey) : value;
  };
  const columns: TableColumn<Row>[] = [
    { key: "id", header: t("admin.order.id"), cell: (row) => row.id, className: "num" },
    { key: "kind", header: t("admin.order.kind"), cell: (row) => t(`admin.order.kinds.${row.kind}`) },
    { key: "module", header: t("admin.order.module"), cell: (row) => t(moduleKey(row.sourceKind, row.mode)) },
    { key: "mode", header: t("admin.order.mode"), cell: (row) => modeLabel(row.mode) },
    { key: "pol", header: t("admin.order.pol"), cell: (row) => row.pol ?? "" },
    { key: "pod", header: t("admin.order.pod"), cell: (row) => row.pod ?? "" },
    { key: "status", header: t("watches.status.title"), cell: (row) => <StatusBadge status={row.status} /> },
    { key: "quote", header: t("quoteBooking.quote.column"), cell: (row) => row.quoteNumber ?? "—" },
    { key: "createdAt", header: t("admin.order.createdAt"), cell: (row) => shanghaiDateTime(row.createdAt) },
    { key: "username", header: t("admin.user.username"), cell: (row) => row.username },
    { key: "company", header: t("admin.user.company"), cell: (row) => row.company ?? "" },
    { key: "phone", header: t("admin.user.phone"), cell: (row) => row.phone },
    { key: "sales", header: t("admin.user.sales"), cell: (row) => row.sales ?? "—" },
    { key: "service", header: t("admin.user.service"), cell: (row) => row.customerService ?? "—" },
    {
      key: "mails",
      header: t("admin.order.mails"),
      cell: (row) => t("admin.order.mailState", { sent: row.mails.sent, total: row.mails.total, failed: row.mails.failed }),
    },
  ];
  return (
    <section className="admin-page" aria-labelledby="orders-title">
      <AdminBreadcrumb area={t("admin.common.operationsArea")} title={t("admin.order.title")} />
      <h1 id="orders-title">{t("admin.order.title")}</h1>
      <FilterForm label={t("admin.order.searchLabel")}>
        <SearchField label={t("admin.common.search")} placeholder={t("admin.order.placeholder")} maxLength={50} />
        <FilterField label={t("admin.order.kind")}>
          <select name="kind" defaultValue={params.get("kind") ?? ""} key={`k${params.get("kind")}`}>
            <option value="">{t("admin.order.all")}</option>
            <option value="ORDER">{t("admin.order.kinds.ORDER")}</option>
            <option value="CONTACT">{t("admin.order.kinds.CONTACT")}</option>
          </select>
        </FilterField>
        <FilterField label={t("admin.order.mode")}>
          <select name="mode" defaultValue={params.get("mode") ?? ""} key={`m${params.get("mode")}`}>
            <option value="">{t("admin.order.all")}</option>
            {MODES.map((m) => (
              <option key={m.key} value={m.enumValue}>
                {t(m.labelKey)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label={t("watches.status.filter")}>
          <select name="status" defaultValue={params.get("status") ?? ""} key={`s${params.get("status")}`}>
            <option value="">{t("admin.order.all")}</option>
            {ENTRUSTMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(statusKey(status))}
              </option>
            ))}
          </select>
        </FilterField>
        <DateRangeFilter page={page} label={t("admin.order.range")} omit={["dialog", "id"]} />
      </FilterForm>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.id)}
        actionsHeader={t("admin.common.actions")}
        actions={(row) => (
          <Link to={hrefWith(location, { dialog: "view", id: row.id })} preventScrollReset>
            {t("admin.common.view")}
          </Link>
        )}
      />
      <Pager page={page} omit={["dialog", "id"]} />
      {detail ? <EntrustmentDialog detail={detail} modeLabel={modeLabel} canOutbox={canOutbox} canChangeStatus={canChangeStatus} /> : null}
    </section>
  );
}

function EntrustmentDialog({
  detail,
  modeLabel,
  canOutbox,
  canChangeStatus,
}: {
  detail: NonNullable<Data["detail"]>;
  modeLabel: (mode: string) => string;
  canOutbox: boolean;
  canChangeStatus: boolean;
}) {
  const { t } = useTranslation();
  const facts: [TranslationKey, React.ReactNode][] = [
    ["admin.order.kind", t(`admin.order.kinds.${detail.kind}`)],
    ["admin.order.module", t(moduleKey(detail.sourceKind, detail.mode))],
    ["admin.order.mode", modeLabel(detail.mode)],
    ["admin.order.transportType", detail.transportType ? t(transportKey(detail.transportType)) : "—"],
    ["admin.order.pol", detail.pol ?? "—"],
    ["admin.order.pod", detail.pod ?? "—"],
    ["admin.order.createdAt", shanghaiDateTime(detail.createdAt)],
    ...(detail.quote
      ? ([
          ["quoteBooking.quote.column", detail.quote.number],
          ["quoteBooking.quote.total", detail.quote.totalText],
          ...(detail.quote.rateUsed ? [["quoteBooking.quote.rateUsed", detail.quote.rateUsed]] : []),
        ] as [TranslationKey, React.ReactNode][])
      : []),
    // The shipment the customer sized on the results page: the total shown there (issue 45 item 3).
    ...(detail.shipment
      ? ([
          ["booking.shipment.total", detail.shipment.totalText],
          ...(detail.shipment.rateUsed ? [["quoteBooking.quote.rateUsed", detail.shipment.rateUsed]] : []),
        ] as [TranslationKey, React.ReactNode][])
      : []),
    ["admin.user.username", `${detail.user.username}${detail.user.nickname ? `（${detail.user.nickname}）` : ""}`],
    ["admin.user.company", detail.user.company ?? "—"],
    ["admin.user.phone", detail.user.phone],
    ["admin.user.email", detail.user.email],
    // Containers only where the mode ships them (spec 4): an air or express booking has weight and volume instead.
    ...(detail.kind === "ORDER" && usesContainers(detail.transportType)
      ? ([
          [
            "admin.order.containers",
            `20GP × ${detail.containers.gp20}, 40GP × ${detail.containers.gp40}, 40HQ × ${detail.containers.hq40}${detail.containers.other ? `, ${detail.containers.other}` : ""}`,
          ],
        ] as [TranslationKey, React.ReactNode][])
      : []),
    ...Object.entries(detail.cargo)
      .filter(([, value]) => value)
      .map(([key, value]) => [keyUnder("admin.order.cargo.", key), value] as [TranslationKey, React.ReactNode]),
  ];
  return (
    <UrlDialog look="admin" title={t("admin.order.detailTitle", { id: detail.id })} wide>
      <dl className="admin-details">
        {facts.map(([key, value]) => (
          <div key={key} style={{ display: "contents" }}>
            <dt>{t(key)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <dt>{t("admin.order.attachment")}</dt>
        <dd>
          {detail.attachmentName ? (
            <a href={`/entrustment/${detail.id}/attachment`} rel="noreferrer">
              {detail.attachmentName}
            </a>
          ) : (
            t("admin.common.none")
          )}
        </dd>
        <dt>{t("admin.order.mails")}</dt>
        <dd>
          {detail.emails.length === 0
            ? t("admin.common.none")
            : detail.emails.map((mail) => (
                <div key={mail.id}>
                  {canOutbox ? <Link to={`/app-query?dialog=view&id=${mail.id}`}>{mail.toAddress}</Link> : mail.toAddress} ·{" "}
                  <span className={`admin-tag admin-tag--${mail.status === "SENT" ? "ok" : mail.status === "FAILED" ? "err" : "warn"}`}>
                    {t(`admin.outbox.status.${mail.status}`)}
                  </span>
                </div>
              ))}
        </dd>
      </dl>
      <h2>
        {t("watches.status.title")}: <StatusBadge status={detail.status} />
      </h2>
      <StatusHistory history={detail.history} audience="staff" />
      {canChangeStatus ? <StatusForm id={detail.id} status={detail.status} /> : null}
      <p>
        <Link to={`/entrustment/${detail.id}`}>{t("admin.order.fullRecord")}</Link>
      </p>
    </UrlDialog>
  );
}

/** Staff: move the entrustment to one of the statuses the rules allow from here (a plain POST form). */
function StatusForm({ id, status }: { id: number; status: EntrustmentStatusValue }) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const moves = nextStatuses("staff", status);
  if (moves.length === 0) return <p className="field__hint">{t("watches.status.noMoves")}</p>;
  const errors = result && "fieldErrors" in result ? result.fieldErrors : {};
  return (
    <Form method="post" className="admin-form" aria-label={t("watches.status.change")}>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={id} />
      <ErrorList errors={result && "message" in result && result.message ? [result.message] : null} />
      <Select
        label={t("watches.status.to")}
        selectProps={{ id: "status-to", name: "to", required: true, key: status }}
        options={moves.map((value) => ({ value, label: t(statusKey(value)) }))}
      />
      <TextArea
        label={t("watches.status.reason")}
        hint={t("watches.status.reasonHint")}
        errors={errors.reason}
        textareaProps={{ id: "status-reason", name: "reason", maxLength: STATUS_REASON_MAX, key: `r${status}` }}
      />
      <button type="submit" className="button button--primary">
        {t("watches.status.save")}
      </button>
    </Form>
  );
}
