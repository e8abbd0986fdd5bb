// Parses an uploaded spreadsheet in a worker thread (started by
// app/domain/import-export/sheet-worker.server.ts with resourceLimits and a
// timeout): a hostile file can exhaust this worker's heap or time, never the
// server's. Plain JS ESM, imported by nothing: the Remix server build is one
// bundled file, a worker needs its own file on disk.
//
// In:  workerData = { data: Uint8Array, verifyZip?: boolean }
// Out: { ok: true, firstRow, rows, formulaCells } (read-sheet.mjs
//      readFirstSheet), { ok: false, zip: "sizeMismatch" | "notZip" } (the
//      zip size check, zip-sizes.mjs, when verifyZip), or { ok: false, error }.
import { parentPort, workerData } from "node:worker_threads";
import { readFirstSheet } from "./read-sheet.mjs";
import { verifyZipSizes } from "./zip-sizes.mjs";

try {
  const { data, verifyZip } = workerData;
  // Issue 22.9: an .xlsx whose entries inflate beyond their declared sizes never reaches a reader.
  const sizes = verifyZip && data[0] === 0x50 && data[1] === 0x4b ? verifyZipSizes(data) : null;
  if (sizes && !sizes.ok) parentPort.postMessage({ ok: false, zip: sizes.reason });
  else parentPort.postMessage({ ok: true, ...readFirstSheet(data, sizes?.inflated) });
} catch (error) {
  parentPort.postMessage({ ok: false, error: String(error?.message ?? error).slice(0, 500) });
}
