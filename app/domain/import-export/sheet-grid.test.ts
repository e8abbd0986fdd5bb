// The preview's process-side speed-ups (issue 23, performance) change how
// cells travel and are converted, never what they become: the worker's
// compact form expands to exactly the rows read, validateSheet gives the same
// outcome from either form, each column's remembering converter gives what
// convertCell gives for every value, and hostile files are still refused by
// the worker.
import { describe, expect, it } from "vitest";
import { fclArea, lclArea, railArea } from "~/domain/data-areas";
import { col, KILOGRAMS, type AreaColumn } from "~/domain/data-areas/types";
import { cellConverter, convertCell, readSpreadsheet, validateSheet } from "~/domain/import-export/import.server";
import { KIND, sheetGrid, sheetRows } from "~/domain/import-export/sheet-grid";
import { parseCompactSheetInWorker, parseSheetInWorker, type Cell, type CompactSheet } from "~/domain/import-export/sheet-worker.server";
import { sheetBytes } from "../../../tests/support/sheets";

type CompactModule = {
  KIND: typeof KIND;
  compactSheet: (sheet: { firstRow: number; rows: Cell[][]; formulaCells: string[] }) => { sheet: CompactSheet; transfer: ArrayBuffer[] };
};
const workers = `${process.cwd()}/server/workers`;
const compact = (await import(/* @vite-ignore */ `${workers}/compact-sheet.mjs`)) as CompactModule;
const reader = (await import(/* @vite-ignore */ `${workers}/read-sheet.mjs`)) as {
  readFirstSheet: (data: Uint8Array) => { firstRow: number; rows: Cell[][]; formulaCells: string[] };
};

const ROWS: Cell[][] = [
  [],
  ["id", "pol", "pod", "20GP_T0", "valid_fm", "valid_to", "yes_no", "remark", null, "ignored"],
  [1, "SHANGHAI", "上海港", 100, "2026/11/1", 46400, "是", "a\u0000b", null, null],
  [2, "SHANGHAI", "LOS ANGELES", "1,234.5", "2026-02-30", 46401, true, "  lead", null],
  [],
  [null, null, null, null, null, null, null, null, null, "only late"],
  [2, "", "X", -0, 46400.5, "20261201", false, "=SUM(A1)", null],
  ["abc", "NINGBO", "TOKYO", "12e3", null, "2026-12-31 23:59:59", "maybe", "'=not a formula", null],
];

const compactOf = (rows: Cell[][], firstRow = 3) => compact.compactSheet({ firstRow, rows, formulaCells: ["B9"] }).sheet;

describe("the compact form of a parsed sheet", () => {
  it("expands to exactly the rows read (lengths, empty rows, nulls inside, booleans, -0, Chinese, NUL)", () => {
    const sheet = compactOf(ROWS);
    const back = sheetRows(sheet);
    expect(back.firstRow).toBe(3);
    expect(back.formulaCells).toEqual(["B9"]);
    expect(back.rows).toEqual(ROWS);
    expect(back.rows.map((row) => row.length)).toEqual(ROWS.map((row) => row.length));
    expect(Object.is(back.rows[6][3], -0)).toBe(true);
  });

  it("holds each distinct string once and moves typed arrays", () => {
    const sheet = compactOf(ROWS);
    const distinct = new Set(ROWS.flat().filter((cell) => typeof cell === "string"));
    expect(sheet.strings).toHaveLength(distinct.size);
    expect(sheet.kind).toBeInstanceOf(Uint8Array);
    expect(sheet.num).toBeInstanceOf(Float64Array);
    expect(sheet.rowStart).toHaveLength(ROWS.length + 1);
  });

  it("uses the same cell kinds on both sides of the thread boundary", () => {
    expect(compact.KIND).toEqual(KIND);
  });

  it("reads cells beyond a row's end as undefined, as rows[r][c] does", () => {
    const grid = sheetGrid(compactOf(ROWS));
    expect(grid.width(0)).toBe(0);
    expect(grid.cell(0, 0)).toBeUndefined();
    expect(grid.cell(2, 9)).toBeNull();
    expect(grid.cell(2, 10)).toBeUndefined();
    expect(grid.cell(5, 9)).toBe("only late");
  });
});

describe("validateSheet from the compact form", () => {
  for (const area of [fclArea, lclArea, railArea]) {
    it(`${area.key}: the same outcome as from the rows (problems, bad rows, prepared values)`, () => {
      const headers = area.columns.map((c) => c.header);
      const rows: Cell[][] = [headers];
      for (let i = 0; i < 60; i++)
        rows.push(
          area.columns.map((c, k): Cell => {
            if (c.kind === "id") return i % 13 === 5 ? "x" : 100 + (i % 40);
            if (c.kind === "decimal") return i % 11 === 3 ? "abc" : i % 7 === 0 ? -1 : (i * 3.25 + k) % 50;
            if (c.kind === "date" || c.kind === "localDateTime") return i % 9 === 4 ? "2026-02-30" : i % 2 ? 46400 + i : "2026/11/1";
            if (c.kind === "bool") return i % 5 === 0 ? "是" : i % 17 === 1 ? "maybe" : false;
            return i % 10 === 9 ? null : `${c.header} ${i % 4}`;
          }),
        );
      const fromRows = validateSheet(area, { firstRow: 1, rows });
      const fromCompact = validateSheet(area, compactOf(rows, 1));
      expect(fromCompact).toEqual(fromRows);
      expect(fromRows.ok).toBe(false);
    });
  }
});

