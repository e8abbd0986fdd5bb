// The current figures of the benchmarks: each bench script records what it
// measured in docs/bench-results.json (its own entry, replaced whole) and
// rewrites the table of docs/benchmarks.md from that file, between the
// markers below. `npm run bench:table` rewrites the table alone (after a
// merge of the results file, say); BENCH_RECORD=0 measures without writing
// (scripts/test.sh runs bench:budget so: a loaded CI run is no reference).
// The history of the figures is the history of these two files in git.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const RESULTS_FILE = path.join(ROOT, "docs", "bench-results.json");
export const BENCHMARKS_DOC = path.join(ROOT, "docs", "benchmarks.md");
export const TABLE_START =
  "<!-- bench-results:start (generated from docs/bench-results.json by scripts/bench/lib/results.ts; do not edit) -->";
export const TABLE_END = "<!-- bench-results:end -->";

/** One measured figure against its target; `met` null: a figure without a target (shown for reference). */
export type BenchFigure = { metric: string; target: string; value: string; met: boolean | null };
export type BenchEntry = {
  /** YYYY-MM-DD HH:mm UTC. */
  measured: string;
  commit: string;
  /** The machine's load average when the script ended (other work on the machine slows the figures). */
  load: string;
  machine: string;
  figures: BenchFigure[];
};
export type BenchResults = Record<string, BenchEntry>;

/** The table's order: the scripts of `npm run bench` first, then the others. */
const ORDER = [
  "bench:budget",
  "bench:lighthouse",
  "bench:throughput",
  "bench:search",
  "bench:insights",
  "bench:import",
  "bench:export",
  "bench:wire",
  "bench:backoffice",
  "bench:import-preview",
  "bench:import-batch",
  "bench:watch",
  "bench:quote-pdf",
];

export function readResults(file = RESULTS_FILE): BenchResults {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as BenchResults) : {};
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");
const verdict = (met: boolean | null) => (met === null ? "" : met ? "met" : "**not met**");

/** The Markdown table of every script's figures. */
export function renderTable(results: BenchResults): string {
  const scripts = Object.keys(results).sort((a, b) => {
    const rank = (name: string) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
    return rank(a) - rank(b) || a.localeCompare(b);
  });
  const lines = ["| Script | Figure | Target | Measured | | When (load) |", "|---|---|---|---|---|---|"];
  for (const script of scripts) {
    const entry = results[script];
    entry.figures.forEach((figure, i) => {
      const first = i === 0;
      lines.push(
        `| ${first ? `\`${script}\`` : ""} | ${cell(figure.metric)} | ${cell(figure.target)} | ${cell(figure.value)} | ${verdict(figure.met)} | ${
          first ? cell(`${entry.measured} (${entry.load}), ${entry.commit}`) : ""
        } |`,
      );
    });
  }
  return lines.join("\n");
}

/** docs/benchmarks.md with the table between the markers replaced by the one of `results`. */
export function withTable(doc: string, results: BenchResults): string {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${BENCHMARKS_DOC} has no table markers (${TABLE_START} … ${TABLE_END})`);
  return `${doc.slice(0, start + TABLE_START.length)}\n${renderTable(results)}\n${doc.slice(end)}`;
}

export function rewriteBenchmarksDoc(results = readResults()): void {
  fs.writeFileSync(BENCHMARKS_DOC, withTable(fs.readFileSync(BENCHMARKS_DOC, "utf8"), results));
}

function describeMachine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "CPU"}, Node ${process.versions.node}`;
}

/**
 * Replaces `script`'s entry in the results file by these figures and rewrites
 * the table. BENCH_RECORD=0: prints nothing, writes nothing.
 */
export function recordResults(script: string, figures: BenchFigure[]): void {
  if (process.env.BENCH_RECORD === "0") return;
  let commit = "uncommitted";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  } catch {
    /* not a git checkout */
  }
  const results = readResults();
  results[script] = {
    measured: `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    commit,
    load: `load ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}`,
    machine: describeMachine(),
    figures,
  };
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  rewriteBenchmarksDoc(results);
  console.log(`[${script}] figures recorded in docs/bench-results.json and the table of docs/benchmarks.md`);
}
