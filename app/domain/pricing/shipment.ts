// All-in totals for a customer's shipment (issue 25 item 1). Pure and shared
// by server and tests; the results loader calls it with rows that already
// hold only the viewer's tier (search.server.ts reads nothing else), so a
// total can never contain another tier's price.
//
//   containers (FCL, rail, trailer): Σ count × tier price
//                                    + each fee: per bill once, per box × all boxes,
//                                      "a/b/c" per box type (20GP/40GP/40HQ) × that type's count
//   LCL:  revenue tons × tier price (lcl.ts; the calculator the page already has)
//   air:  chargeable kg = max(actual kg, CBM × kg-per-CBM of the row's cbm_kgs "1:167"),
//         priced at the greatest quoted weight break ≤ chargeable kg (the smallest below it),
//         + per-KG fees × chargeable kg
//   express: the formula of express.ts (shown today), unchanged.
//
// Amounts are exact decimals (decimal.ts), rounded once per part to cents.
// A fee whose text is not a price ("含", "at cost") is listed as not included.
import type { TranslationKey } from "~/i18n/keys";
import { add, compare, fixedText, max, mul, parseFixed, type Fixed } from "./decimal";
import { lclCharge } from "./lcl";
import type { Conversion } from "./currency";

export type ShipmentKind = "containers" | "lcl" | "air" | "express";

export const MAX_CONTAINERS = 999;

/** What the customer typed, checked: counts per price key, or LCL/air measures. */
export type Shipment =
  | { kind: "containers"; counts: Record<string, number> }
  | { kind: "lcl"; cbm: string; kg: string }
  | { kind: "air"; kg: string; cbm: string; pack: "bulk" | "tray" };

export type ShipmentProblem = "count" | "kg" | "cbm" | "empty";

const COUNT = /^\d{1,3}$/;
const KG = /^\d{1,7}(\.\d)?$/;
const CBM = /^\d{1,5}(\.\d{1,3})?$/;

/** The query parameter of a container count ("qty_gp20"). */
export const countParam = (priceKey: string) => `qty_${priceKey}`;

/**
 * Reads a shipment from the query. `null` when nothing was typed (no totals);
 * problems are translation keys under quotes.shipment.errors.
 */
export function checkShipment(
  kind: ShipmentKind,
  containerKeys: readonly string[],
  get: (param: string) => string | null,
): { shipment: Shipment | null; problems: Partial<Record<string, ShipmentProblem>>; values: Record<string, string> } {
  const values: Record<string, string> = {};
  const problems: Partial<Record<string, ShipmentProblem>> = {};
  const read = (param: string) => {
    const text = (get(param) ?? "").trim().slice(0, 12);
    values[param] = text;
    return text;
  };
  if (kind === "containers") {
    const counts: Record<string, number> = {};
    let any = false;
    for (const key of containerKeys) {
      const param = countParam(key);
      const text = read(param);
      if (text === "") continue;
      any = true;
      if (!COUNT.test(text)) problems[param] = "count";
      else counts[key] = Number(text);
    }
    if (!any) return { shipment: null, problems, values };
    if (Object.keys(problems).length) return { shipment: null, problems, values };
    if (!Object.values(counts).some((n) => n > 0)) return { shipment: null, problems: { [countParam(containerKeys[0])]: "empty" }, values };
    return { shipment: { kind, counts }, problems, values };
  }
  if (kind === "air") {
    const kg = read("kg");
    const cbm = read("cbm");
    const pack = get("pack") === "tray" ? "tray" : "bulk";
    values.pack = pack;
    if (kg === "" && cbm === "") return { shipment: null, problems, values };
    if (kg !== "" && !KG.test(kg)) problems.kg = "kg";
    if (cbm !== "" && !CBM.test(cbm)) problems.cbm = "cbm";
    if (Object.keys(problems).length) return { shipment: null, problems, values };
    const kgFixed = parseFixed(kg || "0")!;
    const cbmFixed = parseFixed(cbm || "0")!;
    if (kgFixed.units === 0n && cbmFixed.units === 0n) return { shipment: null, problems: { kg: "empty" }, values };
    return { shipment: { kind, kg: fixedText(kgFixed, 1), cbm: fixedText(cbmFixed, 3), pack }, problems, values };
  }
  return { shipment: null, problems, values };
}

