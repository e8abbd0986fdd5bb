import { describe, expect, it } from "vitest";
import { inspectZip } from "~/domain/import-export/zip-guard.server";
import { fakeZip, sheetBytes } from "../../../tests/support/sheets";

describe("zip guard", () => {
  it("accepts a real .xlsx", () => {
    const check = inspectZip(
      sheetBytes([
        ["a", "b"],
        [1, 2],
      ]),
    );
    expect(check.ok).toBe(true);
  });

  it("refuses declared bombs and too many entries", () => {
    expect(inspectZip(fakeZip(3, 200 * 1024 * 1024))).toEqual({ ok: false, reason: "tooLarge" });
    expect(inspectZip(fakeZip(1, 5 * 1024 * 1024))).toEqual({ ok: false, reason: "tooLarge" }); // ratio 5 MB : 1000 B
    expect(inspectZip(fakeZip(1500, 10))).toEqual({ ok: false, reason: "tooManyEntries" });
    expect(inspectZip(fakeZip(2, 10)).ok).toBe(true);
    expect(inspectZip(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toEqual({ ok: false, reason: "notZip" });
  });
});

describe("sheet workers", () => {
  it("run at most two at a time and all finish", async () => {
    const { parseSheetInWorker, MAX_PARALLEL_WORKERS } = await import("~/domain/import-export/sheet-worker.server");
    expect(MAX_PARALLEL_WORKERS).toBe(2);
    const sheets = await Promise.all(Array.from({ length: 5 }, (_, i) => parseSheetInWorker(sheetBytes([["n"], [i]]))));
    expect(sheets.map((s) => s.rows[1][0])).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("the .xls writer", () => {
  it("runs with SheetJS's per-cell BIFF block set back to 256 bytes", async () => {
    const { writeSheetDetailed } = await import("~/domain/import-export/sheet-worker.server");
    const { patched, data } = await writeSheetDetailed([
      ["a", "b"],
      [1, "x"],
    ]);
    expect(patched).toBe(true);
    expect([...data.slice(0, 4)]).toEqual([0xd0, 0xcf, 0x11, 0xe0]);
  });
});
