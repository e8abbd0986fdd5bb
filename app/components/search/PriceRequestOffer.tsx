// Ask the pricing desk (issue 43), under a results page: the request form where
// the search found nothing, else a line linking to it. A plain form posting to
// /priceRequest, so it works without JavaScript.
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { RequestFields } from "~/components/price-requests/RequestFields";
import type { PriceRequestOffer as Offer } from "~/domain/price-requests/form.server";

export function PriceRequestOffer({ offer }: { offer: Offer | null }) {
  const { t } = useTranslation();
  if (!offer) return null;
  if (offer.kind === "link") {
    return (
      <p className="price-request-offer">
        {t("priceRequests.ask.anyIntro")} <Link to={offer.href}>{t("priceRequests.ask.link")}</Link>
      </p>
    );
  }
  const { form } = offer;
  return (
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
  );
}
