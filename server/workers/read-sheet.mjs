// @ts-check
// Reads the first sheet of an uploaded spreadsheet as rows of cells (used by
// parse-sheet.mjs inside the worker thread; plain JS ESM on disk, as the
// workers are). The plain .xlsx form goes through the one-pass reader
// (fast-xlsx.mjs, issue 23 performance); everything else through SheetJS,
// and both give the same rows for the same file (tests/data/import-speed).
//
// Result: { firstRow, rows, formulaCells } where rows[i] are the cells of
// sheet row firstRow + i (1-based), from column A; cells are string | number
// | boolean | null; formulaCells lists the addresses of formula cells saved
// without a computed value (issue 22.9). Date-formatted numbers become
// "YYYY-MM-DD" or "YYYY-MM-DD HH:mm:ss" (calendar parts, no time zone
// involved); percent-formatted ones the percentage shown ("18.5%").
import * as XLSX from "@e965/xlsx";
import { formulaCellsWithoutValue, isPercentFormat, percentText, readFirstSheetFast, readWorkbookFast, sheetTexts } from "./fast-xlsx.mjs";

/**
 * @typedef {import("./compact-sheet.mjs").RowsSheet} RowsSheet
 * @typedef {import("./compact-sheet.mjs").Cell} Cell
 * @typedef {import("./fast-xlsx.mjs").DateCode} DateCode
 */

const pad = (/** @type {number} */ n, w = 2) => String(n).padStart(w, "0");

/** @param {DateCode} code */
function dateText(code) {
  const day = `${pad(code.y, 4)}-${pad(code.m)}-${pad(code.d)}`;
  if (!code.H && !code.M && !code.S) return day;
  return `${day} ${pad(code.H)}:${pad(code.M)}:${pad(code.S)}`;
}

/**
 * @param {import("@e965/xlsx").CellObject | undefined} cell
 * @param {boolean} date1904
 * @returns {Cell}
 */
function cellValue(cell, date1904) {
  if (!cell) return null;
  // "str" (a formula's text) is a type SheetJS gives that its typings leave out.
  switch (/** @type {string} */ (cell.t)) {
    case "n":
      if (cell.z && typeof cell.z === "string" && XLSX.SSF.is_date(cell.z)) {
        const code = XLSX.SSF.parse_date_code(/** @type {number} */ (cell.v), { date1904 });
        if (code) return dateText(code);
      }
      if (typeof cell.z === "string" && isPercentFormat(cell.z)) return percentText(/** @type {number} */ (cell.v));
      return /** @type {number} */ (cell.v);
    case "s":
    case "str":
      return cell.v == null ? null : String(cell.v);
    case "b":
      return !!cell.v;
    case "d":
      return cell.v instanceof Date ? cell.v.toISOString().slice(0, 19).replace("T", " ") : null;
    default:
      // "e" (#N/A …) and "z" (stubs): empty.
      return null;
  }
}

/**
 * The first sheet of an .xls/.xlsx: the one-pass reader when the file is in
 * its plain form, else SheetJS. `inflated`: the zip entries the size check
 * already inflated (zip-sizes.mjs), by local header offset.
 * @param {Uint8Array} data
 * @param {Map<number, Uint8Array>} [inflated]
 * @returns {RowsSheet}
 */
export function readFirstSheet(data, inflated) {
  return readFirstSheetFast(data, XLSX, dateText, inflated) ?? readFirstSheetSheetJS(data);
}

/**
 * The first sheet through SheetJS (every format it reads: .xls, any .xlsx).
 * @param {Uint8Array} data
 * @returns {RowsSheet}
 */
export function readFirstSheetSheetJS(data) {
  const workbook = XLSX.read(data, { ...SHEETJS_OPTIONS, sheets: 0 });
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : null;
  const read = sheetRows(sheet, !!workbook.Workbook?.WBProps?.date1904);
  return { firstRow: read.firstRow, rows: read.rows, formulaCells: withUnsavedFormulas(read.formulaCells, sheetTexts(data)?.[0]) };
}

