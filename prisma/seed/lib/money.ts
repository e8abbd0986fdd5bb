// Tier prices. T0 (internal, cheapest) < T1 < T2 on every row, and the three
// tiers never share a number anywhere in a table: a T0 amount in cents is
// ≡ 0 (mod 3), T1 ≡ 1, T2 ≡ 2. So a page that shows one customer's tier can be
// checked for the absence of every other tier's numbers.

export type Tier = 0 | 1 | 2;
export const TIERS: readonly Tier[] = [0, 1, 2];

/** Whole-unit amounts (FCL, rail, trailer): no year-like numbers (2019-2040), ≥ 100. */
export function tierWhole(value: number, tier: Tier): number {
  let n = Math.max(100, Math.round(value));
  while (n % 3 !== tier || (n >= 2019 && n <= 2040)) n++;
  return n;
}

/**
 * Amounts with cents (LCL per CBM/ton, air per kg): the last cent digit is never
 * 0, so "36.41" cannot be printed as "36.4". Rounds down (never more than 9 cents).
 */
export function tierCents(value: number, tier: Tier): number {
  let c = Math.round(value * 100);
  while (c % 3 !== tier || c % 10 === 0) c--;
  return c / 100;
}

/** Decimal text for Prisma (two decimals). */
export function money(value: number): string {
  return value.toFixed(2);
}

/** A plain (untiered) price with cents, e.g. a special-offer price. */
export function plainCents(value: number): number {
  return Math.round(value * 100) / 100;
}

/** T0, T1, T2 whole amounts: T1 ≥ T0 + m1, T2 ≥ T1 + m2 (both margins > 0). */
export function wholeTiers(t0: number, m1: number, m2: number): [number, number, number] {
  const a = tierWhole(t0, 0);
  const b = tierWhole(a + Math.max(1, m1), 1);
  const c = tierWhole(b + Math.max(1, m2), 2);
  return [a, b, c];
}

/** T0, T1, T2 amounts with cents; margins of at least 0.10 keep them strictly increasing. */
export function centTiers(t0: number, m1: number, m2: number): [number, number, number] {
  const a = tierCents(t0, 0);
  const b = tierCents(a + Math.max(0.1, m1), 1);
  const c = tierCents(b + Math.max(0.1, m2), 2);
  return [a, b, c];
}
