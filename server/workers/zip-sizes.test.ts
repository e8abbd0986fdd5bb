// The zip size check inside the parse worker (issue 22.9; issue 23
// performance): every entry is inflated capped at its declared size, a lying
// entry is refused before any reader sees it, and the one-pass reader reads
// the bytes the check inflated (the file is inflated once, not twice).
import { describe, expect, it } from "vitest";
import { sheetBytes } from "../../tests/support/sheets";

type Cell = string | number | boolean | null;
type Read = { firstRow: number; rows: Cell[][]; formulaCells: string[] };
type Sizes = { ok: true; inflated: Map<number, Uint8Array> } | { ok: false; reason: "sizeMismatch" | "notZip" };

const workers = `${process.cwd()}/server/workers`;
const { readFirstSheet } = (await import(/* @vite-ignore */ `${workers}/read-sheet.mjs`)) as {
  readFirstSheet: (data: Uint8Array, inflated?: Map<number, Uint8Array>) => Read;
};
const { verifyZipSizes } = (await import(/* @vite-ignore */ `${workers}/zip-sizes.mjs`)) as { verifyZipSizes: (data: Uint8Array) => Sizes };

const ROWS = [
  ["id", "pol", "20GP_T0", "remark"],
  [1, "上海", 12.5, "a & b"],
  [2, "NINGBO", 300, null],
];

describe("zip size check in the parse worker", () => {
  it("inflates each entry once: the reader takes the checked bytes (and lets them go), with the same rows", async () => {
    const bytes = sheetBytes(ROWS);
    const sizes = verifyZipSizes(bytes);
    if (!sizes.ok) throw new Error(sizes.reason);
    const entries = sizes.inflated.size;
    expect(entries).toBeGreaterThanOrEqual(4);
    const read = readFirstSheet(bytes, sizes.inflated);
    expect(read).toEqual(readFirstSheet(bytes));
    // The workbook, its relationships, the shared strings, the styles and the sheet were read from the map.
    expect(sizes.inflated.size).toBeLessThanOrEqual(entries - 4);
  });

  it("refuses an entry that inflates beyond its declared size, and a file that is not a zip", () => {
    const bytes = sheetBytes([...ROWS, ...Array.from({ length: 200 }, (_, i) => [i + 3, "SHANGHAI", 100, "x"])]);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i + 4 <= bytes.length; i++) if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, 16, true);
    expect(verifyZipSizes(bytes)).toEqual({ ok: false, reason: "sizeMismatch" });
    expect(verifyZipSizes(new Uint8Array(64))).toEqual({ ok: false, reason: "notZip" });
  });
});
