// The insights dashboard at scale (issue 24). Not a test: fills a scratch
// database with the search bench's 1,000,000 FCL rates and 10,000 sea ports
// (lib/search-seed.ts) plus 5,000,000 query-log rows of 3,000 customers over
// a year and their bookings, rolls the logs up (refreshInsights, timed: the
// first full roll-up and a scheduled refresh), then times the dashboard's
// figures for a 90-day period as the loader computes them (loadInsights:
// unmet demand, top lanes both ways, the daily trend, the idle customers and
// a lane's price history) for a global viewer and a view-2 salesperson.
// Prints p50/p95/max; exits non-zero when a p95 is 300 ms or more.
//
//   npm run bench:insights        (LOGS=500000 RATES=100000 for a quick look)
import os from "node:os";
import { ms, openScratchDatabase, percentiles } from "./lib/scratch-db";
import { seedInsightsTraffic, seedSearchData } from "./lib/search-seed";

const RATES = Number(process.env.RATES ?? 1_000_000);
const LOGS = Number(process.env.LOGS ?? 5_000_000);
const CUSTOMERS = Number(process.env.CUSTOMERS ?? 3_000);
const RUNS = Number(process.env.RUNS ?? 20);
const BUDGET_MS = 300;
const log = (line: string) => console.log(`[insights] ${line}`);

async function main() {
  log(`load before: ${os.loadavg().map((n) => n.toFixed(2)).join(" ")} (${os.cpus().length} cores, shared with other work)`);
  const db = await openScratchDatabase({ log, name: "freight_bench_insights" });
  let failed = false;
  try {
    await seedSearchData(db.client, { rows: RATES, ports: 10_000, log });
    await seedInsightsTraffic(db.client, { logs: LOGS, customers: CUSTOMERS, days: 365, log });
    const { refreshInsights } = await import("../../app/domain/insights/rollup.server");
    const { loadInsights } = await import("../../app/domain/insights/insights.server");
    const { modeByKey } = await import("../../app/domain/modes");
    const { addDays } = await import("../../app/domain/table/paging.server");
    const { formatDate, todayInShanghai } = await import("../../app/utils/dates");
    const { prisma } = await import("../../app/utils/db.server");

    let t = Date.now();
    const rows = await refreshInsights();
    log(`first roll-up: ${rows.toLocaleString("en")} rollup rows in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    t = Date.now();
    await refreshInsights();
    log(`scheduled refresh (the last day again): ${Date.now() - t} ms`);
    await db.client.query(`ANALYZE insight_daily_searches`);

    const fcl = modeByKey("fcl");
    const to = formatDate(todayInShanghai());
    const period = { from: addDays(to, -89), to };
    const lane = (await db.client.query<{ pol: string; pod: string }>(`SELECT pol, pod FROM fcl_rates GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`)).rows[0];
    const admin = { id: 1, roleId: 1, viewIds: [] as number[] };
    const salesUser = await prisma.user.findUniqueOrThrow({ where: { email: "sales@example.com" }, select: { id: true, roleId: true, viewIds: true } });
    for (const [name, viewer] of [
      ["global view (administrator)", admin],
      ["view 2 (salesperson, a third of the customers)", salesUser],
    ] as const) {
      const samples: number[] = [];
      let figures = "";
      for (let i = 0; i < RUNS + 2; i++) {
        const start = performance.now();
        const data = await loadInsights(viewer as never, fcl, { period, minSearches: 3, lane: { origin: lane.pol, destination: lane.pod } });
        if (i >= 2) samples.push(performance.now() - start);
        figures = `${data.unmet.length} unmet lanes, ${data.topBySearches.length}/${data.topByBookings.length} top lanes, ${data.trend.length} days, ${data.prices.length} price rows, ${data.idle.length} idle customers`;
      }
      const p = percentiles(samples);
      log(`${name}: 90 days, ${figures}`);
      log(`  loadInsights p50 ${ms(p.p50)}  p95 ${ms(p.p95)}  max ${ms(Math.max(...samples))}  (budget ${BUDGET_MS} ms)`);
      if (p.p95 >= BUDGET_MS) failed = true;
    }
    log(`load after: ${os.loadavg().map((n) => n.toFixed(2)).join(" ")}`);
    await prisma.$disconnect();
  } finally {
    await db.close();
  }
  if (failed) {
    log("FAILED: a p95 is over budget");
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
