// Import batches, history and undo (issue 23 item 2, docs/decisions/204).
//
// The one set-based import writer (import.server.ts writeRows) records every
// committed import as a batch, inside its own transaction:
//   beginBatch()        the batch row (who, when, file name, checksum, area);
//   writtenReturningSql, in the upsert statement itself: the written rows,
//   recordWrittenSql    10,000 at a time in id order, as one import_batch_chunks
//                       row of parallel arrays: their ids and their
//                       before-images (the row's text form as it was,
//                       RETURNING old; NULL for an inserted row), plus the
//                       chunk's lanes;
//   finishBatch()     the counts, the batch's stamp (the writing transaction's
//                     id: every row the import wrote carries it as its xmin),
//                     and the pruning to the last KEEP_BATCHES batches of the
//                     area.
// Batches committed before the compact form (migration 20261207012000) keep
// one import_batch_rows_v1 row per written row (the image as JSON), and
// batches committed before the stamp (migration 20261209010000) the MD5 of
// each row as the batch left it: every reader takes all three through
// batchRowsSql (decision 204).
// undoBatch() restores the table to its state before the batch in one
// transaction: rows the batch's transaction still holds (xmin is its stamp;
// for older batches, the hash still matches) are restored (updated rows from
// their before-image, inserted rows deleted); a row changed or deleted since
// is a conflict: the undo is refused with the list, or, when asked, the rest
// is undone and the conflicting rows are left.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Viewer } from "~/domain/accounts/viewer.server";
import type { DataArea } from "~/domain/data-areas/types";
import { logOperation } from "~/domain/operation-log/operation-log.server";
import { laneOf } from "~/domain/import-export/lanes";
import { MODES } from "~/domain/modes";
import { prisma, type Prisma } from "~/utils/db.server";
import { phaseClock } from "./phases.server";
import { sqlColumn, sqlTable } from "~/utils/sql-names.server";
import { uploadRoot } from "~/utils/uploads.server";
import { formatDateTime } from "~/utils/dates";

type Tx = Prisma.TransactionClient;

/** Batches kept per area; older ones (and their files) are pruned by the import that makes a newer one. */
export const KEEP_BATCHES = 50;
/** Conflicting row ids listed by a refused undo (the count says how many in all). */
export const MAX_LISTED_CONFLICTS = 200;

export const IMPORT_FILE_DIR = "imports";
const FILE_NAME = /^[0-9a-f]{32}\.(xlsx|xls)$/;

export const isImportFileName = (name: string) => FILE_NAME.test(name);

function importFileDir(): string {
  return path.join(uploadRoot(), IMPORT_FILE_DIR);
}

export function checksumOf(bytes: Uint8Array | string): string {
  return crypto.createHash("sha256").update(bytes).digest("hex");
}

/** What the writer is told about the source of the rows. */
export type BatchSource = {
  fileName: string;
  variant?: string;
  source?: "file" | "rows";
  /** The uploaded bytes (kept as the batch's original file); absent for rows sent as such. */
  original?: Uint8Array;
  /** An upload already on disk (a preview's file, UPLOAD_DIR/previews): linked as the batch's file instead of written again. */
  storedFile?: string;
  /** SHA-256 of the source when there is no file (the API's rows). */
  checksum?: string;
};

/** Stores the original file under UPLOAD_DIR/imports; returns its generated name. */
export async function storeOriginal(source: BatchSource): Promise<string | null> {
  const { original, storedFile } = source;
  if (!original && !storedFile) return null;
  const ext = storedFile ? (storedFile.endsWith(".xls") ? "xls" : "xlsx") : original![0] === 0xd0 ? "xls" : "xlsx";
  const name = `${crypto.randomBytes(16).toString("hex")}.${ext}`;
  const target = path.join(importFileDir(), name);
  await fs.mkdir(importFileDir(), { recursive: true });
  if (storedFile) {
    // A second name for the same file (no copy); a copy where the folders are on different file systems.
    await fs.link(storedFile, target).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== "EXDEV" && error.code !== "EPERM") throw error;
      await fs.copyFile(storedFile, target, fs.constants.COPYFILE_EXCL);
    });
  } else await fs.writeFile(target, original!, { flag: "wx" });
  return name;
}

export async function removeOriginals(names: readonly (string | null)[]): Promise<void> {
  for (const name of names) if (name && isImportFileName(name)) await fs.rm(path.join(importFileDir(), name), { force: true });
}

