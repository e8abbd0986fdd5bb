// The results table of every mode: one row per rate, the mode's facts and the
// viewer's prices (or why there are none), a booking link, and under a row its
// weight breaks (air), fees and the all-in total's breakdown.
import type { T, TranslationKey } from "~/i18n/keys";
import { Fragment } from "react";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ResultsModeView as ModeView } from "~/domain/modes";
import type { PriceStatus } from "~/domain/pricing/access";
import { formatPrice } from "~/domain/pricing/format";
import type { LclCharge, LclLine } from "~/domain/pricing/lcl";
import type { TotalView } from "~/domain/rates/totals.server";
import type { RateRow } from "~/domain/rates/search.server";
import { totalBreakdown, totalCell } from "./ShipmentTotals";

type Props = {
  mode: ModeView;
  rows: RateRow[];
  access: PriceStatus;
  /** Current results URL (login links come back here, the quote form returns here). */
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

// The cells are plain functions, not components: called for every cell of
// every row, they need no hook of their own (a component per cell costs its
// render bookkeeping on every results page).

/** A price and its currency ("1,070.00 USD"): one text node before the span, so the browser's render and the server's HTML are the same markup. */
const money = (text: string, currency: string) => (
  <>
    {`${text} `}
    <span className="currency">{currency}</span>
  </>
);

/** Air: the tier's weight breaks, bulk and tray, "-" where a break has no price. */
function breakGrid(mode: ModeView, row: RateRow, t: T) {
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
                  {text === null ? "-" : money(text, row.currency)}
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
function lclChargeCell(charge: LclCharge | undefined, currency: string, label: string, t: T) {
  if (!charge?.total || !charge.charged) return <td data-label={label}>-</td>;
  const line = (l: LclLine, key: "charged" | "other") =>
    t(`search.calculator.${key}.${l.basis}`, { ...l, rate: formatPrice(l.rate, "money"), amount: formatPrice(l.amount, "money") });
  return (
    <td className="price calc" data-label={label}>
      <strong>{money(formatPrice(charge.total, "money") ?? "", currency)}</strong>
      <small>{line(charge.charged, "charged")}</small>
      {charge.other ? <small>{line(charge.other, "other")}</small> : null}
    </td>
  );
}

export function RatesTable({ mode, rows, access, here, bookingQuery, charges, totals }: Props) {
  const { t } = useTranslation();
  const loginHref = `/login?redirectTo=${encodeURIComponent(here)}`;
  const bookingPath = `/booking/${mode.key}/`;
  const bookingSuffix = bookingQuery ?? "";
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
  const pausedLabel = t("search.book.paused");
  const loginLabel = t("search.book.login");
  const bookLabel = t("search.book.book");
  const saveLabel = t("quotes.quote.save");
  return (
    <div className="table-wrap">
      <table className="rates">
        <thead>
          <tr>
            {factLabels.map((label, i) => (
              <th scope="col" key={facts[i].key}>
                {label}
              </th>
            ))}
            {priceLabels.map((label, i) => (
              <th scope="col" key={columns[i].key} className="price">
                {label}
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
            const total = totals?.[row.id];
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
                  {columns.map((column, i) => {
                    if (!row.prices) {
                      return (
                        <td key={column.key} className="price price--hidden" data-label={priceLabels[i]}>
                          {hidden}
                        </td>
                      );
                    }
                    const text = formatPrice(row.prices[column.key], column.format);
                    return (
                      <td key={column.key} className="price" data-label={priceLabels[i]}>
                        {text === null ? "-" : column.format === "money" ? money(text, row.currency) : text}
                      </td>
                    );
                  })}
                  {grouped ? (
                    row.prices ? (
                      <td data-label={breaksLabel}>{t("search.price.breaksBelow")}</td>
                    ) : (
                      <td className="price price--hidden" data-label={breaksLabel}>
                        {hidden}
                      </td>
                    )
                  ) : null}
                  {charges ? lclChargeCell(charges[row.id], row.currency, totalLabel, t) : null}
                  {totals ? totalCell(total, shipmentLabel, t) : null}
                  <td className="rates__book">
                    {row.paused ? (
                      <span className="muted">{pausedLabel}</span>
                    ) : access === "visitor" ? (
                      <Link to={loginHref}>{loginLabel}</Link>
                    ) : (
                      <Link to={bookingPath + row.id + bookingSuffix} className="button button--primary">
                        {bookLabel}
                      </Link>
                    )}
                    {/* A plain POST form (works without JavaScript): the server saves the quote of this row (decision 402). */}
                    {/* LCL in its original currency: the calculator's charge is the row's total (issue 45 item 5). */}
                    {(total?.sums.length || charges?.[row.id]?.total || (mode.shipment === "express" && row.prices?.total)) &&
                    !row.paused ? (
                      <form method="post" action="/quotes">
                        <input type="hidden" name="from" value={here} />
                        <input type="hidden" name="id" value={row.id} />
                        <button className="button button--ghost">{saveLabel}</button>
                      </form>
                    ) : null}
                  </td>
                </tr>
                {(grouped && row.prices) || feeValues.length || total ? (
                  <tr className="rates__more">
                    <td colSpan={colSpan}>
                      {grouped && row.prices ? breakGrid(mode, row, t) : null}
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
                      {total ? totalBreakdown(total, t) : null}
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
