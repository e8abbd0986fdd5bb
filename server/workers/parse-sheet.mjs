// Parses an uploaded spreadsheet in a worker thread (started by
// app/domain/import-export/sheet-worker.server.ts with resourceLimits and a
// timeout): a hostile file can exhaust this worker's heap or time, never the
// server's. Plain JS ESM, imported by nothing: the Remix server build is one
// bundled file, a worker needs its own file on disk.
//
// In:  workerData = { data: Uint8Array }
// Out: { ok: true, firstRow, rows, formulaCells } (read-sheet.mjs
//      readFirstSheet), or { ok: false, error }.
import { parentPort, workerData } from "node:worker_threads";
import { readFirstSheet } from "./read-sheet.mjs";

try {
  parentPort.postMessage({ ok: true, ...readFirstSheet(workerData.data) });
} catch (error) {
  parentPort.postMessage({ ok: false, error: String(error?.message ?? error).slice(0, 500) });
}