export async function beginBatch(
  tx: Tx,
  area: DataArea,
  viewer: Pick<Viewer, "id" | "username">,
  source: BatchSource,
  fileKey: string | null,
): Promise<number> {
  const checksum = source.original ? checksumOf(source.original) : (source.checksum ?? "");
  const batch = await tx.importBatch.create({
    data: {
      area: area.key,
      userId: viewer.id,
      username: viewer.username,
      fileName: source.fileName.slice(0, 255),
      checksum,
      source: source.source ?? (source.original ? "file" : "rows"),
      variant: source.variant ?? "standard",
      rowCount: 0,
      inserted: 0,
      updated: 0,
      fileKey,
    },
    select: { id: true },
  });
  return batch.id;
}

/**
 * SQL: the MD5 a batch row kept of a row as the batch left it (`alias`: the
 * row), of the row's text form: batches committed from 24 Nov to 28 Nov 2026
 * (before the stamp). The text form of dates depends on DateStyle: the
 * writer and the undo set it (HASH_SETTINGS_SQL).
 */
const rowHashSql = (alias: string) => `md5(${alias}::text)`;
/** Batches written before 24 Nov 2026 hashed the row's JSON: undo accepts either. */
const legacyRowHashSql = (alias: string) => `md5(to_jsonb(${alias})::text)`;

/**
 * SQL: the stamp of batch `batch` (a parameter): the 32-bit transaction id
 * every row it wrote carries as its xmin, or NULL when the batch has none
 * (written before the stamp) or when it is so old that a later transaction
 * could carry the same 32-bit id (2^31 transactions since: every row is
 * then a conflict). The next transaction id is read from the snapshot, so a
 * read-only check assigns none.
 */
const batchStampSql = (batch: string) =>
  `(SELECT CASE WHEN b.written_xact IS NOT NULL AND pg_snapshot_xmax(pg_current_snapshot())::text::bigint - b.written_xact < 2147483648
                THEN (b.written_xact % 4294967296)::text::xid END
      FROM import_batches b WHERE b.id = ${batch})`;

/**
 * SQL: row `alias` of the table (NULL when gone) is as batch row `r` (of
 * batchRowsSql) left it: no later write touched it. A stamped batch's row is
 * untouched while its current version is the one the batch's transaction
 * wrote (xmin): any later update, by a screen, an import, a markup, or a
 * delete, makes a new version or none; nothing is hashed, at write or at
 * undo (issue 23, performance). An older batch's row while its hash matches
 * (OR, not IN: IN evaluates both hashes of every row; the legacy JSON hash
 * is only taken when the first differs).
 */
const untouchedSql = (alias: string, batch: string) =>
  `(${alias}.id IS NOT NULL AND CASE WHEN r.stamped THEN COALESCE(${alias}.xmin = ${batchStampSql(batch)}, false)
     ELSE r.after_hash IS NOT NULL AND (r.after_hash = ${rowHashSql(alias)} OR r.after_hash = ${legacyRowHashSql(alias)}) END)`;
/** Run first in the writer's and the undo's transactions: row text forms (before-images, older batches' hashes) do not depend on a session's settings. */
export const HASH_SETTINGS_SQL = `SET LOCAL datestyle = 'ISO, MDY'`;

/** Rows per import_batch_chunks row. */
export const BATCH_CHUNK_ROWS = 10_000;

/**
 * The lane columns (origin, destination) of a table that has one (the rate
 * tables of the modes with both ends in a column: the insights' price
 * history follows a lane), else null.
 */
export function laneColumns(model: string): { origin: string; destination: string } | null {
  const mode = MODES.find((m) => m.model === model);
  if (!mode) return null;
  const { from, to } = laneOf(mode);
  return from?.column && to?.column ? { origin: sqlColumn(mode.model, from.column), destination: sqlColumn(mode.model, to.column) } : null;
}

/** SQL: a lane as import_batch_chunks.lanes holds it (origin U+001F destination). */
export const laneKeySql = (origin: string, destination: string) => `${origin} || chr(31) || ${destination}`;

/**
 * RETURNING list of the writer's statement for the table row it wrote
 * (`alias`): the id, whether it was inserted, the before-image (PostgreSQL
 * 18's `old`, the row as it was before the statement, as the row's text
 * form; all null, so no image, for an inserted row), or `image`, an SQL
 * expression of the statement's source rows (a preview staged each updated
 * row's image: the statement returns it instead of making it again), and
 * the lane of the before-image (tables with a lane).
 */
