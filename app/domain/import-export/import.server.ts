// Excel import of a data area (data-maintenance.md 5).
//
//   importSpreadsheet(area, viewer, bytes, { fileName, variant })
//     1. .xlsx: zip directory check (zip bombs) — zip-guard.server.ts
//     2. parse the first sheet in a worker thread — sheet-worker.server.ts
//     3. validateSheet(): headers → columns, every cell checked and
//        normalised (dates → YYYY-MM-DD, times → YYYY-MM-DD HH:mm:ss), the
//        area's rules; every bad row is reported (row numbers, and ids for
//        the date errors), nothing is written when any row is bad
//     4. writeRows(): one transaction, set-based INSERT … SELECT FROM
//        unnest(…) ON CONFLICT (id) DO UPDATE in chunks, plus the
//        OperationLog row and the import batch (batches.server.ts: the
//        before-image of every updated row, the inserted ids; undo). All or
//        nothing.
//
// Semantics (docs/decisions/201-excel-import-upserts-by-id.md): rows are
// upserted by their id column; rows without an id are appended. Columns
// missing from the file are left as they are on existing rows.
import type { TranslationKey } from "~/i18n/keys";
import { prisma } from "~/utils/db.server";
import type { Prisma } from "~/generated/prisma/client";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { logOperation } from "~/domain/operation-log/operation-log.server";
import { decimalBounds, duplicateMessage, parseFlag, type AreaColumn, type DataArea } from "~/domain/data-areas/types";
import { INVALID, normalizeDateTime, normalizeDay, normalizeValidityEnd } from "~/domain/data-areas/dates";
import { fromShanghaiWallClock } from "~/utils/dates";
import { restoreCellText } from "./formula-guard";
import { halfWidth, normalizeText } from "~/utils/normalize";
import { looksLikePrice } from "~/domain/data-areas/synonyms";
import { compressIds } from "~/domain/data-areas/written";
import {
  parseWorkbookInWorker,
  SheetWorkerError,
  workerLimitsFor,
  type WORKER_LIMITS,
  type Cell,
  type CompactSheet,
  type WorkbookTab,
} from "./sheet-worker.server";
import { sheetGrid, type SheetInput } from "./sheet-grid";
import { inspectZip, zipLimitsFor, type ZipLimits } from "./zip-guard.server";
import { importMaxBytes, importMaxRows } from "~/utils/uploads.server";
import { sqlColumn, sqlTable } from "~/utils/sql-names.server";
import { distance as levenshtein } from "fastest-levenshtein";
import { supportedLanguages, type Language } from "~/i18n/config";
import { createLiteI18n } from "~/i18n/lite";
import { resources } from "~/i18n/resources.server";
import { uniqueViolation } from "~/utils/unique-violation.server";
import { PORT_NAME_TABLES, queueUnresolved, resolveImportedPorts, type ColumnsResolution } from "~/domain/reference/port-aliases.server";
import { refreshPortPinyin } from "~/domain/reference/port-pinyin.server";
import { phaseClock } from "./phases.server";
import { ROWS_PER_SLICE, drain, drainYielding } from "./slices";
import { sameRateIds } from "./same-rate.server";
import { stageColumn, stageTable } from "./stage.server";
import {
  beginBatch,
  checksumOf,
  committedBatchOf,
  repeatValues,
  finishBatch,
  HASH_SETTINGS_SQL,
  recordWrittenSql,
  removeOriginals,
  storeOriginal,
  writtenReturningSql,
  type BatchSource,
} from "./batches.server";

export type ImportVariant = "standard" | "plain";
/** Where the rows come from: an uploaded spreadsheet, or rows sent as such (the API's infoString). */
export type ImportSource = "file" | "rows";
/** `at`: where in a carrier's workbook (its tab, and period), for a row of a mapped sheet (issue 40). */
export type ImportProblem = { key: TranslationKey; values?: Record<string, string | number>; at?: string };
export type ImportFailure = {
  ok: false;
  problems: ImportProblem[];
  badRows: number[];
  /** Every id with a date error, when there are more than the message lists (offered as a download). */
  dateErrorIds?: number[];
};
export type ImportSuccess = {
  ok: true;
  rows: number;
  inserted: number;
  updated: number;
  /** The import batch that can undo this import (issue 23.2); null when nothing was written. */
  batchId: number | null;
  /** The ids just written (the screen then shows them: showWrittenRows). */
  ids: number[];
  /** Headers of the file that matched no column (ignored; issue 22.1). */
  unmatched?: string[];
  /** FCL, LCL: port names rewritten through the alias table, and the names nothing resolves (queued). */
  ports?: { resolved: number; unresolved: string[] };
};
export type ImportOutcome = ImportSuccess | ImportFailure;

/** Problems listed one by one; beyond this the rest is counted. */
export const MAX_LISTED_PROBLEMS = 100;
/** Ids named in the date-error message; beyond this the count is given and the list downloaded. */
export const DATE_IDS_LISTED = 20;
const CHUNK_ROWS = 5000;
const TEXT_MAX = 10_000;
const MAX_ID = 2_147_483_647;

export function normalizeHeader(text: string): string {
  return text.toLowerCase().replace(/[\s_]+/g, "");
}

/** The column labels the screens show, in both languages (the table's own headings are accepted as headers). */
function screenLabels(c: AreaColumn): string[] {
  return supportedLanguages.map((lng) => labelTranslators[lng](c.labelKey, c.labelValues ?? {}));
}
const labelTranslators = Object.fromEntries(supportedLanguages.map((lng) => [lng, createLiteI18n(lng, resources[lng]).t])) as Record<
  Language,
  (key: string, values: Record<string, string>) => string
>;

const indexes = new WeakMap<DataArea, Map<string, AreaColumn>>();

/**
 * Header → column: the legacy header, the aliases and the Prisma field name
 * first; then the Chinese and English labels shown on screen (issue 22.2),
 * where one label names one column only (a label two columns share, or one
 * that is another column's header, is not an alias).
 */
