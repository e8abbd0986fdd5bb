// /embed/price-request (issue 43 item 6): the price-request form for other
// websites (the forwarder's own, its agents'), to show in an <iframe>: the
// one page of the portal another site may frame (server/app.js). It reads no
// session: every request filed here is a visitor's, held until staff accept
// it and rate-limited per address, marked with the site it came from
// (`site`). The form posts to this page (same origin). A plain form on the
// other site posts to /embed/price-request/post instead, with its form
// token; errors and the receipt come back here. No JavaScript needed; the
// language from ?lng= (zh-CN by default).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { useTranslation } from "~/i18n/react";
import { ErrorList } from "~/components/forms";
import { RequestFields } from "~/components/price-requests/RequestFields";
import { clientAddress } from "~/domain/accounts/session.server";
import { runAction } from "~/http/auth.server";
import { requestFormView, submitRequestForm } from "~/domain/price-requests/form.server";
import { isModeKey, requestProblems, requestSchema } from "~/domain/price-requests/schemas";
import { SITE_NAME } from "~/domain/price-requests/embed.server";
import { pageT } from "~/i18n/i18n.server";
import { languageOf } from "~/http/context.server";
import { readFormData } from "~/utils/form-data.server";
import priceRequestStylesHref from "~/components/price-requests/price-requests.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: priceRequestStylesHref }];
export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded?.title ?? "" },
  { name: "robots", content: "noindex" },
];

const siteOf = (value: unknown) => (typeof value === "string" && SITE_NAME.test(value) ? value : null);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const lng = await languageOf({ request, context });
  const form = await requestFormView(null, url.searchParams);
  // The documented endpoint sent a form with problems back here: the same checks name them.
  const invalid = url.searchParams.get("invalid") === "1";
  const errors: Record<string, string[] | null> = invalid
    ? requestProblems(
        form.modeKey,
        true,
        url.searchParams,
        parseWithZod(url.searchParams, { schema: requestSchema(form.modeKey, true) }).reply().error,
      )
    : {};
  if (url.searchParams.get("busy") === "1") errors[""] = ["priceRequests.errors.tooMany"];
  const typed = invalid ? Object.fromEntries([...url.searchParams].filter(([k]) => !["invalid", "busy", "token"].includes(k))) : {};
  return data(
    {
      title: pageT(lng)("priceRequests.embed.title"),
      form: { ...form, values: { ...form.values, ...typed } },
      errors,
      site: siteOf(url.searchParams.get("site")),
      sent: /^R\d{8}-\d{6,10}$/.test(url.searchParams.get("sent") ?? "") ? url.searchParams.get("sent") : null,
      lng,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const action = (args: ActionFunctionArgs) =>
  runAction(args, { "*": "request.create" }, async ({ request, context }, gate) => {
    await gate.authorize();
    const form = await readFormData(request);
    const lng = await languageOf({ request, context });
    const site = siteOf(form.get("site"));
    // Always a visitor's request: the page reads no session (a framed page's cookies are not its owner's to spend).
    const outcome = await submitRequestForm(
      { viewer: null, address: clientAddress(request, context), lng, channel: site ? `embed:${site}` : "embed" },
      form,
    );
    if (!outcome.ok) return data({ reply: outcome.reply, values: outcome.values }, { status: outcome.status });
    return redirect(`/embed/price-request?${new URLSearchParams({ sent: outcome.number, lng, ...(site ? { site } : {}) })}`, 303);
  });

export default function EmbeddedRequestPage() {
  const { t } = useTranslation();
  const { form, errors, site, sent } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const shown = failed?.reply.error ?? errors;
  return (
    <main id="main" className="page price-request price-request--embedded">
      <h1>{t("priceRequests.embed.title")}</h1>
      {sent ? (
        <p className="flash flash--success" role="status">
          {t("priceRequests.ask.held", { number: sent })}
        </p>
      ) : null}
      <p>{t("priceRequests.embed.intro", { hours: form.hours })}</p>
      <Form method="post" className="price-request__form stack" noValidate>
        {site ? <input type="hidden" name="site" value={site} /> : null}
        <ErrorList id="embed-errors" errors={shown[""]} />
        <RequestFields
          modeKey={isModeKey(failed?.values.mode) ? failed.values.mode : form.modeKey}
          values={failed?.values ?? form.values}
          errors={shown}
          visitor
          currencies={form.currencies}
          idPrefix="embed"
        >
          <button type="submit" className="button button--primary">
            {t("priceRequests.ask.submit")}
          </button>
        </RequestFields>
      </Form>
    </main>
  );
}
