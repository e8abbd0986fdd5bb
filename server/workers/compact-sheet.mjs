// @ts-check
// The parsed sheet in the form that crosses the worker's thread boundary
// (issue 23, performance): not 3,000,000 cells as an array of arrays (the
// structured clone copies every cell, and every string once per cell), but
// three typed arrays, moved without a copy, and each distinct string once.
// app/domain/import-export/sheet-grid.ts reads it (and expands it back into
// the same rows when a caller wants arrays).
//
//   rowStart: Uint32Array(height + 1)  row i's cells are [rowStart[i], rowStart[i + 1])
//   kind:     Uint8Array(cells)        KIND below
//   num:      Float64Array(cells)      the number (KIND.number), or the index into strings (KIND.string)
//   strings:  string[]                 each distinct text once
//
// A row keeps its length (trailing empty cells dropped, as the readers give
// them), so the expanded rows are exactly the rows read. The arrays are at
// most the size of the rows they are made from, which the worker's heap
// limit already bounds.

/** Cell kinds; shared with sheet-grid.ts (app/domain/import-export/sheet-grid.test.ts checks they agree). */
export const KIND = Object.freeze({ empty: 0, number: 1, string: 2, false: 3, true: 4 });

/**
 * @typedef {string | number | boolean | null} Cell
 * @typedef {{ firstRow: number, rows: Cell[][], formulaCells: string[] }} RowsSheet
 * @typedef {{ firstRow: number, rowStart: Uint32Array, kind: Uint8Array, num: Float64Array, strings: string[], formulaCells: string[] }} CompactSheet
 * @typedef {{ s: { r: number, c: number }, e: { r: number, c: number } }} Merge
 * @typedef {{ rows: number[], columns: number[] }} HiddenCells rows and columns hidden in the workbook (rows 1-based as the sheet numbers them, columns 0-based)
 * @typedef {RowsSheet & { name: string, hidden: boolean, merges: Merge[], hiddenCells: HiddenCells }} RowsTab
 */

/**
 * @param {RowsSheet} sheet
 * @returns {{ sheet: CompactSheet, transfer: ArrayBuffer[] }}
 */
export function compactSheet(sheet) {
  const { rows } = sheet;
  const rowStart = new Uint32Array(rows.length + 1);
  let cells = 0;
  for (let r = 0; r < rows.length; r++) {
    rowStart[r] = cells;
    cells += rows[r].length;
  }
  rowStart[rows.length] = cells;
  const kind = new Uint8Array(cells);
  const num = new Float64Array(cells);
  /** @type {string[]} */
  const strings = [];
  /** @type {Map<string, number>} */
  const stringIndex = new Map();
  let at = 0;
  for (const row of rows) {
    for (let c = 0; c < row.length; c++, at++) {
      const cell = row[c];
      if (typeof cell === "number") {
        kind[at] = KIND.number;
        num[at] = cell;
      } else if (typeof cell === "string") {
        let index = stringIndex.get(cell);
        if (index === undefined) {
          index = strings.length;
          strings.push(cell);
          stringIndex.set(cell, index);
        }
        kind[at] = KIND.string;
        num[at] = index;
      } else if (typeof cell === "boolean") kind[at] = cell ? KIND.true : KIND.false;
    }
  }
  return {
    sheet: { firstRow: sheet.firstRow, rowStart, kind, num, strings, formulaCells: sheet.formulaCells },
    transfer: [rowStart.buffer, kind.buffer, num.buffer],
  };
}
