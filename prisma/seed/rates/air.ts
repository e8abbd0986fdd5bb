// Air rates: weight breaks +45 ... +3000 kg, bulk and tray, per tier. Heavier
// breaks are cheaper per kg; half of the rows (the alternate import format)
// have no 130, 2000 and 3000 kg breaks.
import type { Prisma } from "../../../app/generated/prisma/client.ts";
import { AIR_ORIGINS, AIR_REGIONS, AWB_PREFIX, type AirRegion } from "../data/air-routes.ts";
import { dateText, type SeedCalendar, type Validity } from "../lib/dates.ts";
import { money, tierCents, type Tier } from "../lib/money.ts";
import { Random } from "../lib/random.ts";
import type { ReferenceData } from "../reference.ts";

export const AIR_BREAKS = [45, 100, 130, 300, 500, 1000, 2000, 3000] as const;
const OPTIONAL_BREAKS = new Set([130, 2000, 3000]);
/** Price per kg relative to the +45 kg break. */
const BREAK_FACTOR: Record<number, number> = { 45: 1, 100: 0.9, 130: 0.87, 300: 0.8, 500: 0.76, 1000: 0.72, 2000: 0.69, 3000: 0.66 };

/** Routes the visitor defaults rely on. */
export const AIR_FEATURED: [pol: string, pod: string][] = [
  ["PVG", "ORD"],
  ["PVG", "LAX"],
  ["PVG", "FRA"],
];

const ETD = ["1/3/5", "2/4/6", "每天", "1/4", "3/7", "2/5/7", "1/2/3/4/5"];
const REMARKS = [
  "价格不含提货费及报关费",
  "带电产品需提供UN38.3及MSDS",
  "不接危险品",
  "普货价格，特货另询",
  "旺季舱位紧张，请提前预订",
  "泡货按1:167计重",
];

export function buildAirRates(ref: ReferenceData, cal: SeedCalendar): Prisma.AirRateCreateManyInput[] {
  const rng = new Random("air");
  const rows: Prisma.AirRateCreateManyInput[] = [];
  const featured = new Set(AIR_FEATURED.map(([a, b]) => `${a}>${b}`));
  const others = AIR_ORIGINS.filter(([c]) => c !== "PVG").map(([c]) => c);
  for (const region of AIR_REGIONS) {
    for (const pod of region.destinations) {
      const origins = ["PVG", ...rng.sample(others, rng.int(2, 4))].filter((o) => o !== pod);
      for (const pol of origins) {
        const isFeatured = featured.has(`${pol}>${pod}`);
        const carriers = rng.sample(region.carriers, isFeatured ? 4 : rng.int(1, 2));
        // One price level per route; airlines differ by a few per cent.
        const routePerKg = rng.between(region.perKg[0], region.perKg[1]) * (pol === "PVG" ? 1 : rng.between(1.0, 1.12));
        carriers.forEach((carrier, i) => {
          const validity = isFeatured ? cal.validity(i < 3 ? "current" : "expired", rng) : cal.randomValidity(rng);
          rows.push(airRow(rows.length + 1, rng, ref, region, pol, pod, carrier, routePerKg, validity));
        });
      }
    }
  }
  return rows;
}

type BreakPrices = Partial<Record<number, [number, number, number]>>;

/** Prices per break and tier: each tier strictly decreasing with weight, T0 < T1 < T2 per break. */
function breakPrices(rng: Random, perKg: number, breaks: number[]): BreakPrices {
  const byTier: number[][] = [[], [], []];
  breaks.forEach((b, k) => {
    const noise = rng.between(0.985, 1.015);
    for (const tier of [0, 1, 2] as Tier[]) {
      const below = tier === 0 ? perKg * BREAK_FACTOR[b] * noise : byTier[tier - 1][k] * 1.07 + 0.2;
      const previous = k > 0 ? byTier[tier][k - 1] - 0.05 : Infinity;
      byTier[tier][k] = tierCents(Math.min(below, previous), tier);
    }
  });
  const out: BreakPrices = {};
  breaks.forEach((b, k) => {
    const [t0, t1, t2] = [byTier[0][k], byTier[1][k], byTier[2][k]];
    if (!(t0 < t1 && t1 < t2)) throw new Error(`air tiers out of order at +${b}kg: ${t0} ${t1} ${t2}`);
    out[b] = [t0, t1, t2];
  });
  return out;
}

function airRow(
  id: number,
  rng: Random,
  ref: ReferenceData,
  region: AirRegion,
  pol: string,
  pod: string,
  carrier: string,
  routePerKg: number,
  validity: Validity,
): Prisma.AirRateCreateManyInput {
  const fullSheet = rng.chance(0.5);
  const breaks = AIR_BREAKS.filter((b) => fullSheet || !OPTIONAL_BREAKS.has(b));
  const perKg = routePerKg * rng.between(0.94, 1.06);
  const bulk = breakPrices(rng, perKg, breaks);
  const tray = breakPrices(rng, perKg * rng.between(1.02, 1.06) + 0.05, breaks);
  const prices: Record<string, string | null> = {};
  for (const b of AIR_BREAKS) {
    for (const tier of [0, 1, 2] as Tier[]) {
      prices[`bulk${b}T${tier}`] = bulk[b] ? money(bulk[b][tier]) : null;
      prices[`tray${b}T${tier}`] = tray[b] ? money(tray[b][tier]) : null;
    }
  }
  const hubs = region.hubs.filter((h) => h !== pol && h !== pod);
  const direct = hubs.length === 0 || rng.chance(0.6);
  const via = direct ? null : rng.pick(hubs);
  const days = rng.int(region.days[0], region.days[1]) + (direct ? 0 : rng.int(1, 3));
  return {
    id,
    airId: AWB_PREFIX[carrier] ?? null,
    airIdTable: rng.pick(["标准运价", "促销运价", "包板运价"]),
    addPrice: `燃油 RMB ${rng.between(4.5, 7.5).toFixed(1)}/KG；安检 RMB 0.3/KG`,
    pol,
    pod,
    country: ref.airport(pod).countryNameZh ?? null,
    etd: rng.pick(ETD),
    carrier,
    validityText: `${dateText(validity.validFrom)}至${dateText(validity.validTo)}`,
    cbmKgs: rng.weighted([
      ["1:167", 8],
      ["1:200", 1],
      ["1:250", 1],
    ]),
    ...prices,
    via: via ?? "直飞",
    transitTime: `${days}天`,
    path: [pol, via, pod].filter(Boolean).join("-"),
    remark: rng.pick(REMARKS),
    ...validity,
  } as Prisma.AirRateCreateManyInput;
}
