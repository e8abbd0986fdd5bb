// International express pricing (DESIGN.md "Express"): destination country →
// zone → per category the row with the smallest weight break ≥ the requested
// weight → that row's price in the zone column; then the fuel surcharge (a
// percentage) and the discount (a factor) give the total.
//
//   total = round2( price × (1 + fuel / 100) × discount )
//
// computed exactly and rounded once; the parts shown beside it (fuel amount)
// are rounded on their own. Null fuel counts as 0 %, null discount as 1.
import { add, fixedText, mul, parseFixed, round, type Fixed } from "./decimal";

export const EXPRESS_MAX_KG = 299;
/** Breaks are 0.5 kg apart up to 21 kg, 1 kg above. */
export const EXPRESS_HALF_KG_LIMIT = 21;

/** Weight (kg) as typed: > 0, at most one decimal, at most 299. */
export type WeightProblem = "required" | "decimals" | "max";

export function checkExpressWeight(input: string | null | undefined): { weight: string } | { problem: WeightProblem } {
  const text = (input ?? "").trim();
  if (text === "") return { problem: "required" };
  if (!/^\d+(\.\d+)?$/.test(text)) return { problem: "required" };
  if (!/^\d+(\.\d)?$/.test(text)) return { problem: "decimals" };
  const value = parseFixed(text)!;
  if (value.units === 0n) return { problem: "required" };
  if (Number(text) > EXPRESS_MAX_KG) return { problem: "max" };
  return { weight: fixedText(value, 1) };
}

/**
 * The weight break a requested weight is charged at when the table has every
 * break: up to 21 kg the next 0.5 kg, above it the next whole kg. (The search
 * itself takes the smallest break ≥ the weight that the table holds.)
 */
export function expectedBreak(weight: string): string {
  const tenths = Number(round(parseFixed(weight)!, 1).units);
  const step = tenths <= EXPRESS_HALF_KG_LIMIT * 10 ? 5 : 10;
  const up = Math.ceil(tenths / step) * step;
  return fixedText({ units: BigInt(up), scale: 1 }, 1);
}

export type ExpressQuote = {
  /** Price of the break in the destination's zone column. */
  price: string;
  /** Fuel surcharge percentage, e.g. "24.50". */
  fuel: string;
  /** price × fuel / 100, rounded to cents (shown as a part). */
  fuelAmount: string;
  /** Discount factor, e.g. "0.8500". */
  discount: string;
  /** price × (1 + fuel / 100) × discount, rounded once to cents. */
  total: string;
};

export function expressQuote(input: { price: string; fuel: string | null; discount: string | null }): ExpressQuote {
  const price = parseFixed(input.price);
  if (!price) throw new Error(`express price is not a decimal: ${input.price}`);
  const fuel = parseFixed(input.fuel) ?? { units: 0n, scale: 0 };
  const discount = parseFixed(input.discount) ?? { units: 1n, scale: 0 };
  // 1 + fuel / 100, exactly.
  const fuelFactor: Fixed = add({ units: 1n, scale: 0 }, { units: fuel.units, scale: fuel.scale + 2 });
  const fuelAmount = mul(price, { units: fuel.units, scale: fuel.scale + 2 });
  const total = mul(mul(price, fuelFactor), discount);
  return {
    price: fixedText(price, 2),
    fuel: fixedText(fuel, 2),
    fuelAmount: fixedText(fuelAmount, 2),
    discount: fixedText(discount, 4),
    total: fixedText(total, 2),
  };
}
