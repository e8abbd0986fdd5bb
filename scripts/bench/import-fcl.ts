// Import benchmark (not a test): builds a 20,000-row × 30-column FCL .xlsx,
// imports it through the same domain function as the screen
// (importSpreadsheet: zip check → worker parse → validation → set-based
// upsert in one transaction), twice (first run inserts, second updates), and
// reports rows per second, the phases, and peak memory.
//
//   npm run bench:import            (tsx scripts/bench/import-fcl.ts)
//   ROWS=50000 npm run bench:import
//
// Database: a scratch database created (migrated and seeded) on the server
// of DATABASE_URL when set, otherwise on a throw-away embedded PostgreSQL;
// it is dropped at the end. Results go to docs/benchmarks.md by hand.
import os from "node:os";
import * as XLSX from "@e965/xlsx";
import { openScratchDatabase } from "./lib/scratch-db";
import { recordResults } from "./lib/results";

const ROWS = Number(process.env.ROWS ?? 20_000);
const COLUMNS = 30;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const log = (line: string) => console.log(`[bench] ${line}`);

function buildWorkbook(fclHeaders: string[]): Uint8Array {
  const headers = fclHeaders.slice(0, COLUMNS);
  const ports = ["LOS ANGELES", "HAMBURG", "ROTTERDAM", "SINGAPORE", "TOKYO", "DUBAI", "SANTOS", "DURBAN"];
  const carriers = ["COSCO", "MSC", "MAERSK", "CMA", "ONE", "EMC"];
  const rows: unknown[][] = [headers];
  for (let i = 0; i < ROWS; i++) {
    const base = 300 + (i % 700);
    const row: unknown[] = headers.map((header) => {
      switch (header) {
        case "id":
          return 1_000_001 + i;
        case "pol":
          return i % 2 ? "SHANGHAI" : "NINGBO";
        case "pod":
          return ports[i % ports.length];
        case "carrier":
          return carriers[i % carriers.length];
        case "valid_fm":
          return "2026/1/1"; // before every valid_to (an end before the start is refused, issue 40)
        case "valid_to":
          return 46_100 + (i % 60); // Excel serial dates
        case "yes_no":
          return i % 50 === 0 ? "是" : "否";
        default:
          if (/^(20GP|40GP|40HQ)_T\d$/.test(header)) return base + Number(header.slice(-1)) * 37 + (header.startsWith("40") ? 200 : 0);
          return `${header} ${i % 97}`;
      }
    });
    rows.push(row);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "sheet1");
  // Shared strings, as Excel writes them.
  return new Uint8Array(XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true, bookSST: true }) as Buffer);
}

async function main() {
  // Created, migrated and seeded; DATABASE_URL points at it from here on.
  const db = await openScratchDatabase({ log, name: "freight_bench_import" });
  try {
    const { prisma } = await import("../../app/utils/db.server");
    const { fclArea } = await import("../../app/domain/data-areas");
    const { importSpreadsheet, validateSheet, writeRows } = await import("../../app/domain/import-export/import.server");
    const { parseSheetInWorker } = await import("../../app/domain/import-export/sheet-worker.server");

    const started = Date.now();
    const file = buildWorkbook(fclArea.columns.map((c) => c.header));
    log(`generated ${ROWS} rows × ${COLUMNS} columns: ${mb(file.byteLength)} .xlsx in ${Date.now() - started} ms`);

    // Phases, measured separately on copies of the file.
    let t = Date.now();
    const sheet = await parseSheetInWorker(file.slice());
    const parseMs = Date.now() - t;
    t = Date.now();
    const checked = validateSheet(fclArea, sheet);
    const validateMs = Date.now() - t;
    if (!checked.ok) throw new Error(`validation failed: ${JSON.stringify(checked.problems.slice(0, 3))}`);

    const viewer = { id: 6, username: "datastaff" };
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

    // The SQL write alone (set-based upsert in one transaction): all inserts.
    t = Date.now();
    const written = await writeRows(fclArea, viewer, checked.prepared, { fileName: "bench.xlsx" });
    const writeMs = Date.now() - t;
    if (!written.ok) throw new Error(`write failed: ${JSON.stringify(written.problems.slice(0, 3))}`);

    // End to end through the screen's domain function (zip check, worker parse, validation, write): all updates.
    t = Date.now();
    const outcome = await importSpreadsheet(fclArea, viewer, file.slice(), { fileName: "bench.xlsx" });
    const totalMs = Date.now() - t;
    if (!outcome.ok) throw new Error(`import failed: ${JSON.stringify(outcome.problems.slice(0, 3))}`);
    clearInterval(sampler);

    const rate = (ms: number) => `${Math.round((ROWS / ms) * 1000).toLocaleString("en")} rows/s`;
    const count = await prisma.fclRate.count({ where: { id: { gt: 1_000_000 } } });
    log(`worker parse ${parseMs} ms (${rate(parseMs)}), validation ${validateMs} ms (${rate(validateMs)})`);
    log(`SQL write (insert ${written.inserted}) ${writeMs} ms: ${rate(writeMs)}`);
    log(`importSpreadsheet end to end (update ${outcome.updated}) ${totalMs} ms: ${rate(totalMs)}`);
    log(`rows in table after import: ${count}`);
    log(
      `peak RSS (process incl. worker threads): ${mb(process.resourceUsage().maxRSS * 1024)}; sampled RSS ${mb(rssBefore)} → peak ${mb(peakRss)}`,
    );
    log(
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")}`,
    );
    log(`node ${process.version}, ${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ""}`);
    await prisma.$disconnect();
    // The targets for the default 20,000 × 30 file: < 4 s end to end, < 400 MB of memory growth.
    const growth = peakRss - rssBefore;
    if (!process.env.ROWS)
      recordResults("bench:import", [
        { metric: "20,000 × 30 .xlsx import end to end", target: "< 4 s", value: `${(totalMs / 1000).toFixed(2)} s`, met: totalMs < 4000 },
        { metric: "memory growth", target: "< 400 MB", value: `+${mb(growth)}`, met: growth < 400 * 1024 * 1024 },
      ]);
    if (!(totalMs < 4000 && growth < 400 * 1024 * 1024)) process.exitCode = 1;
  } finally {
    await db.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