export function headerIndex(area: DataArea): Map<string, AreaColumn> {
  const cached = indexes.get(area);
  if (cached) return cached;
  const index = new Map<string, AreaColumn>();
  for (const c of area.columns) {
    for (const name of [c.header, c.field, ...(c.aliases ?? [])]) {
      const key = normalizeHeader(name);
      const existing = index.get(key);
      if (existing && existing !== c) throw new Error(`${area.key}: header ${name} matches ${existing.field} and ${c.field}`);
      index.set(key, c);
    }
  }
  const labels = new Map<string, AreaColumn | null>();
  for (const c of area.columns) {
    for (const label of screenLabels(c)) {
      const key = normalizeHeader(label);
      if (key === "" || index.has(key)) continue;
      const earlier = labels.get(key);
      labels.set(key, earlier === undefined || earlier === c ? c : null);
    }
  }
  for (const [key, c] of labels) if (c) index.set(key, c);
  indexes.set(area, index);
  return index;
}

/** The known header nearest to `text` (edit distance on normalised headers), if it is near enough to be a misspelling. */
export function closestHeader(
  area: DataArea,
  text: string,
  among: readonly AreaColumn[] = area.columns,
): { column: AreaColumn; distance: number } | null {
  const wanted = normalizeHeader(text);
  if (wanted === "") return null;
  let best: { column: AreaColumn; distance: number } | null = null;
  for (const c of among) {
    for (const name of [c.header, c.field, ...(c.aliases ?? [])]) {
      const distance = levenshtein(wanted, normalizeHeader(name));
      if (!best || distance < best.distance) best = { column: c, distance };
    }
  }
  // A misspelling: at most a third of the header's letters differ (20GP-T0 → 20GP_T0).
  return best && best.distance <= Math.max(1, Math.floor(wanted.length / 3)) ? best : null;
}

type SqlType = "int" | "text" | "numeric" | "date" | "timestamp" | "boolean";

function sqlType(c: AreaColumn): SqlType {
  switch (c.kind) {
    case "id":
      return "int";
    case "decimal":
      return "numeric";
    case "date":
      return "date";
    case "datetime":
    case "localDateTime":
      return "timestamp";
    case "bool":
      return "boolean";
    default:
      return "text";
  }
}

/** A column written by the import: from the file, or derived (air validity, plain-variant breaks). */
export type WriteColumn = { field: string; type: SqlType; sqlDefault?: string };

export type PreparedImport = {
  columns: WriteColumn[];
  /** One array per column (unnest input), same order as `columns`. */
  values: unknown[][];
  ids: (number | null)[];
  rowCount: number;
  /** The sheet row number of each prepared row (messages about a row found later, as the preview's same-rate check). */
  rows?: number[];
};

function isBlank(cell: Cell | undefined): boolean {
  return cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === "");
}

export type CellResult =
  { ok: true; value: unknown } | { ok: false; reason: "date" | "number" | "negative" | "flag" | "id" | "tooLong" | "currency" };

/** A number's text without the column's unit after it ("0.5 kg" → "0.5"), or as it was. */
function withoutUnit(text: string, units: readonly string[]): string {
  const lower = text.toLowerCase();
  const unit = units.find((u) => lower.endsWith(u.toLowerCase()));
  return unit ? text.slice(0, text.length - unit.length).trimEnd() : text;
}

export function convertCell(c: AreaColumn, cell: Cell | undefined): CellResult {
  if (isBlank(cell)) return { ok: true, value: c.kind === "bool" ? false : null };
  switch (c.kind) {
    case "id": {
      const text = halfWidth(String(cell)).trim();
      const n = typeof cell === "number" ? cell : /^\d+$/.test(text) ? Number(text) : NaN;
      return Number.isInteger(n) && n >= 1 && n <= MAX_ID ? { ok: true, value: n } : { ok: false, reason: "id" };
    }
    case "decimal": {
      let n: number;
      if (typeof cell === "number") n = cell;
      else {
        // Full-width digits (９００) are digits (issue 40 item 4).
        let text = halfWidth(String(cell)).trim().replace(/,/g, "");
        if (c.units) text = withoutUnit(text, c.units);
        n = /^[-+]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : NaN;
      }
      const { scale, min, max } = decimalBounds(c);
      if (!Number.isFinite(n) || n > max) return { ok: false, reason: "number" };
      if (n < min) return { ok: false, reason: "negative" };
      return { ok: true, value: n.toFixed(scale) };
    }
    case "date": {
      const day = normalizeDay(cell);
      return day === INVALID ? { ok: false, reason: "date" } : { ok: true, value: day };
    }
    case "datetime": {
      const time = normalizeDateTime(cell);
      if (time === INVALID) return { ok: false, reason: "date" };
      // Sheets carry Shanghai local time; the column holds UTC.
      return { ok: true, value: time === null ? null : fromShanghaiWallClock(time).toISOString().slice(0, 19).replace("T", " ") };
    }
    case "localDateTime": {
      // Shanghai wall-clock time as it is; a date alone is the end of that day.
      const time = normalizeValidityEnd(cell);
      return time === INVALID ? { ok: false, reason: "date" } : { ok: true, value: time };
    }
    case "bool": {
      const flag = parseFlag(cell);
      if (flag !== null) return { ok: true, value: flag };
      return { ok: false, reason: "flag" };
    }
    default: {
      // The column's normalisation (issue 40 item 4): rate tables trim, names and codes are NFKC; the port lists keep
      // text as written (the space checks exist to find stray spaces).
      const raw = typeof cell === "boolean" ? (cell ? "TRUE" : "FALSE") : restoreCellText(String(cell));
      const text = normalizeText(c.normalize ?? "none", raw);
      if (text === null) return { ok: false, reason: "currency" };
      if (text.length > TEXT_MAX) return { ok: false, reason: "tooLong" };
      return { ok: true, value: text === "" && raw !== "" ? null : text };
    }
  }
}

/** Distinct values a column's converter remembers (a column of unique texts stops adding at this many). */
const REMEMBERED_VALUES = 50_000;

/**
 * convertCell for one column, remembering its result for each distinct
 * non-blank value (a Map keyed by the value itself: equal texts, equal
 * numbers and booleans convert alike; results are never mutated).
 */
export function cellConverter(c: AreaColumn): (cell: Cell | undefined) => CellResult {
  const known = new Map<Cell, CellResult>();
  const blank = convertCell(c, null);
  return (cell) => {
    if (cell === null || cell === undefined) return blank;
    let result = known.get(cell);
    if (result === undefined) {
      result = convertCell(c, cell);
      if (known.size < REMEMBERED_VALUES) known.set(cell, result);
    }
    return result;
  };
}

const ID_COLUMN: AreaColumn = { field: "id", header: "id", labelKey: "data.col.id", kind: "id" };

