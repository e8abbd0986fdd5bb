// One currency for a total (issue 25 item 2, decision 402): the staff's
// exchange rates say what 1 unit of a currency is in CNY (the base); a total
// of several currencies is converted exactly (decimal.ts) and rounded once, to
// cents, at the end. A currency without a valid rate gives no converted total.
import { add, divide, mul, parseFixed, toText, type Fixed } from "./decimal";

export const BASE_CURRENCY = "CNY";
/** The parameter of the results pages' forms that chooses the totals' currency. */
export const CURRENCY_PARAM = "cur";

/** 1 `currency` = `rate` CNY, valid through `validUntil` (YYYY-MM-DD). */
export type ExchangeRateUsed = { currency: string; rate: string; validUntil: string };

export type Conversion =
  | {
      ok: true;
      currency: string;
      amount: string;
      /** The rates the conversion used (none when every sum already was in `currency`). */
      rates: ExchangeRateUsed[];
      /** The earliest validUntil of the rates used; null when none was used. */
      validUntil: string | null;
    }
  | { ok: false; currency: string; missing: string[] };

const ONE: Fixed = { units: 1n, scale: 0 };

/**
 * The sums (one per currency) as one amount in `target`, with the rates of
 * `rates` (by currency; CNY is 1). Missing rates are named, never guessed.
 */
export function convertSums(
  sums: readonly { currency: string; amount: string }[],
  target: string,
  rates: ReadonlyMap<string, ExchangeRateUsed>,
): Conversion {
  const rateOf = (currency: string): Fixed | null => (currency === BASE_CURRENCY ? ONE : parseFixed(rates.get(currency)?.rate));
  const converting = sums.some((s) => s.currency !== target);
  const involved = [...new Set([...sums.map((s) => s.currency), target])];
  const missing = converting ? involved.filter((c) => !rateOf(c)) : [];
  if (missing.length > 0) return { ok: false, currency: target, missing };
  let total: Fixed = { units: 0n, scale: 0 };
  for (const s of sums) {
    const amount = parseFixed(s.amount)!;
    total = add(total, converting ? mul(amount, rateOf(s.currency)!) : amount);
  }
  const amount = divide(total, converting ? rateOf(target)! : ONE, 2)!;
  const used = converting ? involved.filter((c) => c !== BASE_CURRENCY).map((c) => rates.get(c)!) : [];
  const validUntil = used.length ? used.map((r) => r.validUntil).sort()[0] : null;
  return { ok: true, currency: target, amount: toText(amount), rates: used, validUntil };
}
