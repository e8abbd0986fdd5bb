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
//        OperationLog row. All or nothing.
//
// Semantics (docs/decisions/201-excel-import-upserts-by-id.md): rows are
// upserted by their id column; rows without an id are appended. Columns
// missing from the file are left as they are on existing rows.
import { prisma } from "~/utils/db.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { logOperation } from "~/domain/logs/operation-log.server";
import { decimalBounds, duplicateMessage, parseFlag, type AreaColumn, type DataArea } from "~/domain/data-areas/types";
import { INVALID, normalizeDateTime, normalizeDay, shanghaiDateTimeToDate } from "./dates";
import { restoreCellText } from "./formula-guard";
import { compressIds } from "~/domain/data-areas/written";
import { parseSheetInWorker, SheetWorkerError, type Cell, type ParsedSheet } from "./sheet-worker.server";
import { inspectZip } from "./zip-guard.server";
import { sqlColumn, sqlTable } from "~/utils/sql-names.server";
import { uniqueViolation } from "~/utils/unique-violation.server";

export type ImportVariant = "standard" | "plain";
/** Where the rows come from: an uploaded spreadsheet, or rows sent as such (the API's infoString). */
export type ImportSource = "file" | "rows";
export type ImportProblem = { key: string; values?: Record<string, string | number> };
export type ImportFailure = { ok: false; problems: ImportProblem[]; badRows: number[] };
/** `ids`: the ids just written (the screen then shows them: showWrittenRows). */
export type ImportSuccess = { ok: true; rows: number; inserted: number; updated: number; ids: number[] };
export type ImportOutcome = ImportSuccess | ImportFailure;

/** Problems listed one by one; beyond this the rest is counted. */
export const MAX_LISTED_PROBLEMS = 100;
const CHUNK_ROWS = 5000;
const TEXT_MAX = 10_000;
const MAX_ID = 2_147_483_647;

export function normalizeHeader(text: string): string {
  return text.toLowerCase().replace(/[\s_]+/g, "");
}

/** Header → column, by legacy header, aliases and the Prisma field name. */
export function headerIndex(area: DataArea): Map<string, AreaColumn> {
  const index = new Map<string, AreaColumn>();
  for (const c of area.columns) {
    for (const name of [c.header, c.field, ...(c.aliases ?? [])]) {
      const key = normalizeHeader(name);
      const existing = index.get(key);
      if (existing && existing !== c) throw new Error(`${area.key}: header ${name} matches ${existing.field} and ${c.field}`);
      index.set(key, c);
    }
  }
  return index;
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
      return "timestamp";
    case "bool":
      return "boolean";
    default:
      return "text";
  }
}

/** A column written by the import: from the file, or derived (air validity, plain-variant breaks). */
type WriteColumn = { field: string; type: SqlType; sqlDefault?: string };

export type PreparedImport = {
  columns: WriteColumn[];
  /** One array per column (unnest input), same order as `columns`. */
  values: unknown[][];
  ids: (number | null)[];
  rowCount: number;
};


function isBlank(cell: Cell | undefined): boolean {
  return cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === "");
}

type CellResult = { ok: true; value: unknown } | { ok: false; reason: "date" | "number" | "negative" | "flag" | "id" | "tooLong" };

