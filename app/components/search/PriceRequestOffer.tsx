// Ask the pricing desk (issue 43), under a results page: the request form where
// the search found nothing, else a line linking to it. A plain form posting to
// /priceRequest (it works without JavaScript), drawn from the loader's
// description and words (domain/price-requests/form-fields.ts): the results
// pages load no catalog and no form code for it.
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { OfferField, PriceRequestOffer as Offer } from "~/domain/price-requests/form.server";

function Control({ field }: { field: OfferField }) {
  const id = `ask-${field.name}`;
  const described = field.hint ? { "aria-describedby": `${id}-hint` } : {};
  const common = { id, name: field.name, defaultValue: field.value, ...described };
  return (
    <div className="field">
      <label htmlFor={id}>{field.label}</label>
      {field.control === "select" ? (
        <select {...common}>
          {field.options.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </select>
      ) : field.control === "textarea" ? (
        <textarea {...common} maxLength={field.maxLength} />
      ) : (
        <input {...common} {...field.attributes} />
      )}
      {field.hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {field.hint}
        </p>
      ) : null}
    </div>
  );
}

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
  return (
    <section className="price-request-offer" aria-labelledby="price-request-offer-title">
      <h3 id="price-request-offer-title">{t("priceRequests.ask.link")}</h3>
      <p>{offer.intro}</p>
      {offer.visitorHint ? <p className="field__hint">{offer.visitorHint}</p> : null}
      <form method="post" action="/priceRequest" className="price-request__form stack">
        <input type="hidden" name="mode" value={offer.mode} />
        {offer.groups.map((group) => (
          <fieldset key={group.legend} className="price-request__group">
            <legend>{group.legend}</legend>
            {group.hint ? <p className="field__hint">{group.hint}</p> : null}
            {group.fields.map((field) => (
              <Control key={field.name} field={field} />
            ))}
          </fieldset>
        ))}
        <button type="submit" className="button button--primary">
          {t("priceRequests.ask.submit")}
        </button>
      </form>
    </section>
  );
}