const REASON_KEYS = {
  number: "data.import.badNumber",
  negative: "data.import.negativeNumber",
  flag: "data.import.badFlag",
  id: "data.import.badId",
  tooLong: "data.import.tooLong",
  currency: "data.import.badCurrency",
} as const;

/** Rows of a ranges list: 1-3,7 (for the log and messages). */
export { compressIds };

/**
 * Checks and converts the parsed sheet. Pure (no database): every rule of
 * spec 5 lives here, so it is unit-testable with arrays of cells.
 */
export function validateSheet(
  area: DataArea,
  sheet: SheetInput,
  variant: ImportVariant = "standard",
  source: ImportSource = "file",
): Validation {
  return drain(validation(area, sheet, variant, source));
}

export type Validation =
  | { ok: true; prepared: PreparedImport; unmatched: string[] }
  | (ImportFailure & { partial?: { prepared: PreparedImport; unmatched: string[] } });

/**
 * validateSheet in slices of rows with the event loop let through between
 * them (issue 40 item 5: the server answers other requests, /healthz under
 * 200 ms, while a 100,000-row preview is validated). The same steps.
 */
export function validateSheetYielding(
  area: DataArea,
  sheet: SheetInput,
  variant: ImportVariant = "standard",
  source: ImportSource = "file",
): Promise<Validation> {
  return drainYielding(validation(area, sheet, variant, source));
}

