// The price request under a results page (issue 43), made on the server as
// plain HTML: where the search found no rate, the request form itself (the
// lane and the shipment's cargo pre-filled, posting to /priceRequest); on a
// page with rates, one line linking to that form. The page's component only
// writes the string (components/search/RatesPage.tsx): the results pages'
// JavaScript carries no form code (their 100 KB budget, `bench:budget`).
// Nothing here depends on who asks beyond visitor or customer, so the page
// cache keeps serving visitors one page.
import { renderToStaticMarkup } from "react-dom/server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import type { ModeKey } from "~/domain/modes";
import { priceAccess } from "~/domain/pricing/access";
import { requestFormView } from "~/domain/price-requests/form.server";
import { RequestFields } from "~/components/price-requests/RequestFields";
import type { Language } from "~/i18n/config";
import { pageI18n, pageT } from "~/i18n/i18n.server";
import { I18nProvider } from "~/i18n/react";

const esc = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The block's HTML, or null for an account that may not ask (pending, failed, staff). */
export async function priceRequestOffer(
  viewer: Viewer | null,
  lng: Language,
  modeKey: ModeKey,
  url: URL,
  empty: boolean,
): Promise<string | null> {
  const status = priceAccess(viewer).status;
  if (status !== "priced" && status !== "visitor") return null;
  const params = new URLSearchParams(url.searchParams);
  params.set("mode", modeKey);
  for (const name of ["page", "sort", "carrier"]) params.delete(name);
  const t = pageT(lng);
  if (!empty) {
    return `<p class="price-request-offer">${esc(t("priceRequests.ask.anyIntro"))} <a href="/priceRequest?${esc(params.toString())}">${esc(t("priceRequests.ask.link"))}</a></p>`;
  }
  const form = await requestFormView(viewer, params);
  return renderToStaticMarkup(
    <I18nProvider i18n={pageI18n(lng)}>
      <section className="price-request-offer" aria-labelledby="price-request-offer-title">
        <h3 id="price-request-offer-title">{t("priceRequests.ask.link")}</h3>
        <p>{t("priceRequests.ask.emptyIntro", { hours: form.hours })}</p>
        {form.visitor ? <p className="field__hint">{t("priceRequests.ask.visitorHint")}</p> : null}
        <form method="post" action="/priceRequest" className="price-request__form stack">
          <RequestFields modeKey={form.modeKey} values={form.values} visitor={form.visitor} currencies={form.currencies} idPrefix="ask">
            <button type="submit" className="button button--primary">
              {t("priceRequests.ask.submit")}
            </button>
          </RequestFields>
        </form>
      </section>
    </I18nProvider>,
  );
}
