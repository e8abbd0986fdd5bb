// The desk's answer to a price request (issue 43): freight per container or
// unit (the mode's own price columns, so the answer can become a rate of the
// mode's table), surcharges, validity and remarks, in one currency. The total
// is the sum of each line's rate × quantity rounded to cents, in exact decimals
// (pricing/decimal.ts), and kept as a quote's ShipmentTotal, so the quote page,
// its PDF, the booking and the e-mails show it with their existing words.
// Pure and browser-safe: the answer form and the server read the same rules.
import type { TranslationKey } from "~/i18n/keys";
import type { ModeDescription } from "~/domain/modes";
import { add, compare, fixedText, max, mul, parseFixed, shift, type Fixed } from "~/domain/pricing/decimal";
import type { ShipmentTotal, TotalPart } from "~/domain/pricing/shipment";
import type { Tier } from "~/domain/pricing/visibility";
import type { PriceRequestCargo } from "./cargo";

export type AnswerUnit = TotalPart["unit"];
export const ANSWER_UNITS: readonly AnswerUnit[] = ["box", "bill", "kg", "rt"];

/** How many surcharge lines the form offers (a plain form: no JavaScript to add rows). */
export const SURCHARGE_LINES = 4;

export type FreightLine = { key: string; labelKey: TranslationKey; unit: AnswerUnit; rate: string; quantity: string };
export type SurchargeLine = { label: string; unit: AnswerUnit; rate: string; quantity: string };

/** What the desk answered (price_requests.answer). */
export type PriceRequestAnswer = {
  currency: string;
  /** Priced freight lines (a price column of the mode each). */
  freight: FreightLine[];
  surcharges: SurchargeLine[];
  validFrom: string;
  validTo: string;
  remarks: string | null;
  total: ShipmentTotal;
};

/** The freight columns the answer prices: the mode's price columns (express: its zone price, one per shipment). */
export function freightColumns(
  mode: Pick<ModeDescription, "key" | "prices" | "shipment">,
): { key: string; labelKey: TranslationKey; unit: AnswerUnit; note: string | null }[] {
  const unit: AnswerUnit =
    mode.shipment === "containers" ? "box" : mode.shipment === "lcl" ? "rt" : mode.shipment === "air" ? "kg" : "bill";
  return mode.prices
    .filter((p) => mode.key !== "express" || p.key === "price")
    .map((p) => ({ key: p.key, labelKey: p.labelKey, unit, note: p.breakLabel ?? null }));
}

/** Form field names. */
export const answerField = {
  rate: (key: string) => `rate_${key}`,
  quantity: (key: string) => `qty_${key}`,
  feeLabel: (i: number) => `fee${i}_label`,
  feeRate: (i: number) => `fee${i}_rate`,
  feeQuantity: (i: number) => `fee${i}_qty`,
  feeUnit: (i: number) => `fee${i}_unit`,
} as const;

/** The "make it a rate" form's price field of a line and tier: `price_gp20_T1`. */
export const publishField = (key: string, tier: Tier) => `price_${key}_${tier}`;

const kgPerCbm = parseFixed("167")!;
const int = (n: number): Fixed => ({ units: BigInt(n), scale: 0 });

/**
 * The quantities the form starts with, from the request's cargo: the count
 * of each container type; LCL's revenue tons (the greater of CBM and tons) on
 * the per-CBM line; air's chargeable weight (the greater of kg and CBM × 167)
 * on the greatest break at or below it; one shipment for express.
 */
export function answerDefaults(
  mode: Pick<ModeDescription, "key" | "prices" | "shipment">,
  cargo: PriceRequestCargo,
): Record<string, string> {
  const out: Record<string, string> = {};
  const columns = freightColumns(mode);
  if (cargo.kind === "containers") {
    for (const c of columns) out[answerField.quantity(c.key)] = String(cargo.counts[c.key] ?? 0);
    return out;
  }
  const cbm = parseFixed(cargo.cbm ?? "0") ?? int(0);
  const kg = parseFixed(cargo.kg ?? "0") ?? int(0);
  if (mode.shipment === "lcl") {
    out[answerField.quantity("freightCbm")] = fixedText(max(cbm, shift(kg, 3)), 3);
  } else if (mode.shipment === "air") {
    const chargeable = max(kg, mul(cbm, kgPerCbm));
    const breaks = columns.filter((c) => c.key.startsWith("bulk"));
    let chosen = breaks[0];
    for (const b of breaks) if (compare(chargeable, int(Number(b.key.slice(4)))) >= 0) chosen = b;
    if (chosen) out[answerField.quantity(chosen.key)] = fixedText(chargeable, 1);
  } else {
    for (const c of columns) out[answerField.quantity(c.key)] = "1";
  }
  return out;
}

