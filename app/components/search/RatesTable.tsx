import type { TranslationKey } from "~/i18n/keys";
import { Fragment } from "react";
import { useTranslation } from "~/i18n/react";
import type { ResultsModeView as ModeView } from "~/domain/modes";
import type { PriceStatus } from "~/domain/pricing/access";
import { formatPrice } from "~/domain/pricing/format";
import type { LclCharge, LclLine } from "~/domain/pricing/lcl";
import type { TotalView } from "~/domain/rates/totals.server";
import type { RateRow } from "~/domain/rates/search.server";
import { TotalBreakdown, TotalCell } from "./ShipmentTotals";
import { spaLink } from "~/components/spa-links";

type Props = {
  mode: ModeView;
  rows: RateRow[];
  access: PriceStatus;
  /** Current results URL (login links come back here). */
  here: string;
  /** Booking link query (express: destination and weight). */
  bookingQuery?: string;
  charges?: Record<number, LclCharge> | null;
  /** All-in totals per row id (issue 25 item 1). */
  totals?: Record<number, TotalView> | null;
};

const NO_PRICE_KEY: Record<PriceStatus, TranslationKey | null> = {
  visitor: "search.price.loginToSee",
  pending: "search.price.pendingReview",
  failed: "search.price.notApproved",
  noTier: "search.price.noTier",
  priced: null,
};

/**
 * One price cell. A plain function, not a component: called for every price
 * of every row, it needs no hook of its own (decision 608).
 */
function priceCell(column: ModeView["prices"][number], row: RateRow, label: string, hidden: string) {
  if (!row.prices) {
    return (
      <td key={column.key} className="price price--hidden" data-label={label}>
        {hidden}
      </td>
    );
  }
  const text = formatPrice(row.prices[column.key], column.format);
  return (
    <td key={column.key} className="price" data-label={label}>
      {text === null ? (
        "-"
      ) : column.format === "money" ? (
        <>
          {text} <span className="currency">{row.currency}</span>
        </>
      ) : (
        text
      )}
    </td>
  );
}