function* validation(area: DataArea, sheet: SheetInput, variant: ImportVariant, source: ImportSource): Generator<void, Validation> {
  const fail = (problems: ImportProblem[], badRows: number[] = []): ImportFailure => ({ ok: false, problems, badRows });
  const grid = sheetGrid(sheet);
  const hasValue = (r: number) => {
    for (let c = 0, width = grid.width(r); c < width; c++) if (!isBlank(grid.cell(r, c))) return true;
    return false;
  };
  let headerAt = 0;
  while (headerAt < grid.height && !hasValue(headerAt)) headerAt++;
  if (headerAt === grid.height) return fail([{ key: "data.import.empty" }]);

  // ---- headers
  const index = headerIndex(area);
  const byPosition: (AreaColumn | null)[] = [];
  const seen = new Set<string>();
  const unknownHeaders: string[] = [];
  for (let i = 0, width = grid.width(headerAt); i < width; i++) {
    const cell = grid.cell(headerAt, i);
    const c = isBlank(cell) ? undefined : index.get(normalizeHeader(String(cell)));
    if (c && seen.has(c.field)) return fail([{ key: "data.import.duplicateHeader", values: { header: String(cell) } }]);
    if (c) seen.add(c.field);
    else if (!isBlank(cell)) unknownHeaders.push(String(cell).trim());
    byPosition.push(c ?? null);
  }
  // Issue 22.1: a header that is a misspelt price column (20GP-T0) would
  // import every price empty: refused, naming the expected header.
  const prices = area.columns.filter((c) => c.kind === "decimal" && !seen.has(c.field));
  const misspelt = unknownHeaders.flatMap((header): ImportProblem[] => {
    const near = closestHeader(area, header, prices);
    return near ? [{ key: "data.import.misspeltPrice", values: { expected: near.column.header, found: header } }] : [];
  });
  if (misspelt.length) return fail(misspelt);
  const unmatched = unknownHeaders;
  const air = area.import.air;
  if (air) {
    const extras = air.extraFields.filter((field) => seen.has(field));
    if (variant === "standard" && extras.length < air.extraFields.length) return fail([{ key: "data.air.missingExtra" }]);
    if (variant === "plain" && extras.length > 0) return fail([{ key: "data.air.extraNotAllowed" }]);
  }
  // A column with an SQL default may be absent: the database fills it.
  const missing = area.columns.filter((c) => c.required && !c.sqlDefault && !seen.has(c.field)).map((c) => c.header);
  if (missing.length) {
    const required = area.columns.filter((c) => missing.includes(c.header));
    const nearest = unknownHeaders.flatMap((header): ImportProblem[] => {
      const near = closestHeader(area, header, required);
      return near ? [{ key: "data.import.closestHeader", values: { expected: near.column.header, found: header } }] : [];
    });
    return fail([{ key: "data.import.missingColumns", values: { columns: missing.join(", ") } }, ...nearest]);
  }

  const fileColumns = area.columns.filter((c) => seen.has(c.field) && c.kind !== "id");
  const writeColumns: WriteColumn[] = fileColumns.map((c) => ({ field: c.field, type: sqlType(c), sqlDefault: c.sqlDefault }));
  if (air) {
    writeColumns.push({ field: "validFrom", type: "date" }, { field: "validTo", type: "date" });
    // The plain file has no +130/+2000/+3000 kg breaks: they are cleared.
    if (variant === "plain") for (const field of air.extraFields) writeColumns.push({ field, type: "numeric" });
  }
  if (!seen.has("updatedAt")) writeColumns.push({ field: "updatedAt", type: "timestamp" });
  const position = new Map(byPosition.map((c, i) => [c?.field ?? `#${i}`, i]));
  // Each column's converter is chosen once, and remembers what it made of each distinct cell value (issue 23,
  // performance: a sheet repeats its ports, dates and prices; convertCell is a pure function of the column and the
  // value, so a value converts exactly as before).
  const idConverter = cellConverter(ID_COLUMN);
  // A row's record is an array, one slot per field it names (a fresh object per row with 30 dynamic keys was
  // about a third of the validation of a 100,000-row file), reused from row to row.
  const slots = new Map<string, number>();
  const slotOf = (field: string) => {
    let slot = slots.get(field);
    if (slot === undefined) slots.set(field, (slot = slots.size));
    return slot;
  };
  const filePlaces = fileColumns.map((c) => ({ c, at: position.get(c.field), convert: cellConverter(c), slot: slotOf(c.field) }));
  const idAt = position.get("id");
  const hasId = seen.has("id");
  // Write columns filled from the row's record (updatedAt, when the file has none, is the database's now()).
  const fromRecord = writeColumns.map((w) => !(w.field === "updatedAt" && !seen.has("updatedAt")));
  const writeSlots = writeColumns.map((w) => slotOf(w.field));
  const rule = area.import.datesRequired;
  const ruleSlots = rule && {
    when: rule.when ? slotOf(rule.when) : -1,
    fields: rule.fields.map(slotOf),
    alsoRequire: (rule.alsoRequire ?? []).map(slotOf),
  };
  const airSlots = air && {
    range: slotOf(air.rangeField),
    from: slotOf("validFrom"),
    to: slotOf("validTo"),
    extra: air.extraFields.map(slotOf),
  };
  const uniqueSlots = (area.import.uniqueInFile ?? []).map((fields) => fields.map(slotOf));
  // A validity that starts after it ends (issue 40 item 2; air checks its 至 range below): every area with both columns.
  const rangeSlots = !air && seen.has("validFrom") && seen.has("validTo") ? { from: slotOf("validFrom"), to: slotOf("validTo") } : null;
  const record: unknown[] = new Array(slots.size);
  const empty = (slot: number) => record[slot] === null || record[slot] === undefined;

  // ---- rows
  const ids: (number | null)[] = [];
  const sheetRows: number[] = [];
  const values: unknown[][] = writeColumns.map(() => []);
  const problems: ImportProblem[] = [];
  const badRows = new Set<number>();
  const dateErrorIds: number[] = [];
  const dateErrorRows: number[] = [];
  const idRows = new Map<number, number>();
  const uniqueSeen = (area.import.uniqueInFile ?? []).map(() => new Map<string, number>());
  let problemCount = 0;
  const report = (row: number, problem: ImportProblem) => {
    badRows.add(row);
    problemCount++;
    if (problems.length < MAX_LISTED_PROBLEMS) problems.push(problem);
  };

  let first = headerAt + 1;
  // The standard air FILE has a second header line: its first data row is
  // dropped (spec 5). Rows sent as such (the API's infoString) have none.
  if (air && variant === "standard" && source === "file") first++;

  let rowCount = 0;
  for (let r = first; r < grid.height; r++) {
    if ((r & (ROWS_PER_SLICE - 1)) === 0) yield;
    if (!hasValue(r)) continue;
    const rowNumber = grid.firstRow + r;
    const cellAt = (at: number | undefined) => (at === undefined ? undefined : grid.cell(r, at));
    record.fill(undefined);
    let bad = false;
    let dateBad = false;

    let id: number | null = null;
    if (hasId) {
      const result = idConverter(cellAt(idAt));
      if (result.ok) id = result.value as number | null;
      else {
        report(rowNumber, { key: REASON_KEYS.id, values: { row: rowNumber, value: String(cellAt(idAt)) } });
        bad = true;
      }
    }
    if (id !== null) {
      const earlier = idRows.get(id);
      if (earlier !== undefined) {
        report(rowNumber, { key: "data.import.duplicateId", values: { row: rowNumber, id, other: earlier } });
        bad = true;
      } else idRows.set(id, rowNumber);
    }

    for (const { c, at, convert, slot } of filePlaces) {
      const result = convert(cellAt(at));
      if (result.ok) {
        record[slot] = result.value;
        if (c.required && !c.sqlDefault && result.value === null) {
          report(rowNumber, { key: "data.import.missing", values: { row: rowNumber, column: c.header } });
          bad = true;
        }
      } else if (result.reason === "date") {
        dateBad = true;
      } else {
        report(rowNumber, {
          key: REASON_KEYS[result.reason],
          values: { row: rowNumber, column: c.header, value: String(cellAt(at)).slice(0, 50) },
        });
        bad = true;
      }
    }

    if (ruleSlots && (ruleSlots.when < 0 || !empty(ruleSlots.when))) {
      if (ruleSlots.fields.some(empty)) dateBad = true;
      if (ruleSlots.alsoRequire.some(empty)) dateBad = true;
    }

    if (rangeSlots) {
      const from = record[rangeSlots.from];
      const to = record[rangeSlots.to];
      if (typeof from === "string" && typeof to === "string" && from.slice(0, 10) > to.slice(0, 10)) {
        report(rowNumber, { key: "data.import.startAfterEnd", values: { row: rowNumber, from, to: to.slice(0, 10) } });
        bad = true;
      }
    }

    if (airSlots) {
      const text = record[airSlots.range];
      record[airSlots.from] = null;
      record[airSlots.to] = null;
      if (typeof text === "string" && text.trim() !== "") {
        const parts = text.split("至");
        const start = parts.length === 2 ? normalizeDay(parts[0]) : INVALID;
        const end = parts.length === 2 ? normalizeDay(parts[1]) : INVALID;
        if (typeof start !== "string" || typeof end !== "string" || start > end) {
          report(rowNumber, { key: "data.air.badRange", values: { id: id ?? `#${rowNumber}`, row: rowNumber } });
          bad = true;
        } else {
          record[airSlots.from] = start;
          record[airSlots.to] = end;
        }
      }
      if (variant === "plain") for (const slot of airSlots.extra) record[slot] = null;
    }

    (area.import.uniqueInFile ?? []).forEach((fields, u) => {
      if (uniqueSlots[u].some(empty)) return;
      const key = uniqueSlots[u].map((slot) => String(record[slot])).join("\u0000");
      const earlier = uniqueSeen[u].get(key);
      if (earlier !== undefined) {
        report(rowNumber, {
          key: "data.import.duplicateInFile",
          values: {
            row: rowNumber,
            other: earlier,
            column: fields.map((f) => area.columns.find((c) => c.field === f)?.header ?? f).join("+"),
          },
        });
        bad = true;
      } else uniqueSeen[u].set(key, rowNumber);
    });

    if (dateBad) {
      badRows.add(rowNumber);
      if (id !== null) dateErrorIds.push(id);
      else dateErrorRows.push(rowNumber);
    }
    if (bad || dateBad) continue;

    rowCount++;
    ids.push(id);
    sheetRows.push(rowNumber);
    for (let i = 0; i < writeColumns.length; i++) values[i].push(fromRecord[i] ? (record[writeSlots[i]] ?? null) : null);
  }

  if (dateErrorIds.length || dateErrorRows.length || badRows.size) {
    const head: ImportProblem[] = [];
    // Issue 22.3: the count and the first ids; the whole list is a download.
    if (dateErrorIds.length > DATE_IDS_LISTED) {
      head.push({
        key: "data.import.dateErrorMany",
        values: { count: dateErrorIds.length, ids: dateErrorIds.slice(0, DATE_IDS_LISTED).join(",") },
      });
    } else if (dateErrorIds.length) head.push({ key: "data.import.dateError", values: { ids: dateErrorIds.join(",") } });
    if (dateErrorRows.length) head.push({ key: "data.import.dateErrorRows", values: { rows: compressIds(dateErrorRows) } });
    if (problemCount > problems.length)
      problems.push({ key: "data.import.moreProblems", values: { count: problemCount - problems.length } });
    const failure = fail(
      [...head, ...problems],
      [...badRows].sort((a, b) => a - b),
    );
    // The good rows go with a row-level refusal (the preview shows them; the import drops them).
    const partial = { prepared: { columns: writeColumns, values, ids, rowCount, rows: sheetRows }, unmatched };
    return dateErrorIds.length > DATE_IDS_LISTED ? { ...failure, dateErrorIds, partial } : { ...failure, partial };
  }
  if (rowCount === 0) return fail([{ key: "data.import.empty" }]);
  return { ok: true, prepared: { columns: writeColumns, values, ids, rowCount, rows: sheetRows }, unmatched };
}

