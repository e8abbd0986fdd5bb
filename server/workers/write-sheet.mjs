// Writes a one-sheet workbook (.xls BIFF8 or .xlsx) in a worker thread, so a
// large export does not block the server's event loop.
//
// SheetJS 0.20's BIFF writer allocates a 16 KB block per cell record (its
// buf_array block size): 20,000 × 20 cells took 31-37 s and 6.4 GB. 0.18.5
// used 256 bytes. We load a copy of the module with that one constant set
// back to 256 (2 s, 0.55 GB; see ../../../shared/STACK.md "Excel"); if the
// text ever changes we fall back to the unpatched module.
//
// In:  workerData = { rows: unknown[][], sheetName, bookType: "biff8" | "xlsx" }
// Out: { ok: true, data: Uint8Array, patched: boolean } or { ok: false, error }
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parentPort, workerData } from "node:worker_threads";

const BLOCK_SIZE = "blksz = has_buf ? 16384 : 2048";

async function loadSheetJs() {
  try {
    const file = fileURLToPath(import.meta.resolve("@e965/xlsx"));
    const source = readFileSync(file, "utf8");
    if (source.split(BLOCK_SIZE).length === 2) {
      const patched = source.replace(BLOCK_SIZE, "blksz = has_buf ? 256 : 2048");
      return { XLSX: await import(`data:text/javascript;base64,${Buffer.from(patched).toString("base64")}`), patched: true };
    }
  } catch {
    // fall through to the unpatched module
  }
  return { XLSX: await import("@e965/xlsx"), patched: false };
}

try {
  const { XLSX, patched } = await loadSheetJs();
  const { rows, sheetName = "sheet1", bookType = "biff8" } = workerData;
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), sheetName);
  const buffer = XLSX.write(workbook, { type: "buffer", bookType, compression: true });
  // A copy owns its ArrayBuffer (small Buffers share Node's pool), so it can be transferred.
  const data = new Uint8Array(buffer);
  parentPort.postMessage({ ok: true, data, patched }, [data.buffer]);
} catch (error) {
  parentPort.postMessage({ ok: false, error: String(error?.message ?? error).slice(0, 500) });
}
