// @ts-check
// Writes a one-sheet workbook (.xls BIFF8 or .xlsx) in a worker thread, so a
// large export does not block the server's event loop.
//
// SheetJS 0.20's BIFF writer puts each record's payload in a buffer of its
// own and then starts a new 16 KB block (its buf_array block size) for the
// next record header: 20,000 × 20 cells took 31-37 s and 6.4 GB. We load a
// copy of the module with write_biff_rec copying the payload into the
// current block instead, so records pack into 16 KB blocks (20,000 × 35
// cells: 0.7 s instead of 3.6 s, byte for byte the same file; see
// docs/benchmarks.md, export). If that text ever changes, the older patch
// (the block size set back to 256 bytes, as 0.18.5 had: 2 s, 0.55 GB for
// 20,000 × 20; ../../../shared/STACK.md "Excel") applies; if neither text is
// found, the unpatched module.
//
// In:  workerData = { rows: unknown[][], sheetName, bookType: "biff8" | "xlsx",
//                     more?: { name, rows }[] (further sheets, e.g. a template's notes) }
// Out: { ok: true, data: Uint8Array, patched: boolean } or { ok: false, error }
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parentPort, workerData } from "node:worker_threads";

const RECORD_WRITE = `	var o = ba.next(4);
	o.write_shift(2, t);
	o.write_shift(2, len);
	if(/*:: len != null &&*/len > 0 && is_buf(payload)) ba.push(payload);
}`;
// What ba.push contributed: the payload's written bytes (l), else all of it.
const RECORD_WRITE_PACKED = `	var body = len > 0 && is_buf(payload) ? (payload.l == null ? payload.length : payload.l) : 0;
	var o = ba.next(4 + body);
	o.write_shift(2, t);
	o.write_shift(2, len);
	if(body > 0) { payload.copy(o, o.l, 0, body); o.l += body; }
}`;
const BLOCK_SIZE = "blksz = has_buf ? 16384 : 2048";

const once = (/** @type {string} */ source, /** @type {string} */ text) => source.split(text).length === 2;

async function loadSheetJs() {
  try {
    const file = fileURLToPath(import.meta.resolve("@e965/xlsx"));
    const source = readFileSync(file, "utf8");
    let patched = null;
    if (once(source, RECORD_WRITE)) patched = source.replace(RECORD_WRITE, RECORD_WRITE_PACKED);
    else if (once(source, BLOCK_SIZE)) patched = source.replace(BLOCK_SIZE, "blksz = has_buf ? 256 : 2048");
    if (patched) {
      return { XLSX: await import(`data:text/javascript;base64,${Buffer.from(patched).toString("base64")}`), patched: true };
    }
  } catch {
    // fall through to the unpatched module
  }
  return { XLSX: await import("@e965/xlsx"), patched: false };
}

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);

try {
  const { XLSX, patched } = await loadSheetJs();
  const { rows, sheetName = "sheet1", bookType = "biff8", more = [] } = workerData;
  const workbook = XLSX.utils.book_new();
  // Dense: cells in arrays by row, not an object keyed "A1", "B1"... (10x
  // faster to build for 700,000 cells, the same file).
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows, { dense: true }), sheetName);
  for (const sheet of more) XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(sheet.rows, { dense: true }), sheet.name);
  const buffer = XLSX.write(workbook, { type: "buffer", bookType, compression: true });
  // A copy owns its ArrayBuffer (small Buffers share Node's pool), so it can be transferred.
  const data = new Uint8Array(buffer);
  port.postMessage({ ok: true, data, patched }, [data.buffer]);
} catch (error) {
  port.postMessage({ ok: false, error: String(/** @type {{ message?: unknown }} */ (error)?.message ?? error).slice(0, 500) });
}
