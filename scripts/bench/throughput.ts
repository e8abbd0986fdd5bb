// Throughput (issues 9.4 and 26). Not a test: the built server (one process,
// its own embedded PostgreSQL with the demo data) under autocannon on
// loopback, pages side by side in one run:
//   - baseline: /bench/trivial, a bare page with a trivial loader
//     (app/routes/bench.trivial.tsx; the server runs with BENCH_ROUTES=1),
//     asked for by a visitor (the target's baseline), and the same page for
//     the logged-in T1 customer (the root loader then looks the session up:
//     what any page of a logged-in user costs);
//   - the FCL results page of a 50-row route (page 1: 20 rows, prices and
//     fees) for a logged-in T1 customer (every request also writes its
//     query log and search history, as in production);
//   - the same results page for a visitor (from the page cache, decision
//     607), and answered 304 to If-None-Match;
//   - a raw Node `http` server answering a fixed 30 KB body (its own process).
// Both as a browser asks (Accept-Encoding gzip, deflate, br), alternating
// ROUNDS times; prints requests per second, latency and CPU per request
// (server process and PostgreSQL) of each, and the ratios. Then the T1 FCL
// page on two app processes (a second server/index.js on the same database,
// half the connections each) against one. Then the same pages on a server
// with PAGE_CACHE=0 (today's figure before the page cache); UNCACHED=1 also
// measures DATA_CACHE=0 (every read from PostgreSQL).
// Exits non-zero when FCL / visitor baseline is below 70 % (issue 9).
//
//   npm run build && npm run bench:throughput
//   DURATION=10 CONNECTIONS=10 ROUNDS=2 (defaults)
//   SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server
import os from "node:os";
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { addFiftyRowRoutes, login, processCpuMs, request, ROOT, startServer } from "./lib/server";

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

type PageName = "baseline" | "baselineT1" | "fcl" | "visitorFcl" | "notModified" | "raw";
type Page = {
  path: string;
  headers: Record<string, string>;
  base?: string;
  status?: number;
  cpu?: () => { node: number; postgres: number };
};

const RAW_PORT = Number(process.env.BENCH_PORT || 3150) + 1;
const SECOND_PORT = Number(process.env.BENCH_PORT || 3150) + 2;

/** A raw Node http server answering a fixed 30 KB body, in a process of its own (its CPU counted alone). */
async function startRawServer(): Promise<{ url: string; child: ChildProcess }> {
  const code = `const body = Buffer.alloc(30 * 1024, "x"); require("http").createServer((req, res) => { res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length }); res.end(body); }).listen(${RAW_PORT}, "127.0.0.1", () => console.log("up"));`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve, reject) => {
    child.stdout!.once("data", resolve);
    child.once("exit", () => reject(new Error("the raw server exited")));
  });
  return { url: `http://127.0.0.1:${RAW_PORT}`, child };
}

