// Lighthouse (issue 9.2). Not a test: Lighthouse 12 (npm) against the built
// server on loopback (its own embedded PostgreSQL with the demo data),
// Debian's Chromium (/usr/bin/chromium, or CHROME_PATH), the default mobile
// profile: Moto G Power-sized screen, slow 4G (150 ms RTT, 1.6 Mbit/s) and a
// 4x slower CPU. Prints the performance score, LCP, FCP, TBT, CLS, Speed
// Index and the time to hydration (root.tsx's `hydrated` mark: when the
// page's JavaScript has taken over) of /home and of an FCL results page (20 rows), as a visitor (what
// phones arriving from a search engine get; the targets), and of the same
// results page for a T1 customer (prices and fees: the heaviest page;
// shown, not a target), and what blocks rendering.
//
// Each page is measured two ways (decision 612):
// - applied throttling (Lighthouse's `devtools` method): Chromium itself
//   slows the network and the CPU, and the metrics are the paints it makes.
//   The targets: the page exits non-zero when a target page scores under 95
//   or has an LCP of 2.0 s or more this way;
// - simulated throttling (Lighthouse's default, as PageSpeed Insights runs
//   it): an unthrottled load, then a model of it on the slow network. The
//   model counts every High-priority script that finished loading before the
//   observed first paint as render-blocking; a page's module preloads never
//   block its paint in Chromium, but on this shared loopback machine they
//   finish before or after that paint by a few milliseconds, so the same
//   build scores 94 to 100 from run to run. Printed and recorded beside.
//
//   npm run build && npm run bench:lighthouse      RUNS=3 (median of runs)
import fs from "node:fs";
import os from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { addFiftyRowRoutes, login, startServer } from "./lib/server";
import { runBench } from "./lib/exit";
import { recordResults } from "./lib/results";

const RUNS = Number(process.env.RUNS ?? 3);
const BUDGET = { score: 95, lcpMs: 2000 };
const log = (line: string) => console.log(`[lighthouse] ${line}`);
const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";

type Figures = {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** When the page had hydrated (root.tsx's `hydrated` mark); with applied throttling only (simulation does not move marks). */
  hydrated: number;
  blocking: string[];
  lcpElement: string;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

type Method = "devtools" | "simulate";
const METHODS: { method: Method; label: string }[] = [
  { method: "devtools", label: "applied throttling" },
  { method: "simulate", label: "simulated throttling" },
];

/** The audits of the performance score. */
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];
class AuditFailed extends Error {}

/** One run of a page; a run whose metrics Lighthouse could not compute is run again (twice at most), said in the output. */
async function auditRun(url: string, port: number, headers: Record<string, string>, method: Method): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port, headers, method);
    } catch (error) {
      if (!(error instanceof AuditFailed) || attempt === 3) throw error;
      log(`a failed run, measured again: ${error.message}`);
    }
  }
}

