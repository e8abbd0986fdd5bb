// @ts-check
// Issue 22.9 (zip bombs with falsified sizes), inside the parse worker:
// each entry of the .xlsx is inflated with the output capped at its declared
// size plus one byte; an entry that inflates to more than it declares is
// refused ("sizeMismatch") before any reader sees it. The capped outputs are
// kept (by local header offset) for the one-pass reader (fast-xlsx.mjs), so
// the file is inflated once, not once for the check and again to read it
// (issue 23, performance). The directory checks (entries, declared total,
// ratio) run before the worker (app/domain/import-export/zip-guard.server.ts);
// the cap keeps memory at that checked total.
import zlib from "node:zlib";

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * { ok: true, inflated: Map(local offset → bytes) } or { ok: false, reason: "sizeMismatch" | "notZip" }.
 * @param {Uint8Array} data
 * @returns {{ ok: true, inflated: Map<number, Uint8Array> } | { ok: false, reason: "sizeMismatch" | "notZip" }}
 */
export function verifyZipSizes(data) {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return { ok: false, reason: "notZip" };
  /** @type {Map<number, Uint8Array>} */
  const inflated = new Map();
  const count = view.getUint16(eocd + 10, true);
  let position = view.getUint32(eocd + 16, true);
  for (let n = 0; n < count; n++) {
    if (position + 46 > data.length || view.getUint32(position, true) !== CENTRAL) return { ok: false, reason: "notZip" };
    const method = view.getUint16(position + 10, true);
    const compressed = view.getUint32(position + 20, true);
    const declared = view.getUint32(position + 24, true);
    const local = view.getUint32(position + 42, true);
    position += 46 + view.getUint16(position + 28, true) + view.getUint16(position + 30, true) + view.getUint16(position + 32, true);
    if (local + 30 > data.length || view.getUint32(local, true) !== LOCAL) return { ok: false, reason: "notZip" };
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (method === 0) {
      if (compressed !== declared) return { ok: false, reason: "sizeMismatch" };
      continue;
    }
    if (method !== 8) continue; // the readers refuse other methods themselves
    const body = data.subarray(start, Math.min(data.length, start + compressed));
    try {
      inflated.set(local, zlib.inflateRawSync(body, { maxOutputLength: declared + 1 }));
    } catch (error) {
      if (/** @type {{ code?: string }} */ (error)?.code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError)
        return { ok: false, reason: "sizeMismatch" };
      // A broken deflate stream: the reader says "unreadable".
      return { ok: true, inflated: new Map() };
    }
  }
  return { ok: true, inflated };
}
