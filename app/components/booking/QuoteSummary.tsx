// The total a booking is made at, and its parts (the words come from the
// server, quotes/words.server.ts): the quote it is booked from (issue 25
// item 3, decision 402: number, total, validity, exchange rate used), or the
// shipment the customer sized on the results page (issue 45 item 3).
import { useTranslation } from "~/i18n/react";
import type { QuoteRefWords, ShipmentRefWords } from "~/domain/booking/snapshot";

function TotalSection({
  title,
  total,
  validUntil,
  testId,
}: {
  title: string;
  total: ShipmentRefWords;
  /** A quote's validity (undefined: a shipment total has none). */
  validUntil?: string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="booking-source booking-quote" aria-label={title} data-testid={testId}>
      <p className="booking-source__route">{title}</p>
      <dl className="booking-source__prices">
        <div>
          <dt>{t("quoteBooking.quote.total")}</dt>
          <dd>
            <strong>{total.totalText}</strong>
          </dd>
        </div>
        {validUntil !== undefined ? (
          <div>
            <dt>{t("quotes.quote.validUntil")}</dt>
            <dd>{validUntil ?? t("quotes.quote.noEnd")}</dd>
          </div>
        ) : null}
      </dl>
      {total.rateUsed ? <p className="field__hint">{total.rateUsed}</p> : null}
      <ul className="booking-quote__breakdown">
        {total.breakdown.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

export function QuoteSummary({ quote }: { quote: QuoteRefWords }) {
  const { t } = useTranslation();
  return (
    <TotalSection
      title={t("quoteBooking.quote.title", { number: quote.number })}
      total={quote}
      validUntil={quote.validUntil}
      testId="booking-quote"
    />
  );
}

/** The shipment sized on the results page and the total shown there (issue 45 item 3). */
export function ShipmentSummary({ shipment }: { shipment: ShipmentRefWords }) {
  const { t } = useTranslation();
  return <TotalSection title={t("booking.shipment.title")} total={shipment} testId="booking-shipment" />;
}
