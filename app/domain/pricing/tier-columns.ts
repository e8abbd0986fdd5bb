// The price columns a query may read: exactly the viewer's tier. The Prisma
// `select` is built from the tier, so the other tiers are never loaded, not
// even into server memory (DESIGN.md "Who sees which price").
import type { RateSelect } from "~/domain/rates/search.server";
import type { RateField } from "~/domain/catalog";
import type { ModeDescription } from "~/domain/modes";
import type { Tier } from "./visibility";

/** Fields to select for prices and fees; empty without a tier. */
export function tierSelect(mode: ModeDescription, tier: Tier | null): RateSelect {
  const select: RateSelect = {};
  if (!tier) return select;
  for (const price of mode.prices) if (price.tiers) select[price.tiers[tier]] = true;
  for (const fact of mode.facts) if (fact.fee && fact.field !== "validity") select[fact.field] = true;
  return select;
}

/** The tier column of a price key ("gp20" + T1 → "gp20T1"). */
export function tierField(mode: ModeDescription, key: string, tier: Tier): RateField | null {
  return mode.prices.find((p) => p.key === key)?.tiers?.[tier] ?? null;
}

type DecimalLike = { toFixed(digits: number): string };

/** A Prisma Decimal (or null) as a plain string with `scale` decimals. */
export function decimalText(value: unknown, scale = 2): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "object" && typeof (value as DecimalLike).toFixed === "function") {
    return (value as DecimalLike).toFixed(scale);
  }
  if (typeof value === "number") return value.toFixed(scale);
  return String(value);
}

/** The row's prices under their generic keys ("gp20": "592.00"), read from the tier's columns. */
export function readTierPrices(mode: ModeDescription, tier: Tier, row: Record<string, unknown>): Record<string, string | null> {
  const prices: Record<string, string | null> = {};
  for (const price of mode.prices) {
    if (price.tiers) prices[price.key] = decimalText(row[price.tiers[tier]]);
  }
  return prices;
}
