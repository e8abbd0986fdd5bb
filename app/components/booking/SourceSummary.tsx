// The rate or special price being booked (or booked): route, facts, and the
// prices the customer saw (their tier only; none for visitors).
import { useTranslation } from "~/i18n/react";
import { formatSnapshotPrice, snapshotPriceLabel } from "~/domain/booking/format";
import type { SourceSnapshot } from "~/domain/booking/snapshot";
import { destinationIn, routeLine } from "~/domain/booking/labels";

type Props = {
  snapshot: SourceSnapshot;
  showNoPrices?: boolean;
  /** The facts folded under the route line (in the dialogs, where the choice and the form matter more). */
  collapsible?: boolean;
};

export function SourceSummary({ snapshot, showNoPrices = false, collapsible = false }: Props) {
  const { t, i18n } = useTranslation();
  const s = snapshot;
  const label = t(s.source === "offer" ? "booking.source.offerTitle" : "booking.source.rateTitle");
  const routeText = routeLine(s.from, s.to, s.express, i18n.language);
  const facts = (
    <dl className="booking-source__facts">
      {s.facts.map((f) => (
        <div key={f.key}>
          <dt>{t(f.labelKey)}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
      {s.validFrom || s.validTo ? (
        <div>
          <dt>{t("search.col.validity")}</dt>
          <dd>{t("search.col.validityRange", { from: s.validFrom ?? "…", to: s.validTo ?? "…" })}</dd>
        </div>
      ) : null}
      {s.express ? (
        <div>
          <dt>{t("booking.source.expressFor")}</dt>
          <dd>
            {destinationIn(s.to, s.express, i18n.language)}, {t("search.unit.kg", { value: s.express.weight })}
          </dd>
        </div>
      ) : null}
    </dl>
  );
  const prices = s.prices.length ? (
    <dl className="booking-source__prices">
      {s.prices.map((p) => (
        <div key={p.key}>
          <dt>{snapshotPriceLabel(t, s.mode, p)}</dt>
          <dd>{formatSnapshotPrice(p, s.currency)}</dd>
        </div>
      ))}
    </dl>
  ) : showNoPrices ? (
    <p className="field__hint">{t("booking.source.noPrices")}</p>
  ) : null;
  return (
    <section className="booking-source" aria-label={label}>
      {collapsible ? (
        // The route and the prices stay in view; the other facts fold away.
        <details className="booking-source__more">
          <summary className="booking-source__route">{routeText}</summary>
          {facts}
        </details>
      ) : (
        <>
          <p className="booking-source__route">{routeText}</p>
          {facts}
        </>
      )}
      {prices}
    </section>
  );
}
