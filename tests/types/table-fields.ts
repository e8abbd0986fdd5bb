// Type test (issue 19 item 5): a query through the typed delegates takes the
// fields of the table it runs on, not those of any rate table. `npx tsc
// --noEmit -p .` checks this file (tests/**/*.ts is in tsconfig's include);
// every `@ts-expect-error` below must meet an error, or tsc fails with
// "Unused '@ts-expect-error' directive" (as it did before the delegates were
// generic over the model: an FCL column was accepted on the air table).
// Nothing here runs: vitest collects only *.test.ts.
import { airArea, dataAreas, fclArea } from "~/domain/data-areas";
import { delegate, type AreaWhere } from "~/domain/data-areas/queries.server";
import { modeOf, type ModeDescription } from "~/domain/modes";
import { rateDelegate, type RateSelect, type RateWhere } from "~/domain/rates/search.server";

export async function airRateQueries() {
  const air = rateDelegate(modeOf("air"));
  // Fields of the air table: accepted.
  await air.findMany({
    where: { pol: "PVG", bulk45T1: { not: null } },
    select: { id: true, bulk45T1: true },
    orderBy: [{ bulk45T1: "asc" }],
  });
  await air.count({ where: { carrier: "MU" } });
  await air.groupBy({ by: ["pol", "pod"], where: { pol: "PVG" }, orderBy: { _count: { pol: "desc" } } });
  // @ts-expect-error gp20T1 is an FCL column: not a field of the air table.
  await air.findMany({ where: { gp20T1: { not: null } }, select: { id: true } });
  // @ts-expect-error the same in a select.
  await air.findMany({ where: {}, select: { id: true, gp20T1: true } });
  // @ts-expect-error the same in an order.
  await air.findMany({ where: {}, select: { id: true }, orderBy: [{ gp20T1: "asc" }] });
  // @ts-expect-error the same in a group's fields.
  await air.groupBy({ by: ["gp20T1"], where: {}, orderBy: { pol: "asc" } });
  // @ts-expect-error freightCbmT0 is an LCL column.
  await air.count({ where: { freightCbmT0: { gt: 0 } } });
  // @ts-expect-error inside AND, too.
  await air.count({ where: { AND: [{ gp20T0: null }] } });

  const fcl = rateDelegate(modeOf("fcl"));
  await fcl.count({ where: { gp20T1: { not: null } } });
  // @ts-expect-error bulk45T1 is an air column: not a field of the FCL table.
  await fcl.count({ where: { bulk45T1: { not: null } } });

  // Typed arguments written beforehand are checked against their table too.
  const airOnly: RateSelect<"airRate"> = { id: true, bulk100T2: true };
  // @ts-expect-error an FCL column in a select of the air table.
  const wrongSelect: RateSelect<"airRate"> = { id: true, gp40T2: true };
  const lclWhere: RateWhere<"lclRate"> = { freightTonT1: { gt: 0 } };
  return [airOnly, wrongSelect, lclWhere];
}

/** A query on whichever mode (a description known only as ModeDescription) names a field of any rate table, as before. */
export async function anyModeQuery(mode: ModeDescription) {
  const rates = rateDelegate(mode);
  await rates.count({ where: { gp20T1: { not: null }, bulk45T1: { not: null } } });
  // @ts-expect-error a field of no rate table at all.
  await rates.count({ where: { carier: "MU" } });
}

export async function dataAreaQueries() {
  // An area's own description gives its own table's fields.
  await delegate(airArea).findMany({ where: { bulk45T0: { gt: 0 } }, select: { id: true, bulk45T0: true }, orderBy: { id: "asc" } });
  await delegate(fclArea).count({ where: { gp20T0: { gt: 0 } } });
  // @ts-expect-error gp20T0 is an FCL column: not a field of the air area's table.
  await delegate(airArea).count({ where: { gp20T0: { gt: 0 } } });
  // @ts-expect-error the same in the data of an update.
  await delegate(airArea).update({ where: { id: 1 }, data: { gp20T0: 1 }, select: { id: true } });
  // @ts-expect-error a sea port's column on the air table.
  await delegate(airArea).findFirst({ select: { id: true, countryNameZh: true } });
  const airWhere: AreaWhere<"airRate"> = { pol: "PVG" };
  // An area looked up at run time: any of the nine tables' fields, as before.
  await delegate(dataAreas.air).count({ where: { gp20T0: { gt: 0 } } });
  return airWhere;
}
