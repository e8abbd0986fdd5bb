// Export benchmark (issue 9.5; not a test): 20,000 FCL rows (30 columns,
// set-based SQL) exported as .xls through the screen's domain function,
// exportWorkbook (Prisma read → cells → SheetJS BIFF8 writer in a worker
// thread), as /fclbyseaData/export does; prints the time, rows per second,
// the phases, the file size and memory; reads the file back to check it.
// Exits non-zero at 3 s or more.
//
//   npm run bench:export            ROWS=50000 for another size
//
// Database: a scratch database (scripts/bench/lib/scratch-db.ts).
import os from "node:os";
import { openScratchDatabase } from "./lib/scratch-db";
import { runBench } from "./lib/exit";
import { recordResults } from "./lib/results";

const ROWS = Number(process.env.ROWS ?? 20_000);
const BUDGET_MS = 3_000;
const log = (line: string) => console.log(`[export] ${line}`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const db = await openScratchDatabase({ log, name: "freight_bench_export" });
  try {
    const firstId = 1_000_001;
    // Rows as an import leaves them: every column filled, prices per tier.
    await db.client.query(
      `INSERT INTO fcl_rates (id, pol, pod, destination_dock, sailing_schedule, carrier,
         gp20_t0, gp40_t0, hq40_t0, gp20_t1, gp40_t1, hq40_t1, gp20_t2, gp40_t2, hq40_t2,
         booking_fee, thc, seal, vgm, eir, doc, manifest, via, transit_time, dock,
         valid_from, valid_to, paused, remark, weight_limit, other, remark3, remark4, remark_concat, updated_at)
       SELECT $1::int + g - 1, CASE WHEN g % 2 = 0 THEN 'SHANGHAI' ELSE 'NINGBO' END,
              (array['LOS ANGELES','HAMBURG','ROTTERDAM','SINGAPORE','TOKYO','DUBAI','SANTOS','DURBAN'])[1 + g % 8],
              'TERMINAL ' || (g % 7), (array['周一','周三','周五','周三/周六'])[1 + g % 4],
              (array['COSCO','MSC','MAERSK','CMA','ONE','EMC'])[1 + g % 6],
              300 + g % 700, 600 + g % 700, 650 + g % 700, 337 + g % 700, 637 + g % 700, 687 + g % 700, 374 + g % 700, 674 + g % 700, 724 + g % 700,
              'RMB 300/票', 'RMB 1020/1540/1540', 'RMB 50/个', 'RMB 100/票', 'RMB 30/箱', 'RMB 450/票', 'RMB 150/票',
              CASE WHEN g % 4 = 0 THEN 'SINGAPORE' ELSE '直达' END, (10 + g % 30) || '天', '外高桥',
              current_date - 10, current_date + (g % 60), g % 50 = 0,
              '运价含BAF/CAF，不含目的港费用 ' || (g % 97), '20GP 18T', '不接危险品', 'remark3 ' || (g % 13), 'remark4 ' || (g % 11),
              '运价含BAF/CAF，不含目的港费用；接受冷代干 ' || (g % 97), now()
       FROM generate_series(1, $2::int) g`,
      [firstId, ROWS],
    );
    log(`${ROWS.toLocaleString("en")} FCL rows in the scratch database`);

    const { fclArea } = await import("../../app/domain/data-areas/fcl");
    const { exportRows, exportWorkbook } = await import("../../app/domain/import-export/export.server");
    const { parseSheetInWorker, writeSheetInWorker, WORKER_LIMITS } = await import("../../app/domain/import-export/sheet-worker.server");
    const { prisma } = await import("../../app/utils/db.server");
    const where = { id: { gte: firstId } };
    log(`${fclArea.columns.length} columns: ${fclArea.columns.map((c) => c.header).join(", ")}`);

    // Warm-up on a small export (module loading, worker start-up code paths).
    await exportWorkbook(fclArea, { id: { gte: firstId, lt: firstId + 100 } });

    // Phases, measured separately.
    let t = performance.now();
    const cells = await exportRows(fclArea, where);
    const readMs = performance.now() - t;
    t = performance.now();
    const written = await writeSheetInWorker(cells, { sheetName: "sheet1", bookType: "biff8" });
    const writeMs = performance.now() - t;
    const rate = (ms: number) => `${Math.round((ROWS / ms) * 1000).toLocaleString("en")} rows/s`;
    log(`read and convert (Prisma findMany → cells): ${readMs.toFixed(0)} ms (${rate(readMs)})`);
    log(`.xls write in the worker (SheetJS BIFF8): ${writeMs.toFixed(0)} ms (${rate(writeMs)}), ${mb(written.byteLength)}`);

    // End to end, as the export route runs it.
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
    t = performance.now();
    const file = await exportWorkbook(fclArea, where);
    const totalMs = performance.now() - t;
    clearInterval(sampler);

    // Read back with a larger heap than an upload gets (this checks the file, it is not the import path).
    const back = await parseSheetInWorker(file.slice(), { ...WORKER_LIMITS, maxOldGenerationSizeMb: 1024, timeoutMs: 120_000 });
    const dataRows = back.rows.length;
    // The header row, then the data rows.
    if (dataRows !== ROWS + 1) throw new Error(`the file reads back with ${dataRows - 1} data rows, not ${ROWS}`);
    log(
      `exportWorkbook end to end: ${totalMs.toFixed(0)} ms: ${rate(totalMs)}; ${mb(file.byteLength)} .xls, reads back with ${dataRows - 1} data rows`,
    );
    log(`memory: RSS ${mb(rssBefore)} → peak ${mb(peakRss)} (+${mb(peakRss - rssBefore)}; the worker thread's heap included)`);
    log(
      `node ${process.version}, ${os.cpus().length} CPU ${os.cpus()[0]?.model ?? ""}, load ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")}`,
    );
    await prisma.$disconnect();
    if (!process.env.ROWS)
      recordResults("bench:export", [
        {
          metric: `${ROWS.toLocaleString("en")}-row .xls export end to end`,
          target: `< ${BUDGET_MS / 1000} s`,
          value: `${(totalMs / 1000).toFixed(2)} s`,
          met: totalMs < BUDGET_MS,
        },
      ]);
    if (totalMs >= BUDGET_MS) {
      log(`FAILED: ${totalMs.toFixed(0)} ms ≥ ${BUDGET_MS} ms`);
      process.exitCode = 1;
    } else log(`within budget (< ${BUDGET_MS} ms)`);
  } finally {
    await db.close();
  }
}

runBench(main);