export function writtenReturningSql(area: DataArea, alias: string, image?: string): string {
  const lane = laneColumns(area.model);
  const laneSql = lane ? laneKeySql(`old."${lane.origin}"`, `old."${lane.destination}"`) : "NULL::text";
  const before = image ?? `CASE WHEN old."id" IS NOT NULL THEN old::text END`;
  return `${alias}."id", old."id" IS NULL AS inserted, ${before} AS before, ${laneSql} AS lane`;
}

/**
 * Runs a statement with nested loops off: its CTEs have no statistics, and
 * batch rows written in the same transaction are not analysed yet; a nested
 * loop joining 100,000 batch rows to the table row by row (index probes) is
 * several times slower than a hash join. Only for that statement (SET LOCAL,
 * then back).
 */
export async function withHashJoins<T>(tx: Tx, run: () => Promise<T>): Promise<T> {
  await tx.$executeRawUnsafe(`SET LOCAL enable_nestloop = off`);
  const result = await run();
  await tx.$executeRawUnsafe(`SET LOCAL enable_nestloop = on`);
  return result;
}

/**
 * A data-modifying CTE step for the writer's upsert: the rows the statement
 * wrote (CTE `written`: writtenReturningSql), in id order, 10,000 at a time,
 * become one import_batch_chunks row each ($1 is the batch): parallel arrays
 * of ids and before-images, in the same statement. One tuple per 10,000 rows
 * instead of one (and a primary-key entry, and a JSON image) per row (issue
 * 23, performance). No hashes (after_hashes NULL): the batch is stamped.
 */
export function recordWrittenSql(): string {
  return `recorded AS (INSERT INTO import_batch_chunks (batch_id, chunk, last_id, row_ids, befores, lanes)
  SELECT $1, min(w.id), max(w.id), array_agg(w.id ORDER BY w.id), array_agg(w.before ORDER BY w.id),
         array_agg(DISTINCT w.lane) FILTER (WHERE w.lane IS NOT NULL)
    FROM (SELECT w.*, (row_number() OVER (ORDER BY w.id) - 1) / ${BATCH_CHUNK_ROWS} AS g FROM written w) w
   GROUP BY w.g)`;
}

/**
 * SQL: the rows of batch `batch` (a parameter) of `table` (quoted), from both
 * storages: (row_id, stamped, after_hash) and, with `images`, `inserted` and
 * `img`, the before-image as a row of the table (NULL for an inserted row).
 * `stamped`: the chunk keeps no hashes (untouchedSql compares the row's xmin
 * with the batch's stamp). The compact form casts the text image back to
 * the row type; the old form populates it from its JSON. Without images the
 * before-images are not read.
 */
export function batchRowsSql(table: string, batch: string, images: boolean): string {
  if (!images)
    return `SELECT u.row_id, c.after_hashes IS NULL AS stamped, u.after_hash
      FROM import_batch_chunks c CROSS JOIN LATERAL unnest(c.row_ids, c.after_hashes) AS u(row_id, after_hash) WHERE c.batch_id = ${batch}
      UNION ALL SELECT r.row_id, false, r.after_hash FROM import_batch_rows_v1 r WHERE r.batch_id = ${batch}`;
  return `SELECT u.row_id, c.after_hashes IS NULL AS stamped, u.after_hash, u.before IS NULL AS inserted, u.before::${table} AS img
      FROM import_batch_chunks c CROSS JOIN LATERAL unnest(c.row_ids, c.after_hashes, c.befores) AS u(row_id, after_hash, before) WHERE c.batch_id = ${batch}
    UNION ALL
    SELECT r.row_id, false, r.after_hash, r.before IS NULL, CASE WHEN r.before IS NOT NULL THEN jsonb_populate_record(NULL::${table}, r.before) END
      FROM import_batch_rows_v1 r WHERE r.batch_id = ${batch}`;
}

/**
 * The counts of the batch and its stamp (the id of the writing transaction,
 * which every row the import wrote carries as xmin, port names and pinyin
 * rewritten by the import's later steps included: they run in the same
 * transaction, without savepoints); prunes old batches. Returns the pruned
 * files.
 */
export async function finishBatch(
  tx: Tx,
  area: DataArea,
  batchId: number,
  written: { inserted: number; rows: number; updated: number },
): Promise<(string | null)[]> {
  await tx.$executeRawUnsafe(
    `UPDATE import_batches SET row_count = $2, inserted = $3, updated = $4, written_xact = pg_current_xact_id()::text::bigint WHERE id = $1`,
    batchId,
    written.rows,
    written.inserted,
    written.updated,
  );
  const pruned = await tx.$queryRawUnsafe<{ file_key: string | null }[]>(
    `DELETE FROM import_batches WHERE area = $1 AND id <= (SELECT id FROM import_batches WHERE area = $1 ORDER BY id DESC OFFSET $2 LIMIT 1)
     RETURNING file_key`,
    area.key,
    KEEP_BATCHES,
  );
  return pruned.map((row) => row.file_key);
}

