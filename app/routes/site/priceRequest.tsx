// /priceRequest (issue 43): ask the pricing desk for a price, where a search
// found none or the results do not cover the lane or cargo. The results pages
// post their block's form here and link here with the lane and cargo
// pre-filled. A customer's request goes into the desk's queue at once and
// they land on /userRequests; a visitor's is held until staff accept it.
// A plain POST form: works without JavaScript, in both languages.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ErrorList } from "~/components/forms";
import { RequestFields } from "~/components/price-requests/RequestFields";
import { clientAddress } from "~/domain/accounts/session.server";
import { getViewer } from "~/http/auth.server";
import { runAction } from "~/http/auth.server";
import { requestFormView, submitRequestForm } from "~/domain/price-requests/form.server";
import { isModeKey } from "~/domain/price-requests/schemas";
import { sitePageMeta } from "~/http/page-meta.server";
import { languageOf } from "~/http/context.server";
import { readFormData } from "~/utils/form-data.server";
import { backToList } from "~/http/replies.server";
import { loaderMeta } from "~/components/root-data";
import priceRequestStylesHref from "~/components/price-requests/price-requests.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: priceRequestStylesHref }];
export const meta = loaderMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer({ request, context });
  const url = new URL(request.url);
  return {
    meta: await sitePageMeta({ request, context }, { title: "priceRequests.ask.pageTitle" }),
    form: await requestFormView(viewer, url.searchParams),
    /** A visitor's request was just received (the flash says which). */
    sent: url.searchParams.get("sent") === "1",
  };
}

export const action = (args: ActionFunctionArgs) =>
  runAction(args, { "*": "request.create" }, async ({ request, context }, gate) => {
    await gate.authorize();
    // A public operation: the gate reads no session; a frozen account is sent to /freeze here.
    const viewer = await getViewer({ request, context });
    const form = await readFormData(request);
    const lng = await languageOf({ request, context });
    const outcome = await submitRequestForm({ viewer, address: clientAddress(request, context), lng, channel: "site" }, form);
    if (!outcome.ok) return data({ reply: outcome.reply, values: outcome.values }, { status: outcome.status });
    if (outcome.state === "OPEN")
      return backToList(request, "priceRequests.ask.sent", "success", {
        to: "/userRequests",
        values: { number: outcome.number, due: outcome.due ?? "" },
      });
    // The receipt in the language the visitor asked in (a ?lng= link sets no cookie).
    return backToList(request, "priceRequests.ask.held", "success", {
      to: `/priceRequest?sent=1&lng=${lng}`,
      values: { number: outcome.number },
    });
  });

export default function PriceRequestPage() {
  const { t } = useTranslation();
  const { form, sent } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const location = useLocation();
  const errors = failed?.reply.error ?? {};
  return (
    <article className="page price-request" aria-labelledby="price-request-title">
      <h1 id="price-request-title">{t(sent ? "priceRequests.ask.sentTitle" : "priceRequests.ask.pageTitle")}</h1>
      {sent ? null : form.refused ? (
        <p className="notice notice--warning" role="status">
          {t(`priceRequests.errors.access.${form.refused}`)}
        </p>
      ) : (
        <>
          <p>{t("priceRequests.ask.pageIntro", { hours: form.hours, workingHours: form.workingHours })}</p>
          {form.visitor ? (
            <p className="field__hint">
              {t("priceRequests.ask.visitorHint")}{" "}
              <Link to={`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}>
                {t("priceRequests.ask.login")}
              </Link>
            </p>
          ) : null}
          <Form method="post" className="price-request__form stack" noValidate aria-labelledby="price-request-title">
            <ErrorList id="price-request-errors" errors={errors[""]} />
            <RequestFields
              // A form posted from a results page names its own mode.
              modeKey={isModeKey(failed?.values.mode) ? failed.values.mode : form.modeKey}
              values={failed?.values ?? form.values}
              errors={errors}
              visitor={form.visitor}
              currencies={form.currencies}
              idPrefix="price-request"
            >
              <button type="submit" className="button button--primary" disabled={busy}>
                {t("priceRequests.ask.submit")}
              </button>
            </RequestFields>
          </Form>
        </>
      )}
    </article>
  );
}