// ----------------------------------------------------------------- write

/**
 * The upsert of one statement: rows `u(c0, c1 … cn)` (c0 the id, then the
 * write columns) from `source`, INSERT … SELECT … ON CONFLICT (id) DO UPDATE,
 * and in the same statement every written row recorded in the batch ($1 is
 * the batch): the before-image of each row it updated, from RETURNING
 * (PostgreSQL 18's `old`: the row as it was before this statement, all null
 * for an inserted row), so the table is read once (issue 23, performance: no
 * second scan of the table for the before-images). A preview's rows are
 * written by stagedWriteSql instead. Returns one row: the ids written and how many were inserted.
 */
function upsertSql(area: DataArea, columns: WriteColumn[], source: string): string {
  const { table, names, selects, assignments } = writeParts(area, columns);
  return `WITH written AS (
    INSERT INTO ${table} AS cur ("id", ${names.join(", ")})
    SELECT ${selects.join(", ")}
    FROM ${source}
    ON CONFLICT ("id") DO UPDATE SET ${assignments((name) => `EXCLUDED.${name}`).join(", ")}
    RETURNING ${writtenReturningSql(area, "cur")}
  ), ${recordWrittenSql()}
  SELECT COALESCE(array_agg(w.id), '{}') AS ids, count(*) FILTER (WHERE w.inserted)::int AS inserted FROM written w`;
}

/**
 * The write of a preview's staged rows ($2 is the preview, $1 the batch):
 * the rows it found `updated` by UPDATE … FROM, those it found `new` by a
 * plain INSERT, in one statement, with the batch's chunks (recordWrittenSql).
 * The commit's guard holds the table as the preview saw it, so each staged
 * row is exactly one of the two: no speculative insertion and row lock per
 * row as INSERT … ON CONFLICT makes (a WAL record and an index probe each).
 * `staged(status)`: the staged rows of that status as `u(c0 … cn, img)`,
 * `img` the table's row as the preview staged it (`before`, the same text
 * form as `old::text`): the batch's before-image of an updated row comes
 * with it through RETURNING, no second read of the staged rows.
 */
function stagedWriteSql(area: DataArea, columns: WriteColumn[], staged: (status: "new" | "updated") => string): string {
  const { table, names, selects, assignments } = writeParts(area, columns);
  return `WITH updated AS (
    UPDATE ${table} AS cur SET ${assignments((_, i) => selects[i + 1]).join(", ")}
    FROM ${staged("updated")} WHERE cur."id" = u.c0
    RETURNING ${writtenReturningSql(area, "cur", "u.img")}
  ), inserted AS (
    INSERT INTO ${table} AS cur ("id", ${names.join(", ")})
    SELECT ${selects.join(", ")} FROM ${staged("new")}
    RETURNING ${writtenReturningSql(area, "cur", "NULL::text")}
  ), written AS (SELECT * FROM updated UNION ALL SELECT * FROM inserted), ${recordWrittenSql()}
  SELECT COALESCE(array_agg(w.id), '{}') AS ids, count(*) FILTER (WHERE w.inserted)::int AS inserted FROM written w`;
}

/**
 * The pieces of the writer's statements: the table, the write columns'
 * names, each column's value from `u(c0 … cn)` (the id first: the given one
 * or the sequence's next; an empty value takes the column's default; the
 * update time is now unless the file has one), and the assignments of an
 * update to `value(name, i)` (an unchanged update time keeps its
 * milliseconds: a sheet carries times to the second, exact round trip).
 */
function writeParts(area: DataArea, columns: WriteColumn[]) {
  const table = `"${sqlTable(area.model)}"`;
  const names = columns.map((c) => `"${sqlColumn(area.model, c.field)}"`);
  const selects = [
    `COALESCE(u.c0, nextval(pg_get_serial_sequence('${sqlTable(area.model)}', 'id')))`,
    ...columns.map((c, i) => {
      const value = `u.c${i + 1}`;
      if (c.field === "updatedAt") return `COALESCE(${value}, (now() AT TIME ZONE 'UTC'))`;
      if (c.sqlDefault) return `COALESCE(${value}, ${c.sqlDefault})`;
      return value;
    }),
  ];
  const assignments = (value: (name: string, i: number) => string) =>
    columns.map((c, i) =>
      c.field === "updatedAt"
        ? `${names[i]} = CASE WHEN date_trunc('second', cur.${names[i]}) = ${value(names[i], i)} THEN cur.${names[i]} ELSE ${value(names[i], i)} END`
        : `${names[i]} = ${value(names[i], i)}`,
    );
  return { table, names, selects, assignments };
}

const aliasesOf = (columns: WriteColumn[]) => ["c0", ...columns.map((_, i) => `c${i + 1}`)].join(", ");

/** Where the writer takes its rows from. */
type RowSource = {
  /** The largest explicit id (rows without one take ids after it). */
  explicitMax(tx: Prisma.TransactionClient): Promise<number>;
  /** SHA-256 of the rows, for a batch without an original file. */
  checksum(tx: Prisma.TransactionClient): Promise<string>;
  /** The upsert with its batch rows (before-images); the ids written and how many of them were inserted. */
  write(tx: Prisma.TransactionClient, batchId: number): Promise<{ ids: number[]; inserted: number }>;
  /** The port step (FCL, LCL) after the write: names resolved and queued (decision 205); null for the other areas. */
  ports(tx: Prisma.TransactionClient, written: number[]): Promise<ColumnsResolution | null>;
};

