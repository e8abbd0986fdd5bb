// The one-pass .xlsx reader (server/workers/fast-xlsx.mjs, issue 23
// performance) gives exactly what SheetJS gives for the plain form of the
// format, and hands everything else to SheetJS.
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";

type Cell = string | number | boolean | null;
type Read = { firstRow: number; rows: Cell[][]; formulaCells: string[] };
type Reader = {
  readFirstSheet: (data: Uint8Array) => Read;
  readFirstSheetSheetJS: (data: Uint8Array) => Read;
  readWorkbook: (data: Uint8Array) => (Read & { name: string; hiddenCells: { rows: number[]; columns: number[] } })[];
};
type Fast = {
  readFirstSheetFast: (data: Uint8Array, xlsx: typeof XLSX, dateText: (code: unknown) => string) => Read | null;
  readWorkbookFast: (data: Uint8Array, xlsx: typeof XLSX, dateText: (code: unknown) => string) => unknown[] | null;
};

const workers = `${process.cwd()}/server/workers`;
const reader = (await import(/* @vite-ignore */ `${workers}/read-sheet.mjs`)) as Reader;
const { readFirstSheetFast, readWorkbookFast } = (await import(/* @vite-ignore */ `${workers}/fast-xlsx.mjs`)) as Fast;
const fast = (data: Uint8Array) => readFirstSheetFast(data, XLSX, () => "date");

const ROWS: unknown[][] = [
  ["id", "起运港", "20GP_T0", "valid_fm", "update_time", "yes_no", "remark"],
  [
    1,
    "上海 & <港> \"x\" 'y'",
    12.5,
    new Date(Date.UTC(2026, 0, 31)),
    new Date(Date.UTC(2026, 0, 31, 13, 45, 10)),
    true,
    "a &amp; b 汉堡  ",
  ],
  [2, null, -3, "2026/2/30", 46400.5, false, "tab\tx"],
  [],
  [null, null, null, null, null, null, "late"],
  [3, "", 0, null, null, null, "  lead"],
];

function book(
  rows: unknown[][],
  options: { sst: boolean; dates: boolean; date1904?: boolean; origin?: string; tweak?: (ws: XLSX.WorkSheet) => void },
): Uint8Array {
  const ws = XLSX.utils.aoa_to_sheet(rows, { cellDates: options.dates, ...(options.origin ? { origin: options.origin } : {}) });
  options.tweak?.(ws);
  const wb = XLSX.utils.book_new();
  if (options.date1904) wb.Workbook = { WBProps: { date1904: true } };
  XLSX.utils.book_append_sheet(wb, ws, "sheet1");
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([["second sheet"]]), "other");
  return new Uint8Array(XLSX.write(wb, { type: "buffer", bookType: "xlsx", bookSST: options.sst, compression: true }) as Buffer);
}

const withCells = (ws: XLSX.WorkSheet) => {
  // A date-time format, a formula with its value, an error cell, a custom number format.
  ws["C3"] = { t: "n", v: 44000.25, z: "yyyy-mm-dd hh:mm" };
  ws["B3"] = { t: "n", v: 5, f: "2+3" };
  ws["F3"] = { t: "e", v: 0x2a };
  ws["C2"] = { t: "n", v: 1234.5, z: "#,##0.00" };
};

