// Sea FCL rates: Chinese origin ports to the lanes' destination ports.
import type { Prisma } from "../../../app/generated/prisma/client.ts";
import { SAILING_SCHEDULES, SEA_LANES, SEA_ORIGINS } from "../data/sea-lanes.ts";
import type { SeedCalendar, Validity } from "../lib/dates.ts";
import { money, wholeTiers } from "../lib/money.ts";
import { Random } from "../lib/random.ts";
import type { ReferenceData } from "../reference.ts";

/** Routes the visitor defaults and the demo rely on: always several bookable rows. */
export const FCL_FEATURED: [pol: string, pod: string][] = [
  ["CNSHA", "IDBTM"],
  ["CNSHA", "USLAX"],
  ["CNSHA", "NLRTM"],
  ["CNNGB", "SGSIN"],
];

const DESTINATION_DOCKS: Record<string, string[]> = {
  IDBTM: ["BATU AMPAR", "KABIL"],
  SGSIN: ["PSA TUAS", "PSA PASIR PANJANG"],
  USLAX: ["WBCT", "APM T400", "YTI"],
  USLGB: ["LBCT", "TTI"],
  NLRTM: ["ECT DELTA", "RWG", "APMT MAASVLAKTE II"],
  DEHAM: ["CTA", "CTB", "EUROGATE"],
  BEANR: ["MPET", "ANTWERP GATEWAY"],
  GBFXT: ["TRINITY"],
};

const REMARKS = [
  "运价含BAF/CAF，不含目的港费用",
  "舱位紧张，请提前一周订舱",
  "旺季附加费(PSS)另计",
  "直达服务，船期稳定",
  "中转服务，船期以船公司公布为准",
  "可接受SOC箱",
  "目的港免用箱期7天",
];
const US_REMARK = "美线需提前申报AMS/ISF";
const OTHER_NOTES = ["不接危险品", "接受冷代干", "不接超重柜", "需提前3天截单", "目的港免费用箱14天"];
const THC = ["RMB 1020/1540/1540", "RMB 980/1480/1480", "RMB 1050/1580/1580", "RMB 990/1500/1500"];

export function buildFclRates(ref: ReferenceData, cal: SeedCalendar): Prisma.FclRateCreateManyInput[] {
  const rng = new Random("fcl");
  const rows: Prisma.FclRateCreateManyInput[] = [];
  const featured = new Set(FCL_FEATURED.map(([a, b]) => `${a}>${b}`));
  const otherOrigins = SEA_ORIGINS.filter((o) => o.code !== "CNSHA" && o.code !== "CNNGB");

  for (const lane of SEA_LANES) {
    for (const podCode of lane.destinations) {
      const origins = [SEA_ORIGINS[0], SEA_ORIGINS[1], ...rng.sample(otherOrigins, rng.int(1, 2))];
      for (const origin of origins) {
        const isFeatured = featured.has(`${origin.code}>${podCode}`);
        const carriers = rng.sample(lane.carriers, isFeatured ? 4 : rng.int(1, 2));
        // One price level per route; carriers differ by a few per cent.
        const routeGp20 = rng.between(lane.gp20[0], lane.gp20[1]) + origin.offset;
        carriers.forEach((carrier, i) => {
          // Featured routes: the first three rows are bookable today, the fourth has expired.
          const validity: Validity = isFeatured ? cal.validity(i < 3 ? "current" : "expired", rng) : cal.randomValidity(rng);
          rows.push(fclRow(rows.length + 1, rng, ref, lane, origin, podCode, carrier, routeGp20, validity));
        });
      }
    }
  }
  return rows;
}

function fclRow(
  id: number,
  rng: Random,
  ref: ReferenceData,
  lane: (typeof SEA_LANES)[number],
  origin: (typeof SEA_ORIGINS)[number],
  podCode: string,
  carrier: string,
  routeGp20: number,
  validity: Validity,
): Prisma.FclRateCreateManyInput {
  const gp20 = routeGp20 * rng.between(0.93, 1.07);
  const gp40 = gp20 * rng.between(1.75, 1.95);
  const hq40 = gp40 + rng.between(25, 90);
  const margin = (base: number) => base * rng.between(0.05, 0.09) + rng.between(20, 45);
  const [gp20T0, gp20T1, gp20T2] = wholeTiers(gp20, margin(gp20), margin(gp20));
  const [gp40T0, gp40T1, gp40T2] = wholeTiers(gp40, margin(gp40), margin(gp40));
  const [hq40T0, hq40T1, hq40T2] = wholeTiers(hq40, margin(hq40), margin(hq40));

  const viaCodes = lane.vias.filter((v) => v !== podCode);
  const direct = viaCodes.length === 0 || rng.chance(0.55);
  const days = rng.int(lane.days[0], lane.days[1]) + (direct ? 0 : rng.int(2, 5)) + (origin.code === "CNDLC" ? 2 : 0);
  const country = podCode.slice(0, 2);
  const manifest =
    country === "US" || country === "CA"
      ? "AMS USD 35/票"
      : lane.name === "欧洲线" || lane.name === "地中海线"
        ? "ENS USD 30/票"
        : "RMB 150/票";
  const remark = manifest.startsWith("AMS") && rng.chance(0.4) ? US_REMARK : rng.pick(REMARKS);
  const weightLimit = rng.chance(0.4) ? `20GP限重${rng.int(18, 26)}吨` : null;
  const other = rng.chance(0.3) ? rng.pick(OTHER_NOTES) : null;
  const remark3 = rng.chance(0.3) ? `免柜期：目的港${rng.pick([5, 7, 10, 14])}天` : null;

  return {
    id,
    pol: ref.port(origin.code).name,
    pod: ref.port(podCode).name,
    destinationDock: DESTINATION_DOCKS[podCode] ? rng.pick(DESTINATION_DOCKS[podCode]) : null,
    sailingSchedule: rng.pick(SAILING_SCHEDULES),
    carrier,
    gp20T0: money(gp20T0),
    gp40T0: money(gp40T0),
    hq40T0: money(hq40T0),
    gp20T1: money(gp20T1),
    gp40T1: money(gp40T1),
    hq40T1: money(hq40T1),
    gp20T2: money(gp20T2),
    gp40T2: money(gp40T2),
    hq40T2: money(hq40T2),
    bookingFee: rng.chance(0.6) ? `USD ${rng.pick([25, 30, 35])}/票` : null,
    thc: rng.pick(THC),
    seal: "RMB 50/个",
    vgm: rng.chance(0.7) ? "RMB 100/票" : null,
    eir: rng.chance(0.5) ? "RMB 30/箱" : null,
    doc: `RMB ${rng.pick([400, 450, 500])}/票`,
    manifest,
    via: direct ? "直达" : ref.port(rng.pick(viaCodes)).name,
    transitTime: `${days}天`,
    dock: rng.pick(origin.terminals),
    ...validity,
    remark,
    weightLimit,
    other,
    remark3,
    remark4: null,
    remarkConcat: [remark, weightLimit, other, remark3].filter(Boolean).join("；"),
  };
}