/** One line of a total's breakdown. */
export type TotalPart = {
  /** freight: a tier price; fee: a local fee of the row. */
  kind: "freight" | "fee";
  /** Translation key of the price or fee column. */
  labelKey: TranslationKey;
  /** The fee's own words before the price ("AMS", "燃油"), if any. */
  note: string | null;
  quantity: string;
  /** quotes.shipment.unit.<unit> */
  unit: "box" | "bill" | "kg" | "rt";
  rate: string;
  currency: string;
  amount: string;
};

export type ShipmentTotal = {
  parts: TotalPart[];
  /** The total per currency, in the order the currencies first appear (the freight's first). */
  sums: { currency: string; amount: string }[];
  /** Fees that are not a price (kept as text; not in the total). */
  excluded: { labelKey: TranslationKey; text: string }[];
  /** A price the shipment needs is missing on this row: no total. */
  incomplete: boolean;
  /** Air: the weights behind the break. */
  air: { actual: string; volumeWeight: string; chargeable: string; ratio: string; breakLabel: string } | null;
  /** In one chosen currency (decision 402): the conversion, with `sums` then holding its one amount. */
  conversion?: Conversion;
  /** The sums per currency before the conversion. */
  original?: { currency: string; amount: string }[];
  /** The words under the total, in the page's language: the original currencies and the rates used, or the missing rate. */
  note?: string | null;
};

export type FeeItem = { note: string | null; currency: string; amounts: string[]; unit: string | null };

const CURRENCY_ALIASES: Record<string, string> = { RMB: "CNY", "￥": "CNY", "¥": "CNY", $: "USD" };
const FEE_ITEM = /^(.*?)\s*\b(USD|RMB|CNY|EUR|HKD|JPY|GBP)\s*(\d+(?:\.\d+)?(?:\s*\/\s*\d+(?:\.\d+)?)*)\s*(?:\/\s*([^\d\s/][^/]*))?$/i;