/**
 * Every tab of an .xls/.xlsx with its merged ranges (issue 40): the one-pass
 * reader when every tab is in the plain form, else SheetJS. Each tab's
 * formulaCells lists its formulas saved without a result, in every form.
 * @param {Uint8Array} data
 * @param {Map<number, Uint8Array>} [inflated]
 * @returns {import("./compact-sheet.mjs").RowsTab[]}
 */
export function readWorkbook(data, inflated) {
  const fast = readWorkbookFast(data, XLSX, dateText, inflated);
  // The one-pass reader gives up on a formula without a result (SheetJS's own form of it is the message's),
  // so a workbook it read has none.
  if (fast) return fast;
  // cellStyles: SheetJS reads which rows and columns are hidden (`!rows`, `!cols`) only with it.
  const workbook = XLSX.read(data, { ...SHEETJS_OPTIONS, cellStyles: true });
  const date1904 = !!workbook.Workbook?.WBProps?.date1904;
  const texts = sheetTexts(data);
  return workbook.SheetNames.map((name, i) => {
    const sheet = workbook.Sheets[name];
    const read = sheetRows(sheet, date1904);
    const hidden = workbook.Workbook?.Sheets?.[i]?.Hidden;
    /** @param {({ hidden?: boolean } | null | undefined)[] | undefined} list */
    const hiddenOf = (list) => (list ?? []).flatMap((entry, index) => (entry?.hidden ? [index] : []));
    return {
      name,
      hidden: hidden === 1 || hidden === 2,
      ...read,
      formulaCells: withUnsavedFormulas(read.formulaCells, texts?.[i]),
      merges: (sheet?.["!merges"] ?? []).map((m) => ({ s: { r: m.s.r, c: m.s.c }, e: { r: m.e.r, c: m.e.c } })),
      hiddenCells: { rows: hiddenOf(sheet?.["!rows"]).map((r) => r + 1), columns: hiddenOf(sheet?.["!cols"]) },
    };
  });
}

/**
 * SheetJS's formula cells without a value, and those it took for empty (a
 * numeric formula with no, an empty or a self-closing value element is
 * dropped; a text one reads as ""), found in the sheet's XML.
 * @param {string[]} found
 * @param {string | undefined} xml
 */
function withUnsavedFormulas(found, xml) {
  if (!xml) return found;
  const more = formulaCellsWithoutValue(xml).filter((cell) => !found.includes(cell));
  return more.length ? [...found, ...more] : found;
}

/** @type {import("@e965/xlsx").ParsingOptions} */
const SHEETJS_OPTIONS = {
  type: "array",
  dense: true,
  cellNF: true,
  cellText: false,
  cellHTML: false,
  // Formulas are read only to find those without a cached value.
  cellFormula: true,
  cellStyles: false,
  sheetStubs: false,
  bookVBA: false,
  bookDeps: false,
};

/**
 * A SheetJS sheet's cells as rows (from column A), and its formulas without a value.
 * @param {import("@e965/xlsx").WorkSheet | null | undefined} sheet
 * @param {boolean} date1904
 * @returns {RowsSheet}
 */
function sheetRows(sheet, date1904) {
  if (!sheet || !sheet["!ref"]) {
    return { firstRow: 1, rows: [], formulaCells: [] };
  } else {
    const range = XLSX.utils.decode_range(sheet["!ref"]);
    const dense = sheet["!data"] ?? [];
    const rows = [];
    const formulaCells = [];
    for (let r = range.s.r; r <= range.e.r; r++) {
      const source = dense[r];
      const row = [];
      if (source) {
        for (let c = 0; c <= range.e.c; c++) {
          const cell = source[c];
          if (cell && cell.f && (cell.v === undefined || cell.t === "z")) formulaCells.push(XLSX.utils.encode_cell({ r, c }));
          row.push(cellValue(cell, date1904));
        }
        while (row.length && row[row.length - 1] === null) row.pop();
      }
      rows.push(row);
    }
    return { firstRow: range.s.r + 1, rows, formulaCells };
  }
}
