// The results table as one HTML string (decision 609): the same markup the
// table's JSX gave, built by string concatenation, once on the server (the
// document) and in the browser after each data fetch (a document's own
// hydration data has no rows: the browser keeps the server's table), so React
// neither creates nor renders an element per cell, nor hydrates them. The
// table has no interactive part React would drive: its links are plain
// anchors the document's click listener navigates (spaLink, decision 608),
// its quote button a plain POST form. Every value and text is escaped
// (the characters React escapes, as numeric references).
import type { TranslationKey } from "~/i18n/keys";
import type { T } from "~/i18n/keys";
import type { ResultsModeView as ModeView } from "~/domain/modes";
import type { PriceStatus } from "~/domain/pricing/access";
import { formatPrice } from "~/domain/pricing/format";
import type { LclCharge, LclLine } from "~/domain/pricing/lcl";
import type { TotalView } from "~/domain/rates/totals.server";
import type { RateRow } from "~/domain/rates/search.server";

export type RatesTableInput = {
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

const NO_PRICE_KEY: Partial<Record<PriceStatus, TranslationKey>> = {
  visitor: "search.price.loginToSee",
  pending: "search.price.pendingReview",
  failed: "search.price.notApproved",
  noTier: "search.price.noTier",
};

/** Text or a (double-quoted) attribute value as HTML: `& < > " '` as numeric references (a library would add a module to the page's JavaScript). */
const esc = (value: string | number) => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** An element's text; attribute values are escaped the same way (quotes included). */
const td = (label: string, content: string, className?: string) =>
  `<td${className ? ` class="${className}"` : ""} data-label="${esc(label)}">${content}</td>`;
/** A column header (its text escaped). */
const th = (text: string, className?: string) => `<th scope="col"${className ? ` class="${className}"` : ""}>${esc(text)}</th>`;
const money = (text: string, currency: string) => `${esc(text)} <span class="currency">${esc(currency)}</span>`;

/** Air: the tier's weight breaks, bulk and tray, "-" where a break has no price. */
function breakGrid(mode: ModeView, row: RateRow, t: T): string {
  const groups = (["bulk", "tray"] as const).map((g) => mode.prices.filter((p) => p.group === g));
  const kg = t("search.price.breakKg");
  let html = `<table class="breaks"><caption>${esc(t("search.price.breaksCaption", { currency: row.currency }))}</caption><thead><tr>${th(kg)}`;
  for (const p of groups[0]) html += th(p.breakLabel ?? "");
  html += "</tr></thead><tbody>";
  groups.forEach((columns, i) => {
    html += `<tr><th scope="row">${esc(t(i === 0 ? "search.price.bulk" : "search.price.tray"))}</th>`;
    for (const p of columns) {
      const text = formatPrice(row.prices?.[p.key], "money");
      html += td(`${p.breakLabel} ${kg}`, text === null ? "-" : money(text, row.currency));
    }
    html += "</tr>";
  });
  return `${html}</tbody></table>`;
}

/** LCL: the freight, the sum that gives it (basis, quantity × rate) and the other measure's. */
function lclChargeCell(charge: LclCharge | undefined, currency: string, label: string, t: T): string {
  if (!charge?.total || !charge.charged) return td(label, "-");
  const line = (l: LclLine, key: "charged" | "other") =>
    `<small>${esc(t(`search.calculator.${key}.${l.basis}`, { ...l, rate: formatPrice(l.rate, "money"), amount: formatPrice(l.amount, "money") }))}</small>`;
  return td(
    label,
    `<strong>${money(formatPrice(charge.total, "money") ?? "", currency)}</strong>${line(charge.charged, "charged")}${charge.other ? line(charge.other, "other") : ""}`,
    "price calc",
  );
}

/** The total cell: the sum per currency (worded by the server). */
function totalCell(total: TotalView | undefined, label: string, t: T): string {
  if (!total) return td(label, "-", "price calc");
  const note = total.incomplete ? (total.note ?? t("quotes.shipment.incomplete")) : total.note;
  return td(
    label,
    `${total.incomplete ? "" : `<strong>${esc(total.text)}</strong>`}${note ? `<small>${esc(note)}</small>` : ""}`,
    total.incomplete ? "price calc" : "price calc total",
  );
}

/** The parts of a total, under the row. */
function totalBreakdown(total: TotalView, t: T): string {
  if (total.lines.length === 0 && !total.air) return "";
  let html = `<div class="total-breakdown"><p class="total-breakdown__title">${esc(t("quotes.shipment.breakdown"))}</p>`;
  if (total.air) html += `<p>${esc(total.air)}</p>`;
  html += "<ul>";
  for (const line of total.lines) html += `<li>${esc(line)}</li>`;
  for (const line of total.excluded) html += `<li class="muted">${esc(line)}</li>`;
  return `${html}</ul></div>`;
}

/** The whole `<table class="rates">` of a results page, in the language of `t`. */
export function ratesTableHtml({ mode, rows, access, here, bookingQuery, charges, totals }: RatesTableInput, t: T): string {
  // The links of every row, computed once (spaLink anchors: data-discover).
  const loginLink = `<a href="${esc(`/login?redirectTo=${encodeURIComponent(here)}`)}" data-discover="true">${esc(t("search.book.login"))}</a>`;
  const bookingPath = esc(`/booking/${mode.key}/`);
  const bookingSuffix = esc(bookingQuery ?? "");
  const bookLabel = esc(t("search.book.book"));
  const facts = mode.facts.filter((f) => !f.fee);
  const fees = mode.facts.filter((f) => f.fee);
  const grouped = mode.prices.some((p) => p.group);
  const columns = grouped ? [] : mode.prices;
  const colSpan = facts.length + columns.length + (grouped ? 1 : 0) + (charges ? 1 : 0) + (totals ? 1 : 0) + 1;
  // Every label and fixed text of the rows, looked up once per table.
  const factLabels = facts.map((f) => t(f.labelKey));
  const priceLabels = columns.map((p) => t(p.labelKey));
  const feeLabels = fees.map((f) => esc(t(f.labelKey)));
  const noPrice = NO_PRICE_KEY[access];
  const hidden = esc(noPrice ? t(noPrice) : "");
  const breaksLabel = t("search.price.breaks");
  const breaksBelow = esc(t("search.price.breaksBelow"));
  const totalLabel = t("search.calculator.total");
  const shipmentLabel = t("quotes.shipment.column");
  const pausedBadge = `<span class="badge badge--paused">${esc(t("search.paused"))}</span>`;
  const pausedBook = `<span class="muted">${esc(t("search.book.paused"))}</span>`;
  const quoteForm = (id: number) =>
    `<form method="post" action="/quotes"><input type="hidden" name="from" value="${esc(here)}"/><input type="hidden" name="id" value="${id}"/><button class="button button--ghost">${esc(t("quotes.quote.save"))}</button></form>`;

  let html = '<table class="rates"><thead><tr>';
  for (const label of factLabels) html += th(label);
  for (const label of priceLabels) html += th(label, "price");
  if (grouped) html += th(breaksLabel);
  if (charges) html += th(totalLabel);
  if (totals) html += th(shipmentLabel);
  html += `<th scope="col"><span class="sr-only">${esc(t("search.book.column"))}</span></th></tr></thead><tbody>`;

  for (const row of rows) {
    html += `<tr class="${row.paused ? "rates__row rates__row--paused" : "rates__row"}">`;
    facts.forEach((f, i) => {
      const value =
        f.kind === "validity"
          ? t("search.col.validityRange", { from: row.validFrom ?? "…", to: row.validTo ?? "…" })
          : (row.facts[f.key] ?? "-");
      html += td(factLabels[i], `${esc(value)}${i === 0 && row.paused ? pausedBadge : ""}`);
    });
    columns.forEach((column, i) => {
      if (!row.prices) {
        html += td(priceLabels[i], hidden, "price price--hidden");
        return;
      }
      const text = formatPrice(row.prices[column.key], column.format);
      html += td(priceLabels[i], text === null ? "-" : column.format === "money" ? money(text, row.currency) : esc(text), "price");
    });
    if (grouped) html += row.prices ? td(breaksLabel, breaksBelow) : td(breaksLabel, hidden, "price price--hidden");
    if (charges) html += lclChargeCell(charges[row.id], row.currency, totalLabel, t);
    if (totals) html += totalCell(totals[row.id], shipmentLabel, t);
    html += '<td class="rates__book">';
    if (row.paused) html += pausedBook;
    else if (access === "visitor") html += loginLink;
    else html += `<a href="${bookingPath}${row.id}${bookingSuffix}" data-discover="true" class="button button--primary">${bookLabel}</a>`;
    // A plain POST form (works without JavaScript): the server saves the quote of this row (decision 402).
    // LCL in its original currency: the calculator's charge is the row's total (issue 45 item 5).
    const quotable = totals?.[row.id]?.sums.length || charges?.[row.id]?.total || (mode.shipment === "express" && row.prices?.total);
    if (quotable && !row.paused) html += quoteForm(row.id);
    html += "</td></tr>";

    let more = "";
    if (grouped && row.prices) more += breakGrid(mode, row, t);
    let feeList = "";
    fees.forEach((f, i) => {
      const value = row.facts[f.key];
      if (value) feeList += `<div><dt>${feeLabels[i]}</dt><dd>${esc(value)}</dd></div>`;
    });
    if (feeList) more += `<dl class="fees">${feeList}</dl>`;
    const total = totals?.[row.id];
    if (total) more += totalBreakdown(total, t);
    if ((grouped && row.prices) || feeList || total) html += `<tr class="rates__more"><td colSpan="${colSpan}">${more}</td></tr>`;
  }
  return `${html}</tbody></table>`;
}

/**
 * The tables already written, per row list: the search's read cache
 * (domain/rates/read-cache.server.ts) hands every request of one route, tier,
 * sort and page the same list (and the page loader keeps its shown copy per
 * list), so the server writes a table once per list, language and price
 * access rather than once per request (decision 609). The URL is part of the
 * key only where the table writes it (a visitor's login link, express's quote
 * forms). Tables with a shipment's charges or totals depend on what the viewer
 * typed and are written anew. At most WRITTEN_KEPT tables are kept in all
 * (the oldest goes first), whatever URLs are asked for. In the browser each
 * fetch brings new lists: nothing is reused.
 */
const written = new WeakMap<RateRow[], Map<string, string>>();
const order: [WeakRef<RateRow[]>, string][] = [];
const WRITTEN_KEPT = 500;

/** ratesTableHtml, kept per row list (see `written`); `lng` is the language of `t`. */
export function ratesTableHtmlOnce(input: RatesTableInput, t: T, lng: string): string {
  if (input.charges || input.totals) return ratesTableHtml(input, t);
  let tables = written.get(input.rows);
  if (!tables) written.set(input.rows, (tables = new Map()));
  const here = input.access === "visitor" || input.mode.shipment === "express" ? input.here : "";
  const key = `${lng}|${input.access}|${here}|${input.bookingQuery ?? ""}`;
  let html = tables.get(key);
  if (html === undefined) {
    html = ratesTableHtml(input, t);
    tables.set(key, html);
    order.push([new WeakRef(input.rows), key]);
    if (order.length > WRITTEN_KEPT) {
      const [list, oldest] = order.shift()!;
      const rows = list.deref();
      if (rows) written.get(rows)?.delete(oldest);
    }
  }
  return html;
}
