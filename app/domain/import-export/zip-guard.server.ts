// Refuses zip bombs before an .xlsx reaches the parser: reads the zip's
// central directory (no decompression) and checks the number of entries and
// their total declared uncompressed size. The parser then runs in a worker
// with a heap limit, so a file that lies in its directory still cannot take
// the server down.

export const ZIP_LIMITS = {
  maxEntries: 1000,
  /** A 2 MB .xlsx of plain rows unpacks to well under 100 MB of XML. */
  maxTotalUncompressed: 150 * 1024 * 1024,
  /** Deflate cannot do better than about 1032:1; real sheets are far below. */
  maxRatio: 250,
} as const;

/**
 * The zip limits for uploads of up to `maxBytes` (IMPORT_MAX_MB): the
 * declared uncompressed total grows in proportion to the upload limit (75
 * times it: exactly ZIP_LIMITS' 150 MB at the spec's 2 MB); entries and the
 * ratio stay as they are.
 */
export function zipLimitsFor(maxBytes: number): ZipLimits {
  return { ...ZIP_LIMITS, maxTotalUncompressed: Math.max(ZIP_LIMITS.maxTotalUncompressed, 75 * maxBytes) };
}

export type ZipCheck =
  { ok: true; entries: number; uncompressed: number } | { ok: false; reason: "notZip" | "tooManyEntries" | "tooLarge" | "zip64" };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

/** Offset of the end-of-central-directory record (22 bytes plus a comment of up to 65535 bytes), or -1. */
function endOfDirectory(view: DataView, length: number): number {
  for (let i = length - 22; i >= Math.max(0, length - 22 - 65_535); i--) if (view.getUint32(i, true) === EOCD) return i;
  return -1;
}

export type ZipLimits = { maxEntries: number; maxTotalUncompressed: number; maxRatio: number };

export function inspectZip(data: Uint8Array, limits: ZipLimits = ZIP_LIMITS): ZipCheck {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const eocd = endOfDirectory(view, data.length);
  if (eocd < 0) return { ok: false, reason: "notZip" };
  const count = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const offset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) return { ok: false, reason: "zip64" };
  if (count > limits.maxEntries) return { ok: false, reason: "tooManyEntries" };
  if (offset + size > data.length) return { ok: false, reason: "notZip" };
  let position = offset;
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (position + 46 > data.length || view.getUint32(position, true) !== CENTRAL) return { ok: false, reason: "notZip" };
    const compressed = view.getUint32(position + 20, true);
    const uncompressed = view.getUint32(position + 24, true);
    if (compressed === 0xffffffff || uncompressed === 0xffffffff) return { ok: false, reason: "zip64" };
    total += uncompressed;
    if (total > limits.maxTotalUncompressed) return { ok: false, reason: "tooLarge" };
    if (uncompressed > 1024 * 1024 && uncompressed > Math.max(compressed, 1) * limits.maxRatio) return { ok: false, reason: "tooLarge" };
    const nameLength = view.getUint16(position + 28, true);
    const extraLength = view.getUint16(position + 30, true);
    const commentLength = view.getUint16(position + 32, true);
    position += 46 + nameLength + extraLength + commentLength;
  }
  return { ok: true, entries: count, uncompressed: total };
}

// Issue 22.9 (an entry that inflates beyond its declared size) is checked in
// the parse worker itself, which then reads those inflated bytes
// (server/workers/zip-sizes.mjs; parseSheetInWorker's verifyZip).
