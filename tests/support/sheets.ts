// Spreadsheets as bytes, for the tests of the import and export paths: pure
// (no database), so the unit tests beside the parse code use them too.
import * as XLSX from "@e965/xlsx";

export type Book = "xlsx" | "xls";

/** A one-sheet workbook from rows (array of arrays), as bytes. */
export function sheetBytes(rows: unknown[][], book: Book = "xlsx", sheetName = "sheet1"): Uint8Array {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), sheetName);
  const buffer = XLSX.write(workbook, { type: "buffer", bookType: book === "xls" ? "biff8" : "xlsx", compression: true }) as Buffer;
  return new Uint8Array(buffer);
}

/** Rows of the first sheet of a workbook (raw values; empty cells null). */
export function readSheet(bytes: Uint8Array): unknown[][] {
  const workbook = XLSX.read(bytes, { type: "array" });
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  return XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true, defval: null });
}

export function sheetNames(bytes: Uint8Array): string[] {
  return XLSX.read(bytes, { type: "array", bookSheets: true }).SheetNames;
}

/** A minimal zip whose central directory declares `entries` files of `size` bytes each, `compressed` bytes packed (contents are not needed). */
export function fakeZip(entries: number, size: number, compressed = 1000): Uint8Array {
  const central: number[] = [];
  for (let i = 0; i < entries; i++) {
    const name = Buffer.from(`f${i}.xml`);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt32LE(compressed, 20); // compressed
    header.writeUInt32LE(size, 24); // uncompressed
    header.writeUInt16LE(name.length, 28);
    central.push(...header, ...name);
  }
  const local = Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.alloc(26)]);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries, 8);
  eocd.writeUInt16LE(entries, 10);
  eocd.writeUInt32LE(central.length, 12);
  eocd.writeUInt32LE(local.length, 16);
  return new Uint8Array([...local, ...central, ...eocd]);
}
