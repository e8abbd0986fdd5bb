// "Recommended today" special-offer cards, ~10 per mode, valid now. Card prices
// are public and untiered; they are built so that they never equal a tier price
// (whole-unit modes end in .50, LCL prices end in a 0 cent digit).
import type { Prisma } from "../../app/generated/prisma/client.ts";
import type { SeedCalendar } from "./lib/dates.ts";
import { Random } from "./lib/random.ts";
import type { ReferenceData } from "./reference.ts";
import { EXPRESS_CATEGORIES, expressTotal } from "./rates/express.ts";
import { zoneField } from "../../app/domain/express-zones.ts";
import type { Tx } from "./types.ts";

export interface BuiltRates {
  fcl: Prisma.FclRateCreateManyInput[];
  lcl: Prisma.LclRateCreateManyInput[];
  air: Prisma.AirRateCreateManyInput[];
  rail: Prisma.RailRateCreateManyInput[];
  trailer: Prisma.TrailerRateCreateManyInput[];
  express: Prisma.ExpressRateCreateManyInput[];
}

type Offer = Prisma.SpecialOfferCreateManyInput;
const PER_MODE = 10;

/** A special price below the row's T1, ending in .50. */
const specialWhole = (t1: unknown, rng: Random) => (Math.floor(Number(t1) * rng.between(0.93, 0.97)) + 0.5).toFixed(2);
/** A special price below the row's T1, with a 0 last cent digit. */
const specialCents = (t1: unknown, rng: Random) => (Math.floor(Number(t1) * rng.between(0.93, 0.97) * 10) / 10).toFixed(2);

function bookable<T extends { validFrom?: unknown; validTo?: unknown; paused?: boolean }>(rows: T[], cal: SeedCalendar): T[] {
  return rows.filter((r) => !r.paused && (r.validFrom as Date) <= cal.today && (r.validTo as Date) >= cal.today);
}

/** One row per distinct route, spread over the list. */
function distinctRoutes<T>(rows: T[], key: (r: T) => string, count: number, rng: Random, first: (r: T) => boolean = () => false): T[] {
  const seen = new Set<string>();
  const unique = rows.filter((r) => !seen.has(key(r)) && seen.add(key(r)));
  const preferred = unique.filter(first);
  return [
    ...preferred,
    ...rng.sample(
      unique.filter((r) => !first(r)),
      count - preferred.length,
    ),
  ].slice(0, count);
}

export function buildSpecialOffers(ref: ReferenceData, cal: SeedCalendar, rates: BuiltRates): Offer[] {
  const rng = new Random("offers");
  const window = () => ({ validFrom: cal.startOfDay(-rng.int(1, 10)), validTo: cal.endOfDay(rng.int(7, 45)) });
  const offers: Offer[] = [];

  const fcl = distinctRoutes(
    bookable(rates.fcl, cal),
    (r) => `${r.pol}>${r.pod}`,
    PER_MODE,
    rng,
    (r) => r.pol === "SHANGHAI" && r.pod === "BATAM",
  );
  for (const r of fcl) {
    offers.push({
      mode: "FCL",
      pol: r.pol,
      pod: r.pod,
      carrier: r.carrier,
      sailingSchedule: r.sailingSchedule,
      via: r.via,
      transitTime: r.transitTime,
      gp20: specialWhole(r.gp20T1, rng),
      gp40: specialWhole(r.gp40T1, rng),
      hq40: specialWhole(r.hq40T1, rng),
      currency: "USD",
      ...window(),
    });
  }

  const lcl = distinctRoutes(
    bookable(rates.lcl, cal),
    (r) => `${r.pol}>${r.pod}`,
    PER_MODE,
    rng,
    (r) => r.pol === "SHANGHAI" && r.pod === "KOBE",
  );
  for (const r of lcl) {
    offers.push({
      mode: "LCL",
      pol: r.pol,
      pod: r.pod,
      country: r.country,
      via: r.via,
      volume: r.volume ?? "1-15CBM",
      freightCbm: specialCents(r.freightCbmT1, rng),
      freightTon: specialCents(r.freightTonT1, rng),
      transitTime: r.transitTime,
      etd: r.etd,
      currency: "USD",
      ...window(),
    });
  }

  // The air card has no price field: it advertises the route, airline and schedule.
  const air = distinctRoutes(
    bookable(rates.air, cal),
    (r) => `${r.pol}>${r.pod}`,
    PER_MODE,
    rng,
    (r) => r.pol === "PVG" && r.pod === "ORD",
  );
  for (const r of air) {
    offers.push({
      mode: "AIR",
      pol: r.pol,
      pod: r.pod,
      country: r.country,
      etd: r.etd,
      carrier: r.carrier,
      via: r.via,
      transitTime: r.transitTime,
      currency: "USD",
      ...window(),
    });
  }

  const rail = distinctRoutes(bookable(rates.rail, cal), (r) => `${r.pol}>${r.pod}`, PER_MODE, rng);
  for (const r of rail) {
    offers.push({
      mode: "RAIL",
      pol: r.pol,
      pod: r.pod,
      coc40: specialWhole(r.coc40T1, rng),
      soc40: specialWhole(r.soc40T1, rng),
      coc20: specialWhole(r.coc20T1, rng),
      soc20: specialWhole(r.soc20T1, rng),
      soc20x2: specialWhole(r.soc20x2T1, rng),
      currency: r.currency,
      trainService: r.trainService,
      transitTime: r.transitTime,
      ...window(),
    });
  }

  const trailer = distinctRoutes(
    bookable(rates.trailer, cal),
    (r) => `${r.dock}>${r.doorPoint}`,
    PER_MODE,
    rng,
    (r) => r.dock === "上海港" && r.doorPoint === "上海浦东",
  );
  for (const r of trailer) {
    offers.push({
      mode: "TRAILER",
      dock: r.dock,
      doorPoint: r.doorPoint,
      gp20: specialWhole(r.gp20T1, rng),
      gp40: specialWhole(r.gp40T1, rng),
      hq40: specialWhole(r.hq40T1, rng),
      currency: "CNY",
      ...window(),
    });
  }

  const destinations = ["US-W", "US-E", "JP", "DE", "GB", "AU", "SG", "KR", "FR", "CA"];
  const origins = ["上海", "深圳", "广州", "宁波"];
  destinations.forEach((code, i) => {
    const country = ref.expressCountry(code);
    const category = Object.keys(EXPRESS_CATEGORIES)[i % 4];
    const c = EXPRESS_CATEGORIES[category];
    const weight = rng.pick([0.5, 1, 2, 5, 10, 21]);
    const rate = rates.express.find((r) => r.category === category && Number(r.weight) === weight)!;
    const price = Math.floor(Number(rate[zoneField(country.zoneCode)!]) * rng.between(0.88, 0.95) * 10) / 10;
    offers.push({
      mode: "EXPRESS",
      origin: i === 0 ? "上海" : rng.pick(origins),
      destination: country.countryZh,
      weight: weight.toFixed(1),
      specialCost: price.toFixed(2),
      fuel: c.fuel.toFixed(2),
      discount: c.discount.toFixed(4),
      totalCost: expressTotal(price, c.fuel, c.discount).toFixed(2),
      category,
      currency: "USD",
      ...window(),
    });
  });

  return offers.map((o, i) => ({ id: i + 1, ...o }));
}

export async function seedSpecialOffers(tx: Tx, offers: Offer[]): Promise<void> {
  await tx.specialOffer.createMany({ data: offers });
}
