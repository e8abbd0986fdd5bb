// The insights dashboard at scale (issue 24). Not a test: fills a scratch
// database with the search bench's 1,000,000 FCL rates and 10,000 sea ports
// (lib/search-seed.ts) plus 5,000,000 query-log rows of 3,000 customers over
// a year and their bookings (set-based SQL, generate_series), rolls the logs
// up as the schedule does (refreshInsights, timed: the first full roll-up and
// a scheduled refresh), then times, for a 90-day period, each section of the
// dashboard as the loader computes it (loadInsights with one table: unmet
// demand, top lanes by searches and by bookings, the daily trend, a lane's
// price history, the idle customers) and the whole page's data with its
// chart geometry (insightsScreen, what the /insights loader returns after the
// session check), for a global viewer (administrator) and a view-2
// salesperson (a third of the customers).
// Prints p50/p95/max; exits non-zero when the whole loader's p95 is 300 ms or more.
//
//   npm run bench:insights                 (LOGS=500000 RATES=100000 for a quick look)
//   BENCH_KEEP_DB=1 npm run bench:insights (keep the generated data for the next run;
//                                           ROLLUP=0 also skips the first roll-up then)
import os from "node:os";
import { ms, openScratchDatabase, percentiles } from "./lib/scratch-db";
import { seedInsightsTraffic, seedSearchData } from "./lib/search-seed";
import { recordResults } from "./lib/results";

const RATES = Number(process.env.RATES ?? 1_000_000);
const LOGS = Number(process.env.LOGS ?? 5_000_000);
const CUSTOMERS = Number(process.env.CUSTOMERS ?? 3_000);
const RUNS = Number(process.env.RUNS ?? 20);
const BUDGET_MS = 300;
const log = (line: string) => console.log(`[insights] ${line}`);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