/** A second app process on the same database (what docker-compose.yml runs). */
async function startSecondProcess(databaseUrl: string, env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(ROOT, "server", "index.js")], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      INSECURE_COOKIES: "1",
      SESSION_SECRET: "bench-session-secret-not-for-production-0123456789",
      BENCH_ROUTES: "1",
      ...env,
      DATABASE_URL: databaseUrl,
      RUN_MIGRATIONS: "0",
      PORT: String(SECOND_PORT),
      UPLOAD_DIR: path.join(ROOT, ".data", `bench-uploads-second`),
    },
  });
  const url = `http://127.0.0.1:${SECOND_PORT}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error("the second app process exited");
    try {
      if ((await request(`${url}/healthz`)).status === 200) return { url, child };
    } catch {
      /* not yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the second app process did not start");
}

/**
 * One server (its env on top of the bench's), the pages alternating ROUNDS
 * times; requests and CPU of each; then the T1 page on two processes.
 */
async function measure(label: string, env: Record<string, string>) {
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const server = await startServer({ log, env: { BENCH_ROUTES: "1", ...env }, nodeArgs });
  const raw = await startRawServer();
  let second: { url: string; child: ChildProcess } | null = null;
  try {
    const routes = await addFiftyRowRoutes(server.databaseUrl);
    const cookie = await login(server.url, "t1@example.com");
    const fclPath = `/fclbysea?${routes.fcl}`;
    const pages: Partial<Record<PageName, Page>> = {
      baseline: { path: "/bench/trivial", headers: BROWSER },
      baselineT1: { path: "/bench/trivial", headers: { ...BROWSER, Cookie: cookie } },
      fcl: { path: fclPath, headers: { ...BROWSER, Cookie: cookie } },
      visitorFcl: { path: fclPath, headers: BROWSER },
    };
    const etag = (await request(`${server.url}${fclPath}`, { headers: BROWSER })).headers.etag;
    if (etag) pages.notModified = { path: fclPath, headers: { ...BROWSER, "If-None-Match": etag }, status: 304 };
    pages.raw = { path: "/", headers: BROWSER, base: raw.url, cpu: () => ({ node: processCpuMs(raw.child.pid!), postgres: 0 }) };
    for (const [name, page] of Object.entries(pages)) {
      const response = await request(`${page.base ?? server.url}${page.path}`, { headers: page.headers });
      const body = response.body.toString("utf8");
      if (response.status !== (page.status ?? 200)) throw new Error(`${name}: ${page.path} answered ${response.status}`);
      if ((name === "fcl" || name === "visitorFcl") && (body.match(/class="rates__row/g) ?? []).length !== 20)
        throw new Error(`${name}: the FCL page does not show 20 rows`);
      log(
        `${label} ${name}: GET ${page.path}: ${response.status}, ${(response.wireBytes / 1024).toFixed(1)} KB on the wire (${response.headers["content-encoding"] ?? "identity"}), ${(body.length / 1024).toFixed(1)} KB HTML; Server-Timing: ${response.headers["server-timing"] ?? "none"}`,
      );
    }
    const run = (page: Page, duration: number, base = page.base ?? server.url, connections = CONNECTIONS) =>
      autocannon({ url: `${base}${page.path}`, connections, duration, headers: page.headers });

    // Warm up (JIT, plans, connection pool).
    for (const page of Object.values(pages)) await run(page, 3);

    const names = Object.keys(pages) as PageName[];
    const totals = Object.fromEntries(names.map((n) => [n, { requests: 0, seconds: 0, node: 0, postgres: 0 }])) as Record<PageName, Totals>;
    for (let round = 1; round <= ROUNDS; round++) {
      for (const name of names) {
        const page = pages[name]!;
        const cpu = page.cpu ?? server.cpuMs;
        const cpuBefore = cpu();
        const result = await run(page, DURATION);
        const cpuAfter = cpu();
        const unexpected = page.status === 304 ? result.requests.total - (result as Result & { "3xx"?: number })["3xx"]! : result.non2xx;
        if (unexpected || result.errors || result.timeouts) {
          throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
        }
        totals[name].requests += result.requests.total;
        totals[name].seconds += DURATION;
        totals[name].node += cpuAfter.node - cpuBefore.node;
        totals[name].postgres += cpuAfter.postgres - cpuBefore.postgres;
        const perRequest = (ms: number) => (ms / result.requests.total).toFixed(2);
        log(
          `${label} round ${round} ${name.padEnd(11)} ${result.requests.average.toFixed(0).padStart(5)} req/s  latency p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms; CPU per request: server ${perRequest(cpuAfter.node - cpuBefore.node)} ms + PostgreSQL ${perRequest(cpuAfter.postgres - cpuBefore.postgres)} ms`,
        );
      }
    }

    // The logged-in FCL page on two app processes, half the connections each.
    let twoProcesses: number | null = null;
    if (process.env.TWO_PROCESSES !== "0") {
      second = await startSecondProcess(server.databaseUrl, env);
      const fcl = pages.fcl!;
      await Promise.all([run(fcl, 3, server.url, CONNECTIONS / 2), run(fcl, 3, second.url, CONNECTIONS / 2)]);
      let requests = 0;
      for (let round = 1; round <= ROUNDS; round++) {
        const results = await Promise.all([
          run(fcl, DURATION, server.url, CONNECTIONS / 2),
          run(fcl, DURATION, second.url, CONNECTIONS / 2),
        ]);
        for (const result of results)
          if (result.non2xx || result.errors || result.timeouts) throw new Error("two processes: failed requests");
        requests += results[0].requests.total + results[1].requests.total;
        log(
          `${label} round ${round} fcl on two processes: ${((results[0].requests.total + results[1].requests.total) / DURATION).toFixed(0)} req/s (${(results[0].requests.total / DURATION).toFixed(0)} + ${(results[1].requests.total / DURATION).toFixed(0)})`,
        );
      }
      twoProcesses = requests / (ROUNDS * DURATION);
    }
    return { totals, twoProcesses };
  } finally {
    second?.child.kill("SIGTERM");
    raw.child.kill("SIGTERM");
    await server.stop();
  }
}

function report(
  label: string,
  { totals, twoProcesses }: Awaited<ReturnType<typeof measure>>,
  before?: Awaited<ReturnType<typeof measure>>,
): number {
  const rps = (name: PageName, from = totals) => from[name].requests / from[name].seconds;
  const cost = (name: PageName, from = totals) => (from[name].node + from[name].postgres) / from[name].requests;
  const server = (name: PageName) => (totals[name].node / totals[name].requests).toFixed(2);
  const line = (name: PageName, text: string) =>
    totals[name] &&
    log(
      `  ${text.padEnd(52)} ${rps(name).toFixed(0).padStart(5)} req/s, CPU ${cost(name).toFixed(2)} ms per request (server ${server(name)} ms)`,
    );
  const ratio = rps("fcl") / rps("baseline");
  const verdict = (ok: boolean) => (ok ? "met" : "NOT MET");
  log(`${label}:`);
  line("baseline", "baseline, bare page, trivial loader, visitor:");
  line("baselineT1", "the same page for the logged-in T1 customer:");
  line("fcl", "FCL results page, T1, 20 rows:");
  line("visitorFcl", "FCL results page, visitor:");
  line("notModified", "FCL results page, visitor, 304 (If-None-Match):");
  line("raw", "raw Node http, fixed 30 KB body:");
  log(
    `  ratio FCL T1 / baseline (visitor): ${(ratio * 100).toFixed(0)} % (issue 9 target ≥ ${TARGET * 100} %) ${ratio >= TARGET ? "ok" : "BELOW TARGET"}`,
  );
  const t1Ratio = cost("baselineT1") / cost("fcl");
  log(
    `  ratio FCL T1 / bare page T1: ${((rps("fcl") / rps("baselineT1")) * 100).toFixed(0)} % by req/s, ${(t1Ratio * 100).toFixed(0)} % by CPU per request (target ≥ 50 %: ${verdict(t1Ratio >= 0.5)}); FCL T1 CPU ${cost("fcl").toFixed(2)} ms per request (target ≤ 7 ms: ${verdict(cost("fcl") <= 7)})`,
  );
  if (totals.visitorFcl && totals.raw) {
    const share = rps("visitorFcl") / rps("raw");
    log(
      `  visitor FCL / raw Node 30 KB: ${(share * 100).toFixed(0)} % by req/s (target ≥ 30 %: ${verdict(share >= 0.3)}), ${((cost("raw") / cost("visitorFcl")) * 100).toFixed(0)} % by CPU per request`,
    );
  }
  if (before?.totals.visitorFcl && totals.visitorFcl) {
    const times = rps("visitorFcl") / rps("visitorFcl", before.totals);
    log(
      `  visitor FCL, cached / PAGE_CACHE=0: ${times.toFixed(1)} × by req/s (target ≥ 20 ×: ${verdict(times >= 20)}), ${(cost("visitorFcl", before.totals) / cost("visitorFcl")).toFixed(1)} × by CPU per request`,
    );
  }
  if (totals.notModified)
    log(
      `  304: server CPU ${server("notModified")} ms per request (target < 0.3 ms: ${verdict(totals.notModified.node / totals.notModified.requests < 0.3)})`,
    );
  if (twoProcesses !== null) {
    const scale = twoProcesses / rps("fcl");
    log(
      `  FCL T1 on two processes: ${twoProcesses.toFixed(0)} req/s = ${scale.toFixed(2)} × one process (target ≥ 1.6 ×: ${verdict(scale >= 1.6)}; autocannon and PostgreSQL share the same ${os.cpus().length} CPUs)`,
    );
  }
  return ratio;
}

async function main() {
  log(
    `load before: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}`,
  );
  const cached = await measure("[as deployed]", {});
  // Before the page cache: every anonymous page rendered (data caches on).
  const noPageCache = process.env.NO_PAGE_CACHE === "0" ? null : await measure("[PAGE_CACHE=0]", { PAGE_CACHE: "0" });
  // Every read from PostgreSQL: what a search costs on a route nobody searched since the last change of its table.
  const uncached = process.env.UNCACHED === "1" ? await measure("[DATA_CACHE=0]", { DATA_CACHE: "0", PAGE_CACHE: "0" }) : null;
  const ratio = report(
    "as deployed (the one route searched again and again: its reads come from the caches)",
    cached,
    noPageCache ?? undefined,
  );
  if (noPageCache) report("PAGE_CACHE=0 (every page rendered; the data caches on)", noPageCache);
  if (uncached) report("DATA_CACHE=0 (every read from PostgreSQL)", uncached);
  log(
    `${CONNECTIONS} connections, ${DURATION} s × ${ROUNDS} rounds each; node ${process.version}, ${os.cpus().length} CPU ${os.cpus()[0]?.model ?? ""}, load ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}`,
  );
  if (ratio < TARGET) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
