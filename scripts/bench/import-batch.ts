// Import batch and undo benchmark (not a test; issue 23 item 2, decision
// 204): a 100,000-row × 30-column FCL .xlsx, imported directly (worker parse
// with a raised heap limit, validation, the one set-based writer) WITH batch
// recording (in the writer's own statement), and the undo of the 100,000-row batch (target
// < 3 s), for a batch of updates (every row restored from its before-image)
// and a batch of inserts (every row deleted).
//
//   npm run bench:import-batch                (tsx scripts/bench/import-batch.ts)
//   ROWS=20000 npm run bench:import-batch
//
// Database: a scratch database (migrated and seeded) on the server of
// DATABASE_URL, else a throw-away embedded PostgreSQL (BENCH_PG_PORT). The
// original files go to a temporary UPLOAD_DIR. Figures: docs/benchmarks.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as XLSX from "@e965/xlsx";
import { openScratchDatabase } from "./lib/scratch-db";
import { recordResults } from "./lib/results";

const ROWS = Number(process.env.ROWS ?? 100_000);
const COLUMNS = 30;
const FIRST_ID = 2_000_001;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const log = (line: string) => console.log(`[bench] ${line}`);
const rate = (ms: number) => `${Math.round((ROWS / ms) * 1000).toLocaleString("en")} rows/s`;

function buildWorkbook(fclHeaders: string[], price: number): Uint8Array {
  const headers = fclHeaders.slice(0, COLUMNS);
  const ports = ["LOS ANGELES", "HAMBURG", "ROTTERDAM", "SINGAPORE", "TOKYO", "DUBAI", "SANTOS", "DURBAN"];
  const carriers = ["COSCO", "MSC", "MAERSK", "CMA", "ONE", "EMC"];
  const rows: unknown[][] = [headers];
  for (let i = 0; i < ROWS; i++) {
    const base = price + (i % 700);
    rows.push(
      headers.map((header) => {
        switch (header) {
          case "id":
            return FIRST_ID + i;
          case "pol":
            return i % 2 ? "SHANGHAI" : "NINGBO";
          case "pod":
            return ports[i % ports.length];
          case "carrier":
            return carriers[i % carriers.length];
          case "valid_fm":
            return "2026/11/1";
          case "valid_to":
            return 46_100 + (i % 60);
          case "yes_no":
            return i % 50 === 0 ? "是" : "否";
          default:
            if (/^(20GP|40GP|40HQ)_T\d$/.test(header)) return base + Number(header.slice(-1)) * 37 + (header.startsWith("40") ? 200 : 0);
            return `${header} ${i % 97}`;
        }
      }),
    );
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { dense: true }), "sheet1");
  return new Uint8Array(XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true, bookSST: true }) as Buffer);
}

