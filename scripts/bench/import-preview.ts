// Import preview benchmark (issue 23.1; not a test): side by side in one run
// with the direct import, for a 20,000-row and a 100,000-row × 30-column FCL
// .xlsx, with IMPORT_MAX_MB raised (default 40; the parse limits follow it,
// decision 204): preview end to end (zip checks, worker parse, validation,
// staging, port names, SQL diff, and the first load of the preview page the
// upload redirects to), commit (the preview's rows through the
// import writer), direct import of the same rows, the undo of that import's
// batch, and the server's memory growth over the preview and commit.
//
//   npm run bench:import-preview         SIZES=20000,100000, IMPORT_MAX_MB=40 by default (the 100,000-row file is 31 MB)
//
// Each preview's phases (read and parse in the worker, transfer, validation,
// staging JSON, staging SQL, summary: app/domain/import-export/phases.server.ts)
// are printed as a second table, with the import writer's steps in each commit
// and the undo's (writeFrom, undoBatch): what a commit spends outside them is
// the preview's own work (its expired previews, the discard of its staged rows). Memory: the npm script runs node with
// --expose-gc; the baseline is the process's RSS after a full collection
// before the first size (the idle server: modules loaded, database
// connected), and the growth of a size is the highest RSS during its preview
// and commit (the kernel's high-water mark, getrusage's maxrss, and a 10 ms
// sampler) above that baseline. The parse worker is a thread of this
// process, so its heap is in the figure. Sizes run smallest first, so the
// high-water mark at the largest size is that size's own.
//
// Database: a scratch database (scripts/bench/lib/scratch-db.ts), dropped at
// the end. At the end a table: each step's wall time, this process's CPU
// time over it (the parse worker is a thread of this process; PostgreSQL's
// own CPU is not in it), and the target where the issue sets one, with
// `uptime` before and after (the machine may be shared). Figures go to
// docs/benchmarks.md by hand.
import { execFileSync, execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as XLSX from "@e965/xlsx";
import { openScratchDatabase } from "./lib/scratch-db";
import { recordResults } from "./lib/results";

const SIZES = (process.env.SIZES ?? "20000,100000").split(",").map(Number);
const COLUMNS = 30;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const log = (line: string) => console.log(`[bench] ${line}`);
const uptime = () => execSync("uptime").toString().trim();

type Step = { size: number; step: string; ms: number; cpuMs: number; target?: number };
/** The RSS growth over preview and commit, per size. */
const growths: { size: number; bytes: number }[] = [];
const steps: Step[] = [];
/** Runs a step, recording its wall time and this process's CPU time. */
async function timed<T>(size: number, step: string, fn: () => Promise<T>, target?: number): Promise<{ value: T; ms: number }> {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const value = await fn();
  const ms = Math.round(performance.now() - t);
  const used = process.cpuUsage(cpu);
  steps.push({ size, step, ms, cpuMs: Math.round((used.user + used.system) / 1000), target });
  return { value, ms };
}

type PhaseRow = { size: number; preview: string; name: string; ms: number; cpuMs: number };
const phases: PhaseRow[] = [];

function printPhases() {
  const lines = [
    "| rows | preview | phase | wall | process CPU |",
    "|---:|---|---|---:|---:|",
    ...phases.map(
      (p) =>
        `| ${p.size.toLocaleString("en-US")} | ${p.preview} | ${p.name} | ${(p.ms / 1000).toFixed(2)} s | ${p.cpuMs ? `${(p.cpuMs / 1000).toFixed(2)} s` : ""} |`,
    ),
  ];
  console.log(lines.join("\n"));
}

function printTable() {
  const lines = [
    "| rows | step | wall | process CPU | target |",
    "|---:|---|---:|---:|---|",
    ...steps.map(
      (s) =>
        `| ${s.size.toLocaleString("en-US")} | ${s.step} | ${(s.ms / 1000).toFixed(2)} s | ${(s.cpuMs / 1000).toFixed(2)} s | ${
          s.target === undefined ? "" : `< ${s.target / 1000} s: ${s.ms < s.target ? "met" : "NOT met"}`
        } |`,
    ),
  ];
  console.log(lines.join("\n"));
}

function buildWorkbook(fclHeaders: string[], rowsWanted: number, firstId: number, priceShift: number): Uint8Array {
  const headers = fclHeaders.slice(0, COLUMNS);
  const ports = ["LOS ANGELES", "HAMBURG", "ROTTERDAM", "SINGAPORE", "TOKYO", "DUBAI", "SANTOS", "DURBAN"];
  const rows: unknown[][] = [headers];
  for (let i = 0; i < rowsWanted; i++) {
    const base = 300 + (i % 700) + priceShift;
    rows.push(
      headers.map((header) => {
        if (header === "id") return firstId + i;
        if (header === "pol") return i % 2 ? "SHANGHAI" : "NINGBO";
        if (header === "pod") return ports[i % ports.length];
        if (header === "valid_fm") return "2026/11/1";
        if (header === "valid_to") return 46_400 + (i % 60);
        if (header === "yes_no") return i % 50 === 0 ? "是" : "否";
        if (/^(20GP|40GP|40HQ)_T\d$/.test(header)) return base + Number(header.slice(-1)) * 37;
        return `${header} ${i % 97}`;
      }),
    );
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "sheet1");
  return new Uint8Array(XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true, bookSST: true }) as Buffer);
}