function convertCell(c: AreaColumn, cell: Cell | undefined): CellResult {
  if (isBlank(cell)) return { ok: true, value: c.kind === "bool" ? false : null };
  switch (c.kind) {
    case "id": {
      const n = typeof cell === "number" ? cell : /^\s*\d+\s*$/.test(String(cell)) ? Number(String(cell).trim()) : NaN;
      return Number.isInteger(n) && n >= 1 && n <= MAX_ID ? { ok: true, value: n } : { ok: false, reason: "id" };
    }
    case "decimal": {
      let n: number;
      if (typeof cell === "number") n = cell;
      else {
        const text = String(cell).trim().replace(/,/g, "");
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
      return { ok: true, value: time === null ? null : shanghaiDateTimeToDate(time).toISOString().slice(0, 19).replace("T", " ") };
    }
    case "bool": {
      const flag = parseFlag(cell);
      if (flag !== null) return { ok: true, value: flag };
      return { ok: false, reason: "flag" };
    }
    default: {
      // Text is kept as written (the space checks exist to find stray spaces).
      const text = typeof cell === "boolean" ? (cell ? "TRUE" : "FALSE") : restoreCellText(String(cell));
      return text.length > TEXT_MAX ? { ok: false, reason: "tooLong" } : { ok: true, value: text };
    }
  }
}

const ID_COLUMN: AreaColumn = { field: "id", header: "id", labelKey: "data.col.id", kind: "id" };

const REASON_KEYS = {
  number: "data.import.badNumber",
  negative: "data.import.negativeNumber",
  flag: "data.import.badFlag",
  id: "data.import.badId",
  tooLong: "data.import.tooLong",
} as const;

/** Rows of a ranges list: 1-3,7 (for the log and messages). */
export { compressIds };

/**
 * Checks and converts the parsed sheet. Pure (no database): every rule of
 * spec 5 lives here, so it is unit-testable with arrays of cells.
 */
export function validateSheet(
  area: DataArea,
  sheet: ParsedSheet,
  variant: ImportVariant = "standard",
  source: ImportSource = "file",
): { ok: true; prepared: PreparedImport } | ImportFailure {
  const fail = (problems: ImportProblem[], badRows: number[] = []): ImportFailure => ({ ok: false, problems, badRows });
  const headerAt = sheet.rows.findIndex((row) => row.some((cell) => !isBlank(cell)));
  if (headerAt < 0) return fail([{ key: "data.import.empty" }]);

  // ---- headers
  const index = headerIndex(area);
  const byPosition: (AreaColumn | null)[] = [];
  const seen = new Set<string>();
  for (const cell of sheet.rows[headerAt]) {
    const c = isBlank(cell) ? undefined : index.get(normalizeHeader(String(cell)));
    if (c && seen.has(c.field)) return fail([{ key: "data.import.duplicateHeader", values: { header: String(cell) } }]);
    if (c) seen.add(c.field);
    byPosition.push(c ?? null);
  }
  const air = area.import.air;
  if (air) {
    const extras = air.extraFields.filter((field) => seen.has(field));
    if (variant === "standard" && extras.length < air.extraFields.length) return fail([{ key: "data.air.missingExtra" }]);
    if (variant === "plain" && extras.length > 0) return fail([{ key: "data.air.extraNotAllowed" }]);
  }
  // A column with an SQL default may be absent: the database fills it.
  const missing = area.columns.filter((c) => c.required && !c.sqlDefault && !seen.has(c.field)).map((c) => c.header);
  if (missing.length) return fail([{ key: "data.import.missingColumns", values: { columns: missing.join(", ") } }]);

  const fileColumns = area.columns.filter((c) => seen.has(c.field) && c.kind !== "id");
  const writeColumns: WriteColumn[] = fileColumns.map((c) => ({ field: c.field, type: sqlType(c), sqlDefault: c.sqlDefault }));
  if (air) {
    writeColumns.push({ field: "validFrom", type: "date" }, { field: "validTo", type: "date" });
    // The plain file has no +130/+2000/+3000 kg breaks: they are cleared.
    if (variant === "plain") for (const field of air.extraFields) writeColumns.push({ field, type: "numeric" });
  }
  if (!seen.has("updatedAt")) writeColumns.push({ field: "updatedAt", type: "timestamp" });
  const position = new Map(byPosition.map((c, i) => [c?.field ?? `#${i}`, i]));

  // ---- rows
  const ids: (number | null)[] = [];
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
  for (let r = first; r < sheet.rows.length; r++) {
    const cells = sheet.rows[r];
    if (!cells.some((cell) => !isBlank(cell))) continue;
    const rowNumber = sheet.firstRow + r;
    const cellAt = (field: string) => {
      const i = position.get(field);
      return i === undefined ? undefined : cells[i];
    };
    const record: Record<string, unknown> = {};
    let bad = false;
    let dateBad = false;

    let id: number | null = null;
    if (seen.has("id")) {
      const result = convertCell(ID_COLUMN, cellAt("id"));
      if (result.ok) id = result.value as number | null;
      else {
        report(rowNumber, { key: REASON_KEYS.id, values: { row: rowNumber, value: String(cellAt("id")) } });
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

    for (const c of fileColumns) {
      const result = convertCell(c, cellAt(c.field));
      if (result.ok) {
        record[c.field] = result.value;
        if (c.required && !c.sqlDefault && result.value === null) {
          report(rowNumber, { key: "data.import.missing", values: { row: rowNumber, column: c.header } });
          bad = true;
        }
      } else if (result.reason === "date") {
        dateBad = true;
      } else {
        report(rowNumber, { key: REASON_KEYS[result.reason], values: { row: rowNumber, column: c.header, value: String(cellAt(c.field)).slice(0, 50) } });
        bad = true;
      }
    }

    const rule = area.import.datesRequired;
    if (rule && (!rule.when || (record[rule.when] !== null && record[rule.when] !== undefined))) {
      if (rule.fields.some((field) => record[field] === null || record[field] === undefined)) dateBad = true;
      if (rule.alsoRequire?.some((field) => record[field] === null || record[field] === undefined)) dateBad = true;
    }

    if (air) {
      const text = record[air.rangeField];
      record.validFrom = null;
      record.validTo = null;
      if (typeof text === "string" && text.trim() !== "") {
        const parts = text.split("至");
        const start = parts.length === 2 ? normalizeDay(parts[0]) : INVALID;
        const end = parts.length === 2 ? normalizeDay(parts[1]) : INVALID;
        if (typeof start !== "string" || typeof end !== "string" || start > end) {
          report(rowNumber, { key: "data.air.badRange", values: { id: id ?? `#${rowNumber}`, row: rowNumber } });
          bad = true;
        } else {
          record.validFrom = start;
          record.validTo = end;
        }
      }
      if (variant === "plain") for (const field of air.extraFields) record[field] = null;
    }

    (area.import.uniqueInFile ?? []).forEach((fields, u) => {
      if (fields.some((field) => record[field] === null || record[field] === undefined)) return;
      const key = fields.map((field) => String(record[field])).join("\u0000");
      const earlier = uniqueSeen[u].get(key);
      if (earlier !== undefined) {
        report(rowNumber, {
          key: "data.import.duplicateInFile",
          values: { row: rowNumber, other: earlier, column: fields.map((f) => area.columns.find((c) => c.field === f)?.header ?? f).join("+") },
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
    writeColumns.forEach((w, i) => values[i].push(w.field === "updatedAt" && !seen.has("updatedAt") ? null : record[w.field] ?? null));
  }

  if (dateErrorIds.length || dateErrorRows.length || badRows.size) {
    const head: ImportProblem[] = [];
    if (dateErrorIds.length) head.push({ key: "data.import.dateError", values: { ids: dateErrorIds.join(",") } });
    if (dateErrorRows.length) head.push({ key: "data.import.dateErrorRows", values: { rows: compressIds(dateErrorRows) } });
    if (problemCount > problems.length) problems.push({ key: "data.import.moreProblems", values: { count: problemCount - problems.length } });
    return fail([...head, ...problems], [...badRows].sort((a, b) => a - b));
  }
  if (rowCount === 0) return fail([{ key: "data.import.empty" }]);
  return { ok: true, prepared: { columns: writeColumns, values, ids, rowCount } };
}

// ----------------------------------------------------------------- write

function upsertSql(area: DataArea, columns: WriteColumn[]): string {
  const table = `"${sqlTable(area.model)}"`;
  const names = columns.map((c) => `"${sqlColumn(area.model, c.field)}"`);
  const aliases = columns.map((_, i) => `c${i + 1}`);
  const params = [`$1::int[]`, ...columns.map((c, i) => `$${i + 2}::${c.type}[]`)];
  const selects = columns.map((c, i) => {
    const value = `u.${aliases[i]}`;
    if (c.field === "updatedAt") return `COALESCE(${value}, (now() AT TIME ZONE 'UTC'))`;
    if (c.sqlDefault) return `COALESCE(${value}, ${c.sqlDefault})`;
    return value;
  });
  // A sheet carries times to the second: an unchanged time keeps its milliseconds (exact round trip).
  const assignments = columns.map((c, i) =>
    c.field === "updatedAt"
      ? `${names[i]} = CASE WHEN date_trunc('second', cur.${names[i]}) = EXCLUDED.${names[i]} THEN cur.${names[i]} ELSE EXCLUDED.${names[i]} END`
      : `${names[i]} = EXCLUDED.${names[i]}`,
  );
  return `INSERT INTO ${table} AS cur ("id", ${names.join(", ")})
    SELECT COALESCE(u.c0, nextval(pg_get_serial_sequence('${sqlTable(area.model)}', 'id'))), ${selects.join(", ")}
    FROM unnest(${params.join(", ")}) AS u(c0, ${aliases.join(", ")})
    ON CONFLICT ("id") DO UPDATE SET ${assignments.join(", ")}
    RETURNING cur."id", (cur.xmax = 0) AS inserted`;
}

function importFailure(area: DataArea, error: unknown): ImportFailure {
  const e = error as { code?: string; message?: string; meta?: { driverAdapterError?: { cause?: { originalCode?: string; originalMessage?: string; constraint?: { index?: string } } } } };
  const cause = e.meta?.driverAdapterError?.cause;
  const violation = uniqueViolation(error);
  if (violation) {
    return { ok: false, problems: [{ key: duplicateMessage(area, violation.constraint).key }, { key: "data.import.conflict" }], badRows: [] };
  }
  // Data staff get a message in their language, never the database's own
  // text; the server log keeps that.
  const code = cause?.originalCode ?? "";
  const key = FAILURE_KEYS[code] ?? FAILURE_KEYS[code.slice(0, 2)] ?? "data.import.failed";
  console.error(`[import] ${sqlTable(area.model)} failed (${code || e.code || "no code"}):`, error);
  return { ok: false, problems: [{ key }], badRows: [] };
}

/** SQLSTATE (or its class) of a failed write → what the import screen says. */
const FAILURE_KEYS: Record<string, string> = {
  "22001": "data.import.tooLong", // string_data_right_truncation
  "22003": "data.import.outOfRange", // numeric_value_out_of_range
  "23502": "data.import.missingValue", // not_null_violation
  "22": "data.import.badValue", // any other data exception (format, date, encoding)
};

/** Writes validated rows: all chunks and the log line in one transaction. */
export async function writeRows(
  area: DataArea,
  viewer: Pick<Viewer, "id" | "username">,
  prepared: PreparedImport,
  meta: { fileName: string; variant?: ImportVariant },
): Promise<ImportOutcome> {
  const sql = upsertSql(area, prepared.columns);
  const explicitMax = prepared.ids.reduce<number>((max, id) => (id !== null && id > max ? id : max), 0);
  try {
    return await prisma.$transaction(
      async (tx) => {
        // One import per table at a time (sequence bump + upsert must not interleave).
        await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext($1))`, `import:${sqlTable(area.model)}`);
        if (explicitMax > 0) {
          const [{ seq }] = await tx.$queryRawUnsafe<{ seq: string }[]>(`SELECT pg_get_serial_sequence($1, 'id') AS seq`, sqlTable(area.model));
          // Rows without an id take ids after every explicit one (never lowering the sequence).
          await tx.$queryRawUnsafe(
            `SELECT setval($1::regclass, GREATEST((SELECT COALESCE(MAX(id), 0) FROM "${sqlTable(area.model)}"), $2::int, (SELECT last_value FROM ${seq})))`,
            seq,
            explicitMax,
          );
        }
        let inserted = 0;
        let updated = 0;
        const written: number[] = [];
        for (let start = 0; start < prepared.rowCount; start += CHUNK_ROWS) {
          const end = Math.min(start + CHUNK_ROWS, prepared.rowCount);
          const params = [prepared.ids.slice(start, end), ...prepared.values.map((column) => column.slice(start, end))];
          const rows = await tx.$queryRawUnsafe<{ id: number; inserted: boolean }[]>(sql, ...params);
          for (const row of rows) {
            written.push(Number(row.id));
            if (row.inserted) inserted++;
            else updated++;
          }
        }
        await logOperation(tx, viewer, {
          module: "import",
          operation: area.logName,
          targetIds: compressIds(written),
          params: { file: meta.fileName, variant: meta.variant ?? "standard", rows: prepared.rowCount, inserted, updated },
        });
        return { ok: true as const, rows: prepared.rowCount, inserted, updated, ids: written };
      },
      { timeout: 600_000, maxWait: 30_000 },
    );
  } catch (error) {
    return importFailure(area, error);
  }
}

/** The whole import of one uploaded file (see the top of this file). */
export async function importSpreadsheet(
  area: DataArea,
  viewer: Pick<Viewer, "id" | "username">,
  data: Uint8Array,
  meta: { fileName: string; variant?: ImportVariant },
): Promise<ImportOutcome> {
  const isZip = data[0] === 0x50 && data[1] === 0x4b;
  if (isZip) {
    const zip = inspectZip(data);
    if (!zip.ok) return { ok: false, problems: [{ key: zip.reason === "notZip" ? "data.import.unreadable" : "data.import.tooComplex" }], badRows: [] };
  }
  let sheet: ParsedSheet;
  try {
    sheet = await parseSheetInWorker(data);
  } catch (error) {
    if (error instanceof SheetWorkerError) {
      const key = error.reason === "unreadable" ? "data.import.unreadable" : "data.import.tooComplex";
      return { ok: false, problems: [{ key }], badRows: [] };
    }
    throw error;
  }
  return importSheet(area, viewer, sheet, meta);
}

/** Validation and the one-transaction write of rows already read (a parsed file, or the API's infoString). */
export async function importSheet(
  area: DataArea,
  viewer: Pick<Viewer, "id" | "username">,
  sheet: ParsedSheet,
  meta: { fileName: string; variant?: ImportVariant; source?: ImportSource },
): Promise<ImportOutcome> {
  const checked = validateSheet(area, sheet, meta.variant ?? "standard", meta.source ?? "file");
  if (!checked.ok) return checked;
  return writeRows(area, viewer, checked.prepared, meta);
}
