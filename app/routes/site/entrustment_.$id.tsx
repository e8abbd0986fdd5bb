// /entrustment/<id>: one entrustment with the rate as the customer saw it,
// the order and its file. Its owner, and staff allowed to see that customer
// (records.server.ts), may open it; anyone else gets 404.
import { languageOf } from "~/http/context.server";
import { requireViewer, runAction } from "~/http/auth.server";
import type { KeysUnder } from "~/i18n/keys";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { BookingErrorBoundary } from "~/components/booking/BookingErrorBoundary";
import { SourceSummary } from "~/components/booking/SourceSummary";
import { QuoteSummary, ShipmentSummary } from "~/components/booking/QuoteSummary";
import { quoteRefWordsIn, shipmentRefWordsIn } from "~/domain/quotes/words.server";
import { formatBytes, formatDateTime } from "~/domain/booking/format";
import { moduleKey, transportKey } from "~/domain/booking/labels";
import { routeIn, snapshotIn } from "~/domain/booking/display.server";
import { entrustmentContacts, findVisibleEntrustment, parseRecordId } from "~/domain/booking/records.server";
import { cargoOf } from "~/domain/booking/projection.server";
import { usesContainers } from "~/domain/booking/schemas";
import { readSnapshot } from "~/domain/booking/snapshot";
import bookingStylesHref from "~/styles/booking.css";
import { sitePageMeta } from "~/http/page-meta.server";
import { loaderMeta } from "~/components/root-data";
import { changeEntrustmentStatus, statusHistory } from "~/domain/orders/status.server";
import { nextStatuses, STATUS_REASON_MAX, type EntrustmentStatusValue } from "~/domain/booking/status";
import { StatusBadge, StatusHistory } from "~/components/booking/StatusHistory";
import { ErrorList, TextArea } from "~/components/forms";
import { readFormData } from "~/utils/form-data.server";
import { backToList } from "~/http/replies.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStylesHref }];
export const meta = loaderMeta;
export const ErrorBoundary = BookingErrorBoundary;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const [viewer, lng] = await Promise.all([requireViewer({ request, context }), languageOf({ request, context })]);
  const id = parseRecordId(params.id);
  const row = id ? await findVisibleEntrustment(viewer, id) : null;
  if (!row) throw new Response("Not found", { status: 404 });
  const [contacts, history] = await Promise.all([entrustmentContacts(row), statusHistory(row.id)]);
  const snapshot = readSnapshot(row.sourceSnapshot);
  return data(
    {
      meta: await sitePageMeta({ request, context }, { title: "booking.record.detailTitle", titleValues: { id: row.id } }),
      id: row.id,
      kind: row.kind,
      mode: row.mode,
      sourceKind: row.sourceKind,
      transportType: row.transportType,
      route: routeIn(row.pol, row.pod, snapshot?.express, lng),
      createdAt: row.createdAt.toISOString(),
      order: {
        gp20Count: row.gp20Count,
        gp40Count: row.gp40Count,
        hq40Count: row.hq40Count,
        otherSize: row.otherSize,
        ...cargoOf(row),
      },
      attachment: row.attachmentKey ? { name: row.attachmentName ?? "", size: row.attachmentSize ?? 0 } : null,
      snapshot: snapshot && snapshotIn(snapshot, lng),
      // Booked from a quote: its number and total, the entrustment's (decision 402).
      quote: quoteRefWordsIn(snapshot?.quote, lng),
      // Booked with the shipment sized on the results page: the total shown there (issue 45 item 3).
      shipment: shipmentRefWordsIn(snapshot?.shipment, lng),
      customer: { username: row.user.username, company: row.user.company, phone: row.user.phone, email: row.user.email },
      own: row.userId === viewer.id,
      contacts,
      status: row.status as EntrustmentStatusValue,
      history,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The customer cancels their own entrustment while it is still received (issue 25 item 5). */
export const action = (args: ActionFunctionArgs) =>
  runAction(args, { cancel: "entrustment.status.cancel" }, async ({ request, params, context }, gate) => {
    // A visitor goes to login, a frozen account to /freeze (as on every customer page).
    await requireViewer({ request, context });
    const form = await readFormData(request.clone());
    const viewer = await gate.authorizeUser(String(form.get("intent") ?? ""));
    const id = parseRecordId(params.id);
    if (!id) throw new Response("Not found", { status: 404 });
    const outcome = await changeEntrustmentStatus("customer", viewer, { id, to: "CANCELLED", reason: form.get("reason") });
    if (!outcome.ok) {
      if (outcome.status === 404) throw new Response("Not found", { status: 404 });
      return data({ message: outcome.message ?? null, fieldErrors: outcome.fieldErrors ?? {} }, { status: outcome.status });
    }
    // Worded for the customer: the booking is cancelled and the forwarder was told (not the staff's "status saved").
    return backToList(request, "watches.status.cancelled", "success", { to: `/entrustment/${id}`, values: { id } });
  });

export default function EntrustmentDetail() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const none = t("booking.record.none");
  const containers = usesContainers(d.transportType);
  const orderRows: [KeysUnder<"booking.field.">, string | number | null][] =
    d.kind === "ORDER"
      ? [
          ...(containers
            ? ([
                ["gp20Count", d.order.gp20Count],
                ["gp40Count", d.order.gp40Count],
                ["hq40Count", d.order.hq40Count],
                ["otherSize", d.order.otherSize],
              ] as [KeysUnder<"booking.field.">, string | number | null][])
            : []),
          ["grossWeight", d.order.grossWeight],
          ["volume", d.order.volume],
          ["packages", d.order.packages],
          ["commodityZh", d.order.commodityZh],
          ["commodityEn", d.order.commodityEn],
          ["hsCode", d.order.hsCode],
          ["shipper", d.order.shipper],
          ["consignee", d.order.consignee],
          ["notifyParty", d.order.notifyParty],
        ]
      : [];
  return (
    <div className="page entrustment-detail">
      <p>
        <Link to={d.own ? "/entrustment" : "/home"}>← {t("booking.record.back")}</Link>
      </p>
      <h1>{t("booking.record.detailTitle", { id: d.id })}</h1>
      <dl className="booking-details">
        <dt>{t("booking.record.kind")}</dt>
        <dd>{t(`booking.kind.${d.kind}`)}</dd>
        <dt>{t("booking.record.module")}</dt>
        <dd>{t(moduleKey(d.sourceKind, d.mode))}</dd>
        <dt>{t("booking.record.transportType")}</dt>
        <dd>{d.transportType ? t(transportKey(d.transportType)) : none}</dd>
        <dt>{t("booking.record.route")}</dt>
        <dd>{d.route}</dd>
        <dt>{t("booking.record.createdAt")}</dt>
        <dd>{formatDateTime(d.createdAt)}</dd>
        <dt>{t("booking.record.customer")}</dt>
        <dd>{[d.customer.company, d.customer.username, d.customer.phone, d.customer.email].filter(Boolean).join(" · ")}</dd>
        <dt>{t("booking.record.customerService")}</dt>
        <dd>
          {d.contacts.customerService
            ? [d.contacts.customerService.name, d.contacts.customerService.phone, d.contacts.customerService.email].join(" · ")
            : none}
        </dd>
        <dt>{t("booking.record.sales")}</dt>
        <dd>{d.contacts.sales ? [d.contacts.sales.name, d.contacts.sales.phone, d.contacts.sales.email].join(" · ") : none}</dd>
      </dl>
      <h2>
        {t("watches.status.title")}: <StatusBadge status={d.status} />
      </h2>
      <StatusHistory history={d.history} audience={d.own ? "customer" : "staff"} />
      {d.own && nextStatuses("customer", d.status).includes("CANCELLED") ? <CancelForm /> : null}
      {d.snapshot ? (
        <>
          <h2>{t(d.snapshot.source === "offer" ? "booking.source.offerTitle" : "booking.source.rateTitle")}</h2>
          <SourceSummary snapshot={d.snapshot} />
        </>
      ) : null}
      {d.quote ? <QuoteSummary quote={d.quote} /> : null}
      {d.shipment ? <ShipmentSummary shipment={d.shipment} /> : null}
      <h2>{t("booking.email.sectionOrder")}</h2>
      {d.kind === "ORDER" ? (
        <dl className="booking-details">
          {orderRows.map(([name, value]) => (
            <div key={name} className="booking-details__row">
              <dt>{t(`booking.field.${name}`)}</dt>
              <dd>{value === null || value === "" ? none : value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="field__hint">{t("booking.record.noOrder")}</p>
      )}
      <h2>{t("booking.record.attachment")}</h2>
      {d.attachment ? (
        <p>
          <a href={`/entrustment/${d.id}/attachment`} download data-testid="attachment-link">
            {t("booking.record.download")}: {d.attachment.name}
          </a>{" "}
          <span className="field__hint">({formatBytes(d.attachment.size)})</span>
        </p>
      ) : (
        <p className="field__hint">{none}</p>
      )}
    </div>
  );
}

/** A plain POST form: works without JavaScript. */
function CancelForm() {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  return (
    <Form method="post" className="booking-cancel" aria-label={t("watches.status.cancel")}>
      <input type="hidden" name="intent" value="cancel" />
      <ErrorList errors={result?.message ? [result.message] : null} />
      <TextArea
        label={t("watches.status.cancelReason")}
        hint={t("watches.status.cancelHint")}
        errors={result?.fieldErrors?.reason}
        textareaProps={{ id: "cancel-reason", name: "reason", maxLength: STATUS_REASON_MAX, rows: 2 }}
      />
      <button type="submit" className="button button--ghost">
        {t("watches.status.cancel")}
      </button>
    </Form>
  );
}