describe("the one-pass .xlsx reader", () => {
  const plain: [string, Uint8Array][] = [];
  for (const sst of [true, false])
    for (const dates of [true, false])
      for (const date1904 of [false, true])
        plain.push([`sst ${sst}, dates ${dates}, 1904 ${date1904}`, book(ROWS, { sst, dates, date1904, tweak: withCells })]);
  plain.push(["a sheet starting at C4", book(ROWS, { sst: true, dates: true, origin: "C4" })]);
  plain.push([
    "a formula's text result",
    book(ROWS, { sst: true, dates: false, tweak: (ws) => (ws["G2"] = { t: "s", v: "港口 &amp;", f: 'CONCAT("港口 ", "&amp;")' }) }),
  ]);

  it.each(plain)("reads the plain form as SheetJS does (%s)", (_name, bytes) => {
    const read = fast(bytes.slice());
    expect(read).not.toBeNull();
    const sheetJS = reader.readFirstSheetSheetJS(bytes.slice());
    expect(reader.readFirstSheet(bytes.slice())).toEqual(sheetJS);
    expect(sheetJS.rows.length).toBeGreaterThan(3);
  });

  it("leaves every other form to SheetJS, with the same result as before", () => {
    const formulaWithoutValue = book(ROWS, { sst: true, dates: false, tweak: (ws) => (ws["C2"] = { t: "n", f: "100+20" }) });
    const others: Uint8Array[] = [
      // .xls (BIFF), an empty sheet (no range), a formula saved without its value, an escaped control character (_x000D_).
      new Uint8Array(XLSX.write(XLSX.read(book(ROWS, { sst: true, dates: false })), { type: "buffer", bookType: "biff8" }) as Buffer),
      book([], { sst: true, dates: false }),
      formulaWithoutValue,
      book([["a\r\nb"]], { sst: false, dates: false }),
    ];
    for (const bytes of others) {
      expect(fast(bytes.slice())).toBeNull();
      expect(reader.readFirstSheet(bytes.slice())).toEqual(reader.readFirstSheetSheetJS(bytes.slice()));
    }
    expect(reader.readFirstSheet(formulaWithoutValue).formulaCells).toEqual(["C2"]);
  });

  it("reads hand-edited XML only in the plain form, and gives every other spelling to SheetJS", () => {
    // A date cell (A2, style 1), a shared string (B2), a custom date-time format (C2, style 2), a 1904 workbook.
    const ws = XLSX.utils.aoa_to_sheet(
      [
        ["a", "b"],
        [new Date(Date.UTC(2026, 0, 31)), "上海港"],
      ],
      { cellDates: true },
    );
    ws["C2"] = { t: "n", v: 44000.25, z: "yyyy-mm-dd hh:mm" };
    ws["!ref"] = "A1:C2";
    const wb = XLSX.utils.book_new();
    wb.Workbook = { WBProps: { date1904: true } };
    XLSX.utils.book_append_sheet(wb, ws, "sheet1");
    const original = new Uint8Array(XLSX.write(wb, { type: "buffer", bookType: "xlsx", bookSST: true }) as Buffer);
    /** The workbook with one part's text edited as by hand. */
    const edited = (part: string, from: string, to: string) => {
      const zip = XLSX.CFB.read(original, { type: "buffer" });
      const entry = XLSX.CFB.find(zip, part);
      if (!entry) throw new Error(`no ${part}`);
      const text = Buffer.from(entry.content as Uint8Array).toString("utf8");
      expect(text).toContain(from);
      entry.content = Buffer.from(text.replace(from, to), "utf8");
      return new Uint8Array(XLSX.CFB.write(zip, { fileType: "zip", type: "buffer", compression: true }) as Buffer);
    };
    const sheet = "/xl/worksheets/sheet1.xml";
    const styles = "/xl/styles.xml";
    const expected = reader.readFirstSheetSheetJS(original.slice());
    expect(expected.rows[1]).toEqual([expect.any(String), "上海港", expect.any(String)]);

    // Still the plain form: an attribute the reader does not use, blanks before the tag's end.
    for (const bytes of [
      edited(sheet, '<c r="B2" t="s">', '<c r="B2" t="s" cm="1">'),
      edited(sheet, '<c r="B2" t="s">', '<c r="B2" t="s"  >'),
    ]) {
      expect(fast(bytes.slice())).not.toBeNull();
      expect(reader.readFirstSheet(bytes.slice())).toEqual(expected);
    }
    // Other spellings of an attribute the reader needs: never read by the fast path (it lost the date style, the
    // shared string or the 1904 base before), so the result is SheetJS's.
    const others = [
      edited(sheet, '<c r="A2" s="1">', "<c r=\"A2\" s='1'>"),
      edited(sheet, '<c r="A2" s="1">', '<c r="A2" s = "1">'),
      edited(sheet, '<c r="B2" t="s">', '<c r="B2" t ="s">'),
      edited(sheet, '<c r="B2" t="s">', "<c t='s' r=\"B2\">"),
      edited(sheet, '<c r="B2" t="s">', '<c r="B2"\tt="s">'),
      edited(styles, 'formatCode="yyyy-mm-dd hh:mm"', "formatCode='yyyy-mm-dd hh:mm'"),
      edited(styles, '<xf numFmtId="14"', '<xf numFmtId= "14"'),
      edited("/xl/workbook.xml", 'date1904="true"', "date1904='true'"),
    ];
    for (const bytes of others) {
      expect(fast(bytes.slice())).toBeNull();
      expect(reader.readFirstSheet(bytes.slice())).toEqual(reader.readFirstSheetSheetJS(bytes.slice()));
    }
  });

  it("a truncated zip is not read by the fast path (SheetJS gives its error)", () => {
    const bytes = book(ROWS, { sst: true, dates: false });
    // Cut short: no end-of-directory record.
    const damaged = bytes.slice(0, bytes.length - 30);
    expect(fast(damaged)).toBeNull();
    expect(() => reader.readFirstSheet(damaged)).toThrow();
  });
});

