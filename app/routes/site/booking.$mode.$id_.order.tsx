// Booking step 2 (spec 2.3, dialog 2): the shipping order, as a form or as
// an uploaded order file only (?tab=file). Multipart: the attachment streams
// to a temp file, at most 5 MB (booking/upload.server.ts); validation by the
// shared zod schema; then one transaction stores the order and its mails.
import { runAction } from "~/http/auth.server";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useTranslation } from "~/i18n/react";
import { GateNotice } from "~/components/booking/GateNotice";
import { UrlDialog } from "~/components/dialog";
import { BookingErrorBoundary } from "~/components/booking/BookingErrorBoundary";
import { OrderForm } from "~/components/booking/OrderForm";
import { SourceSummary } from "~/components/booking/SourceSummary";
import { QuoteSummary, ShipmentSummary } from "~/components/booking/QuoteSummary";
import { GATE_HTTP_STATUS, submitBooking } from "~/domain/orders/booking.server";
import { clientSource, gateView, loadBookingContext, resultsBehind, withQuery } from "~/routes/site/-server/booking-context.server";
import { ResultsBehind } from "~/components/booking/ResultsBehind";
import { newIdempotencyKey } from "~/domain/orders/context.server";
import { ATTACHMENT_FIELD, orderSchema, type OrderTab } from "~/domain/booking/schemas";
import { parseOrderUpload } from "~/domain/booking/upload.server";
import { orderDefaultsOf } from "~/domain/quotes/booking.server";
import { BodyError } from "~/utils/multipart.server";
import bookingStylesHref from "~/styles/booking.css";
import { sitePageMeta } from "~/http/page-meta.server";
import { loaderMeta } from "~/components/root-data";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStylesHref }];
export const meta = loaderMeta;
export const headers = () => ({ "Cache-Control": "private, no-store" });
export const ErrorBoundary = BookingErrorBoundary;

const tabOf = (url: URL): OrderTab => (url.searchParams.get("tab") === "file" ? "file" : "form");

export async function loader(args: LoaderFunctionArgs) {
  const context = await loadBookingContext(args);
  const url = new URL(args.request.url);
  const tab = tabOf(url);
  const orderPath = `${context.base}/order`;
  return data({
    meta: await sitePageMeta(args, { title: "booking.step2.title" }),
    // The results page the dialog was opened from, drawn behind it (issue 45 item 7).
    behind: await resultsBehind(args.request, context),
    source: clientSource(context.source, context.lng),
    gate: gateView(context, url.pathname + url.search),
    tab,
    tabHref: {
      form: withQuery(orderPath, context.carry),
      file: withQuery(orderPath, context.carry, { tab: "file" }),
    },
    defaults: {
      transportType: context.source.transportType,
      idempotencyKey: context.gate === "ok" ? newIdempotencyKey() : "",
      // The shipment of the quote or of the results page fills in the order (issue 25 item 3, issue 45 item 3).
      ...orderDefaultsOf(
        context.source.modeKey,
        context.source.snapshot.quote?.shipment ?? context.source.snapshot.shipment?.values,
        context.lng,
      ),
    },
    step1: withQuery(context.base, context.carry),
    back: context.back,
  });
}

type ActionData = SubmissionResult<string[]> | { gate: ReturnType<typeof gateView> };

/** A reply for a body that could not be parsed at all: the loader's defaults stay in the form. */
function bodyError(key: string): SubmissionResult<string[]> {
  return { status: "error", error: key === "booking.validation.fileTooLarge" ? { [ATTACHMENT_FIELD]: [key] } : { "": [key] } };
}

const OPERATION = { "*": "booking.order" } as const;

export const action = (args: ActionFunctionArgs) =>
  runAction(args, OPERATION, async ({ request }, gate) => {
    const context = await loadBookingContext(args);
    if (context.gate !== "ok") {
      const url = new URL(request.url);
      return data<ActionData>({ gate: gateView(context, url.pathname + url.search) }, { status: GATE_HTTP_STATUS[context.gate] });
    }
    await gate.authorize();
    let upload;
    try {
      upload = await parseOrderUpload(request);
    } catch (error) {
      if (!(error instanceof BodyError)) throw error;
      const tooLarge = error.kind === "tooLarge";
      return data<ActionData>(bodyError(tooLarge ? "booking.validation.fileTooLarge" : "booking.validation.badRequest"), {
        status: tooLarge ? 413 : 400,
      });
    }
    try {
      const submission = parseWithZod(upload.formData, { schema: orderSchema });
      if (submission.status !== "success" || upload.problems.length) {
        const reply = submission.reply(upload.problems.length ? { fieldErrors: { [ATTACHMENT_FIELD]: upload.problems } } : undefined);
        return data<ActionData>(reply, { status: upload.problems.includes("booking.validation.fileTooLarge") ? 413 : 400 });
      }
      const { tab, idempotencyKey, attachment, ...order } = submission.value;
      void tab;
      void attachment;
      const result = await submitBooking({
        kind: "ORDER",
        viewer: context.viewer!,
        source: context.source,
        idempotencyKey,
        lng: context.lng,
        order,
        file: upload.file,
      });
      if (result.status === "keyConflict") {
        return data<ActionData>(submission.reply({ formErrors: ["booking.validation.expired"] }), { status: 400 });
      }
      return redirect(`/booking/done/${result.entrustmentId}`);
    } finally {
      await upload.cleanup();
    }
  });

export default function BookingOrder() {
  const { t } = useTranslation();
  const { source, gate, tab, tabHref, defaults, step1, back, behind } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const shownGate = actionData && "gate" in actionData ? actionData.gate : gate;
  const lastResult = actionData && !("gate" in actionData) ? actionData : null;
  return (
    <>
      <ResultsBehind data={behind} />
      <UrlDialog look="booking" title={t("booking.step2.title")} size="form" closeTo={back}>
        <p className="booking-dialog__back">
          <Link to={step1}>← {t("booking.dialog.back")}</Link>
        </p>
        <SourceSummary snapshot={source.snapshot} showNoPrices={source.kind === "rate"} collapsible />
        {source.quote ? <QuoteSummary quote={source.quote} /> : null}
        {source.shipment ? <ShipmentSummary shipment={source.shipment} /> : null}
        {shownGate ? (
          <GateNotice tone={shownGate.tone} messageKey={shownGate.messageKey} loginHref={shownGate.loginHref} />
        ) : (
          <OrderForm key={tab} tab={tab} tabHref={tabHref} defaults={defaults} lastResult={lastResult} cancelTo={back} />
        )}
      </UrlDialog>
    </>
  );
}