/** "AMS USD 35/票；RMB 1020/1540/1540" → its items; an item that is not a price is null. */
export function parseFee(text: string): (FeeItem | null)[] {
  return text
    .split(/[；;]/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((item) => {
      const m = FEE_ITEM.exec(item);
      if (!m) return null;
      const code = m[2].toUpperCase();
      return {
        note: m[1].trim() || null,
        currency: CURRENCY_ALIASES[code] ?? code,
        amounts: m[3].split("/").map((a) => a.trim()),
        unit: m[4]?.trim() ?? null,
      };
    });
}

type Unit = TotalPart["unit"];

/** The unit a fee's "/票", "/箱", "/KG", "/CBM" names. */
function unitOf(unit: string | null): Unit | null {
  if (!unit) return "box";
  const u = unit.toUpperCase();
  if (["票", "BL", "B/L", "BILL", "SET"].includes(u)) return "bill";
  if (["箱", "个", "柜", "BOX", "CNTR", "CTN", "UNIT"].includes(u)) return "box";
  if (["KG", "公斤", "千克"].includes(u)) return "kg";
  if (["CBM", "RT", "方", "W/M"].includes(u)) return "rt";
  return null;
}

const ZERO: Fixed = { units: 0n, scale: 0 };
const int = (n: number): Fixed => ({ units: BigInt(n), scale: 0 });

function partOf(
  kind: TotalPart["kind"],
  labelKey: TranslationKey,
  note: string | null,
  quantity: Fixed,
  quantityScale: number,
  unit: Unit,
  rate: Fixed,
  currency: string,
): [TotalPart, Fixed] {
  const amount = mul(quantity, rate);
  return [
    {
      kind,
      labelKey,
      note,
      quantity: fixedText(quantity, quantityScale),
      unit,
      rate: fixedText(rate, 2),
      currency,
      amount: fixedText(amount, 2),
    },
    amount,
  ];
}

type Row = { prices: Record<string, string | null> | null; facts: Record<string, string | null>; currency: string };
type Column = { key: string; labelKey: TranslationKey };

/** Measures a fee can be charged on, per row. */
type Measures = { boxes: Fixed; perType: Fixed[] | null; kg: Fixed | null; rt: Fixed | null };

function addFees(
  fees: readonly Column[],
  row: Row,
  m: Measures,
  parts: TotalPart[],
  amounts: Fixed[],
  excluded: ShipmentTotal["excluded"],
) {
  for (const fee of fees) {
    const text = row.facts[fee.key];
    if (!text) continue;
    for (const [i, item] of parseFee(text).entries()) {
      const raw = text
        .split(/[；;]/)
        .map((s) => s.trim())
        .filter(Boolean)[i];
      const unit = item ? unitOf(item.unit) : null;
      if (!item || !unit) {
        excluded.push({ labelKey: fee.labelKey, text: raw });
        continue;
      }
      if (item.amounts.length > 1) {
        // "a/b/c": one amount per box type, in the price columns' order.
        if (!m.perType || unit !== "box") {
          excluded.push({ labelKey: fee.labelKey, text: raw });
          continue;
        }
        item.amounts.forEach((a, t) => {
          const count = m.perType![t];
          if (!count || count.units === 0n) return;
          const [part, amount] = partOf("fee", fee.labelKey, item.note, count, 0, "box", parseFixed(a)!, item.currency);
          parts.push(part);
          amounts.push(amount);
        });
        continue;
      }
      const quantity = unit === "bill" ? int(1) : unit === "box" ? m.boxes : unit === "kg" ? m.kg : m.rt;
      if (!quantity || (unit === "box" && !m.perType)) {
        excluded.push({ labelKey: fee.labelKey, text: raw });
        continue;
      }
      const [part, amount] = partOf(
        "fee",
        fee.labelKey,
        item.note,
        quantity,
        unit === "bill" || unit === "box" ? 0 : unit === "kg" ? 1 : 3,
        unit,
        parseFixed(item.amounts[0])!,
        item.currency,
      );
      parts.push(part);
      amounts.push(amount);
    }
  }
}

function sumsOf(parts: TotalPart[]): ShipmentTotal["sums"] {
  const sums = new Map<string, Fixed>();
  for (const p of parts) sums.set(p.currency, add(sums.get(p.currency) ?? ZERO, parseFixed(p.amount)!));
  return [...sums].map(([currency, amount]) => ({ currency, amount: fixedText(amount, 2) }));
}

/** kg per CBM of a "1:167" ratio (null when unreadable). */
export function kgPerCbm(ratio: string | null | undefined): Fixed | null {
  const m = /^\s*1\s*[:：]\s*(\d+(?:\.\d+)?)\s*$/.exec(ratio ?? "");
  const value = m ? parseFixed(m[1]) : null;
  return value && value.units > 0n ? value : null;
}

/** The weight break a chargeable weight falls in: the greatest ≤ weight, the smallest below it. */
export function airBreak(breaks: readonly number[], chargeable: Fixed): number {
  let chosen = breaks[0];
  for (const b of breaks) if (compare(chargeable, int(b)) >= 0) chosen = b;
  return chosen;
}

/**
 * The total of one row for a shipment. `prices` are the row's containers or
 * breaks (the mode's price columns); `fees` the mode's fee columns.
 */
export function shipmentTotal(
  shipment: Shipment,
  row: Row,
  columns: { prices: readonly (Column & { group?: string; breakLabel?: string })[]; fees: readonly Column[] },
): ShipmentTotal | null {
  if (!row.prices) return null;
  const parts: TotalPart[] = [];
  const amounts: Fixed[] = [];
  const excluded: ShipmentTotal["excluded"] = [];
  let incomplete = false;
  let air: ShipmentTotal["air"] = null;

  if (shipment.kind === "containers") {
    const perType: Fixed[] = [];
    let boxes = ZERO;
    for (const column of columns.prices) {
      const count = shipment.counts[column.key] ?? 0;
      perType.push(int(count));
      if (count === 0) continue;
      boxes = add(boxes, int(count));
      const price = parseFixed(row.prices[column.key]);
      if (!price) {
        incomplete = true;
        continue;
      }
      const [part, amount] = partOf("freight", column.labelKey, null, int(count), 0, "box", price, row.currency);
      parts.push(part);
      amounts.push(amount);
    }
    addFees(columns.fees, row, { boxes, perType, kg: null, rt: null }, parts, amounts, excluded);
  } else if (shipment.kind === "lcl") {
    const charge = lclCharge({
      cbm: shipment.cbm,
      kg: shipment.kg,
      perCbm: row.prices.freightCbm ?? null,
      perTon: row.prices.freightTon ?? null,
    });
    if (!charge.charged) incomplete = true;
    else {
      const c = charge.charged;
      parts.push({
        kind: "freight",
        labelKey: c.basis === "volume" ? "search.price.freightCbm" : "search.price.freightTon",
        note: null,
        quantity: c.quantity,
        unit: "rt",
        rate: c.rate,
        currency: row.currency,
        amount: c.amount,
      });
      amounts.push(parseFixed(c.amount)!);
    }
  } else if (shipment.kind === "air") {
    const ratio = kgPerCbm(row.facts.cbmKgs);
    const actual = parseFixed(shipment.kg)!;
    const volumeWeight = ratio ? mul(parseFixed(shipment.cbm)!, ratio) : null;
    if (!volumeWeight && parseFixed(shipment.cbm)!.units !== 0n) return { parts: [], sums: [], excluded: [], incomplete: true, air: null };
    const chargeable = parseFixed(fixedText(volumeWeight ? max(actual, volumeWeight) : actual, 1))!;
    // A break the sheet leaves empty is no break: the lower one runs on (air tariffs list only the breaks they quote).
    const breaks = columns.prices.filter((p) => p.group === shipment.pack && parseFixed(row.prices![p.key]) !== null);
    const weights = breaks.map((p) => Number((p.breakLabel ?? "").replace("+", "")));
    const chosen = breaks.length ? airBreak(weights, chargeable) : null;
    const column = chosen === null ? undefined : breaks[weights.indexOf(chosen)];
    air = {
      actual: fixedText(actual, 1),
      volumeWeight: volumeWeight ? fixedText(volumeWeight, 1) : "0.0",
      chargeable: fixedText(chargeable, 1),
      ratio: row.facts.cbmKgs ?? "",
      breakLabel: column?.breakLabel ?? "",
    };
    const price = column ? parseFixed(row.prices[column.key]) : null;
    if (!price || !column) incomplete = true;
    else {
      const [part, amount] = partOf(
        "freight",
        `search.price.${shipment.pack}`,
        column.breakLabel ?? null,
        chargeable,
        1,
        "kg",
        price,
        row.currency,
      );
      parts.push(part);
      amounts.push(amount);
    }
    addFees(columns.fees, row, { boxes: ZERO, perType: null, kg: chargeable, rt: null }, parts, amounts, excluded);
  }
  return { parts, sums: incomplete ? [] : sumsOf(parts), excluded, incomplete, air };
}

/**
 * Sort order of totals: per currency, USD first, then CNY, then the others by
 * code (a row without a currency counts 0 in it); rows without a total last.
 */
export function compareTotals(a: ShipmentTotal | null | undefined, b: ShipmentTotal | null | undefined): number {
  const sa = a && !a.incomplete && a.sums.length ? a.sums : null;
  const sb = b && !b.incomplete && b.sums.length ? b.sums : null;
  if (!sa || !sb) return sa ? -1 : sb ? 1 : 0;
  const rank = (c: string) => (c === "USD" ? "0" : c === "CNY" ? "1" : `2${c}`);
  const currencies = [...new Set([...sa, ...sb].map((s) => s.currency))].sort((x, y) => rank(x).localeCompare(rank(y)));
  const amount = (sums: ShipmentTotal["sums"], c: string) => parseFixed(sums.find((s) => s.currency === c)?.amount) ?? ZERO;
  for (const c of currencies) {
    const d = compare(amount(sa, c), amount(sb, c));
    if (d !== 0) return d;
  }
  return 0;
}
