// CPU per request of the logged-in pages, steady enough to compare builds on
// a loaded machine (issue 26, decision 608). Not a test: the built server
// (one process, its own embedded PostgreSQL with the demo data, as
// bench:throughput starts it) answers short batches of a fixed number of
// requests (autocannon, CONNECTIONS at a time), the pages alternating batch
// by batch; each batch's CPU (server process and PostgreSQL, from /proc)
// divided by its requests. Other processes on the machine make a batch
// slower, never cheaper, so the lowest figure of many batches is the one to
// compare (the median is printed beside it).
//
//   npm run build && npm run bench:page-cpu
//   BATCHES=12 REQUESTS=200 CONNECTIONS=10 PAGES=baselineT1,fcl (defaults)
import os from "node:os";
import { createRequire } from "node:module";
import { addFiftyRowRoutes, login, startServer } from "./lib/server";

type Result = { requests: { total: number }; non2xx: number; errors: number };
const autocannon = createRequire(import.meta.url)("autocannon") as (options: Record<string, unknown>) => Promise<Result>;

const BATCHES = Number(process.env.BATCHES ?? 12);
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const BROWSER = { "Accept-Encoding": "gzip, deflate, br", Accept: "text/html" };
const log = (line: string) => console.log(`[page-cpu] ${line}`);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

async function main() {
  log(`load before: ${load()}`);
  const server = await startServer({ log, env: { BENCH_ROUTES: "1" } });
  try {
    const routes = await addFiftyRowRoutes(server.databaseUrl);
    const cookie = await login(server.url, "t1@example.com");
    const all: Record<string, { path: string; headers: Record<string, string> }> = {
      baseline: { path: "/bench/trivial", headers: BROWSER },
      baselineT1: { path: "/bench/trivial", headers: { ...BROWSER, Cookie: cookie } },
      fcl: { path: `/fclbysea?${routes.fcl}`, headers: { ...BROWSER, Cookie: cookie } },
      air: { path: `/byair?${routes.air}`, headers: { ...BROWSER, Cookie: cookie } },
    };
    const names = (process.env.PAGES ?? "baselineT1,fcl").split(",");
    for (const name of names) if (!all[name]) throw new Error(`PAGES: ${name} is not one of ${Object.keys(all).join(", ")}`);
    const batch = async (name: string) => {
      const page = all[name];
      const before = server.cpuMs();
      const result = await autocannon({
        url: `${server.url}${page.path}`,
        connections: CONNECTIONS,
        amount: REQUESTS,
        headers: page.headers,
      });
      const after = server.cpuMs();
      if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      const n = result.requests.total;
      return { node: (after.node - before.node) / n, postgres: (after.postgres - before.postgres) / n };
    };
    // Warm-up: the read caches, V8's compiled code.
    for (const name of names) await batch(name);
    const figures = new Map<string, { node: number; postgres: number }[]>(names.map((n) => [n, []]));
    for (let i = 0; i < BATCHES; i++) for (const name of names) figures.get(name)!.push(await batch(name));
    const ms = (n: number) => `${n.toFixed(2)} ms`;
    for (const [name, list] of figures) {
      const total = list.map((f) => f.node + f.postgres).sort((a, b) => a - b);
      const best = list.reduce((a, b) => (a.node + a.postgres <= b.node + b.postgres ? a : b));
      log(
        `${name.padEnd(10)} CPU per request: best ${ms(total[0])} (server ${ms(best.node)} + PostgreSQL ${ms(best.postgres)}), median ${ms(total[Math.floor(total.length / 2)])}, ${BATCHES} batches of ${REQUESTS}`,
      );
    }
  } finally {
    await server.stop();
  }
  log(`load after: ${load()}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