/** Air: the tier's weight breaks, bulk and tray, "-" where a break has no price. */
function BreakGrid({ mode, row }: { mode: ModeView; row: RateRow }) {
  const { t } = useTranslation();
  const groups = (["bulk", "tray"] as const).map((g) => mode.prices.filter((p) => p.group === g));
  const kg = t("search.price.breakKg");
  return (
    <table className="breaks">
      <caption>{t("search.price.breaksCaption", { currency: row.currency })}</caption>
      <thead>
        <tr>
          <th scope="col">{kg}</th>
          {groups[0].map((p) => (
            <th scope="col" key={p.key}>
              {p.breakLabel}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {groups.map((columns, i) => (
          <tr key={i}>
            <th scope="row">{t(i === 0 ? "search.price.bulk" : "search.price.tray")}</th>
            {columns.map((p) => {
              const text = formatPrice(row.prices?.[p.key], "money");
              return (
                <td key={p.key} data-label={`${p.breakLabel} ${kg}`}>
                  {text === null ? (
                    "-"
                  ) : (
                    <>
                      {text} <span className="currency">{row.currency}</span>
                    </>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** LCL: the freight, the sum that gives it (basis, quantity × rate) and the other measure's. */
function LclChargeCell({ charge, currency, label }: { charge: LclCharge | undefined; currency: string; label: string }) {
  const { t } = useTranslation();
  if (!charge?.total || !charge.charged) return <td data-label={label}>-</td>;
  const line = (l: LclLine, key: "charged" | "other") =>
    t(`search.calculator.${key}.${l.basis}`, { ...l, rate: formatPrice(l.rate, "money"), amount: formatPrice(l.amount, "money") });
  return (
    <td className="price calc" data-label={label}>
      <strong>
        {formatPrice(charge.total, "money")} <span className="currency">{currency}</span>
      </strong>
      <small>{line(charge.charged, "charged")}</small>
      {charge.other ? <small>{line(charge.other, "other")}</small> : null}
    </td>
  );
}

export function RatesTable({ mode, rows, access, here, bookingQuery, charges, totals }: Props) {
  const { t } = useTranslation();
  // The links of every row, computed once (spaLink anchors).
  const loginHref = `/login?redirectTo=${encodeURIComponent(here)}`;
  const bookingPath = `/booking/${mode.key}/`;
  const bookingSuffix = bookingQuery ?? "";
  const bookLabel = t("search.book.book");
  const facts = mode.facts.filter((f) => !f.fee);
  const fees = mode.facts.filter((f) => f.fee);
  const grouped = mode.prices.some((p) => p.group);
  const columns = grouped ? [] : mode.prices;
  const colSpan = facts.length + columns.length + (grouped ? 1 : 0) + (charges ? 1 : 0) + (totals ? 1 : 0) + 1;
  // Every label and fixed text of the rows, looked up once per table.
  const factLabels = facts.map((f) => t(f.labelKey));
  const priceLabels = columns.map((p) => t(p.labelKey));
  const feeLabels = fees.map((f) => t(f.labelKey));
  const noPrice = NO_PRICE_KEY[access];
  const hidden = noPrice ? t(noPrice) : "";
  const breaksLabel = t("search.price.breaks");
  const totalLabel = t("search.calculator.total");
  const shipmentLabel = t("quotes.shipment.column");
  const pausedBadge = t("search.paused");
  const pausedBook = t("search.book.paused");
  const loginLabel = t("search.book.login");
  const saveLabel = t("quotes.quote.save");
  return (
    <div className="table-wrap">
      <table className="rates">
        <thead>
          <tr>
            {facts.map((f, i) => (
              <th scope="col" key={f.key}>
                {factLabels[i]}
              </th>
            ))}
            {columns.map((p, i) => (
              <th scope="col" key={p.key} className="price">
                {priceLabels[i]}
              </th>
            ))}
            {grouped ? <th scope="col">{breaksLabel}</th> : null}
            {charges ? <th scope="col">{totalLabel}</th> : null}
            {totals ? <th scope="col">{shipmentLabel}</th> : null}
            <th scope="col">
              <span className="sr-only">{t("search.book.column")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const feeValues = fees.flatMap((f, i) =>
              row.facts[f.key] ? [{ key: f.key, label: feeLabels[i], value: row.facts[f.key] }] : [],
            );
            return (
              <Fragment key={row.id}>
                <tr className={row.paused ? "rates__row rates__row--paused" : "rates__row"}>
                  {facts.map((f, i) => (
                    <td key={f.key} data-label={factLabels[i]}>
                      {f.kind === "validity"
                        ? t("search.col.validityRange", { from: row.validFrom ?? "…", to: row.validTo ?? "…" })
                        : (row.facts[f.key] ?? "-")}
                      {i === 0 && row.paused ? <span className="badge badge--paused">{pausedBadge}</span> : null}
                    </td>
                  ))}
                  {columns.map((p, i) => priceCell(p, row, priceLabels[i], hidden))}
                  {grouped ? (
                    row.prices ? (
                      <td data-label={breaksLabel}>{t("search.price.breaksBelow")}</td>
                    ) : (
                      <td className="price price--hidden" data-label={breaksLabel}>
                        {hidden}
                      </td>
                    )
                  ) : null}
                  {charges ? <LclChargeCell charge={charges[row.id]} currency={row.currency} label={totalLabel} /> : null}
                  {totals ? <TotalCell total={totals[row.id]} label={shipmentLabel} /> : null}
                  <td className="rates__book">
                    {row.paused ? (
                      <span className="muted">{pausedBook}</span>
                    ) : access === "visitor" ? (
                      <a {...spaLink(loginHref)}>{loginLabel}</a>
                    ) : (
                      <a {...spaLink(bookingPath + row.id + bookingSuffix)} className="button button--primary">
                        {bookLabel}
                      </a>
                    )}
                    {/* A plain POST form (works without JavaScript): the server saves the quote of this row (decision 402). */}
                    {(totals?.[row.id]?.sums.length || (mode.shipment === "express" && row.prices?.total)) && !row.paused ? (
                      <form method="post" action="/quotes">
                        <input type="hidden" name="from" value={here} />
                        <input type="hidden" name="id" value={row.id} />
                        <button className="button button--ghost">{saveLabel}</button>
                      </form>
                    ) : null}
                  </td>
                </tr>
                {(grouped && row.prices) || feeValues.length || totals?.[row.id] ? (
                  <tr className="rates__more">
                    <td colSpan={colSpan}>
                      {grouped && row.prices ? <BreakGrid mode={mode} row={row} /> : null}
                      {feeValues.length ? (
                        <dl className="fees">
                          {feeValues.map((f) => (
                            <div key={f.key}>
                              <dt>{f.label}</dt>
                              <dd>{f.value}</dd>
                            </div>
                          ))}
                        </dl>
                      ) : null}
                      {totals?.[row.id] ? <TotalBreakdown total={totals[row.id]} /> : null}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
