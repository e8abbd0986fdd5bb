// Where one page's CPU goes (issue 26 item 3, decision 608). Not a test:
// the built server (one process, its own embedded PostgreSQL with the demo
// data, as bench:throughput starts it) under `node --cpu-prof`, one page
// under autocannon, then the profile's top frames by self time and the
// CPU per request (server process and PostgreSQL).
//
//   npm run build && npm run bench:profile
//   PAGE=fcl (default) | trivial | visitorFcl; DURATION=8 CONNECTIONS=10 TOP=40
//   WARMUP=20 (seconds of the page before the profiled ones)
//   The .cpuprofile stays in .data/profile/ (open it in Chrome DevTools).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { addFiftyRowRoutes, login, ROOT, startServer } from "./lib/server";

type Result = { requests: { total: number; average: number }; non2xx: number; errors: number };
const autocannon = createRequire(import.meta.url)("autocannon") as (options: Record<string, unknown>) => Promise<Result>;

const DURATION = Number(process.env.DURATION ?? 8);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const TOP = Number(process.env.TOP ?? 40);
const WARMUP = Number(process.env.WARMUP ?? 20);
const PAGE = process.env.PAGE ?? "fcl";
const DIR = path.join(ROOT, ".data", "profile");
const BROWSER = { "Accept-Encoding": "gzip, deflate, br", Accept: "text/html" };
const log = (line: string) => console.log(`[profile] ${line}`);

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] };
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

/** Self time per function (name, file, line), in ms, from a .cpuprofile, within the window (µs). */
function selfTimes(
  profile: Profile,
  window: [number, number],
): { total: number; frames: [string, number][]; modules: [string, number][]; inclusive: [string, number][] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const ms = new Map<string, number>();
  const byModule = new Map<string, number>();
  // Total time: a function's own and its callees' (each sample once per function, recursion too).
  const inclusive = new Map<string, number>();
  const frameKey = (frame: Node["callFrame"]) =>
    `${frame.functionName || "(anonymous)"} ${frame.url.replace(/^.*\/(node_modules\/|build\/)/, "$1").replace(/\?t=[\d.]+$/, "")}:${frame.lineNumber + 1}`;
  let total = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    at += profile.timeDeltas[i] ?? 0;
    // Only the measured run (V8's clock and process.hrtime are both CLOCK_MONOTONIC, in µs here).
    if (at < window[0] || at > window[1]) return;
    const node = byId.get(id)!;
    const { functionName, url } = node.callFrame;
    if (functionName === "(idle)") return;
    total += dt;
    const key = frameKey(node.callFrame);
    ms.set(key, (ms.get(key) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = frameKey(byId.get(at)!.callFrame);
      if (seen.has(frame)) continue;
      seen.add(frame);
      inclusive.set(frame, (inclusive.get(frame) ?? 0) + dt);
    }
    const module =
      /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
      (url.includes("/build/") ? "the app (build/)" : url.startsWith("node:") ? "node internals" : functionName);
    byModule.set(module, (byModule.get(module) ?? 0) + dt);
  });
  const sorted = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]);
  return { total, frames: sorted(ms), modules: sorted(byModule), inclusive: sorted(inclusive) };
}

async function main() {
  fs.rmSync(DIR, { recursive: true, force: true });
  fs.mkdirSync(DIR, { recursive: true });
  log(
    `load before: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}`,
  );
  const server = await startServer({ log, env: { BENCH_ROUTES: "1" }, nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${DIR}`] });
  let requests = 0;
  let cpu = { node: 0, postgres: 0 };
  const window: [number, number] = [0, 0];
  const now = () => Number(process.hrtime.bigint() / 1000n);
  try {
    const routes = await addFiftyRowRoutes(server.databaseUrl);
    const cookie = await login(server.url, "t1@example.com");
    const pages: Record<string, { path: string; headers: Record<string, string> }> = {
      fcl: { path: `/fclbysea?${routes.fcl}`, headers: { ...BROWSER, Cookie: cookie } },
      trivial: { path: "/bench/trivial", headers: { ...BROWSER, Cookie: cookie } },
      visitorFcl: { path: `/fclbysea?${routes.fcl}`, headers: BROWSER },
    };
    const page = pages[PAGE];
    if (!page) throw new Error(`PAGE must be one of ${Object.keys(pages).join(", ")}`);
    const run = (duration: number) =>
      autocannon({ url: `${server.url}${page.path}`, connections: CONNECTIONS, duration, headers: page.headers });
    // Steady state: V8 keeps optimising for thousands of requests (bench:throughput's warm-up).
    await run(WARMUP);
    const before = server.cpuMs();
    window[0] = now();
    const result = await run(DURATION);
    window[1] = now();
    const after = server.cpuMs();
    if (result.non2xx || result.errors) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
    requests = result.requests.total;
    cpu = { node: after.node - before.node, postgres: after.postgres - before.postgres };
    log(
      `${PAGE}: GET ${page.path}: ${result.requests.average.toFixed(0)} req/s; CPU per request: server ${(cpu.node / requests).toFixed(2)} ms + PostgreSQL ${(cpu.postgres / requests).toFixed(2)} ms`,
    );
  } finally {
    await server.stop();
  }
  // The server writes its profile when it exits.
  for (let i = 0; i < 100 && !fs.readdirSync(DIR).some((f) => f.endsWith(".cpuprofile")); i++) await new Promise((r) => setTimeout(r, 100));
  const file = fs.readdirSync(DIR).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error("no .cpuprofile written");
  const { total, frames, modules, inclusive } = selfTimes(JSON.parse(fs.readFileSync(path.join(DIR, file), "utf8")) as Profile, window);
  log(`profile ${path.join(DIR, file)}: ${total.toFixed(0)} ms of samples in the measured ${DURATION} s (idle left out)`);
  log("by module:");
  for (const [module, ms] of modules.slice(0, 20))
    log(`  ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(6)} ms  ${module}`);
  log("by function:");
  for (const [frame, ms] of frames.slice(0, TOP))
    log(`  ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(6)} ms  ${frame}`);
  // Total time (with callees) per request, in µs: the cost of each part of
  // the page (FOCUS=name,name keeps the frames whose text has one of them).
  const focus = (process.env.FOCUS ?? "").split(",").filter(Boolean);
  const perRequest = (ms: number) => `${((ms * 1000) / Math.max(requests, 1)).toFixed(0).padStart(6)} µs/request`;
  log(`total time by function (with callees), ${requests} requests:`);
  for (const [frame, ms] of inclusive.filter(([frame]) => focus.length === 0 || focus.some((f) => frame.includes(f))).slice(0, TOP * 2))
    log(`  ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${perRequest(ms)}  ${frame}`);
  log(
    `load after: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
