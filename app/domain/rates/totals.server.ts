// The all-in totals of a results page (issue 25 item 1): the shipment form's
// values and messages, a total per row of the page, and the order by total.
// Rows come from searchRates with the viewer's tier only, so totals hold no
// other tier's price; viewers without a tier get no totals at all.
import type { TranslationKey } from "~/i18n/keys";
import type { T } from "~/i18n/keys";
import type { ModeDescription } from "~/domain/modes";
import { formatPrice } from "~/domain/pricing/format";
import { checkShipment, compareTotals, countParam, shipmentTotal, type Shipment, type ShipmentTotal } from "~/domain/pricing/shipment";
import type { Tier } from "~/domain/pricing/visibility";
import { convertSums, CURRENCY_PARAM, type ExchangeRateUsed } from "~/domain/pricing/currency";
import { clampPage, PAGE_SIZE, type RatePage } from "./search.server";

export type ShipmentForm = {
  /** Typed values by parameter (qty_gp20 …, kg, cbm, pack). */
  values: Record<string, string>;
  /** Translation keys of the problems by parameter. */
  errors: Record<string, TranslationKey>;
  /** Per row id; null without a valid shipment or a tier. */
  totals: Record<number, TotalView> | null;
  /** The form's text fields, labelled in the page's language (air adds the packing select). */
  fields: { name: string; label: string; numeric: boolean }[];
  /** The currency of the totals (decision 402): the choices (CNY and every currency with a rate valid today). */
  currencies: string[];
};

/**
 * A row's total as the page prints it, worded on the server in the page's
 * language: the browser's bundle of the results pages then carries no total
 * or breakdown formatting (the JavaScript budget, docs/benchmarks.md).
 */
export type TotalView = {
  /** The sums per currency, as computed (exact decimals). */
  sums: ShipmentTotal["sums"];
  /** A price the shipment needs is missing on this row: no total. */
  incomplete: boolean;
  /** In a chosen currency: the sums per currency before the conversion. */
  original?: ShipmentTotal["original"];
  /** In a chosen currency: the conversion and the exchange rates it used (or the ones missing). */
  conversion?: ShipmentTotal["conversion"];
  /** The sums as printed: "2,400.00 USD + 4,370.00 CNY". */
  text: string;
  /** Under the total: the original currencies and the exchange rates used, or the rate that is missing. */
  note: string | null;
  /** Air: the weights behind the break, as a sentence. */
  air: string | null;
  /** The parts, one line each ("20GP: 2 × 1,200.00 USD = 2,400.00 USD"). */
  lines: string[];
  /** Fees that are not a price, kept as their text (not in the total). */
  excluded: string[];
};

/** The shipment form's text fields of a mode, labelled on the server. */
export function shipmentFields(mode: ModeDescription, t: T): ShipmentForm["fields"] {
  if (mode.shipment === "air")
    return (["kg", "cbm"] as const).map((name) => ({ name, label: t(`quotes.shipment.${name}`), numeric: false }));
  return mode.prices.map((p) => ({
    name: countParam(p.key),
    label: t("quotes.shipment.count", { container: t(p.labelKey) }),
    numeric: true,
  }));
}

export function totalView(total: ShipmentTotal, t: T): TotalView {
  const money = (amount: string) => formatPrice(amount, "money") ?? amount;
  return {
    sums: total.sums,
    incomplete: total.incomplete,
    ...(total.original ? { original: total.original } : {}),
    ...(total.conversion ? { conversion: total.conversion } : {}),
    text: sumsText(total.sums),
    note: total.note ?? null,
    air: total.air ? t("quotes.shipment.airWeights", total.air) : null,
    lines: total.parts.map((p) =>
      t("quotes.shipment.line", {
        label: [t(p.labelKey), p.note].filter(Boolean).join(" "),
        quantity: p.quantity,
        unit: t(`quotes.shipment.unit.${p.unit}`),
        rate: money(p.rate),
        currency: p.currency,
        amount: money(p.amount),
      }),
    ),
    excluded: total.excluded.map((e) => t("quotes.shipment.excluded", { label: t(e.labelKey), text: e.text })),
  };
}

export const totalViews = (totals: Record<number, ShipmentTotal>, t: T): Record<number, TotalView> =>
  Object.fromEntries(Object.entries(totals).map(([id, total]) => [id, totalView(total, t)]));

/** The sums of a total as words: "4,665.00 USD + 4,370.00 CNY". */
export const sumsText = (sums: readonly { currency: string; amount: string }[]) =>
  sums.map((s) => `${formatPrice(s.amount, "money")} ${s.currency}`).join(" + ");

