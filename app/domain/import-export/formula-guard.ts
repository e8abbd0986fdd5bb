// Spreadsheet formula injection (OWASP "CSV Injection"): a text cell that
// starts with = + - @, a tab or a carriage return may be taken for a formula
// by Excel or LibreOffice (=HYPERLINK(...), @SUM(...), +1+1). Every sheet the
// site writes prefixes such text with an apostrophe, which spreadsheets show
// as text; real numbers stay numbers, negative ones too. The import takes the
// apostrophe off again, so an exported file still re-imports unchanged.
import type { Cell } from "./sheet-worker.server";

const FORMULA_START = /^[=+\-@\t\r]/;

/** The cell as written into a sheet: formula-looking text is neutralised. */
export function neutraliseCell(cell: Cell): Cell {
  return typeof cell === "string" && FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** Text read from a sheet: an apostrophe put before formula-looking text on export is taken off. */
export function restoreCellText(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
