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
//   COMPARE_ROOT=/path/to/another/checkout (built, node_modules linked): its
//   server runs beside this one (ports +3), batches alternating, so both
//   builds see the same load: the comparison to quote on a busy machine.
//   COMPARE_NODE=/path/to/node: that Node runs the second server (e.g. the
//   build of main on the Node it was made for, beside this one's).
//   COMPARE_ENV="PAGE_CACHE=0" (space-separated NAME=value): a second server
//   of this build with those variables on top, beside the first the same way
//   (e.g. what the page cache costs a logged-in page).
//   Every line also gives
//   the load generator's own CPU per request (autocannon runs in this
//   process): with the app's and PostgreSQL's, what decides how far a
//   second app process can scale on the same CPUs (decision 608).
import os from "node:os";
import { createRequire } from "node:module";
import { addFiftyRowRoutes, benchPgPort, benchPort, login, startServer, type BenchServer } from "./lib/server";

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

type Target = {
  label: string;
  server: BenchServer;
  pages: Record<string, { path: string; headers: Record<string, string> }>;
};

async function prepare(label: string, server: BenchServer): Promise<Target> {
  const routes = await addFiftyRowRoutes(server.databaseUrl);
  const cookie = await login(server.url, "t1@example.com");
  return {
    label,
    server,
    pages: {
      baseline: { path: "/bench/trivial", headers: BROWSER },
      baselineT1: { path: "/bench/trivial", headers: { ...BROWSER, Cookie: cookie } },
      fcl: { path: `/fclbysea?${routes.fcl}`, headers: { ...BROWSER, Cookie: cookie } },
      air: { path: `/byair?${routes.air}`, headers: { ...BROWSER, Cookie: cookie } },
    },
  };
}

async function batch(target: Target, name: string) {
  const page = target.pages[name];
  const before = target.server.cpuMs();
  const generatorBefore = process.cpuUsage();
  const result = await autocannon({
    url: `${target.server.url}${page.path}`,
    connections: CONNECTIONS,
    amount: REQUESTS,
    headers: page.headers,
  });
  const generator = process.cpuUsage(generatorBefore);
  const after = target.server.cpuMs();
  if (result.non2xx || result.errors) throw new Error(`${target.label} ${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const n = result.requests.total;
  return {
    node: (after.node - before.node) / n,
    postgres: (after.postgres - before.postgres) / n,
    generator: (generator.user + generator.system) / 1000 / n,
  };
}

async function main() {
  log(`load before: ${load()}; this build on Node ${process.version}`);
  // COMPARE_ROOT=<another checkout, built>: its server too, batch by batch beside this one.
  const other = process.env.COMPARE_ROOT;
  const servers: BenchServer[] = [];
  try {
    servers.push(await startServer({ log, env: { BENCH_ROUTES: "1" } }));
    const compareEnv = Object.fromEntries(
      (process.env.COMPARE_ENV ?? "")
        .split(" ")
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
    );
    if (other || process.env.COMPARE_ENV) {
      const port = await benchPort(3);
      const pgPort = await benchPgPort(3);
      const node = process.env.COMPARE_NODE || undefined;
      servers.push(await startServer({ log, env: { BENCH_ROUTES: "1", ...compareEnv }, root: other, port, pgPort, node }));
    }
    const secondLabel = `${other ?? "this build"}${process.env.COMPARE_ENV ? ` with ${process.env.COMPARE_ENV}` : ""}${process.env.COMPARE_NODE ? ` on ${process.env.COMPARE_NODE}` : ""}`;
    const targets = await Promise.all(servers.map((server, i) => prepare(i === 0 ? "this build" : secondLabel, server)));
    const names = (process.env.PAGES ?? "baselineT1,fcl").split(",");
    for (const name of names)
      if (!targets[0].pages[name]) throw new Error(`PAGES: ${name} is not one of ${Object.keys(targets[0].pages).join(", ")}`);
    // Warm-up: the read caches, V8's compiled code.
    for (const target of targets) for (const name of names) if (target.pages[name]) await batch(target, name);
    const figures = new Map<string, Awaited<ReturnType<typeof batch>>[]>();
    for (let i = 0; i < BATCHES; i++)
      for (const name of names)
        for (const target of targets) {
          if (!target.pages[name]) continue;
          const key = `${target.label}|${name}`;
          figures.set(key, [...(figures.get(key) ?? []), await batch(target, name)]);
        }
    const ms = (n: number) => `${n.toFixed(2)} ms`;
    for (const [key, list] of figures) {
      const [label, name] = key.split("|");
      const total = list.map((f) => f.node + f.postgres).sort((a, b) => a - b);
      const best = list.reduce((a, b) => (a.node + a.postgres <= b.node + b.postgres ? a : b));
      log(
        `${label}: ${name.padEnd(10)} CPU per request: best ${ms(total[0])} (server ${ms(best.node)} + PostgreSQL ${ms(best.postgres)}), median ${ms(total[Math.floor(total.length / 2)])}, ${BATCHES} batches of ${REQUESTS}; load generator ${ms(best.generator)}`,
      );
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
  log(`load after: ${load()}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
