// Inland trailer (road haulage) rates in CNY, port area to door point.
import type { Prisma } from "../../../app/generated/prisma/client.ts";
import { TRAILER_ROUTES } from "../data/land-routes.ts";
import type { SeedCalendar, Validity, ValidityKind } from "../lib/dates.ts";
import { money, wholeTiers } from "../lib/money.ts";
import { Random } from "../lib/random.ts";

const REMARKS = [
  "含高速费及过路费",
  "夜间提柜需另加RMB 200",
  "双拖另询",
  "超重柜(>25吨)另加费用",
  "压夜费RMB 300/晚",
  "含一次装卸等待(3小时内)",
];

export function buildTrailerRates(cal: SeedCalendar): Prisma.TrailerRateCreateManyInput[] {
  const rng = new Random("trailer");
  const rows: Prisma.TrailerRateCreateManyInput[] = [];
  for (const [dock, doors] of Object.entries(TRAILER_ROUTES)) {
    for (const [door, km] of doors) {
      // Per route: last period (expired), three or four current offers, sometimes
      // the next period (not yet valid) or a paused row.
      const kinds: ValidityKind[] = ["expired", "current", "current", "current"];
      if (rng.chance(0.7)) kinds.push("current");
      if (rng.chance(0.5)) kinds.push("future");
      if (rng.chance(0.3)) kinds.push("paused");
      const base = 520 + km * rng.between(5.5, 7.5);
      for (const kind of kinds) rows.push(trailerRow(rows.length + 1, rng, dock, door, base, cal.validity(kind, rng)));
    }
  }
  return rows;
}

function trailerRow(
  id: number,
  rng: Random,
  dock: string,
  doorPoint: string,
  base: number,
  validity: Validity,
): Prisma.TrailerRateCreateManyInput {
  const gp20 = base * rng.between(0.95, 1.08);
  const gp40 = gp20 * rng.between(1.1, 1.2) + 100;
  const hq40 = gp40 + rng.between(30, 80);
  const margin = (v: number) => v * rng.between(0.05, 0.09) + rng.between(20, 50);
  const [gp20T0, gp20T1, gp20T2] = wholeTiers(gp20, margin(gp20), margin(gp20));
  const [gp40T0, gp40T1, gp40T2] = wholeTiers(gp40, margin(gp40), margin(gp40));
  const [hq40T0, hq40T1, hq40T2] = wholeTiers(hq40, margin(hq40), margin(hq40));
  return {
    id,
    dock,
    doorPoint,
    gp20T0: money(gp20T0),
    gp40T0: money(gp40T0),
    hq40T0: money(hq40T0),
    gp20T1: money(gp20T1),
    gp40T1: money(gp40T1),
    hq40T1: money(hq40T1),
    gp20T2: money(gp20T2),
    gp40T2: money(gp40T2),
    hq40T2: money(hq40T2),
    ...validity,
    remark: rng.pick(REMARKS),
  };
}
