// Booking step 1 (spec 2.3, dialog 1): fill in a shipping order, or ask
// customer service to make contact. /booking/<fcl|lcl|air|rail|trailer|express>/<rateId>
// and /booking/offer/<offerId>. The contact request is a POST of this route.
import { runAction } from "~/http/auth.server";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { useTranslation } from "~/i18n/react";
import { GateNotice } from "~/components/booking/GateNotice";
import { UrlDialog } from "~/components/dialog";
import { BookingErrorBoundary } from "~/components/booking/BookingErrorBoundary";
import { SourceSummary } from "~/components/booking/SourceSummary";
import { QuoteSummary, ShipmentSummary } from "~/components/booking/QuoteSummary";
import { ErrorList } from "~/components/forms";
import { GATE_HTTP_STATUS, submitBooking } from "~/domain/orders/booking.server";
import { clientSource, gateView, loadBookingContext, resultsBehind, withQuery } from "~/routes/site/-server/booking-context.server";
import { ResultsBehind } from "~/components/booking/ResultsBehind";
import { newIdempotencyKey } from "~/domain/orders/context.server";
import { contactSchema } from "~/domain/booking/schemas";
import bookingStylesHref from "~/styles/booking.css";
import { readFormData } from "~/utils/form-data.server";
import { sitePageMeta } from "~/http/page-meta.server";
import { loaderMeta } from "~/components/root-data";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStylesHref }];
export const meta = loaderMeta;
// Prices of one tier: never in a shared cache.
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader(args: LoaderFunctionArgs) {
  const context = await loadBookingContext(args);
  const url = new URL(args.request.url);
  return data({
    meta: await sitePageMeta(args, { title: "booking.step1.title" }),
    // The results page the dialog was opened from, drawn behind it (issue 45 item 7).
    behind: await resultsBehind(args.request, context),
    source: clientSource(context.source, context.lng),
    gate: gateView(context, url.pathname + url.search),
    idempotencyKey: context.gate === "ok" ? newIdempotencyKey() : null,
    orderHref: withQuery(`${context.base}/order`, context.carry),
    back: context.back,
  });
}

type ActionData = { gate?: ReturnType<typeof gateView>; formErrors?: string[] };

const OPERATION = { "*": "booking.contact" } as const;

export const action = (args: ActionFunctionArgs) =>
  runAction(args, OPERATION, async ({ request }, gate) => {
    const context = await loadBookingContext(args);
    if (context.gate !== "ok") {
      const url = new URL(request.url);
      return data<ActionData>({ gate: gateView(context, url.pathname + url.search) }, { status: GATE_HTTP_STATUS[context.gate] });
    }
    await gate.authorize();
    const submission = parseWithZod(await readFormData(request), { schema: contactSchema });
    if (submission.status !== "success") return data<ActionData>({ formErrors: ["booking.validation.expired"] }, { status: 400 });
    const result = await submitBooking({
      kind: "CONTACT",
      viewer: context.viewer!,
      source: context.source,
      idempotencyKey: submission.value.idempotencyKey,
      lng: context.lng,
    });
    if (result.status === "keyConflict") return data<ActionData>({ formErrors: ["booking.validation.expired"] }, { status: 400 });
    return redirect(`/booking/done/${result.entrustmentId}`);
  });

export default function BookingStep1() {
  const { t } = useTranslation();
  const { source, gate, idempotencyKey, orderHref, back, behind } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const shownGate = actionData?.gate ?? gate;
  return (
    <>
      <ResultsBehind data={behind} />
      <UrlDialog look="booking" title={t("booking.step1.title")} size="choice" closeTo={back}>
        <SourceSummary snapshot={source.snapshot} showNoPrices={source.kind === "rate"} collapsible />
        {source.quote ? <QuoteSummary quote={source.quote} /> : null}
        {source.shipment ? <ShipmentSummary shipment={source.shipment} /> : null}
        {shownGate ? (
          <GateNotice tone={shownGate.tone} messageKey={shownGate.messageKey} loginHref={shownGate.loginHref} />
        ) : (
          <div className="booking-choices">
            <p className="booking-choices__intro">{t("booking.step1.intro")}</p>
            <ErrorList errors={actionData?.formErrors} />
            <div className="booking-choice">
              <Link to={orderHref} className="button button--primary button--block" data-testid="choose-order">
                {t("booking.step1.order")}
              </Link>
              <p className="field__hint">{t("booking.step1.orderHint")}</p>
            </div>
            <Form method="post" className="booking-choice">
              <input type="hidden" name="idempotencyKey" value={idempotencyKey ?? ""} />
              <button
                type="submit"
                className="button button--ghost button--block"
                disabled={navigation.state === "submitting"}
                data-testid="choose-contact"
              >
                {t("booking.step1.contact")}
              </button>
              <p className="field__hint">{t("booking.step1.contactHint")}</p>
            </Form>
          </div>
        )}
      </UrlDialog>
    </>
  );
}

export const ErrorBoundary = BookingErrorBoundary;