/**
 * The bench's sheets are made by a child process: SheetJS writing 100,000 rows
 * takes hundreds of MB, which would otherwise be this process's high-water
 * mark, not the server's.
 */
function buildInChild(headers: string[], size: number, firstId: number, priceShift: number): Uint8Array {
  const file = path.join(os.tmpdir(), `freight-bench-preview-${process.pid}-${size}-${priceShift}.xlsx`);
  const args = [
    ...process.execArgv,
    fileURLToPath(import.meta.url),
    "--build",
    JSON.stringify({ headers, size, firstId, priceShift, file }),
  ];
  execFileSync(process.execPath, args, { stdio: "inherit" });
  const bytes = new Uint8Array(fs.readFileSync(file));
  fs.rmSync(file);
  return bytes;
}

type Sql = { $queryRawUnsafe<T>(query: string): Promise<T> };
/**
 * The WAL a commit or undo step wrote (all sessions; nothing else writes in the scratch database while it runs):
 * a figure that does not depend on the machine's load, unlike the wall time.
 */
async function withWal<T>(db: Sql, step: string, fn: () => Promise<T>): Promise<T> {
  const lsn = async () => (await db.$queryRawUnsafe<{ lsn: string }[]>(`SELECT pg_current_wal_lsn()::text AS lsn`))[0].lsn;
  const start = await lsn();
  const value = await fn();
  const [{ bytes }] = await db.$queryRawUnsafe<{ bytes: string }[]>(
    `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '${start}')::text AS bytes`,
  );
  log(`  WAL written by ${step}: ${mb(Number(bytes))}`);
  return value;
}

