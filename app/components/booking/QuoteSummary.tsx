// The quote a booking is made from (issue 25 item 3, decision 402): its
// number, the total (the entrustment's), the exchange rate used and the
// parts of the total. The words come from the server (quotes/words.server.ts).
import { useTranslation } from "~/i18n/react";
import type { QuoteRefWords } from "~/domain/booking/snapshot";

export function QuoteSummary({ quote }: { quote: QuoteRefWords }) {
  const { t } = useTranslation();
  return (
    <section
      className="booking-source booking-quote"
      aria-label={t("quoteBooking.quote.title", { number: quote.number })}
      data-testid="booking-quote"
    >
      <p className="booking-source__route">{t("quoteBooking.quote.title", { number: quote.number })}</p>
      <dl className="booking-source__prices">
        <div>
          <dt>{t("quoteBooking.quote.total")}</dt>
          <dd>
            <strong>{quote.totalText}</strong>
          </dd>
        </div>
        <div>
          <dt>{t("quotes.quote.validUntil")}</dt>
          <dd>{quote.validUntil ?? t("quotes.quote.noEnd")}</dd>
        </div>
      </dl>
      {quote.rateUsed ? <p className="field__hint">{quote.rateUsed}</p> : null}
      <ul className="booking-quote__breakdown">
        {quote.breakdown.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
