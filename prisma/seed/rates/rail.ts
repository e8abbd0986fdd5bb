// Rail rates: six Chinese train origins to border stations, Central Asia,
// Russia and Europe. Mostly USD; some domestic legs in CNY.
import type { Prisma } from "../../../app/generated/prisma/client.ts";
import { RAIL_DESTINATIONS, RAIL_ORIGINS, type RailDestination, type RailOrigin } from "../data/land-routes.ts";
import type { SeedCalendar, Validity } from "../lib/dates.ts";
import { money, wholeTiers } from "../lib/money.ts";
import { Random } from "../lib/random.ts";

const CNY_PER_USD = 7.1;
/** Every origin has bookable rows to this border station (visitor default). */
export const RAIL_FEATURED_DESTINATION = "阿拉山口";
const REMARKS = [
  "含国内段运费及口岸换装费",
  "不含目的站清关及提货费用",
  "SOC箱需提前提供箱号",
  "每周固定班列，舱位以班列公司确认为准",
  "超重货物(>25吨/40尺)另询",
  "回程班列价格可议",
];

export function buildRailRates(cal: SeedCalendar): Prisma.RailRateCreateManyInput[] {
  const rng = new Random("rail");
  const rows: Prisma.RailRateCreateManyInput[] = [];
  for (const origin of RAIL_ORIGINS) {
    for (const dest of RAIL_DESTINATIONS) {
      if (dest.city === RAIL_FEATURED_DESTINATION) {
        rows.push(railRow(rows.length + 1, rng, origin, dest, "USD", cal.validity("current", rng)));
        rows.push(railRow(rows.length + 1, rng, origin, dest, "CNY", cal.validity("current", rng)));
        rows.push(railRow(rows.length + 1, rng, origin, dest, "USD", cal.validity("expired", rng)));
        continue;
      }
      const count = rng.int(2, 3);
      for (let i = 0; i < count; i++) {
        const currency = dest.border && rng.chance(0.35) ? "CNY" : "USD";
        rows.push(railRow(rows.length + 1, rng, origin, dest, currency, cal.randomValidity(rng)));
      }
    }
  }
  return rows;
}

function railRow(
  id: number,
  rng: Random,
  origin: RailOrigin,
  dest: RailDestination,
  currency: "USD" | "CNY",
  validity: Validity,
): Prisma.RailRateCreateManyInput {
  const rate = currency === "CNY" ? CNY_PER_USD : 1;
  const coc40 = rng.between(dest.coc40[0], dest.coc40[1]) * rate;
  const soc40 = coc40 - rng.between(250, 800) * rate;
  const coc20 = coc40 * rng.between(0.55, 0.65);
  const soc20 = coc20 - rng.between(150, 450) * rate;
  const soc20x2 = soc20 * rng.between(1.8, 1.95);
  const margin = (base: number) => base * rng.between(0.04, 0.08) + rng.between(30, 80) * rate;
  const tiers = (base: number) => wholeTiers(base, margin(base), margin(base));
  const [coc40T0, coc40T1, coc40T2] = tiers(coc40);
  const [soc40T0, soc40T1, soc40T2] = tiers(soc40);
  const [coc20T0, coc20T1, coc20T2] = tiers(coc20);
  const [soc20T0, soc20T1, soc20T2] = tiers(soc20);
  const [soc20x2T0, soc20x2T1, soc20x2T2] = tiers(soc20x2);
  return {
    id,
    pol: origin.city,
    pod: dest.city,
    coc40T0: money(coc40T0),
    soc40T0: money(soc40T0),
    coc20T0: money(coc20T0),
    soc20T0: money(soc20T0),
    soc20x2T0: money(soc20x2T0),
    coc40T1: money(coc40T1),
    soc40T1: money(soc40T1),
    coc20T1: money(coc20T1),
    soc20T1: money(soc20T1),
    soc20x2T1: money(soc20x2T1),
    coc40T2: money(coc40T2),
    soc40T2: money(soc40T2),
    coc20T2: money(coc20T2),
    soc20T2: money(soc20T2),
    soc20x2T2: money(soc20x2T2),
    currency,
    trainService: rng.chance(0.5) ? `${origin.service} 每周${rng.int(2, 5)}班` : origin.service,
    transitTime: `${rng.int(dest.days[0], dest.days[1])}天`,
    ...validity,
    remark: rng.pick(REMARKS),
  };
}