type UpsertResult = { ids: number[]; inserted: number };

/** Rows held by the process (a parsed file, the API's rows): unnest of one array per column, in chunks. */
function arraySource(area: DataArea, prepared: PreparedImport): RowSource {
  const params = [`$2::int[]`, ...prepared.columns.map((c, i) => `$${i + 3}::${c.type}[]`)];
  const sql = upsertSql(area, prepared.columns, `unnest(${params.join(", ")}) AS u(${aliasesOf(prepared.columns)})`);
  return {
    explicitMax: async () => prepared.ids.reduce<number>((max, id) => (id !== null && id > max ? id : max), 0),
    // The written rows' pol/pod through the alias table, set-based in the writer's transaction.
    ports: (tx, written) => resolveImportedPorts(tx, area.key, written),
    checksum: async () => checksumOf(JSON.stringify([prepared.ids, prepared.values])),
    async write(tx, batchId) {
      const ids: number[] = [];
      let inserted = 0;
      for (let start = 0; start < prepared.rowCount; start += CHUNK_ROWS) {
        const end = Math.min(start + CHUNK_ROWS, prepared.rowCount);
        const chunkIds = prepared.ids.slice(start, end);
        const [row] = await tx.$queryRawUnsafe<UpsertResult[]>(
          sql,
          batchId,
          chunkIds,
          ...prepared.values.map((column) => column.slice(start, end)),
        );
        for (const id of row.ids) ids.push(Number(id));
        inserted += Number(row.inserted);
      }
      return { ids, inserted };
    },
  };
}

/**
 * The rows staged by a preview (the area's stage table, typed columns:
 * stage.server.ts): read by the database itself, one statement, no row
 * passing through the process and no value cast again (issue 23,
 * performance).
 */
export function stagedSource(area: DataArea, previewId: string, columns: WriteColumn[]): RowSource {
  // The staged rows to write (new and updated, or those of `status`); `param` holds the preview's id.
  const stagedRows = (param: string, status?: "new" | "updated") =>
    `FROM ${stageTable(area)} s WHERE s.preview_id = ${param} AND s.status ${status ? `= '${status}'` : "IN ('new', 'updated')"}`;
  const values = columns.map((c) => `s.${stageColumn(area, c)}`);
  // New rows in file order (rows without an id take the sequence's next in that order).
  const staged = (status: "new" | "updated") =>
    `(SELECT s."id", ${values.join(", ")}, s.before ${stagedRows("$2", status)}${status === "new" ? " ORDER BY s.seq" : ""}) AS u(${aliasesOf(columns)}, img)`;
  return {
    async explicitMax(tx) {
      const [row] = await tx.$queryRawUnsafe<{ max: number }[]>(
        `SELECT COALESCE(max(s."id"), 0)::int AS max ${stagedRows("$1")}`,
        previewId,
      );
      return Number(row.max);
    },
    async checksum(tx) {
      const [row] = await tx.$queryRawUnsafe<{ sum: string }[]>(
        `SELECT encode(sha256(convert_to(COALESCE(string_agg(concat_ws(' ', s."id", ROW(${values.join(", ")})::text), E'\n' ORDER BY s.seq), ''), 'UTF8')), 'hex') AS sum ${stagedRows("$1")}`,
        previewId,
      );
      return row.sum;
    },
    async write(tx, batchId) {
      const [row] = await tx.$queryRawUnsafe<UpsertResult[]>(stagedWriteSql(area, columns, staged), batchId, previewId);
      return { ids: row.ids.map(Number), inserted: Number(row.inserted) };
    },
    // The rows were staged with the names the preview resolved (import_preview_ports), against the ports and aliases
    // the commit's guard holds unchanged: nothing is left to rewrite, only the unresolved names to queue. (Resolving
    // the written rows again read 100,000 rows by id twice: about half a second.)
    async ports(tx) {
      if (!PORT_NAME_TABLES.some((t) => t.area === area.key)) return null;
      const states = await tx.$queryRawUnsafe<{ column: string; name: string; port: string | null; state: string; rows: number }[]>(
        `SELECT "column", name, port, state, rows FROM import_preview_ports WHERE preview_id = $1 AND state IN ('resolved', 'unresolved', 'kept') ORDER BY "column", name`,
        previewId,
      );
      const outcome: ColumnsResolution = {
        resolutions: states.flatMap((s) =>
          s.state === "resolved" && s.port ? [{ column: s.column, from: s.name, to: s.port, rows: Number(s.rows) }] : [],
        ),
        // Names kept as written (the spec's contains-rule) are queued too: customers cannot find them (issue 40 item 2).
        unresolved: states.flatMap((s) =>
          s.state === "unresolved" || s.state === "kept" ? [{ column: s.column, name: s.name, rows: Number(s.rows) }] : [],
        ),
      };
      await queueUnresolved(tx, area.key, outcome);
      return outcome;
    },
  };
}

/** A failed write or staging statement → the import's message (never the database's text). */
export function importFailure(area: DataArea, error: unknown): ImportFailure {
  const e = error as {
    code?: string;
    message?: string;
    meta?: { driverAdapterError?: { cause?: { originalCode?: string; originalMessage?: string; constraint?: { index?: string } } } };
  };
  const cause = e.meta?.driverAdapterError?.cause;
  const violation = uniqueViolation(error);
  if (violation) {
    return {
      ok: false,
      problems: [{ key: duplicateMessage(area, violation.constraint).key }, { key: "data.import.conflict" }],
      badRows: [],
    };
  }
  // Data staff get a message in their language, never the database's own
  // text; the server log keeps that.
  const code = cause?.originalCode ?? "";
  const key = FAILURE_KEYS[code] ?? FAILURE_KEYS[code.slice(0, 2)] ?? "data.import.failed";
  console.error(`[import] ${sqlTable(area.model)} failed (${code || e.code || "no code"}):`, error);
  return { ok: false, problems: [{ key }], badRows: [] };
}

/** SQLSTATE (or its class) of a failed write → what the import screen says. */
const FAILURE_KEYS: Record<string, TranslationKey> = {
  "22001": "data.import.tooLong", // string_data_right_truncation
  "22003": "data.import.outOfRange", // numeric_value_out_of_range
  "23502": "data.import.missingValue", // not_null_violation
  "22": "data.import.badValue", // any other data exception (format, date, encoding)
};