// ----------------------------------------------------------------- history

export type BatchSummary = {
  id: number;
  createdAt: string;
  username: string | null;
  fileName: string;
  checksum: string;
  source: string;
  variant: string;
  rows: number;
  inserted: number;
  updated: number;
  hasFile: boolean;
  undoneAt: string | null;
  undoneBy: string | null;
  undoSkipped: number | null;
};

/** The area's kept batches, newest first. */
export async function listBatches(area: DataArea): Promise<BatchSummary[]> {
  const batches = await prisma.importBatch.findMany({ where: { area: area.key }, orderBy: { id: "desc" }, take: KEEP_BATCHES });
  return batches.map((b) => ({
    id: b.id,
    createdAt: b.createdAt.toISOString(),
    username: b.username,
    fileName: b.fileName,
    checksum: b.checksum,
    source: b.source,
    variant: b.variant,
    rows: b.rowCount,
    inserted: b.inserted,
    updated: b.updated,
    hasFile: b.fileKey !== null,
    undoneAt: b.undoneAt?.toISOString() ?? null,
    undoneBy: b.undoneBy,
    undoSkipped: b.undoSkipped,
  }));
}

/** A batch of this area that committed these very bytes and was not undone (issue 40 item 2: a file imported twice). */
export type CommittedBatch = { id: number; createdAt: Date; username: string | null; fileName: string };
export async function committedBatchOf(area: DataArea, checksum: string): Promise<CommittedBatch | null> {
  return prisma.importBatch.findFirst({
    where: { area: area.key, checksum, source: "file", undoneAt: null },
    orderBy: { id: "desc" },
    select: { id: true, createdAt: true, username: true, fileName: true },
  });
}

/** The values of the messages naming such a batch. */
export const repeatValues = (batch: CommittedBatch) => ({
  batch: batch.id,
  file: batch.fileName,
  user: batch.username ?? "—",
  at: formatDateTime(batch.createdAt),
});