async function audit(url: string, port: number, headers: Record<string, string>, method: Method): Promise<Figures> {
  const result = await lighthouse(
    url,
    { port, output: "json", logLevel: "error", onlyCategories: ["performance"], extraHeaders: headers, throttlingMethod: method },
    // The default config: mobile form factor and its throttling settings.
    undefined,
  );
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // A metric Lighthouse could not compute scores the page 0 without a runtime error: a failed run, not a slow page.
  const failed = METRICS.filter((id) => lhr.audits[id]?.scoreDisplayMode === "error");
  if (failed.length)
    throw new AuditFailed(`${url}: ${failed.map((id) => `${id} (${lhr.audits[id].errorMessage ?? "no value"})`).join(", ")}`);
  const numeric = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
  const blockingItems =
    (lhr.audits["render-blocking-resources"]?.details as { items?: { url: string; wastedMs?: number }[] } | undefined)?.items ?? [];
  const lcpItems =
    (lhr.audits["largest-contentful-paint-element"]?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)
      ?.items ?? [];
  const marks = (lhr.audits["user-timings"]?.details as { items?: { name: string; startTime: number }[] } | undefined)?.items ?? [];
  return {
    hydrated: marks.find((m) => m.name === "hydrated")?.startTime ?? NaN,
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: numeric("largest-contentful-paint"),
    fcp: numeric("first-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    si: numeric("speed-index"),
    blocking: blockingItems.map((i) => `${new URL(i.url).pathname} (${Math.round(i.wastedMs ?? 0)} ms)`),
    lcpElement: lcpItems[0]?.items?.[0]?.node?.snippet?.slice(0, 80) ?? "?",
  };
}

async function main() {
  if (!fs.existsSync(chromePath)) throw new Error(`${chromePath} is missing (apt-get install chromium, or set CHROME_PATH)`);
  const server = await startServer({ log });
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    const routes = await addFiftyRowRoutes(server.databaseUrl);
    const cookie = await login(server.url, "t1@example.com");
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    const pages: [string, string, Record<string, string>, boolean][] = [
      ["/home, visitor", "/home", {}, true],
      ["FCL results (20 rows), visitor", `/fclbysea?${routes.fcl}`, {}, true],
      ["FCL results (20 rows), T1", `/fclbysea?${routes.fcl}`, { Cookie: cookie }, false],
    ];
    let failed = false;
    const measured: { name: string; method: Method; label: string; score: number; lcp: number; hydrated: number; targetPage: boolean }[] =
      [];
    for (const [name, path, headers, pageIsTarget] of pages) {
      for (const { method, label } of METHODS) {
        // The targets hold for applied throttling; the simulated figures are shown beside them.
        const target = pageIsTarget && method === "devtools";
        const runs: Figures[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await auditRun(`${server.url}${path}`, chrome.port, headers, method));
        const pick = (key: "score" | "lcp" | "fcp" | "tbt" | "cls" | "si" | "hydrated") => median(runs.map((r) => r[key]));
        const score = pick("score");
        const lcp = pick("lcp");
        const ok = score >= BUDGET.score && lcp < BUDGET.lcpMs;
        if (!ok && target) failed = true;
        const hydrated = method === "devtools" ? pick("hydrated") : NaN;
        measured.push({ name, method, label, score, lcp, hydrated, targetPage: pageIsTarget });
        const verdict = target ? (ok ? "ok" : "BELOW TARGET") : `(not a target) ${ok ? "within" : "below"}`;
        log(
          `${name.padEnd(32)} ${label.padEnd(21)} performance ${score} (runs: ${runs.map((r) => r.score).join(", ")}), LCP ${(lcp / 1000).toFixed(2)} s, FCP ${(pick("fcp") / 1000).toFixed(2)} s, TBT ${Math.round(pick("tbt"))} ms, CLS ${pick("cls").toFixed(3)}, SI ${(pick("si") / 1000).toFixed(2)} s${Number.isNaN(hydrated) ? "" : `, hydrated ${(hydrated / 1000).toFixed(2)} s`}  ${verdict}`,
        );
        log(`${"".padEnd(54)} LCP element: ${runs[0].lcpElement}; render-blocking: ${runs[0].blocking.join(", ") || "none"}`);
      }
    }
    log(`mobile profile; median of ${RUNS} runs; targets (applied throttling): score ≥ ${BUDGET.score}, LCP < ${BUDGET.lcpMs / 1000} s`);
    log(
      `Chromium ${chromePath}; node ${process.version}, ${os.cpus().length} CPU ${os.cpus()[0]?.model ?? ""}, load ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")}`,
    );
    const targets = measured.filter((m) => m.targetPage && m.method === "devtools");
    const simulated = measured.filter((m) => m.targetPage && m.method === "simulate");
    recordResults("bench:lighthouse", [
      {
        metric: `performance score, mobile, applied throttling: ${targets.map((m) => m.name).join("; ")}`,
        target: `≥ ${BUDGET.score}`,
        value: targets.map((m) => m.score).join(" and "),
        met: targets.every((m) => m.score >= BUDGET.score),
      },
      {
        metric: "LCP, same pages",
        target: `< ${(BUDGET.lcpMs / 1000).toFixed(1)} s`,
        value: targets.map((m) => `${(m.lcp / 1000).toFixed(2)} s`).join(" and "),
        met: targets.every((m) => m.lcp < BUDGET.lcpMs),
      },
      {
        metric: "time to hydration (JavaScript ready), same pages, applied throttling",
        target: "",
        value: targets.map((m) => `${(m.hydrated / 1000).toFixed(2)} s`).join(" and "),
        met: null,
      },
      {
        metric: "the same pages, simulated throttling (Lantern; racy here, decision 612): score, LCP",
        target: "",
        value: simulated.map((m) => `${m.score}, ${(m.lcp / 1000).toFixed(2)} s`).join(" and "),
        met: null,
      },
      ...measured
        .filter((m) => !m.targetPage)
        .map((m) => ({
          metric: `${m.name}, ${m.label} (not a target): score, LCP`,
          target: "",
          value: `${m.score}, ${(m.lcp / 1000).toFixed(2)} s`,
          met: null,
        })),
    ]);
    if (failed) process.exitCode = 1;
  } finally {
    chrome?.kill();
    await server.stop();
  }
}

runBench(main);
