// Throughput (issue 9.4). Not a test: the built server (one process, its
// own embedded PostgreSQL with the demo data) under autocannon on loopback,
// two pages side by side in one run:
//   - baseline: /bench/trivial, a bare page with a trivial loader
//     (app/routes/bench.trivial.tsx; the server runs with BENCH_ROUTES=1),
//     asked for by a visitor (the target's baseline), and the same page for
//     the logged-in T1 customer (the root loader then looks the session up:
//     what any page of a logged-in user costs);
//   - the FCL results page of a 50-row route (page 1: 20 rows, prices and
//     fees) for a logged-in T1 customer (every request also writes its
//     query log and search history, as in production).
// Both as a browser asks (Accept-Encoding gzip, deflate, br), alternating
// ROUNDS times; prints requests per second, latency and CPU per request
// (server process and PostgreSQL) of each, and the ratios FCL / baseline;
// exits non-zero when FCL / visitor baseline is below 70 %. Then the same on
// a server with DATA_CACHE=0 (every read from PostgreSQL: the figure of a
// route nobody searched since its table last changed); UNCACHED=0 skips it.
//
//   npm run build && npm run bench:throughput
//   DURATION=10 CONNECTIONS=10 ROUNDS=2 (defaults)
//   SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server
import os from "node:os";
import { createRequire } from "node:module";
import { addFiftyRowRoutes, login, request, startServer } from "./lib/server";

type Result = {
  requests: { average: number; total: number };
  latency: { p50: number; p97_5: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (options: Record<string, unknown>) => Promise<Result>;

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const TARGET = 0.7;
const log = (line: string) => console.log(`[throughput] ${line}`);
const BROWSER = { "Accept-Encoding": "gzip, deflate, br", Accept: "text/html" };

type Totals = { requests: number; seconds: number; node: number; postgres: number };

/**
 * One server (its env on top of the bench's), the three pages alternating
 * ROUNDS times; requests and CPU of each.
 */
async function measure(label: string, env: Record<string, string>) {
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const server = await startServer({ log, env: { BENCH_ROUTES: "1", ...env }, nodeArgs });
  try {
    const routes = await addFiftyRowRoutes(server.databaseUrl);
    const cookie = await login(server.url, "t1@example.com");
    const pages = {
      baseline: { path: "/bench/trivial", headers: BROWSER },
      baselineT1: { path: "/bench/trivial", headers: { ...BROWSER, Cookie: cookie } },
      fcl: { path: `/fclbysea?${routes.fcl}`, headers: { ...BROWSER, Cookie: cookie } },
    };
    type PageName = keyof typeof pages;
    for (const [name, page] of Object.entries(pages)) {
      const response = await request(`${server.url}${page.path}`, { headers: page.headers });
      const body = response.body.toString("utf8");
      if (response.status !== 200) throw new Error(`${name}: ${page.path} answered ${response.status}`);
      if (name === "fcl" && (body.match(/class="rates__row/g) ?? []).length !== 20) throw new Error("the FCL page does not show 20 rows");
      log(`${label} ${name}: GET ${page.path}: ${response.status}, ${(response.wireBytes / 1024).toFixed(1)} KB on the wire (${response.headers["content-encoding"] ?? "identity"}), ${(body.length / 1024).toFixed(1)} KB HTML; Server-Timing: ${response.headers["server-timing"] ?? "none"}`);
    }
    const run = (page: { path: string; headers: Record<string, string> }, duration: number) =>
      autocannon({ url: `${server.url}${page.path}`, connections: CONNECTIONS, duration, headers: page.headers });

    // Warm up (JIT, plans, connection pool).
    for (const page of Object.values(pages)) await run(page, 3);

    const names = Object.keys(pages) as PageName[];
    const totals = Object.fromEntries(names.map((n) => [n, { requests: 0, seconds: 0, node: 0, postgres: 0 }])) as Record<PageName, Totals>;
    for (let round = 1; round <= ROUNDS; round++) {
      for (const name of names) {
        const cpuBefore = server.cpuMs();
        const result = await run(pages[name], DURATION);
        const cpuAfter = server.cpuMs();
        if (result.non2xx || result.errors || result.timeouts) {
          throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
        }
        totals[name].requests += result.requests.total;
        totals[name].seconds += DURATION;
        totals[name].node += cpuAfter.node - cpuBefore.node;
        totals[name].postgres += cpuAfter.postgres - cpuBefore.postgres;
        const perRequest = (ms: number) => (ms / result.requests.total).toFixed(2);
        log(
          `${label} round ${round} ${name.padEnd(10)} ${result.requests.average.toFixed(0).padStart(5)} req/s  latency p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms; CPU per request: server ${perRequest(cpuAfter.node - cpuBefore.node)} ms + PostgreSQL ${perRequest(cpuAfter.postgres - cpuBefore.postgres)} ms`,
        );
      }
    }
    return totals;
  } finally {
    await server.stop();
  }
}

function report(label: string, totals: Record<"baseline" | "baselineT1" | "fcl", Totals>): number {
  const rps = (name: keyof typeof totals) => totals[name].requests / totals[name].seconds;
  const cost = (name: keyof typeof totals) => (totals[name].node + totals[name].postgres) / totals[name].requests;
  const server = (name: keyof typeof totals) => (totals[name].node / totals[name].requests).toFixed(2);
  const ratio = rps("fcl") / rps("baseline");
  log(`${label}:`);
  log(`  baseline, bare page with a trivial loader, visitor: ${rps("baseline").toFixed(0)} req/s, CPU ${cost("baseline").toFixed(2)} ms per request (server ${server("baseline")} ms)`);
  log(`  the same page for the logged-in T1 customer:       ${rps("baselineT1").toFixed(0)} req/s, CPU ${cost("baselineT1").toFixed(2)} ms per request (server ${server("baselineT1")} ms)`);
  log(`  FCL results page, T1, 20 rows:                      ${rps("fcl").toFixed(0)} req/s, CPU ${cost("fcl").toFixed(2)} ms per request (server ${server("fcl")} ms)`);
  log(`  ratio FCL / baseline (visitor): ${(ratio * 100).toFixed(0)} % (target ≥ ${TARGET * 100} %) ${ratio >= TARGET ? "ok" : "BELOW TARGET"}`);
  log(`  ratio FCL / baseline (T1): ${((rps("fcl") / rps("baselineT1")) * 100).toFixed(0)} %; from CPU per request (what a machine doing nothing else would show): ${((cost("baseline") / cost("fcl")) * 100).toFixed(0)} % and ${((cost("baselineT1") / cost("fcl")) * 100).toFixed(0)} %`);
  return ratio;
}

async function main() {
  const cached = await measure("[as deployed]", {});
  // The same with every read from PostgreSQL (DATA_CACHE=0): what a search
  // costs on a route nobody searched since the last change of its table.
  const uncached = process.env.UNCACHED === "0" ? null : await measure("[DATA_CACHE=0]", { DATA_CACHE: "0" });
  const ratio = report("as deployed (the one route searched again and again: its reads come from the cache)", cached);
  if (uncached) report("DATA_CACHE=0 (every read from PostgreSQL)", uncached);
  log(`${CONNECTIONS} connections, ${DURATION} s × ${ROUNDS} rounds each; node ${process.version}, ${os.cpus().length} CPU ${os.cpus()[0]?.model ?? ""}, load ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}`);
  if (ratio < TARGET) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