export type AnswerInput = {
  values: Record<string, string>;
  currency: string;
  currencies: readonly string[];
  /** Today, Shanghai, YYYY-MM-DD. */
  today: string;
};

export type AnswerErrors = Record<string, TranslationKey[]>;

const RATE = /^\d{1,10}(\.\d{1,2})?$/;
const QUANTITY = /^\d{1,6}(\.\d{1,3})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (text: string) =>
  DAY.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

/** The form → the answer with its total, or the fields' problems (translation keys). */
export function readAnswer(
  mode: Pick<ModeDescription, "key" | "prices" | "shipment">,
  input: AnswerInput,
): { ok: true; answer: PriceRequestAnswer } | { ok: false; errors: AnswerErrors } {
  const v = (name: string) => (input.values[name] ?? "").trim();
  const errors: AnswerErrors = {};
  const err = (field: string, key: TranslationKey) => (errors[field] ??= []).push(key);

  const currency = input.currency.trim().toUpperCase();
  if (!input.currencies.includes(currency)) err("currency", "priceRequests.answer.errors.currency");

  const freight: FreightLine[] = [];
  const parts: TotalPart[] = [];
  let sum: Fixed = int(0);
  const line = (
    rateField: string,
    quantityField: string,
    part: Omit<TotalPart, "quantity" | "rate" | "amount" | "currency">,
  ): { rate: string; quantity: string } | null => {
    const rateText = v(rateField);
    const quantityText = v(quantityField);
    if (rateText === "") return null;
    if (!RATE.test(rateText)) err(rateField, "priceRequests.answer.errors.rate");
    if (quantityText !== "" && !QUANTITY.test(quantityText)) err(quantityField, "priceRequests.answer.errors.quantity");
    if (errors[rateField] || errors[quantityField]) return null;
    const rate = fixedText(parseFixed(rateText)!, 2);
    const quantity = quantityText === "" ? "0" : fixedText(parseFixed(quantityText)!, 3).replace(/\.?0+$/, "");
    const q = parseFixed(quantity)!;
    if (q.units > 0n) {
      // Each part rounded to cents, the total their sum (as the results page's totals).
      const amount = fixedText(mul(parseFixed(rate)!, q), 2);
      sum = add(sum, parseFixed(amount)!);
      parts.push({ ...part, quantity, rate, currency, amount });
    }
    return { rate, quantity };
  };

  for (const c of freightColumns(mode)) {
    const priced = line(answerField.rate(c.key), answerField.quantity(c.key), {
      kind: "freight",
      labelKey: c.labelKey,
      note: c.note,
      unit: c.unit,
    });
    if (priced) freight.push({ key: c.key, labelKey: c.labelKey, unit: c.unit, ...priced });
  }
  const surcharges: SurchargeLine[] = [];
  for (let i = 0; i < SURCHARGE_LINES; i++) {
    const label = v(answerField.feeLabel(i)).replace(/\s+/g, " ");
    const unitText = v(answerField.feeUnit(i)) || "bill";
    const unit = (ANSWER_UNITS as readonly string[]).includes(unitText) ? (unitText as AnswerUnit) : null;
    if (!unit) err(answerField.feeUnit(i), "priceRequests.answer.errors.unit");
    if (v(answerField.feeRate(i)) === "") {
      if (label !== "") err(answerField.feeRate(i), "priceRequests.answer.errors.rate");
      continue;
    }
    if (label === "" || label.length > 40) err(answerField.feeLabel(i), "priceRequests.answer.errors.surchargeLabel");
    const priced = line(answerField.feeRate(i), answerField.feeQuantity(i), {
      kind: "fee",
      labelKey: "priceRequests.answer.surcharge",
      note: label,
      unit: unit ?? "bill",
    });
    if (priced && unit && label !== "" && label.length <= 40) surcharges.push({ label, unit, ...priced });
  }

  const validFrom = v("validFrom") || input.today;
  const validTo = v("validTo");
  if (!validDay(validFrom)) err("validFrom", "priceRequests.answer.errors.date");
  if (!validDay(validTo)) err("validTo", "priceRequests.answer.errors.validTo");
  else if (validTo < input.today || (validDay(validFrom) && validTo < validFrom)) err("validTo", "priceRequests.answer.errors.validTo");
  const remarks = v("remarks").replace(/\r\n?/g, "\n");
  if (remarks.length > 1000) err("remarks", "priceRequests.answer.errors.remarks");

  if (Object.keys(errors).length === 0 && sum.units === 0n) err("form", "priceRequests.answer.errors.noPrice");
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const total: ShipmentTotal = {
    parts,
    sums: [{ currency, amount: fixedText(sum, 2) }],
    excluded: [],
    incomplete: false,
    air: null,
  };
  return { ok: true, answer: { currency, freight, surcharges, validFrom, validTo, remarks: remarks || null, total } };
}