/**
 * Writes validated rows: all chunks, the log line and the import batch in one
 * transaction. Every import (page, legacy API, preview commit) comes here, so
 * every one is a batch that can be undone. `meta.original`: the uploaded
 * bytes, kept as the batch's original file.
 */
export async function writeRows(
  area: DataArea,
  viewer: Pick<Viewer, "id" | "username">,
  prepared: PreparedImport,
  meta: BatchSource & { variant?: ImportVariant },
  /** Runs inside the transaction, after the table's import lock: a problem returned refuses the write (the preview's commit checks the table's data version). */
  guard?: Guard,
): Promise<ImportOutcome> {
  return writeFrom(area, viewer, arraySource(area, prepared), meta, guard);
}

type Guard = (tx: Prisma.TransactionClient) => Promise<ImportProblem | null>;

/** The one import writer (see writeRows), from any row source: arrays of the process, or a preview's staging table. */
export async function writeFrom(
  area: DataArea,
  viewer: Pick<Viewer, "id" | "username">,
  source: RowSource,
  meta: BatchSource & { variant?: ImportVariant },
  guard?: Guard,
): Promise<ImportOutcome> {
  // The writer's steps on the bench's phase table (issue 23, performance): nothing is measured unless it listens.
  const clock = phaseClock();
  const fileKey = await storeOriginal(meta);
  clock.lap("write: store the original file");
  let pruned: (string | null)[] = [];
  try {
    const outcome = await prisma.$transaction(
      async (tx) => {
        // One import per table at a time (sequence bump + upsert must not interleave).
        await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext($1))`, `import:${sqlTable(area.model)}`);
        await tx.$executeRawUnsafe(HASH_SETTINGS_SQL);
        // The batch chunks' sorts (written rows by id, with their before-images: tens of MB at 100,000 rows) in
        // memory; the default 4 MB spilled them to disk.
        await tx.$executeRawUnsafe(`SET LOCAL work_mem = '256MB'`);
        const refused = guard ? await guard(tx) : null;
        if (refused) throw new GuardRefusal(refused);
        clock.lap("write: lock, settings, guard (SQL)");
        const explicitMax = await source.explicitMax(tx);
        if (explicitMax > 0) {
          const [{ seq }] = await tx.$queryRawUnsafe<{ seq: string }[]>(
            `SELECT pg_get_serial_sequence($1, 'id') AS seq`,
            sqlTable(area.model),
          );
          // Rows without an id take ids after every explicit one (never lowering the sequence).
          await tx.$queryRawUnsafe(
            `SELECT setval($1::regclass, GREATEST((SELECT COALESCE(MAX(id), 0) FROM "${sqlTable(area.model)}"), $2::int, (SELECT last_value FROM ${seq})))`,
            seq,
            explicitMax,
          );
        }
        const checksum = meta.original ? undefined : (meta.checksum ?? (await source.checksum(tx)));
        const batchId = await beginBatch(tx, area, viewer, { ...meta, checksum }, fileKey);
        clock.lap("write: ids, checksum, batch row (SQL)");
        const { ids: written, inserted } = await source.write(tx, batchId);
        clock.lap("write: the rows and their batch chunks (SQL)");
        const rows = written.length;
        const updated = rows - inserted;
        // Port names through the alias table, set-based in this transaction (decision 205).
        const resolved = await source.ports(tx, written);
        const ports = resolved
          ? {
              resolved: resolved.resolutions.reduce((n, r) => n + r.rows, 0),
              unresolved: [...new Set(resolved.unresolved.map((u) => u.name))],
            }
          : undefined;
        if (area.model === "seaPort") await refreshPortPinyin(tx);
        clock.lap("write: port names (SQL)");
        pruned = await finishBatch(tx, area, batchId, { inserted, rows, updated });
        clock.lap("write: batch counts, pruning (SQL)");
        await logOperation(tx, viewer, {
          module: "import",
          operation: area.logName,
          targetIds: compressIds(written),
          params: {
            file: meta.fileName,
            variant: meta.variant ?? "standard",
            rows,
            inserted,
            updated,
            batch: batchId,
            ...(ports ? { portsResolved: ports.resolved, portsUnresolved: ports.unresolved.length } : {}),
          },
        });
        clock.lap("write: operation log (SQL)");
        return { ok: true as const, rows, inserted, updated, batchId, ids: written, ...(ports ? { ports } : {}) };
      },
      { timeout: 600_000, maxWait: 30_000 },
    );
    clock.lap("write: transaction commit");
    await removeOriginals(pruned);
    return outcome;
  } catch (error) {
    await removeOriginals([fileKey]);
    if (error instanceof GuardRefusal) return { ok: false, problems: [error.problem], badRows: [] };
    return importFailure(area, error);
  }
}

class GuardRefusal extends Error {
  constructor(readonly problem: ImportProblem) {
    super(problem.key);
  }
}

/** The zip and worker limits; by default derived from IMPORT_MAX_MB (zipLimitsFor, workerLimitsFor). */
export type SheetLimits = { zip?: ZipLimits; worker?: typeof WORKER_LIMITS };

/**
 * Steps 1-2 of the import: the zip checks and the parse. Every message of a
 * file that cannot be read as rows comes from here (the import and the
 * preview share it).
 */
export async function readSpreadsheet(
  data: Uint8Array,
  limits: SheetLimits = {},
): Promise<{ ok: true; sheet: CompactSheet; tabs: WorkbookTab[] } | ImportFailure> {
  const read = await readWorkbook(data, limits);
  if (!read.ok) return read;
  const { tabs, timings } = read;
  const sheet: CompactSheet = tabs[0] ?? {
    firstRow: 1,
    rowStart: new Uint32Array(1),
    kind: new Uint8Array(0),
    num: new Float64Array(0),
    strings: [],
    formulaCells: [],
  };
  sheet.timings = timings;
  const tooMany = tooManyRows(sheet.rowStart.length - 1);
  if (tooMany) return { ok: false, problems: [tooMany], badRows: [] };
  // Issue 22.9: a formula saved without its computed value would import as empty.
  const formulas = unsavedFormulas(tabs.slice(0, 1));
  if (formulas) return { ok: false, problems: [formulas], badRows: [] };
  return { ok: true, sheet, tabs };
}

/**
 * Every tab of an upload after the zip checks, without the formula check
 * (the wizard's reading: it checks the formulas of the tabs the clerk chose).
 */
export async function readWorkbook(
  data: Uint8Array,
  limits: SheetLimits = {},
): Promise<{ ok: true; tabs: WorkbookTab[]; timings: CompactSheet["timings"] } | ImportFailure> {
  const refuse = (key: TranslationKey, values?: ImportProblem["values"]): ImportFailure => ({
    ok: false,
    problems: [{ key, ...(values ? { values } : {}) }],
    badRows: [],
  });
  const isZip = data[0] === 0x50 && data[1] === 0x4b;
  if (isZip) {
    const zip = inspectZip(data, limits.zip ?? zipLimitsFor(importMaxBytes()));
    if (!zip.ok) return refuse(zip.reason === "notZip" ? "data.import.unreadable" : "data.import.tooComplex");
  }
  let tabs: WorkbookTab[];
  let timings: CompactSheet["timings"];
  try {
    // The worker checks the entries' real sizes (zip bombs with falsified sizes) before any reader sees them. Every tab
    // is read: the first is the import's, the others are named when they hold rates (issue 40 item 2).
    ({ tabs, timings } = await parseWorkbookInWorker(data, limits.worker ?? workerLimitsFor(importMaxBytes()), { verifyZip: isZip }));
  } catch (error) {
    if (error instanceof SheetWorkerError)
      return refuse(
        error.reason === "zipBomb"
          ? "data.import.zipBomb"
          : error.reason === "unreadable"
            ? "data.import.unreadable"
            : "data.import.tooComplex",
      );
    throw error;
  }
  return { ok: true, tabs, timings };
}

/** A file of more rows than one import may stage (IMPORT_MAX_ROWS, issue 40 item 5): the refusal, or null. */
export function tooManyRows(rows: number): ImportProblem | null {
  const max = importMaxRows();
  return rows > max ? { key: "data.import.tooManyRows", values: { rows, max } } : null;
}

/** The formula cells saved without a result in `tabs` (every form: issue 22.9, issue 40 item 2), as the refusal's message; null when none. */
export function unsavedFormulas(tabs: readonly WorkbookTab[]): ImportProblem | null {
  const formulas = tabs.flatMap((tab) => tab.formulaCells.map((cell) => (tabs.length > 1 ? `${tab.name}!${cell}` : cell)));
  if (formulas.length === 0) return null;
  const cells = formulas.slice(0, DATE_IDS_LISTED).join(", ") + (formulas.length > DATE_IDS_LISTED ? " …" : "");
  return { key: "data.import.formulaNoValue", values: { count: formulas.length, cells } };
}

/**
 * The tabs after the first that hold rates of `area` (a header naming at
 * least two of its columns): an import of the first tab would leave them
 * out without a word (issue 40 item 2). A notes tab (a template's) holds none.
 */
export function furtherRateTabs(area: DataArea, tabs: readonly WorkbookTab[]): { name: string; rows: number }[] {
  const index = headerIndex(area);
  return tabs.slice(1).flatMap((tab) => {
    const grid = sheetGrid(tab);
    let header = -1;
    for (let r = 0; r < Math.min(grid.height, 40) && header < 0; r++) {
      const fields = new Set<string>();
      for (let c = 0; c < grid.width(r); c++) {
        const cell = grid.cell(r, c);
        const column = typeof cell === "string" ? index.get(normalizeHeader(cell)) : undefined;
        if (column) fields.add(column.field);
      }
      if (fields.size >= 2) header = r;
    }
    if (header < 0) return [];
    let rows = 0;
    for (let r = header + 1; r < grid.height; r++) {
      for (let c = 0; c < grid.width(r); c++) {
        if (!isBlank(grid.cell(r, c))) {
          rows++;
          break;
        }
      }
    }
    return rows > 0 ? [{ name: tab.name, rows }] : [];
  });
}

/** The whole import of one uploaded file (see the top of this file). */
export async function importSpreadsheet(
  area: DataArea,
  viewer: Pick<Viewer, "id" | "username">,
  data: Uint8Array,
  meta: { fileName: string; variant?: ImportVariant },
  limits: SheetLimits = {},
): Promise<ImportOutcome> {
  // The parse worker takes the buffer over: keep a copy as the batch's original file.
  const original = data.slice();
  const read = await readSpreadsheet(data, limits);
  if (!read.ok) return read;
  // Nothing is left out without a word (issue 40 item 2): with no preview to decide in, further tabs of rates and a
  // file already imported are refused; the preview offers both as decisions.
  const further = furtherRateTabs(area, read.tabs);
  if (further.length)
    return {
      ok: false,
      problems: [{ key: "data.import.furtherTabs", values: { tabs: further.map((t) => `${t.name} (${t.rows})`).join(", ") } }],
      badRows: [],
    };
  const repeat = await committedBatchOf(area, checksumOf(original));
  if (repeat) return { ok: false, problems: [{ key: "data.import.repeatFile", values: repeatValues(repeat) }], badRows: [] };
  return importSheet(area, viewer, read.sheet, { ...meta, original });
}

/** Validation and the one-transaction write of rows already read (a parsed file, or the API's infoString). */
export async function importSheet(
  area: DataArea,
  viewer: Pick<Viewer, "id" | "username">,
  sheet: SheetInput,
  meta: BatchSource & { variant?: ImportVariant; source?: ImportSource },
): Promise<ImportOutcome> {
  const checked = validateSheet(area, sheet, meta.variant ?? "standard", meta.source ?? "file");
  if (!checked.ok) {
    const { partial: _partial, ...failure } = checked;
    return failure;
  }
  // A price column that matches no column would be dropped (issue 40 item 2): refused, the preview lets the clerk decide.
  const prices = checked.unmatched.filter(looksLikePrice);
  if (prices.length)
    return { ok: false, problems: [{ key: "data.import.unmappedPrice", values: { columns: prices.join(", ") } }], badRows: [] };
  // A row without an id that is a stored rate (same lane, carrier, validity, containers) updates it, as the
  // preview's commit would: counted among the updated rows, never a silent second copy (issue 40 item 2).
  const { prepared } = checked;
  const matched = await sameRateIds(area, prepared);
  const ids = matched.size ? prepared.ids.map((rowId, i) => rowId ?? matched.get(i) ?? null) : prepared.ids;
  const written = await writeRows(area, viewer, { ...prepared, ids }, meta);
  return written.ok && checked.unmatched.length ? { ...written, unmatched: checked.unmatched } : written;
}