describe("a column's remembering converter", () => {
  const columns: AreaColumn[] = [
    { field: "id", header: "id", labelKey: "data.col.id", kind: "id" },
    col.text("pol", "pol"),
    col.longtext("remark", "remark"),
    col.money("p", "20GP_T0"),
    col.decimal("w", "weight", 3, 99_999.999),
    { ...col.decimal("r", "rate", 4, 100), min: -100 },
    col.date("validFm", "valid_fm"),
    col.validityEnd("validTo", "valid_to"),
    col.updated("update_time"),
    col.paused("data.col.pausedCargo"),
  ];
  const cells: (Cell | undefined)[] = [
    undefined,
    null,
    "",
    "   ",
    0,
    -0,
    1,
    1.5,
    -3,
    2_147_483_647,
    2_147_483_648,
    12345678901.5,
    " 42 ",
    "1,234.56",
    "+7",
    ".5",
    "5.",
    "1e3",
    "abc",
    "上海港",
    "2026/1/5",
    "2026-02-30",
    "2026年1月5日",
    "20260105",
    "2026-01-05 13:45:10",
    "46400",
    46400,
    46400.75,
    60,
    true,
    false,
    // Texts equal to another cell's String(): a converter keyed by text instead of value would mix them up.
    "true",
    "false",
    "0",
    "是",
    "否",
    "TRUE",
    "y",
    "'=1+1",
    "=1+1",
    "a\u0000b",
    "x".repeat(10_001),
  ];

  it("gives what convertCell gives, for every value and every kind, in any order and when asked again", () => {
    for (const c of columns) {
      const convert = cellConverter(c);
      for (const order of [cells, [...cells].reverse()])
        for (const cell of order) {
          const expected = convertCell(c, cell);
          expect(convert(cell), `${c.kind} ${String(cell).slice(0, 20)}`).toEqual(expected);
          expect(convert(cell)).toEqual(expected);
        }
    }
  });
});

describe("a number with its unit", () => {
  const weight = col.decimal("weight", "weight", 1, 9_999_999.9, { units: KILOGRAMS });

  it("is the number in a column of that unit (an express card's weights)", () => {
    for (const [cell, value] of [
      ["0.5KG", "0.5"],
      ["1 kgs", "1.0"],
      ["2公斤", "2.0"],
      ["21", "21.0"],
    ])
      expect(convertCell(weight, cell), cell).toEqual({ ok: true, value });
    // "21kg+" is a rate per kilogram above 21 kg, no weight of the table: named.
    expect(convertCell(weight, "21kg+")).toEqual({ ok: false, reason: "number" });
  });
});

describe("a percentage", () => {
  const fuel = col.decimal("fuel", "fuel", 2, 9_999.99, { units: ["%"] });
  const discount = col.decimal("discount", "discount", 4, 99.9999);

  it("is its points in a column kept as points (express fuel), and no number anywhere else", () => {
    for (const cell of ["18.5%", "18.5 %", "１８.５％", 18.5, "18.5"])
      expect(convertCell(fuel, cell), String(cell)).toEqual({ ok: true, value: "18.50" });
    // A share of a price or a factor could be meant either way: named, never guessed.
    expect(convertCell(discount, "85%")).toEqual({ ok: false, reason: "number" });
    expect(convertCell(col.money("gp20T0", "20GP_T0"), "5%")).toEqual({ ok: false, reason: "number" });
  });
});

describe("the parse worker", () => {
  it("gives the rows the reader gives, through the compact form", async () => {
    const bytes = sheetBytes(ROWS.slice(1));
    const direct = reader.readFirstSheet(bytes.slice());
    const viaWorker = await parseSheetInWorker(bytes.slice());
    expect(viaWorker.rows).toEqual(direct.rows);
    const compactSheet = await parseCompactSheetInWorker(bytes.slice());
    expect(sheetRows(compactSheet).rows).toEqual(direct.rows);
    expect(compactSheet.timings?.read).toBeGreaterThanOrEqual(0);
  });

  it("still refuses hostile files: a heap too small, a time too short, a file that is not a sheet", async () => {
    const rows: Cell[][] = [["id", "remark"]];
    for (let i = 0; i < 20_000; i++) rows.push([i + 1, `remark ${i} ${"x".repeat(40)}`]);
    const bytes = sheetBytes(rows);
    await expect(
      parseSheetInWorker(bytes.slice(), { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1, timeoutMs: 30_000 }),
    ).rejects.toMatchObject({
      reason: expect.stringMatching(/memory|crashed/),
    });
    await expect(
      parseSheetInWorker(bytes.slice(), { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 48, timeoutMs: 5 }),
    ).rejects.toMatchObject({
      reason: "timeout",
    });
    const refused = await readSpreadsheet(new TextEncoder().encode("PK\u0003\u0004 not a zip at all"));
    expect(refused).toMatchObject({ ok: false, problems: [{ key: "data.import.unreadable" }] });
  });
});