/** The original file of a batch of this area, or null. */
export async function batchFile(area: DataArea, batchId: number): Promise<{ fileName: string; data: Buffer } | null> {
  const batch = await prisma.importBatch.findFirst({ where: { id: batchId, area: area.key }, select: { fileName: true, fileKey: true } });
  if (!batch?.fileKey || !isImportFileName(batch.fileKey)) return null;
  try {
    return { fileName: batch.fileName, data: await fs.readFile(path.join(importFileDir(), batch.fileKey)) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

// ----------------------------------------------------------------- undo

export type UndoConflicts = { count: number; ids: number[] };
export type UndoOutcome =
  | { ok: true; restored: number; deleted: number; skipped: number }
  | { ok: false; reason: "notFound" | "undone" }
  | { ok: false; reason: "conflicts"; conflicts: UndoConflicts };

/** Rows of the batch that a later change touched (changed since, or gone). */
function conflictSql(table: string): string {
  return `SELECT r.row_id AS id FROM (${batchRowsSql(table, "$1", false)}) r LEFT JOIN ${table} t ON t.id = r.row_id
          WHERE NOT ${untouchedSql("t", "$1")}`;
}

async function findConflicts(tx: Tx, table: string, batchId: number): Promise<UndoConflicts> {
  const [{ count }] = await tx.$queryRawUnsafe<{ count: number }[]>(
    `SELECT count(*)::int AS count FROM (${conflictSql(table)}) c`,
    batchId,
  );
  if (count === 0) return { count, ids: [] };
  const rows = await tx.$queryRawUnsafe<{ id: number }[]>(`${conflictSql(table)} ORDER BY r.row_id LIMIT ${MAX_LISTED_CONFLICTS}`, batchId);
  return { count, ids: rows.map((row) => Number(row.id)) };
}

/** The conflicts an undo of this batch would meet now (for the confirmation step). */
export async function previewUndo(area: DataArea, batchId: number): Promise<{ batch: BatchSummary; conflicts: UndoConflicts } | null> {
  const batch = (await listBatches(area)).find((b) => b.id === batchId);
  if (!batch) return null;
  if (batch.undoneAt) return { batch, conflicts: { count: 0, ids: [] } };
  const conflicts = await prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(HASH_SETTINGS_SQL);
    return findConflicts(tx, `"${sqlTable(area.model)}"`, batchId);
  });
  return { batch, conflicts };
}

async function writableColumns(tx: Tx, table: string): Promise<string[]> {
  const rows = await tx.$queryRawUnsafe<{ name: string }[]>(
    `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
    table,
  );
  return rows.map((row) => row.name).filter((name) => name !== "id");
}

/**
 * Undoes a batch in one transaction. `rest`: when some rows were changed
 * since, undo the others and leave those (otherwise nothing is changed and
 * the conflicts are returned).
 */
export async function undoBatch(
  area: DataArea,
  viewer: Pick<Viewer, "id" | "username">,
  batchId: number,
  options: { rest?: boolean } = {},
): Promise<UndoOutcome> {
  const sqlName = sqlTable(area.model);
  const table = `"${sqlName}"`;
  const clock = phaseClock();
  const outcome = await prisma.$transaction(
    async (tx) => {
      // The import's own lock: no import of this table interleaves with the undo.
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext($1))`, `import:${sqlName}`);
      await tx.$executeRawUnsafe(HASH_SETTINGS_SQL);
      // The state of 100,000 batch rows hashed against the table in memory (the default 4 MB spilled to disk).
      await tx.$executeRawUnsafe(`SET LOCAL work_mem = '128MB'`);
      const [batch] = await tx.$queryRawUnsafe<{ id: number; undone_at: Date | null; file_name: string }[]>(
        `SELECT id, undone_at, file_name FROM import_batches WHERE id = $1 AND area = $2 FOR UPDATE`,
        batchId,
        area.key,
      );
      if (!batch) return { ok: false as const, reason: "notFound" as const };
      if (batch.undone_at) return { ok: false as const, reason: "undone" as const };
      // One statement: each batch row's state (its hash compared once) with its before-image as a row of the
      // table (the compact form's text image cast back, read once with the ids and hashes), then, when there is no
      // conflict or the rest is wanted, the inserted rows deleted and the updated ones restored from their images.
      const columns = (await writableColumns(tx, table)).map((name) => `"${name.replace(/"/g, '""')}"`);
      clock.lap("undo: lock, settings, batch, columns (SQL)");
      const [done] = await withHashJoins(tx, () =>
        tx.$queryRawUnsafe<{ conflicts: number; deleted: number; restored: number }[]>(
          `WITH state AS MATERIALIZED (
           SELECT r.row_id, r.inserted, r.img, ${untouchedSql("t", "$1")} AS untouched
           FROM (${batchRowsSql(table, "$1", true)}) r LEFT JOIN ${table} t ON t.id = r.row_id
         ), go AS (
           SELECT $2::boolean OR NOT EXISTS (SELECT 1 FROM state WHERE NOT untouched) AS go
         ), deleted AS (
           DELETE FROM ${table} t USING state s WHERE (SELECT go FROM go) AND s.untouched AND s.inserted AND t.id = s.row_id RETURNING 1
         ), restored AS (
           UPDATE ${table} t SET (${columns.join(", ")}) = (${columns.map((c) => `(s.img).${c}`).join(", ")})
             FROM state s
            WHERE (SELECT go FROM go) AND s.untouched AND NOT s.inserted AND t.id = s.row_id RETURNING 1
         )
         SELECT (SELECT count(*) FROM state WHERE NOT untouched)::int AS conflicts,
                (SELECT count(*) FROM deleted)::int AS deleted, (SELECT count(*) FROM restored)::int AS restored`,
          batchId,
          options.rest === true,
        ),
      );
      clock.lap("undo: the restore statement (SQL)");
      // Refused (nothing was changed): the conflicting ids are listed.
      if (done.conflicts > 0 && !options.rest)
        return { ok: false as const, reason: "conflicts" as const, conflicts: await findConflicts(tx, table, batchId) };
      const conflicts = { count: done.conflicts };
      const { deleted, restored } = done;

      await tx.importBatch.update({
        where: { id: batchId },
        data: { undoneAt: new Date(), undoneBy: viewer.username, undoSkipped: conflicts.count },
      });
      await logOperation(tx, viewer, {
        module: "undoImport",
        operation: area.logName,
        targetIds: String(batchId),
        params: { batch: batchId, file: batch.file_name, restored, deleted, skipped: conflicts.count },
      });
      clock.lap("undo: batch marked, operation log (SQL)");
      return { ok: true as const, restored, deleted, skipped: conflicts.count };
    },
    { timeout: 600_000, maxWait: 30_000 },
  );
  clock.lap("undo: transaction commit");
  return outcome;
}