async function main() {
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "freight-bench-uploads-"));
  process.env.UPLOAD_DIR = uploads;
  const db = await openScratchDatabase({ log, name: "freight_bench_import_batch" });
  try {
    const { prisma } = await import("../../app/utils/db.server");
    const { fclArea } = await import("../../app/domain/data-areas");
    const { validateSheet, writeRows } = await import("../../app/domain/import-export/import.server");
    const { parseSheetInWorker, WORKER_LIMITS } = await import("../../app/domain/import-export/sheet-worker.server");
    const { undoBatch } = await import("../../app/domain/import-export/batches.server");
    const viewer = { id: 6, username: "datastaff" };
    const limits = { ...WORKER_LIMITS, maxOldGenerationSizeMb: 2048, timeoutMs: 300_000 };

    let t = Date.now();
    const first = buildWorkbook(
      fclArea.columns.map((c) => c.header),
      300,
    );
    const second = buildWorkbook(
      fclArea.columns.map((c) => c.header),
      900,
    );
    log(`generated 2 × ${ROWS} rows × ${COLUMNS} columns: ${mb(first.byteLength)} .xlsx each in ${Date.now() - t} ms`);

    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

    /** Direct import of a file: worker parse, validation, the writer (with its batch). */
    async function importFile(file: Uint8Array, name: string) {
      const started = Date.now();
      const sheet = await parseSheetInWorker(file.slice(), limits);
      const parseMs = Date.now() - started;
      let s = Date.now();
      const checked = validateSheet(fclArea, sheet);
      const validateMs = Date.now() - s;
      if (!checked.ok) throw new Error(`validation failed: ${JSON.stringify(checked.problems.slice(0, 3))}`);
      s = Date.now();
      const written = await writeRows(fclArea, viewer, checked.prepared, { fileName: name, original: file });
      const writeMs = Date.now() - s;
      if (!written.ok) throw new Error(`write failed: ${JSON.stringify(written.problems.slice(0, 3))}`);
      return { written, prepared: checked.prepared, parseMs, validateMs, writeMs, totalMs: Date.now() - started };
    }

    const inserted = await importFile(first, "bench-1.xlsx");
    log(
      `import 1 (${inserted.written.inserted} inserts): parse ${inserted.parseMs} ms, validation ${inserted.validateMs} ms, write with batch ${inserted.writeMs} ms (${rate(inserted.writeMs)}), end to end ${inserted.totalMs} ms`,
    );
    const updated = await importFile(second, "bench-2.xlsx");
    log(
      `import 2 (${updated.written.updated} updates): parse ${updated.parseMs} ms, validation ${updated.validateMs} ms, write with batch ${updated.writeMs} ms (${rate(updated.writeMs)}), end to end ${updated.totalMs} ms`,
    );

    const sum = async () =>
      (await prisma.$queryRawUnsafe<{ s: string }[]>(`SELECT md5(string_agg(t::text, '|' ORDER BY id)) AS s FROM fcl_rates t`))[0].s;
    const afterFirst = await sum();
    t = Date.now();
    const undoUpdates = await undoBatch(fclArea, viewer, updated.written.batchId!);
    const undoUpdatesMs = Date.now() - t;
    if (!undoUpdates.ok) throw new Error(`undo failed: ${JSON.stringify(undoUpdates)}`);
    const exact = (await sum()) === afterFirst;
    log(
      `undo of the update batch (${undoUpdates.restored} rows restored): ${undoUpdatesMs} ms; table equals its state before the batch: ${exact}`,
    );
    t = Date.now();
    const undoInserts = await undoBatch(fclArea, viewer, inserted.written.batchId!);
    const undoInsertsMs = Date.now() - t;
    if (!undoInserts.ok) throw new Error(`undo failed: ${JSON.stringify(undoInserts)}`);
    log(
      `undo of the insert batch (${undoInserts.deleted} rows deleted): ${undoInsertsMs} ms; rows left with bench ids: ${await prisma.fclRate.count({ where: { id: { gte: FIRST_ID } } })}`,
    );
    clearInterval(sampler);

    log(
      `sampled RSS ${mb(rssBefore)} → peak ${mb(peakRss)} (+${mb(peakRss - rssBefore)}); maxRSS ${mb(process.resourceUsage().maxRSS * 1024)}`,
    );
    log(
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")}; node ${process.version}, ${os.cpus().length} CPU(s)`,
    );
    await prisma.$disconnect();
    // The target: an undo of a 100,000-row batch under 3 s (decision 204).
    if (!process.env.ROWS)
      recordResults("bench:import-batch", [
        {
          metric: "undo of a 100,000-row update batch",
          target: "< 3 s",
          value: `${(undoUpdatesMs / 1000).toFixed(2)} s`,
          met: undoUpdatesMs < 3000,
        },
        {
          metric: "undo of a 100,000-row insert batch",
          target: "< 3 s",
          value: `${(undoInsertsMs / 1000).toFixed(2)} s`,
          met: undoInsertsMs < 3000,
        },
      ]);
    if (undoUpdatesMs >= 3000 || undoInsertsMs >= 3000) process.exitCode = 1;
  } finally {
    await db.close();
    fs.rmSync(uploads, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