describe("rows and columns hidden in the workbook", () => {
  // Row 3 hidden (1-based, as the sheet numbers it) and column B (0-based 1).
  const hide = (ws: XLSX.WorkSheet) => {
    ws["!rows"] = [{}, {}, { hidden: true }];
    ws["!cols"] = [{}, { hidden: true }];
  };
  // Two tabs the one-pass reader reads (its plain form: every tab's range spans a cell or more).
  const workbook = (tweak: (ws: XLSX.WorkSheet) => void, sst = true) => {
    const ws = XLSX.utils.aoa_to_sheet(ROWS);
    tweak(ws);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, "sheet1");
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([["second", "sheet"]]), "other");
    return new Uint8Array(XLSX.write(wb, { type: "buffer", bookType: "xlsx", bookSST: sst, compression: true }) as Buffer);
  };
  const plain = workbook(hide);
  // An escaped control character in an inline string is not the plain form: SheetJS reads this one.
  const notPlain = workbook((ws) => (hide(ws), (ws["G2"] = { t: "s", v: "a\r\nb" })), false);
  const hidden = (bytes: Uint8Array) => reader.readWorkbook(bytes.slice()).map((tab) => [tab.name, tab.hiddenCells]);

  it("are read by the one-pass reader and by SheetJS alike (.xlsx)", () => {
    expect(readWorkbookFast(plain.slice(), XLSX, () => "date")).not.toBeNull();
    expect(readWorkbookFast(notPlain.slice(), XLSX, () => "date")).toBeNull();
    for (const bytes of [plain, notPlain])
      expect(hidden(bytes)).toEqual([
        ["sheet1", { rows: [3], columns: [1] }],
        ["other", { rows: [], columns: [] }],
      ]);
  });

  it("an attribute spelled otherwise than Excel does (hidden='1', hidden = \"1\") is read by SheetJS, never passed over", () => {
    const zip = XLSX.CFB.read(plain, { type: "buffer" });
    const entry = zip.FileIndex[zip.FullPaths.indexOf("Root Entry/xl/worksheets/sheet1.xml")];
    const xml = Buffer.from(entry.content as Uint8Array).toString("utf8");
    for (const spelling of [`hidden='1'`, `hidden = "1"`]) {
      entry.content = Buffer.from(xml.replaceAll(`hidden="1"`, spelling), "utf8");
      const bytes = new Uint8Array(XLSX.CFB.write(zip, { fileType: "zip", type: "buffer", compression: true }) as Buffer);
      expect(
        readWorkbookFast(bytes.slice(), XLSX, () => "date"),
        spelling,
      ).toBeNull();
      expect(hidden(bytes)[0], spelling).toEqual(["sheet1", { rows: [3], columns: [1] }]);
    }
  });

  it("a hidden column of an .xls is read too (SheetJS writes no hidden rows to .xls)", () => {
    const xls = new Uint8Array(XLSX.write(XLSX.read(plain, { cellStyles: true }), { type: "buffer", bookType: "biff8" }) as Buffer);
    expect(hidden(xls)[0]).toEqual(["sheet1", { rows: [], columns: [1] }]);
  });
});

describe("percent-formatted numbers", () => {
  // A fuel surcharge typed as 18.5% is the number 0.185 shown as a percentage.
  const percents = (ws: XLSX.WorkSheet) => {
    ws["C2"] = { t: "n", v: 0.185, z: "0.0%" };
    ws["C3"] = { t: "n", v: 0.2, z: "0%" };
    // A quoted "%" is text beside the number, which is already the points.
    ws["C6"] = { t: "n", v: 0.07, z: '0.00"%"' };
  };
  const bytes = book(ROWS, { sst: true, dates: true, tweak: percents });
  const column = (read: Read) => read.rows.map((row) => row[2]);

  it("are read as the percentage the sheet shows, by the one-pass reader, SheetJS and from an .xls alike", () => {
    const sheetJS = column(reader.readFirstSheetSheetJS(bytes.slice()));
    expect(sheetJS).toEqual(["20GP_T0", "18.5%", "20%", undefined, null, 0.07]);
    expect(column(fast(bytes.slice())!)).toEqual(sheetJS);
    const xls = new Uint8Array(XLSX.write(XLSX.read(bytes, { cellNF: true }), { type: "buffer", bookType: "biff8" }) as Buffer);
    expect(column(reader.readFirstSheet(xls)).slice(1, 3)).toEqual(["18.5%", "20%"]);
  });
});
