// @ts-check
// Parses an uploaded spreadsheet in a worker thread (started by
// app/domain/import-export/sheet-worker.server.ts with resourceLimits and a
// timeout): a hostile file can exhaust this worker's heap or time, never the
// server's. Plain JS ESM, imported by nothing: the Remix server build is one
// bundled file, a worker needs its own file on disk.
//
// In:  workerData = { data: Uint8Array, verifyZip?: boolean, workbook?: boolean }
// Out: { ok: true, firstRow, rowStart, kind, num, strings, formulaCells, timings }
//      (read-sheet.mjs readFirstSheet's rows in the compact form of
//      compact-sheet.mjs, its typed arrays transferred, not copied),
//      with `workbook`: { ok: true, tabs: [{ name, hidden, merges, hiddenCells, …the
//      compact form }], timings } (read-sheet.mjs readWorkbook: every tab),
//      { ok: false, zip: "sizeMismatch" | "notZip" } (the zip size check,
//      zip-sizes.mjs, when verifyZip), or { ok: false, error }.
import { parentPort, workerData } from "node:worker_threads";
import { compactSheet } from "./compact-sheet.mjs";
import { readFirstSheet, readWorkbook } from "./read-sheet.mjs";
import { verifyZipSizes } from "./zip-sizes.mjs";

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);

try {
  const { data, verifyZip, workbook } = /** @type {{ data: Uint8Array, verifyZip?: boolean, workbook?: boolean }} */ (workerData);
  // Issue 22.9: an .xlsx whose entries inflate beyond their declared sizes never reaches a reader.
  const start = performance.now();
  const sizes = verifyZip && data[0] === 0x50 && data[1] === 0x4b ? verifyZipSizes(data) : null;
  if (sizes && !sizes.ok) port.postMessage({ ok: false, zip: sizes.reason });
  else {
    const checked = performance.now();
    if (workbook) {
      const read = readWorkbook(data, sizes?.inflated);
      const done = performance.now();
      /** @type {ArrayBuffer[]} */
      const transfer = [];
      const tabs = read.map((tab) => {
        const compact = compactSheet(tab);
        transfer.push(...compact.transfer);
        return { ...compact.sheet, name: tab.name, hidden: tab.hidden, merges: tab.merges, hiddenCells: tab.hiddenCells };
      });
      const timings = { zipSizes: checked - start, read: done - checked, compact: performance.now() - done };
      port.postMessage({ ok: true, tabs, timings }, transfer);
    } else {
      const rows = readFirstSheet(data, sizes?.inflated);
      const read = performance.now();
      const { sheet, transfer } = compactSheet(rows);
      // The worker's own phases (ms), for the bench's table (phases.server.ts).
      const timings = { zipSizes: checked - start, read: read - checked, compact: performance.now() - read };
      port.postMessage({ ok: true, ...sheet, timings }, transfer);
    }
  }
} catch (error) {
  const e = /** @type {{ message?: unknown }} */ (error);
  port.postMessage({ ok: false, error: String(e?.message ?? error).slice(0, 500) });
}
