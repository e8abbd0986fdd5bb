// Express price rows: per network category and weight break, a price (USD) in
// every zone column. Weights 0.5-21 kg in 0.5 kg steps, then 22-300 kg per kg.
// Express prices are not tiered. All rows are bookable today, so every
// destination and weight up to the 299 kg maximum finds a price.
import type { Prisma } from "../../../app/generated/prisma/client.ts";
import { EXPRESS_ZONES } from "../../../app/domain/reference/data/express-zones.ts";
import type { SeedCalendar } from "../lib/dates.ts";
import { money } from "../lib/money.ts";
import { Random } from "../lib/random.ts";
import { zoneField } from "../../../app/domain/express-zones.ts";

/** Category → price level, fuel surcharge (%), discount factor and delivery time. */
export const EXPRESS_CATEGORIES: Record<string, { level: number; fuel: number; discount: number; timeLimit: string }> = {
  DHL: { level: 1.0, fuel: 24.5, discount: 0.85, timeLimit: "2-4个工作日" },
  UPS: { level: 0.97, fuel: 22.75, discount: 0.82, timeLimit: "3-5个工作日" },
  FEDEX: { level: 1.03, fuel: 23.5, discount: 0.88, timeLimit: "2-5个工作日" },
  TNT: { level: 0.94, fuel: 21.0, discount: 0.8, timeLimit: "3-6个工作日" },
};

export function expressWeights(): number[] {
  const weights: number[] = [];
  for (let w = 0.5; w <= 21; w += 0.5) weights.push(w);
  for (let w = 22; w <= 300; w++) weights.push(w);
  return weights;
}

/** Base price (USD) of a weight at zone factor 1: a first-0.5-kg price plus steps, then per kg. */
function basePrice(weight: number): number {
  return weight <= 21 ? 20 + ((weight - 0.5) / 0.5) * 4.2 : 6.9 * weight + 47;
}

/** Total after fuel surcharge and discount, as the price screens compute it. */
export function expressTotal(price: number, fuelPercent: number, discount: number): number {
  return Math.round(price * (1 + fuelPercent / 100) * discount * 100) / 100;
}

export function buildExpressRates(cal: SeedCalendar): Prisma.ExpressRateCreateManyInput[] {
  const rng = new Random("express");
  const rows: Prisma.ExpressRateCreateManyInput[] = [];
  const validFrom = cal.day(-rng.int(10, 20));
  const validTo = cal.day(rng.int(120, 180));
  for (const [category, c] of Object.entries(EXPRESS_CATEGORIES)) {
    // A fixed factor per category and zone keeps each column increasing with weight.
    const zoneFactor = Object.fromEntries(EXPRESS_ZONES.map((z) => [z.code, z.factor * c.level * rng.between(0.97, 1.03)]));
    for (const weight of expressWeights()) {
      const row: Prisma.ExpressRateCreateManyInput = {
        id: rows.length + 1,
        category,
        weight: weight.toFixed(1),
        fuel: money(c.fuel),
        discount: c.discount.toFixed(4),
        timeLimit: c.timeLimit,
        byVolume: "长×宽×高(cm)/5000",
        remark: weight > 21 ? "21KG以上按每公斤计价，已折算为该重量总价" : null,
        validFrom,
        validTo,
        paused: false,
      };
      for (const zone of EXPRESS_ZONES) {
        (row as Record<string, unknown>)[zoneField(zone.code)!] = money(basePrice(weight) * zoneFactor[zone.code]);
      }
      // total_cost is the reference total for zone T1 (the cheapest zone).
      row.totalCost = money(expressTotal(Number(row.zoneT1), c.fuel, c.discount));
      rows.push(row);
    }
  }
  return rows;
}
