// Sea LCL rates: price per CBM and per ton, by volume band.
import type { Prisma } from "../../../app/generated/prisma/client.ts";
import { SEA_LANES } from "../data/sea-lanes.ts";
import type { SeedCalendar, Validity } from "../lib/dates.ts";
import { centTiers, money } from "../lib/money.ts";
import { Random } from "../lib/random.ts";
import type { ReferenceData } from "../reference.ts";

const LCL_ORIGINS = ["CNSHA", "CNNGB", "CNSZX", "CNTAO", "CNTXG", "CNXMN", "CNCAN"];
/** Routes the visitor defaults rely on: one bookable row per volume band. */
export const LCL_FEATURED: [pol: string, pod: string][] = [
  ["CNSHA", "JPUKB"],
  ["CNSHA", "SGSIN"],
];
const VOLUMES = ["1-5CBM", "5-10CBM", "10-15CBM"];
const WEEKDAYS = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"];
const CISF = ["含", "USD 5/CBM", "USD 8/CBM", "RMB 35/CBM"];
const REMARKS = [
  "单票最低1CBM起收",
  "超重超长货物另询",
  "不接危险品及液体",
  "目的港拆箱费到付",
  "运价不含目的港费用",
  "周末截货需提前确认",
];

export function buildLclRates(ref: ReferenceData, cal: SeedCalendar): Prisma.LclRateCreateManyInput[] {
  const rng = new Random("lcl");
  const rows: Prisma.LclRateCreateManyInput[] = [];
  const featured = new Set(LCL_FEATURED.map(([a, b]) => `${a}>${b}`));
  for (const lane of SEA_LANES) {
    for (const podCode of lane.destinations) {
      const origins = ["CNSHA", ...rng.sample(LCL_ORIGINS.slice(1), rng.int(1, 3))];
      for (const polCode of origins) {
        const routeCbm = rng.between(lane.lclCbm[0], lane.lclCbm[1]);
        const row = (volume: string | null, validity: Validity) =>
          lclRow(rows.length + 1, rng, ref, lane, polCode, podCode, volume, routeCbm, validity);
        if (featured.has(`${polCode}>${podCode}`)) {
          for (const volume of VOLUMES) rows.push(row(volume, cal.validity("current", rng)));
          rows.push(row(null, cal.validity("expired", rng)));
          continue;
        }
        const bands = rng.chance(0.15) ? rng.sample(VOLUMES, 2) : [rng.chance(0.5) ? rng.pick(VOLUMES) : null];
        for (const volume of bands) rows.push(row(volume, cal.randomValidity(rng)));
      }
    }
  }
  return rows;
}

function lclRow(
  id: number,
  rng: Random,
  ref: ReferenceData,
  lane: (typeof SEA_LANES)[number],
  polCode: string,
  podCode: string,
  volume: string | null,
  routeCbm: number,
  validity: Validity,
): Prisma.LclRateCreateManyInput {
  // Larger volume bands get a lower price per CBM.
  const bandFactor = volume === "10-15CBM" ? 0.86 : volume === "5-10CBM" ? 0.93 : 1;
  const cbm = routeCbm * bandFactor * rng.between(0.98, 1.02);
  const ton = cbm * rng.between(1.05, 1.4);
  const margin = (base: number) => base * rng.between(0.06, 0.1) + rng.between(0.8, 2.5);
  const [cbmT0, cbmT1, cbmT2] = centTiers(cbm, margin(cbm), margin(cbm));
  const [tonT0, tonT1, tonT2] = centTiers(ton, margin(ton), margin(ton));
  const etd = rng.int(0, 6);
  const viaCodes = lane.vias.filter((v) => v !== podCode);
  const direct = viaCodes.length === 0 || rng.chance(0.6);
  const days = rng.int(lane.days[0], lane.days[1]) + (direct ? 0 : rng.int(3, 7));
  const pod = ref.port(podCode);
  return {
    id,
    pol: ref.port(polCode).name,
    pod: pod.name,
    country: pod.countryNameZh ?? null,
    volume,
    freightCbmT0: money(cbmT0),
    freightCbmT1: money(cbmT1),
    freightCbmT2: money(cbmT2),
    freightTonT0: money(tonT0),
    freightTonT1: money(tonT1),
    freightTonT2: money(tonT2),
    cisf: rng.pick(CISF),
    bookingCutoff: `${WEEKDAYS[(etd + 4) % 7]} 12:00`,
    cargoCutoff: `${WEEKDAYS[(etd + 5) % 7]} 17:00`,
    etd: WEEKDAYS[etd],
    via: direct ? "直拼" : ref.port(rng.pick(viaCodes)).name,
    transitTime: `${days}天`,
    ...validity,
    // valid_to is a Shanghai wall-clock date-time (issue 22 item 8): the end of its day.
    validTo: new Date(validity.validTo.getTime() + 86_399_000),
    remark: rng.pick(REMARKS),
  };
}