async function main() {
  process.env.IMPORT_MAX_MB ??= "40";
  const startUptime = uptime();
  process.env.UPLOAD_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "freight-bench-uploads-"));
  const db = await openScratchDatabase({ log, name: "freight_bench_preview" });
  try {
    const { prisma } = await import("../../app/utils/db.server");
    const { fclArea } = await import("../../app/domain/data-areas");
    const { importSpreadsheet } = await import("../../app/domain/import-export/import.server");
    const { createPreview, commitPreview, loadPreview } = await import("../../app/domain/import-export/preview.server");
    // A preview end to end: the upload read, checked and staged, and the page it redirects to (?preview=<id>: the
    // counts and the first 50 rows with their changes) loaded. The page's first read of the staged rows is part of it.
    const previewEndToEnd = async (bytes: Uint8Array, size: number, kind: string) => {
      const preview = await createPreview(fclArea, viewer, bytes, { fileName: "bench.xlsx" }, limits);
      if (!preview.ok) return preview;
      const t = performance.now();
      const page = await loadPreview(fclArea, viewer, preview.id);
      if (!page) throw new Error("the preview page found no preview");
      steps.push({
        size,
        step: `preview page, first load (${kind}; part of the preview below)`,
        ms: Math.round(performance.now() - t),
        cpuMs: 0,
      });
      return preview;
    };
    const { undoBatch } = await import("../../app/domain/import-export/batches.server");
    const { workerLimitsFor } = await import("../../app/domain/import-export/sheet-worker.server");
    const { importMaxBytes } = await import("../../app/utils/uploads.server");
    // The limits the server derives from IMPORT_MAX_MB (readSpreadsheet's default).
    const limits = {};
    const worker = workerLimitsFor(importMaxBytes());
    log(`IMPORT_MAX_MB=${process.env.IMPORT_MAX_MB}: parse worker ${worker.maxOldGenerationSizeMb} MB heap, ${worker.timeoutMs / 1000} s`);
    const viewer = { id: 6, username: "datastaff" };
    const { importPhaseChannel } = await import("../../app/domain/import-export/phases.server");
    let phaseOf: { size: number; preview: string } | null = null;
    importPhaseChannel.subscribe((message) => {
      const phase = message as { name: string; ms: number; cpuMs: number };
      if (phaseOf) phases.push({ ...phaseOf, ...phase });
    });
    const gc = (globalThis as { gc?: () => void }).gc;
    if (!gc) log("node runs without --expose-gc (use npm run bench:import-preview): the memory baseline includes garbage");
    gc?.();
    const baseline = process.memoryUsage().rss;
    log(`memory baseline (idle, after a full collection): RSS ${mb(baseline)}`);
    let firstId = 2_000_001;
    for (const size of SIZES) {
      const headers = fclArea.columns.map((c) => c.header);
      const fresh = buildInChild(headers, size, firstId, 0);
      const changed = buildInChild(headers, size, firstId, 5);
      // The direct import's file: the same rows at other prices again (a file already committed is refused, decision 207).
      const again = buildInChild(headers, size, firstId, 9);
      log(`${size} rows × ${COLUMNS} columns: ${mb(fresh.byteLength)} .xlsx`);
      if (fresh.byteLength > importMaxBytes())
        log(`  (larger than IMPORT_MAX_MB: the upload would be refused; the functions are called directly)`);

      // Preview of new rows (RSS sampled), then its commit (inserts).
      gc?.();
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
      phaseOf = { size, preview: "all new" };
      const target = size >= 100_000 ? 8_000 : size >= 20_000 ? 2_500 : undefined;
      const { value: preview, ms: previewMs } = await timed(
        size,
        "preview, all rows new",
        () => previewEndToEnd(fresh.slice(), size, "all new"),
        target,
      );
      if (!preview.ok) throw new Error(JSON.stringify(preview.problems.slice(0, 3)));
      phaseOf = { size, preview: "commit (inserts)" };
      const { value: committed, ms: commitMs } = await timed(
        size,
        "commit (inserts)",
        () => withWal(prisma, "commit (inserts)", () => commitPreview(fclArea, viewer, preview.id)),
        size >= 100_000 ? 3_000 : undefined,
      );
      clearInterval(sampler);
      // getrusage's maxrss is in KB on Linux: the highest RSS the process ever had (samples can miss a short peak).
      const highWater = Math.max(peak, process.resourceUsage().maxRSS * 1024);
      const growth = highWater - baseline;
      growths.push({ size, bytes: growth });
      const verdict = size >= 100_000 ? ` (target < 600 MB: ${growth < 600 * 1024 * 1024 ? "met" : "NOT met"})` : "";
      steps.push({ size, step: `server memory growth over preview + commit: ${mb(growth)}${verdict}`, ms: 0, cpuMs: 0 });
      if (!committed.ok) throw new Error(JSON.stringify(committed.problems));
      log(
        `  preview (all new) ${previewMs} ms; commit (${committed.inserted} inserted) ${commitMs} ms; RSS idle ${mb(baseline)}, before ${mb(rssBefore)}, sampled peak ${mb(peak)}, high-water ${mb(highWater)}: growth ${mb(growth)} (the parse worker's heap is part of it)`,
      );

      // Preview of changed prices against those rows (the diff does work), then commit (updates).
      phaseOf = { size, preview: "all updated" };
      const { value: second, ms: secondMs } = await timed(
        size,
        "preview, all rows updated (diff of 29 columns)",
        () => previewEndToEnd(changed.slice(), size, "all updated"),
        target,
      );
      if (!second.ok) throw new Error("second preview failed");
      phaseOf = { size, preview: "commit (updates)" };
      const { value: updated, ms: updateMs } = await timed(
        size,
        "commit (updates)",
        () => withWal(prisma, "commit (updates)", () => commitPreview(fclArea, viewer, second.id)),
        size >= 100_000 ? 3_000 : undefined,
      );
      if (!updated.ok) throw new Error("second commit failed");
      log(`  preview (${second.summary.counts.updated} updated) ${secondMs} ms; commit (${updated.updated} updated) ${updateMs} ms`);

      // The direct import of the same rows, side by side (a file already committed would be refused as a repeat).
      phaseOf = null;
      const { value: direct, ms: directMs } = await timed(size, "direct import of the same rows (updates)", () =>
        importSpreadsheet(fclArea, viewer, again.slice(), { fileName: "bench.xlsx" }, limits),
      );
      if (!direct.ok) throw new Error(`direct import failed: ${JSON.stringify(direct.problems.slice(0, 3))}`);
      log(`  direct import (${direct.updated} updated) ${directMs} ms`);

      // Undo of that import's batch: every row back from its before-image.
      phaseOf = { size, preview: "undo" };
      const { value: undone, ms: undoMs } = await timed(
        size,
        "undo of that import's batch",
        () => withWal(prisma, "undo", () => undoBatch(fclArea, viewer, direct.batchId!)),
        size >= 100_000 ? 3_000 : undefined,
      );
      if (!undone.ok) throw new Error(`undo failed: ${JSON.stringify(undone)}`);
      log(`  undo of the direct import's batch (${undone.restored} restored, ${undone.deleted} deleted) ${undoMs} ms`);
      phaseOf = null;
      firstId += size + 1000;
    }
    log(
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")}; node ${process.version}, ${os.cpus().length} CPU(s)`,
    );
    console.log(`\nuptime at start: ${startUptime}\nuptime at end:   ${uptime()}\n`);
    printTable();
    // Every step with a target, and the memory growth at 100,000 rows; a run of other sizes is no reference.
    if (!process.env.SIZES)
      recordResults("bench:import-preview", [
        ...steps
          .filter((step) => step.target !== undefined)
          .map((step) => ({
            metric: `${step.size.toLocaleString("en-US")} rows: ${step.step}`,
            target: `< ${step.target! / 1000} s`,
            value: `${(step.ms / 1000).toFixed(2)} s`,
            met: step.ms < step.target!,
          })),
        ...growths.map((g) => ({
          metric: `${g.size.toLocaleString("en-US")} rows: memory growth over preview and commit`,
          target: g.size >= 100_000 ? "< 600 MB" : "",
          value: mb(g.bytes),
          met: g.size >= 100_000 ? g.bytes < 600 * 1024 * 1024 : null,
        })),
      ]);
    console.log("\nPreview, commit and undo phases (app/domain/import-export/phases.server.ts):\n");
    printPhases();
    await prisma.$disconnect();
  } finally {
    await db.close();
  }
}

if (process.argv[2] === "--build") {
  const job = JSON.parse(process.argv[3]) as { headers: string[]; size: number; firstId: number; priceShift: number; file: string };
  fs.writeFileSync(job.file, buildWorkbook(job.headers, job.size, job.firstId, job.priceShift));
} else
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
