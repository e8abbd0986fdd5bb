// Spreadsheet builders and request helpers for the data-maintenance tests.
import * as XLSX from "@e965/xlsx";
import type { DataArea } from "~/domain/data-areas/types";
import { prisma } from "~/utils/db.server";
import { callRoute, fileOf, getRequest, postForm, postMultipart, type RouteResult } from "../support/requests";

export type Book = "xlsx" | "xls";

/** Who an import, commit or undo is done as (the domain's viewer): the user with `email`. */
export type Who = { id: number; username: string };
export function whoIs(email: string): Promise<Who> {
  return prisma.user.findUniqueOrThrow({ where: { email }, select: { id: true, username: true } });
}

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

export function headers(area: DataArea): string[] {
  return area.columns.map((c) => c.header);
}

/** A row for `area` from a partial record keyed by header; missing cells empty. */
export function rowOf(area: DataArea, values: Record<string, unknown>): unknown[] {
  return area.columns.map((c) => (c.header in values ? values[c.header] : null));
}

type RouteModule = { loader: (args: any) => unknown; action: (args: any) => unknown };

export async function uploadTo(
  route: RouteModule,
  path: string,
  cookie: string,
  bytes: Uint8Array | null,
  name = "rates.xlsx",
  intent = "import",
): Promise<RouteResult<any>> {
  const fields: Record<string, string | File> = { intent };
  if (bytes) fields.file = fileOf(bytes, name);
  return callRoute(route.action, postMultipart(path, fields, { cookie }));
}

export async function load(route: RouteModule, path: string, cookie: string, query?: Record<string, string | number>) {
  return callRoute(route.loader, getRequest(path, query, { cookie }));
}

export async function post(
  route: RouteModule,
  path: string,
  cookie: string,
  fields: Record<string, string | number | Array<string | number>>,
) {
  return callRoute(route.action, postForm(path, fields, { cookie }));
}

/** The flash message a redirect carries (decoded from its session cookie via the root loader). */
export async function flashOf(
  result: RouteResult,
  cookie: string,
): Promise<{ type: string; key: string; values?: Record<string, unknown> } | null> {
  const { loader } = await import("~/root");
  const { mergeCookies } = await import("../support/requests");
  const next = mergeCookies(cookie, result.headers);
  const root = await callRoute(loader as any, getRequest("/", undefined, { cookie: next }));
  return (root.data as { message: { type: string; key: string; values?: Record<string, unknown> } | null }).message;
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