/**
 * The currency the customer chose (`cur`), checked against the rates valid
 * today: "" (the original currencies) when none or unknown, with an error key
 * for an unknown one.
 */
export function readCurrency(params: URLSearchParams, choices: readonly string[]): { value: string; error: TranslationKey | null } {
  const typed = (params.get(CURRENCY_PARAM) ?? "").trim().toUpperCase().slice(0, 3);
  if (!typed) return { value: "", error: null };
  return choices.includes(typed) ? { value: typed, error: null } : { value: "", error: "quotes.currency.unknown" };
}

/**
 * Each total in `target`: its one converted amount, the original sums and
 * the rates used in the note; a total holding a currency without a valid rate
 * gets no amount (incomplete) and a note naming it.
 */
export function convertTotals(
  totals: Record<number, ShipmentTotal>,
  target: string,
  rates: ReadonlyMap<string, ExchangeRateUsed>,
  t: T,
): Record<number, ShipmentTotal> {
  const converted: Record<number, ShipmentTotal> = {};
  for (const [id, total] of Object.entries(totals)) {
    if (total.incomplete || total.sums.length === 0) {
      converted[Number(id)] = total;
      continue;
    }
    const conversion = convertSums(total.sums, target, rates);
    converted[Number(id)] = conversion.ok
      ? {
          ...total,
          sums: [{ currency: target, amount: conversion.amount }],
          original: total.sums,
          conversion,
          note: conversion.rates.length
            ? t("quotes.currency.note", {
                original: sumsText(total.sums),
                rates: conversion.rates.map((r) => t("quotes.currency.rate", r)).join("; "),
              })
            : null,
        }
      : {
          ...total,
          sums: [],
          incomplete: true,
          original: total.sums,
          conversion,
          note: t("quotes.currency.missing", { currency: target, currencies: conversion.missing.join(", ") }),
        };
  }
  return converted;
}

/** The price columns a shipment counts (containers) or prices (air breaks). */
const containerKeys = (mode: ModeDescription) => mode.prices.filter((p) => p.tiers && !p.group).map((p) => p.key);

/**
 * The query parameters that describe a mode's shipment, the currency of its
 * total included: what a results page's links to booking and to requote
 * carry, and what a quote remembers (containers: qty_<price>; air: kg, cbm,
 * pack; LCL: the calculator's cbm and kg). Express has none (its search is its weight).
 */
export function shipmentParams(mode: ModeDescription): string[] {
  if (mode.shipment === "express") return [];
  const own =
    mode.shipment === "containers" ? containerKeys(mode).map(countParam) : mode.shipment === "air" ? ["kg", "cbm", "pack"] : ["cbm", "kg"];
  return [...own, CURRENCY_PARAM];
}

export function readShipment(mode: ModeDescription, params: URLSearchParams, lcl: { cbm: string; kg: string } | null) {
  if (mode.shipment === "lcl") return { shipment: lcl ? ({ kind: "lcl", ...lcl } as Shipment) : null, values: {}, errors: {} };
  const checked = checkShipment(mode.shipment, containerKeys(mode), (p) => params.get(p));
  const errors: Record<string, TranslationKey> = {};
  for (const [param, problem] of Object.entries(checked.problems)) if (problem) errors[param] = `quotes.shipment.errors.${problem}`;
  return { shipment: checked.shipment, values: checked.values, errors };
}

export function rowTotals(mode: ModeDescription, shipment: Shipment, rows: RatePage["rows"]): Record<number, ShipmentTotal> {
  const columns = {
    prices: mode.prices.map((p) => ({ key: p.key, labelKey: p.labelKey, group: p.group, breakLabel: p.breakLabel })),
    fees: mode.shipment === "lcl" ? [] : mode.facts.filter((f) => f.fee).map((f) => ({ key: f.key, labelKey: f.labelKey })),
  };
  const totals: Record<number, ShipmentTotal> = {};
  for (const row of rows) {
    const total = shipmentTotal(shipment, row, columns);
    if (total) totals[row.id] = total;
  }
  return totals;
}

/** All the route's rows (read with `all`) ordered by total, then cut to the asked page. */
export function pageByTotal(all: RatePage, totals: Record<number, ShipmentTotal>, page: number): RatePage {
  const rows = [...all.rows].sort((a, b) => compareTotals(totals[a.id], totals[b.id]) || a.id - b.id);
  const pageCount = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const p = clampPage(page, pageCount);
  return { rows: rows.slice((p - 1) * PAGE_SIZE, p * PAGE_SIZE), total: all.total, page: p, pageCount, sort: "total" };
}

export const totalsAllowed = (tier: Tier | null, shipment: Shipment | null): shipment is Shipment => !!tier && !!shipment;
