// The cells of a parsed sheet, read the same way whatever form they came in
// (issue 23, performance): rows of cells (the API's infoString, tests) or the
// compact form the parse worker sends (server/workers/compact-sheet.mjs:
// typed arrays moved across the thread boundary, each distinct string once).
// validateSheet reads cells through this, so a 100,000-row file is never
// rebuilt as 3,000,000 cells in the server's thread.
import type { Cell, CompactSheet, ParsedSheet } from "./sheet-worker.server";

/** compact-sheet.mjs's KIND (app/domain/import-export/sheet-grid.test.ts checks they agree). */
export const KIND = { empty: 0, number: 1, string: 2, false: 3, true: 4 } as const;

/** Row r (0-based from `firstRow`) has `width(r)` cells; `cell(r, c)` is undefined beyond them, as `rows[r][c]` is. */
export type SheetGrid = {
  readonly firstRow: number;
  readonly height: number;
  width(r: number): number;
  cell(r: number, c: number): Cell | undefined;
};

export type SheetInput = ParsedSheet | CompactSheet;

export const isCompact = (sheet: SheetInput): sheet is CompactSheet => "rowStart" in sheet;

export function sheetGrid(sheet: SheetInput): SheetGrid {
  if (!isCompact(sheet)) {
    const { rows } = sheet;
    return { firstRow: sheet.firstRow, height: rows.length, width: (r) => rows[r].length, cell: (r, c) => rows[r][c] };
  }
  const { rowStart, kind, num, strings } = sheet;
  return {
    firstRow: sheet.firstRow,
    height: rowStart.length - 1,
    width: (r) => rowStart[r + 1] - rowStart[r],
    cell(r, c) {
      const at = rowStart[r] + c;
      if (at >= rowStart[r + 1]) return undefined;
      switch (kind[at]) {
        case KIND.number:
          return num[at];
        case KIND.string:
          return strings[num[at]];
        case KIND.true:
          return true;
        case KIND.false:
          return false;
        default:
          return null;
      }
    },
  };
}

/** The rows of a sheet in either form (the compact one expanded: exactly the rows the worker read). */
export function sheetRows(sheet: SheetInput): ParsedSheet {
  if (!isCompact(sheet)) return sheet;
  const grid = sheetGrid(sheet);
  const rows: Cell[][] = [];
  for (let r = 0; r < grid.height; r++) {
    const row: Cell[] = new Array(grid.width(r));
    for (let c = 0; c < row.length; c++) row[c] = grid.cell(r, c) as Cell;
    rows.push(row);
  }
  return { firstRow: sheet.firstRow, rows, formulaCells: sheet.formulaCells };
}