async function main() {
  log(`load before: ${load()} (${os.cpus().length} cores, shared with other work)`);
  const db = await openScratchDatabase({ log, name: "freight_bench_insights" });
  let failed = false;
  try {
    const seeded = !db.fresh && (await db.client.query(`SELECT to_regclass('bench_insights_seeded') AS t`)).rows[0].t !== null;
    if (!seeded) {
      await seedSearchData(db.client, { rows: RATES, ports: 10_000, log });
      await seedInsightsTraffic(db.client, { logs: LOGS, customers: CUSTOMERS, days: 365, log });
      await db.client.query(`CREATE TABLE bench_insights_seeded (at timestamp DEFAULT now())`);
    }
    const counts = (
      await db.client.query<{ logs: string; rates: string }>(
        `SELECT (SELECT count(*) FROM query_logs) AS logs, (SELECT count(*) FROM fcl_rates) AS rates`,
      )
    ).rows[0];
    log(`data: ${Number(counts.logs).toLocaleString("en")} query-log rows, ${Number(counts.rates).toLocaleString("en")} FCL rates`);
    const { refreshInsights } = await import("../../app/domain/insights/rollup.server");
    const { loadInsights } = await import("../../app/domain/insights/insights.server");
    const { insightsScreen } = await import("../../app/domain/insights/page.server");
    const { INSIGHT_TABLES } = await import("../../app/domain/import-export/lanes");
    const { modeByKey } = await import("../../app/domain/modes");
    const { addDays } = await import("../../app/domain/table/paging.server");
    const { formatDate, todayInShanghai } = await import("../../app/utils/dates");
    const { prisma } = await import("../../app/utils/db.server");
    const { createUserSession, getViewer } = await import("../../app/http/auth.server");

    // The first roll-up of every day (what a new installation or a rebuild does), then a scheduled refresh.
    // ROLLUP=0 keeps the roll-up of a kept database (a quicker rerun of the timings).
    let t = Date.now();
    if (process.env.ROLLUP !== "0") {
      await db.client.query(`DELETE FROM insight_daily_searches`);
      const rows = await refreshInsights();
      log(`first roll-up: ${rows.toLocaleString("en")} rollup rows in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    t = Date.now();
    await refreshInsights();
    log(`scheduled refresh (the last day again): ${Date.now() - t} ms`);
    await db.client.query(`VACUUM ANALYZE insight_daily_searches`);

    const fcl = modeByKey("fcl");
    const to = formatDate(todayInShanghai());
    const period = { from: addDays(to, -89), to };
    // The lane with the most rate rows (the longest price history).
    const lane = (
      await db.client.query<{ pol: string; pod: string; n: string }>(
        `SELECT pol, pod, count(*) AS n FROM fcl_rates GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`,
      )
    ).rows[0];
    const options = {
      period,
      minSearches: 3,
      lane: { origin: lane.pol, destination: lane.pod },
      noRate: false,
      group: "day" as const,
      carrier: null,
    };
    const url = new URL(
      `http://bench/insights?${new URLSearchParams({ mode: "fcl", from: period.from, to: period.to, origin: lane.pol, destination: lane.pod })}`,
    );
    // The viewers as a request resolves them (session, role, permissions, menus, views).
    const viewerOf = async (where: { roleId: number } | { email: string }) => {
      const user = await prisma.user.findFirstOrThrow({ where, orderBy: { id: "asc" }, select: { id: true } });
      const signIn = await createUserSession({ request: new Request("http://bench/login"), context: {} }, user.id, "/");
      const cookie = signIn.headers.get("Set-Cookie")!.split(";")[0];
      const viewer = await getViewer({ request: new Request("http://bench/insights", { headers: { Cookie: cookie } }), context: {} });
      if (!viewer) throw new Error("no viewer for the session");
      return viewer;
    };
    const admin = await viewerOf({ roleId: 1 });
    const salesUser = await viewerOf({ email: "sales@example.com" });
    log(`period ${period.from} .. ${period.to} (90 days), lane ${lane.pol} → ${lane.pod} (${lane.n} rate rows)`);

    const time = async (fn: () => Promise<unknown>) => {
      const samples: number[] = [];
      for (let i = 0; i < RUNS + 2; i++) {
        const start = performance.now();
        await fn();
        if (i >= 2) samples.push(performance.now() - start);
      }
      return percentiles(samples);
    };
    const line = (name: string, p: ReturnType<typeof percentiles>) =>
      `  ${name.padEnd(28)} p50 ${ms(p.p50).padStart(10)}  p95 ${ms(p.p95).padStart(10)}  max ${ms(p.max).padStart(10)}`;

    const wholes: string[] = [];
    for (const [name, viewer] of [
      ["global view (administrator)", admin],
      ["view 2 (salesperson, a third of the customers)", salesUser],
    ] as const) {
      const data = await loadInsights(viewer, fcl, options);
      log(
        `${name}: ${data.unmet.length} unmet lanes, ${data.topBySearches.length}/${data.topByBookings.length} top lanes, ${data.trend.length} days (${data.trend.reduce((n, d) => n + d.searches, 0).toLocaleString("en")} searches), ${data.growth.length} growing lanes, ${data.prices.length} price points, ${data.idle.length} idle customers`,
      );
      for (const table of INSIGHT_TABLES) log(line(`section ${table}`, await time(() => loadInsights(viewer, fcl, options, table))));
      const whole = await time(() => insightsScreen(viewer, fcl, url));
      log(line("whole loader (insightsScreen)", whole) + `  (budget ${BUDGET_MS} ms)`);
      if (whole.p95 >= BUDGET_MS) failed = true;
      wholes.push(`${name}: ${ms(whole.p95)} (p50 ${ms(whole.p50)})`);
    }
    if (!process.env.LOGS && !process.env.RATES)
      recordResults("bench:insights", [
        {
          metric: "dashboard, 90 days, 5,000,000 searches, 1,000,000 rates, p95",
          target: `< ${BUDGET_MS} ms`,
          value: wholes.join("; "),
          met: !failed,
        },
      ]);
    log(`load after: ${load()}`);
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
