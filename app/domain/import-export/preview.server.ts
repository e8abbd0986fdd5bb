// Import preview (issue 23.1): an upload is read and checked exactly as the
// direct import does (the spec's messages first, unchanged), then staged in
// the area's stage table (import_stage_<table>: one row per file row, keyed
// by preview id, in the table's own column types: stage.server.ts) and
// compared with the table in SQL: new / updated (fields old → new) /
// unchanged, and rows the file's own validity hides from customers today.
// Commit writes the new and updated rows through the one import writer
// (writeFrom, straight from the staging table in SQL: no row passes through
// the process), refused when the table's data version moved since the
// preview; discard deletes it; previews expire after an hour.
import crypto from "node:crypto";
import type { Viewer } from "~/domain/accounts/viewer.server";
import type { DataArea } from "~/domain/data-areas/types";
import type { PreviewPortData, PreviewPortState } from "~/domain/data-areas/screen-types";
import { PORT_NAME_TABLES, knownNamesSql, specPortMatchSql } from "~/domain/reference/port-aliases.server";
import { formatDate, todayInShanghai } from "~/utils/dates";
import { nearestPorts, type PortOption } from "~/domain/reference/ports.server";
import { prisma, type Prisma } from "~/utils/db.server";
import { sqlColumn, sqlTable } from "~/utils/sql-names.server";
import { HASH_SETTINGS_SQL, committedBatchOf, repeatValues } from "./batches.server";
import type { MappedSheet, RowOrigin } from "./source-layout.server";
import type { SheetInput } from "./sheet-grid";
import { compressIds } from "~/domain/data-areas/written";
import { looksLikePrice } from "~/domain/data-areas/synonyms";
import { phaseClock } from "./phases.server";
import { copyPreviewFile, previewFilePath, removePreviewFiles, storePreviewFile } from "./preview-file.server";
import { containerPricedSql, sameRateIds } from "./same-rate.server";
import { ROWS_PER_SLICE, yieldToEventLoop } from "./slices";
import { stageColumn, stageTable, stagedJsonSql, withDefault } from "./stage.server";
import {
  furtherRateTabs,
  importFailure,
  readSpreadsheet,
  stagedSource,
  validateSheetYielding,
  writeFrom,
  type ImportFailure,
  type ImportOutcome,
  type ImportProblem,
  type ImportVariant,
  type PreparedImport,
  type SheetLimits,
  type WriteColumn,
} from "./import.server";

export const PREVIEW_TTL_MS = 60 * 60 * 1000;
/** Rows staged per statement (its JSON is about 3 MB); each finds its table rows by the primary key. */
const CHUNK_ROWS = 10_000;
/**
 * Staging statements run at once, each on a connection of its own: PostgreSQL
 * gives each a core (the staging of a 100,000-row all-updated file was about
 * 5 s of one core), and the process builds the next chunk meanwhile.
 */
const STAGING_CONNECTIONS = 2;

export type PreviewCounts = { new: number; updated: number; unchanged: number; refused: number; hidden: number };
export type PreviewTabCounts = { tab: string; period: string | null; new: number; updated: number; unchanged: number; hidden: number };
/** What the clerk must accept before the commit (issue 40 item 2): a file already imported, further tabs left out. */
export type PreviewDecisions = {
  repeat?: Record<string, string | number>;
  furtherTabs?: { name: string; rows: number }[];
  /** Columns whose headers name prices (BAF, 45HQ …) that match no column: left out only on the clerk's word. */
  unmatchedPrices?: string[];
  /** A carrier's sheet: rows whose validity starts after today, in an area that keeps only its end (listed as `notStarted`). */
  notStarted?: number;
  /** A carrier's sheet: rates its rows give more than once (listed as `repeatedRates`), how many. */
  repeatedRates?: number;
};
export type PreviewDecision = keyof PreviewDecisions;
export const PREVIEW_DECISIONS: readonly PreviewDecision[] = ["repeat", "furtherTabs", "unmatchedPrices", "notStarted", "repeatedRates"];
export type PreviewSummary = {
  counts: PreviewCounts;
  /** Headers that matched no column. */
  unmatched: string[];
  /** Every row error (the import's messages, with row numbers and ids). */
  problems: ImportProblem[];
  badRows: number[];
  /** A carrier's sheet: the refused rows by tab, row and period (badRows are the mapped sheet's numbers). */
  rowLabels?: string[];
  /** FCL, LCL: distinct pol/pod spellings by state (absent for the other areas). */
  ports?: Record<PortState, number>;
  /** Rows customers will see once committed, today (not hidden by their validity, port names found). */
  visible?: number;
  /** FCL, LCL: rows with a port name nothing resolves (customers will not find them until it is resolved). */
  unfound?: number;
  /** Rows without an id that are a stored rate's update (same lane, carrier, validity and containers). */
  sameRate?: number;
  /** A carrier's sheet: the counts per tab and period. */
  tabs?: PreviewTabCounts[];
  /** A carrier's sheet: rows left out that hold no rate (a note under the table), named. */
  notes?: { at: string; text: string }[];
  /** A carrier's sheet: rows left out because the workbook hides them, named. */
  hiddenRows?: { at: string; text: string }[];
  /** A carrier's sheet: rows naming several ports in a cell, each imported as a rate per pair of ports, named. */
  portLists?: { at: string; text: string }[];
  /** A carrier's sheet of one price per row: the rows merged into one rate (text: their row numbers), named. */
  sizeRows?: { at: string; text: string }[];
  /** A carrier's sheet: rows with prices "on request" (询价, TBA) instead of amounts, those sizes left without a price, named. */
  onRequest?: { at: string; text: string }[];
  /** A carrier's sheet: rows without a single price, not imported, named. */
  unpriced?: { at: string; text: string }[];
  /** A carrier's sheet: rows whose validity starts after today (text: the start), where the area keeps only the end. */
  notStarted?: { at: string; text: string }[];
  /** A carrier's sheet: a rate given by more than one row (at: its first row; text: the others), at most 200. */
  repeatedRates?: { at: string; text: string }[];
  decisions?: PreviewDecisions;
};
export type PreviewStatus = "new" | "updated" | "unchanged";
/**
 * What a pol/pod spelling of the file (FCL, LCL) becomes: "same" (it is a
 * port's name), "resolved" (rewritten to `port` through the alias table, the
 * LOCODE or the Chinese name), "kept" (the spec's contains-rule accepts it as
 * written), "unresolved" (goes to the unresolved queue at commit).
 */
export type PortState = PreviewPortState;
export const PORT_STATES: readonly PortState[] = ["unresolved", "resolved", "kept", "same"];
export type PreviewPort = PreviewPortData;
export type PreviewFilter = "all" | "new" | "updated" | "errors" | "hidden";

type Who = Pick<Viewer, "id" | "username">;

/** Deletes expired previews and their files (every preview call runs it; nothing else keeps them). */
export async function cleanExpiredPreviews(): Promise<number> {
  const gone = await prisma.$queryRawUnsafe<{ file_key: string | null }[]>(
    `DELETE FROM import_previews WHERE expires_at < (now() AT TIME ZONE 'UTC') RETURNING file_key`,
  );
  await removePreviewFiles(gone.map((row) => row.file_key));
  return gone.length;
}

/**
 * Whether a preview is gone: its staging has not finished (no summary yet),
 * or its staged rows are gone while its summary says it has some: the
 * stage tables are UNLOGGED (previews are disposable, migrations
 * 20261208011000 and 20261210020000), and PostgreSQL empties them after a
 * crash. Such a preview
 * is gone (to be run again): it is neither shown nor committed. One probe of
 * the primary key.
 */
export async function stagedRowsLost(
  db: Pick<typeof prisma, "$queryRawUnsafe">,
  area: DataArea,
  id: string,
  summary: PreviewSummary,
): Promise<boolean> {
  // Still being staged (or its staging died with its process): no summary yet, nothing to show or commit.
  if (!summary.counts) return true;
  const { new: added, updated, unchanged } = summary.counts;
  if (added + updated + unchanged === 0) return false;
  const [row] = await db.$queryRawUnsafe<{ staged: boolean }[]>(
    `SELECT EXISTS (SELECT 1 FROM ${stageTable(area)} WHERE preview_id = $1) AS staged`,
    id,
  );
  return !row.staged;
}

async function dataVersion(db: Pick<typeof prisma, "$queryRawUnsafe">, table: string, lock = false): Promise<string> {
  const rows = await db.$queryRawUnsafe<{ version: string }[]>(
    `SELECT version::text AS version FROM data_versions WHERE name = $1${lock ? " FOR UPDATE" : ""}`,
    table,
  );
  return rows[0]?.version ?? "0";
}

const tableVersion = (db: Pick<typeof prisma, "$queryRawUnsafe">, area: DataArea, lock = false) =>
  dataVersion(db, sqlTable(area.model), lock);

/** The write columns (index, table column) holding sea-port names: FCL and LCL pol/pod (decision 205). */
function portColumns(area: DataArea, columns: WriteColumn[]): { index: number; column: string }[] {
  const target = PORT_NAME_TABLES.find((t) => t.area === area.key);
  if (!target) return [];
  return columns.flatMap((c, index) => {
    const column = sqlColumn(area.model, c.field);
    return (target.columns as readonly string[]).includes(column) ? [{ index, column }] : [];
  });
}

/**
 * Port names of the file (issue 23 item 3), set-based: each distinct
 * spelling of each port column (counted by the process, which holds the
 * rows anyway) is resolved once through the alias table (the import's own
 * resolution, knownNamesSql) and recorded in import_preview_ports. Returns
 * the counts by state and, per write column, the spellings to rewrite to the
 * port's name: the rows are staged with the names the import would write, so
 * the diff and the commit use them (no second pass over the staged rows).
 */
async function resolveFilePorts(
  tx: Prisma.TransactionClient,
  id: string,
  prepared: PreparedImport,
  ports: { index: number; column: string }[],
): Promise<{ counts: Record<PortState, number>; rewrites: Map<number, Map<string, string>> }> {
  const counts = Object.fromEntries(PORT_STATES.map((state) => [state, 0])) as Record<PortState, number>;
  const rewrites = new Map<number, Map<string, string>>();
  for (const { index, column } of ports) {
    const spellings = new Map<string, number>();
    for (const value of prepared.values[index]) {
      if (value === null || value === undefined) continue;
      const name = String(value);
      spellings.set(name, (spellings.get(name) ?? 0) + 1);
    }
    if (spellings.size === 0) continue;
    const rows = await tx.$queryRawUnsafe<{ name: string; port: string | null; state: PortState }[]>(
      `WITH ${knownNamesSql(`SELECT n.name, n.rows FROM unnest($3::text[], $4::int[]) AS n(name, rows)`)}
       INSERT INTO import_preview_ports (preview_id, "column", name, port, state, rows)
       SELECT $1, $2, k.name, k.port,
              CASE WHEN k.port = k.name THEN 'same' WHEN k.port IS NOT NULL THEN 'resolved' WHEN ${specPortMatchSql("k.name")} THEN 'kept' ELSE 'unresolved' END,
              k.rows
       FROM known k
       RETURNING name, port, state`,
      id,
      column,
      [...spellings.keys()],
      [...spellings.values()],
    );
    const rewrite = new Map<string, string>();
    for (const row of rows) {
      counts[row.state]++;
      if (row.state === "resolved" && row.port !== null) rewrite.set(row.name, row.port);
    }
    if (rewrite.size) rewrites.set(index, rewrite);
  }
  return { counts, rewrites };
}

/** The write columns compared with the table (the update time is the import's own). */
const comparedColumns = (columns: WriteColumn[]) => columns.flatMap((c, i) => (c.field === "updatedAt" ? [] : [{ c, i }]));

/** SQL of write column i's staged value, typed, with the column's default (as the writer applies it). */
type StagedValue = (column: WriteColumn, i: number) => string;

/**
 * SQL: the changed fields of a staged row (`value`) against table row `t`
 * ({field: [old, new]}, {} when none), per column IS DISTINCT FROM. A row
 * equal to the table's as a whole (one row comparison) builds no JSON at
 * all. The object is written as JSON text of the changed fields only
 * (to_json of each value, the same JSON as to_jsonb) and parsed once. Built
 * only for the rows a page or the report shows (previewRowsSql), from the
 * row as it was when staged (`before`).
 */
function changesSql(area: DataArea, columns: WriteColumn[], value: StagedValue): string {
  const compared = comparedColumns(columns);
  if (compared.length === 0) return `'{}'::jsonb`;
  const name = (c: WriteColumn) => `t."${sqlColumn(area.model, c.field)}"`;
  const json = (sql: string) => `COALESCE(to_json(${sql})::text, 'null')`;
  // Field names are identifiers of the data-area descriptions: nothing to escape.
  const pairs = compared.map(
    ({ c, i }) =>
      `CASE WHEN ${name(c)} IS DISTINCT FROM ${value(c, i)} THEN '"${c.field}":[' || ${json(name(c))} || ',' || ${json(value(c, i))} || ']' END`,
  );
  // array_to_string leaves out the NULLs (unchanged fields).
  return `CASE WHEN ${sameSql(area, columns, value)} THEN '{}'::jsonb ELSE ('{' || array_to_string(ARRAY[${pairs.join(", ")}], ',') || '}')::jsonb END`;
}

/** SQL: the staged row's values (`value`) are those of table row `t`, column by column (one row comparison). */
function sameSql(area: DataArea, columns: WriteColumn[], value: StagedValue): string {
  const compared = comparedColumns(columns);
  if (compared.length === 0) return "true";
  const name = (c: WriteColumn) => `t."${sqlColumn(area.model, c.field)}"`;
  return `ROW(${compared.map(({ c }) => name(c)).join(", ")}) IS NOT DISTINCT FROM ROW(${compared.map(({ c, i }) => value(c, i)).join(", ")})`;
}

/**
 * SQL: one chunk of the file staged and compared in one statement. The
 * rows come as one JSON array ($3, values in write-column order) with their
 * ids ($4); each value is cast once to its column's type (subquery `r`) and
 * staged typed; each row is joined to the table row of its id, so its status
 * (new / updated / unchanged), the table's row as it was when it differs
 * (`before`, its text form: the page's old values and the batch's
 * before-image at commit) and whether its own validity hides it today
 * (`hiddenWhen`, on `r.v<i>`, with $5 the day) are written with it: each
 * staged row is written once (no UPDATE passes over the stage table).
 * Returns the chunk's counts.
 */
export function stageSql(area: DataArea, columns: WriteColumn[], hiddenWhen: string[], originParam: number | null = null): string {
  const table = `"${sqlTable(area.model)}"`;
  const hidden = hiddenWhen.length ? `COALESCE(${hiddenWhen.join(" OR ")}, false)` : "false";
  // OFFSET 0 keeps the subqueries apart: each value is extracted and cast once per row (the stage table and the
  // comparison use the cast), and the comparison is made once per row (the status CASE and `before` use it).
  // Building the changed fields' JSON here for every updated row was about 3.5 s of a 100,000-row all-updated
  // preview: the page and the report build them from `before` for the rows they show.
  // tests/data/import-preview.test.ts checks the plan.
  const casts = columns.map((c, i) => `(s."values"->>${i})::${c.type} AS v${i}`);
  const same = sameSql(area, columns, (c, i) => withDefault(c, `r.v${i}`));
  const origin = originParam === null ? "" : `, unnest($${originParam}::text[])`;
  return `WITH staged AS (
      INSERT INTO ${stageTable(area)} (preview_id, seq, "id", status, hidden, before, origin${columns.map((c) => `, ${stageColumn(area, c)}`).join("")})
      SELECT $1, $2 + s.ord, s.id,
             CASE WHEN t.id IS NULL THEN 'new' WHEN d.same THEN 'unchanged' ELSE 'updated' END,
             ${hidden}, CASE WHEN NOT d.same THEN t::text END, ${originParam === null ? "NULL" : "s.origin"}${columns.map((_, i) => `, r.v${i}`).join("")}
      FROM ROWS FROM (unnest($4::int[]), jsonb_array_elements($3::jsonb)${origin}) WITH ORDINALITY AS s(id, "values", ${originParam === null ? "" : "origin, "}ord)
      CROSS JOIN LATERAL (SELECT ${casts.length ? casts.join(", ") : "NULL AS v"} OFFSET 0) r
      LEFT JOIN ${table} t ON t.id = s.id
      CROSS JOIN LATERAL (SELECT CASE WHEN t.id IS NOT NULL THEN ${same} END AS same OFFSET 0) d
      RETURNING status, hidden
    )
    SELECT count(*) FILTER (WHERE status = 'new')::int AS new, count(*) FILTER (WHERE status = 'updated')::int AS updated,
           count(*) FILTER (WHERE status = 'unchanged')::int AS unchanged, count(*) FILTER (WHERE hidden)::int AS hidden
    FROM staged`;
}

/**
 * SQL: the staged rows of preview $1 (`where`: more conditions on `s`,
 * `tail`: after the ORDER BY), in file order, each with its values as the
 * file's JSON (stagedJsonSql) and each updated row with its changed fields
 * old → new (changesSql against its `before`).
 */
export function previewRowsSql(area: DataArea, columns: WriteColumn[], where = "", tail = ""): string {
  const table = `"${sqlTable(area.model)}"`;
  const changes = comparedColumns(columns).length
    ? `(SELECT ${changesSql(area, columns, (c) => withDefault(c, `s.${stageColumn(area, c)}`))} FROM (SELECT (x.r).* FROM (SELECT s.before::${table} AS r OFFSET 0) x) t)`
    : `'{}'::jsonb`;
  return `SELECT s.seq, s."id" AS row_id, s.status, s.hidden, s.origin, ${stagedJsonSql(area, columns)} AS "values",
           CASE WHEN s.before IS NOT NULL THEN ${changes} END AS changes
    FROM ${stageTable(area)} s WHERE s.preview_id = $1 ${where} ORDER BY s.seq ${tail}`;
}

/** Rows start..end of the write columns as the staging statement's JSON parameter (an array of value arrays). */
async function stagedJson(values: unknown[][], start: number, end: number): Promise<string> {
  // In slices, the event loop let through between them (issue 40 item 5): the text of 10,000 rows at once held it
  // for a tenth of a second and more on a busy machine.
  const parts: string[] = [];
  for (let from = start; from < end; from += ROWS_PER_SLICE) {
    const rows: unknown[][] = [];
    for (let r = from; r < Math.min(end, from + ROWS_PER_SLICE); r++) rows.push(values.map((column) => column[r] ?? null));
    parts.push(JSON.stringify(rows).slice(1, -1));
    await yieldToEventLoop();
  }
  return `[${parts.join(",")}]`;
}

/**
 * Reads, checks and stages an upload; nothing in the area's table changes.
 * A file that cannot be read as rows (format, zip, formulas, headers) is
 * refused with the import's own messages; row errors are part of the preview.
 */
export async function createPreview(
  area: DataArea,
  viewer: Who,
  data: Uint8Array,
  meta: { fileName: string; variant?: ImportVariant },
  limits: SheetLimits = {},
): Promise<{ ok: true; id: string; summary: PreviewSummary } | ImportFailure> {
  await cleanExpiredPreviews();
  const id = crypto.randomUUID();
  // The upload goes to disk first (the parse worker then takes the buffer over, no copy): the committed batch's original file.
  const file = await storePreviewFile(id, data);
  let kept = false;
  try {
    const clock = phaseClock();
    const read = await readSpreadsheet(data, limits);
    if (!read.ok) return read;
    clock.lap("read: zip checks, parse worker, transfer");
    const worker = read.sheet.timings;
    if (worker) {
      clock.add("  of which worker: zip size check + inflate", worker.zipSizes, 0);
      clock.add("  of which worker: XML parse (one-pass reader)", worker.read, 0);
      clock.add("  of which worker: compact form", worker.compact, 0);
    }
    const outcome = await stageSheet(area, viewer, id, read.sheet, { ...meta, furtherTabs: furtherRateTabs(area, read.tabs) }, file);
    kept = outcome.ok;
    return outcome;
  } finally {
    if (!kept) await removePreviewFiles([file.key]);
  }
}

/** Where a preview of a carrier's sheet came from (issue 40): the wizard upload and the profile that mapped it. */
export type PreviewSource = { wizard: string; profile: { id: number; name: string } | null };

/**
 * The preview of a carrier's sheet mapped by the wizard (issue 40): the rows
 * in the area's layout (applyMapping) staged exactly as an upload in the
 * portal's layout is, each with its origin (tab, row, period); the wizard's
 * file (already on disk) becomes the preview's.
 */
export async function createMappedPreview(
  area: DataArea,
  viewer: Who,
  upload: { fileName: string; fileKey: string; checksum: string },
  mapped: MappedSheet,
  source: PreviewSource,
): Promise<{ ok: true; id: string; summary: PreviewSummary } | ImportFailure> {
  await cleanExpiredPreviews();
  const id = crypto.randomUUID();
  const file = await copyPreviewFile(upload.fileKey, id);
  let kept = false;
  try {
    // Air: the +130/+2000/+3000 kg breaks all mapped is the standard file, none the plain one (which clears them).
    const header = new Set((mapped.sheet.rows[0] ?? []).map(String));
    const extras = area.import.air?.extraFields.filter((f) => header.has(area.columns.find((c) => c.field === f)?.header ?? f)).length ?? 0;
    const variant: ImportVariant = area.import.air && extras === 0 ? "plain" : "standard";
    const outcome = await stageSheet(area, viewer, id, mapped.sheet, { fileName: upload.fileName, variant, mapped, source }, file);
    kept = outcome.ok;
    return outcome;
  } finally {
    if (!kept) await removePreviewFiles([file.key]);
  }
}

type StageMeta = {
  fileName: string;
  variant?: ImportVariant;
  /** Tabs after the first that hold rates (a sheet in the portal's layout: only the first is read). */
  furtherTabs?: { name: string; rows: number }[];
  /** A carrier's sheet: the mapped rows' origins, the rows the mapping refused, notes left out. */
  mapped?: MappedSheet;
  source?: PreviewSource;
};

const ORIGIN_SEP = "\u001f";
/** A stored origin as its label. */
function originLabelOf(text: string): string {
  const [tab, row, period] = text.split(ORIGIN_SEP);
  return originLabel({ tab, row: Number(row), period: period || null });
}
/** A staged row's origin as stored (tab, row, period). */
const originText = (o: RowOrigin) => `${o.tab}${ORIGIN_SEP}${o.row}${ORIGIN_SEP}${o.period ?? ""}`;
/** Where a row of a carrier's sheet is, for messages: 欧洲线 · 6 · 2026/12/01-2026/12/14. */
export const originLabel = (o: RowOrigin) => [o.tab, String(o.row), o.period].filter(Boolean).join(" · ");

/** The rows of a carrier's sheet named to the clerk (left out, or split), each list only when it has rows (at most 200). */
function namedRows(
  mapped: MappedSheet,
): Pick<PreviewSummary, "notes" | "hiddenRows" | "portLists" | "sizeRows" | "onRequest" | "unpriced" | "notStarted"> {
  const lists = {
    notes: mapped.notes,
    hiddenRows: mapped.hiddenRows,
    portLists: mapped.portLists,
    sizeRows: mapped.sizeRows,
    onRequest: mapped.onRequest,
    unpriced: mapped.unpriced,
    notStarted: mapped.notStarted,
  };
  return Object.fromEntries(
    Object.entries(lists).flatMap(([name, rows]) =>
      rows.length ? [[name, rows.slice(0, 200).map((n) => ({ at: originLabel(n.origin), text: n.text }))]] : [],
    ),
  );
}

/**
 * A mapped sheet's problems name its rows by the carrier's tabs and rows (the
 * mapped sheet's own row numbers mean nothing to the clerk): `row`/`other`
 * become the source row, the tab goes to `at`; the date-error rows list is
 * given per tab.
 */
function originProblems(problems: ImportProblem[], origins: readonly RowOrigin[], columnNames: Record<string, string>): ImportProblem[] {
  const originOf = (row: unknown) => (typeof row === "number" ? origins[row - 2] : undefined);
  // The sheet's own columns, not the import layout's ("40GP" for 40GP_T0, _T1 and _T2: the cell named once).
  const named = (column: string | number) =>
    typeof column === "string"
      ? column
          .split("+")
          .map((part) => columnNames[part] ?? part)
          .filter((part, i, all) => all.indexOf(part) === i)
          .join("+")
      : column;
  const seen = new Set<string>();
  return problems.flatMap((problem): ImportProblem[] => {
    const values =
      problem.values && "column" in problem.values ? { ...problem.values, column: named(problem.values.column) } : problem.values;
    const once = JSON.stringify([problem.key, values]);
    if (values !== problem.values && seen.has(once)) return [];
    seen.add(once);
    if (problem.key === "data.import.dateErrorRows" && typeof values?.rows === "string") {
      const byTab = new Map<string, number[]>();
      for (const n of expandRanges(values.rows)) {
        const o = originOf(n);
        if (!o) continue;
        byTab.set(o.tab, [...(byTab.get(o.tab) ?? []), o.row]);
      }
      return [...byTab].map(([tab, rows]) => ({
        key: problem.key,
        values: { rows: compressIds([...new Set(rows)].sort((a, b) => a - b)) },
        at: tab,
      }));
    }
    const origin = originOf(values?.row);
    if (!origin) return [problem];
    const other = originOf(values?.other);
    return [
      {
        ...problem,
        values: { ...values, row: origin.row, ...(other ? { other: other.row } : {}) },
        at: originLabel({ ...origin, row: 0 }).replace(/ · 0\b/, ""),
      },
    ];
  });
}

/** "2-4,7" → 2, 3, 4, 7 (compressIds' ranges). */
function expandRanges(text: string): number[] {
  return text.split(",").flatMap((part) => {
    const [a, b] = part.split("-").map(Number);
    if (!Number.isInteger(a)) return [];
    return Number.isInteger(b) ? Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i) : [a];
  });
}

async function stageSheet(
  area: DataArea,
  viewer: Who,
  id: string,
  sheet: SheetInput,
  meta: StageMeta,
  file: { key: string; checksum: string },
): Promise<{ ok: true; id: string; summary: PreviewSummary } | ImportFailure> {
  const clock = phaseClock();
  const variant = meta.variant ?? "standard";
  const mapped = meta.mapped;
  // A mapped sheet has no second header line to drop (its rows are the carrier's, header taken off).
  // In slices, the event loop let through between them: other requests are answered meanwhile (issue 40 item 5).
  const checked = await validateSheetYielding(area, sheet, variant, mapped ? "rows" : "file");
  clock.lap("validate (validateSheet)");
  let prepared: PreparedImport;
  let problems: ImportProblem[] = [];
  let badRows: number[] = [];
  let unmatched: string[] = [];
  if (checked.ok) {
    prepared = checked.prepared;
    unmatched = checked.unmatched;
  } else if (checked.partial) {
    // Row errors: the good rows are still previewed; the commit is refused.
    prepared = checked.partial.prepared;
    problems = checked.problems;
    badRows = checked.badRows;
    unmatched = checked.partial.unmatched;
  } else if (mapped && checked.problems.length === 1 && checked.problems[0].key === "data.import.empty" && mapped.problems.length) {
    // Every row refused by the mapping itself (a currency not the table's …): those are the preview's errors.
    prepared = { columns: [], values: [], ids: [], rowCount: 0, rows: [] };
  } else {
    return { ok: false, problems: checked.problems, badRows: checked.badRows };
  }
  // Rows are named to the clerk by the carrier's tabs and rows (a mapped sheet's own numbers mean nothing).
  let rowLabels: string[] | undefined;
  if (mapped) {
    problems = [
      ...originProblems(problems, mapped.origins, mapped.columnNames),
      ...mapped.problems.map(({ origin, ...p }) => ({ ...p, at: originLabel({ ...origin, row: 0 }).replace(/ · 0\b/, "") })),
    ];
    const refusedOrigins = [...badRows.map((n) => mapped.origins[n - 2]).filter(Boolean), ...mapped.problems.map((p) => p.origin)];
    // The mapping's refusals are rows too: numbered after the mapped sheet's, so the count holds them all.
    badRows = [...badRows, ...mapped.problems.map((_, i) => mapped.origins.length + 2 + i)];
    rowLabels = refusedOrigins.map(originLabel);
  }
  const columns = prepared.columns;
  const repeat = await committedBatchOf(area, file.checksum);
  const unmatchedPrices = unmatched.filter(looksLikePrice);
  const notStarted = mapped?.notStarted.length ?? 0;
  const version = await tableVersion(prisma, area);
  const ports = portColumns(area, columns);
  const portsVersion = ports.length ? await dataVersion(prisma, "sea_ports") : null;
  const today = formatDate(todayInShanghai());
  const from = columns.findIndex((c) => c.field === "validFrom");
  const to = columns.findIndex((c) => c.field === "validTo");
  const hiddenWhen = [from >= 0 ? `r.v${from} > $5::date` : null, to >= 0 ? `r.v${to} < $5::date` : null].filter(
    (sql): sql is string => sql !== null,
  );
  const originParam = mapped ? (hiddenWhen.length ? 6 : 5) : null;

  let summary: PreviewSummary;
  try {
    summary = await stage();
  } catch (error) {
    // Staging refuses what the table would (text PostgreSQL cannot hold, …): the import's messages.
    return importFailure(area, error);
  }
  clock.lap("transaction commit");
  return { ok: true, id, summary };

  /**
   * The preview row and its port names (one transaction), then the rows in
   * chunks, STAGING_CONNECTIONS statements at a time, each in a transaction
   * of its own (PostgreSQL uses a core per connection; the process builds the
   * next chunk's JSON meanwhile), then the summary. Until the summary is
   * written the preview has none, and is gone to every reader (stagedRowsLost);
   * a chunk that fails deletes the preview and its staged rows.
   */
  async function stage(): Promise<PreviewSummary> {
    const resolvedPorts = await prisma.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe(
          `INSERT INTO import_previews (id, area, user_id, file_name, variant, table_version, columns, summary, expires_at, file_key, file_checksum, ports_version, source)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, '{}'::jsonb, $8, $9, $10, $11, $12::jsonb)`,
          id,
          area.key,
          viewer.id,
          meta.fileName,
          variant,
          version,
          JSON.stringify(columns),
          new Date(Date.now() + PREVIEW_TTL_MS),
          file.key,
          file.checksum,
          portsVersion,
          meta.source ? JSON.stringify(meta.source) : null,
        );
        clock.lap("preview row, versions (SQL)");
        const resolved = ports.length ? await resolveFilePorts(tx, id, prepared, ports) : null;
        clock.lap("port names (count, resolve: SQL)");
        return resolved;
      },
      { timeout: 600_000, maxWait: 30_000 },
    );
    try {
      // The port columns with the names the import would write (resolved spellings rewritten).
      const values = prepared.values.map((column, i) => {
        const rewrite = resolvedPorts?.rewrites.get(i);
        return rewrite ? column.map((value) => (typeof value === "string" ? (rewrite.get(value) ?? value) : value)) : column;
      });
      // Rows without an id that are a stored rate (issue 40 item 2) are staged with its id: its update, not a copy.
      const matched = await sameRateIds(area, prepared, values);
      const ids = matched.size ? prepared.ids.map((rowId, i) => rowId ?? matched.get(i) ?? null) : prepared.ids;
      clock.lap("same rate: rows without an id matched to stored rates (SQL)");
      const sql = stageSql(area, columns, hiddenWhen, originParam);
      const origins = mapped ? (prepared.rows ?? []).map((n) => originText(mapped.origins[n - 2])) : null;
      const row = { new: 0, updated: 0, unchanged: 0, hidden: 0 };
      const json = [0, 0];
      const sqlStarted = clock.now();
      const starts = Array.from({ length: Math.ceil(prepared.rowCount / CHUNK_ROWS) }, (_, i) => i * CHUNK_ROWS);
      await eachConcurrently(starts, STAGING_CONNECTIONS, async (start) => {
        const end = Math.min(start + CHUNK_ROWS, prepared.rowCount);
        const begun = clock.now();
        const params = [
          id,
          start,
          await stagedJson(values, start, end),
          ids.slice(start, end),
          ...(hiddenWhen.length ? [today] : []),
          ...(origins ? [origins.slice(start, end)] : []),
        ];
        const [w, c] = clock.now();
        json[0] += w - begun[0];
        json[1] += c - begun[1];
        const [counts] = await prisma.$transaction(
          async (tx) => {
            // `before` is the row's text form as the batch keeps it (dates under one DateStyle).
            await tx.$executeRawUnsafe(HASH_SETTINGS_SQL);
            // Each staged row finds its table row by the primary key (an index probe per row): a hash or merge join
            // read the whole table once per chunk, whatever the table's size.
            await tx.$executeRawUnsafe(`SET LOCAL enable_hashjoin = off`);
            await tx.$executeRawUnsafe(`SET LOCAL enable_mergejoin = off`);
            return tx.$queryRawUnsafe<(typeof row)[]>(sql, ...params);
          },
          { timeout: 600_000, maxWait: 30_000 },
        );
        for (const key of Object.keys(row) as (keyof typeof row)[]) row[key] += Number(counts[key]);
      });
      const [sqlWall, sqlCpu] = clock.now();
      clock.add("  of which JSON text of the rows (process)", json[0], json[1]);
      clock.add(
        `  of which staging + diff: ${STAGING_CONNECTIONS} connections, one INSERT … SELECT per ${CHUNK_ROWS.toLocaleString("en-US")} rows (SQL, wall; process CPU is the driver's and the JSON's)`,
        sqlWall - sqlStarted[0],
        sqlCpu - sqlStarted[1],
      );
      clock.lap("staging (total)");
      // What the staged rows say as a whole (issue 40): the same rate twice, the rows matched to a stored rate, the
      // rows customers will not find (a port name nothing resolves) or will see today, the counts per tab and period.
      const checked = await stagedChecks(area, id, columns, !!mapped, resolvedPorts !== null);
      const repeatedRates = mapped ? await repeatedRatesOf(area, id) : [];
      clock.lap("same rate, ports found, counts per tab (SQL)");
      const portCounts = resolvedPorts?.counts ?? null;
      const summary: PreviewSummary = {
        counts: { ...row, refused: badRows.length },
        // A carrier's sheet: the columns the clerk left unmapped (a price-like one keeps the wizard from previewing).
        unmatched: mapped ? [...unmatched, ...mapped.unmapped] : unmatched,
        problems,
        badRows,
        ...(portCounts ? { ports: portCounts } : {}),
        ...(rowLabels ? { rowLabels } : {}),
        visible: checked.visible,
        ...(checked.unfound !== null ? { unfound: checked.unfound } : {}),
        ...(matched.size ? { sameRate: matched.size } : {}),
        ...(checked.tabs.length ? { tabs: checked.tabs } : {}),
        ...(mapped ? namedRows(mapped) : {}),
        ...(repeatedRates.length ? { repeatedRates } : {}),
        ...(repeat || meta.furtherTabs?.length || unmatchedPrices.length || notStarted || repeatedRates.length
          ? {
              decisions: {
                ...(repeat ? { repeat: repeatValues(repeat) } : {}),
                ...(meta.furtherTabs?.length ? { furtherTabs: meta.furtherTabs } : {}),
                ...(unmatchedPrices.length ? { unmatchedPrices } : {}),
                ...(notStarted ? { notStarted } : {}),
                ...(repeatedRates.length ? { repeatedRates: repeatedRates.length } : {}),
              },
            }
          : {}),
      };
      // Problems quote what the file held; jsonb cannot hold NUL, so it is shown as ␀.
      await prisma.$executeRawUnsafe(
        `UPDATE import_previews SET summary = $2::jsonb WHERE id = $1`,
        id,
        JSON.stringify(summary).replaceAll("\\u0000", "\u2400"),
      );
      clock.lap("summary (SQL)");
      return summary;
    } catch (error) {
      // Its staged rows go with it (the delete trigger).
      await prisma.$executeRawUnsafe(`DELETE FROM import_previews WHERE id = $1`, id);
      throw error;
    }
  }
}

/**
 * The checks of a preview's staged rows as a whole, in SQL: the rows
 * customers will see today (not hidden by the validity, port names found)
 * and those they will not find (FCL/LCL: a port name nothing resolves); the
 * counts per tab and period of a carrier's sheet.
 */
async function stagedChecks(
  area: DataArea,
  id: string,
  columns: WriteColumn[],
  mapped: boolean,
  hasPorts: boolean,
): Promise<{ visible: number; unfound: number | null; tabs: PreviewTabCounts[] }> {
  const stage = stageTable(area);
  const target = hasPorts ? PORT_NAME_TABLES.find((t) => t.area === area.key) : undefined;
  const portColumnsHere = target ? target.columns.filter((c) => columns.some((w) => sqlColumn(area.model, w.field) === c)) : [];
  const unfoundSql = portColumnsHere.length
    ? `EXISTS (SELECT 1 FROM import_preview_ports p WHERE p.preview_id = $1 AND p.state IN ('unresolved', 'kept') AND (${portColumnsHere
        .map((c) => `(p."column" = '${c}' AND p.name = s."${c}")`)
        .join(" OR ")}))`
    : "false";
  const [totals] = await prisma.$queryRawUnsafe<{ visible: number; unfound: number }[]>(
    `SELECT count(*) FILTER (WHERE NOT s.hidden AND NOT (${unfoundSql}))::int AS visible, count(*) FILTER (WHERE ${unfoundSql})::int AS unfound
     FROM ${stage} s WHERE s.preview_id = $1`,
    id,
  );
  const tabs = mapped
    ? (
        await prisma.$queryRawUnsafe<(Omit<PreviewTabCounts, "period"> & { period: string })[]>(
          `SELECT split_part(origin, E'\\x1f', 1) AS tab, split_part(origin, E'\\x1f', 3) AS period,
                  count(*) FILTER (WHERE status = 'new')::int AS new, count(*) FILTER (WHERE status = 'updated')::int AS updated,
                  count(*) FILTER (WHERE status = 'unchanged')::int AS unchanged, count(*) FILTER (WHERE hidden)::int AS hidden
           FROM ${stage} WHERE preview_id = $1 GROUP BY 1, 2 ORDER BY min(seq)`,
          id,
        )
      ).map((t) => ({ ...t, period: t.period || null }))
    : [];
  return { visible: Number(totals.visible), unfound: portColumnsHere.length ? Number(totals.unfound) : null, tabs };
}

/**
 * A carrier's sheet: the rates more than one of its rows give (the area's
 * same-rate fields equal, and for FCL the same containers priced), as the
 * first row and the others, in the sheet's order, at most 200. An express
 * card's documents and parcels tables price 0.5 kg twice: customers would
 * see two prices for one rate, so the clerk is told before the commit.
 */
async function repeatedRatesOf(area: DataArea, id: string): Promise<{ at: string; text: string }[]> {
  const rule = area.import.sameRate;
  if (!rule) return [];
  // The stage table has every column of the area's table: one the file leaves out is empty in every row.
  const keys = rule.fields.map((field) => `s."${sqlColumn(area.model, field)}"`);
  const containers = (rule.containers ?? []).map((base) => containerPricedSql(area, "s", base));
  const groups = await prisma.$queryRawUnsafe<{ origins: string[] }[]>(
    `SELECT array_agg(s.origin ORDER BY s.seq) AS origins FROM ${stageTable(area)} s WHERE s.preview_id = $1
     GROUP BY ${[...keys, ...containers].join(", ")} HAVING count(*) > 1 ORDER BY min(s.seq) LIMIT 200`,
    id,
  );
  return groups.map(({ origins }) => ({ at: originLabelOf(origins[0]), text: origins.slice(1).map(originLabelOf).join("、") }));
}

/** Runs `work` for each item, at most `limit` at a time; rejects with the first failure once none is running. */
async function eachConcurrently<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: unknown = null;
  const lane = async () => {
    while (next < items.length && failure === null) {
      const item = items[next++];
      await work(item).catch((error: unknown) => {
        failure ??= error;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure !== null) throw failure;
}

/** A staged row as previewRowsSql reads it. */
export type StagedRow = {
  seq: number;
  row_id: number | null;
  status: PreviewStatus;
  hidden: boolean;
  origin: string | null;
  values: unknown[];
  changes: Record<string, [unknown, unknown]> | null;
};

export type PreviewRow = {
  seq: number;
  rowId: number | null;
  status: PreviewStatus;
  hidden: boolean;
  /** A carrier's sheet: where the row came from (tab · row · period). */
  origin?: string;
  changes: Record<string, [unknown, unknown]> | null;
  values: unknown[];
};
export type LoadedPreview = {
  id: string;
  fileName: string;
  source: PreviewSource | null;
  variant: ImportVariant;
  columns: WriteColumn[];
  summary: PreviewSummary;
  expiresAt: string;
  rows: PreviewRow[];
  total: number;
  /** FCL, LCL: one page of the port spellings (unresolved first), and how many there are. */
  ports: { rows: PreviewPort[]; total: number; page: number };
  /** The nearest ports of the page's names nothing resolves, by name (issue 40 item 2). */
  suggestions: Record<string, PortOption[]>;
};

/** The nearest ports of the page's names nothing resolves (unresolved, kept), by name (issue 40 item 2). */
async function suggestionsFor(ports: PreviewPort[]): Promise<Record<string, PortOption[]>> {
  const open = ports.filter((p) => p.state === "unresolved" || p.state === "kept").map((p) => p.name);
  return open.length ? Object.fromEntries(await nearestPorts(open)) : {};
}

/** Unresolved first (they go to the queue), then rewritten, kept, and names that are a port's own. */
const PORT_ORDER = `array_position(ARRAY['unresolved','resolved','kept','same'], state), "column", name`;

/** One page of a preview's port spellings (all of them without `take`). */
export async function previewPorts(id: string, options: { skip?: number; take?: number } = {}): Promise<PreviewPort[]> {
  const rows = await prisma.$queryRawUnsafe<PreviewPort[]>(
    `SELECT "column", name, port, state, rows FROM import_preview_ports WHERE preview_id = $1 ORDER BY ${PORT_ORDER}
     OFFSET $2${options.take === undefined ? "" : " LIMIT $3"}`,
    id,
    options.skip ?? 0,
    ...(options.take === undefined ? [] : [options.take]),
  );
  return rows.map((r) => ({ ...r, rows: Number(r.rows) }));
}

/** A preview of this user and area that has not expired, with one page of its rows (filter: new / updated / all). */
export async function loadPreview(
  area: DataArea,
  viewer: Who,
  id: string,
  options: { filter?: PreviewFilter; page?: number; pageSize?: number; portsPage?: number; tab?: string } = {},
): Promise<LoadedPreview | null> {
  await cleanExpiredPreviews();
  // Without the bytes of a preview made before its file went to disk (migration 20261206210000).
  const preview = await prisma.importPreview.findFirst({ where: { id, area: area.key, userId: viewer.id }, omit: { original: true } });
  if (!preview) return null;
  if (await stagedRowsLost(prisma, area, id, preview.summary as PreviewSummary)) {
    await discardPreview(area, viewer, id);
    return null;
  }
  const filter = options.filter ?? "all";
  const pageSize = options.pageSize ?? 50;
  const page = Math.max(1, options.page ?? 1);
  // The page's rows and their count under one condition (the errors are the summary's, not staged rows).
  // A carrier's sheet is also filtered by its tab ($4 when given: the origin's first part).
  const tab = options.tab ? options.tab.slice(0, 100) : null;
  const condition = [
    filter === "new" || filter === "updated"
      ? `AND s.status = '${filter}'`
      : filter === "errors"
        ? "AND false"
        : filter === "hidden"
          ? "AND s.hidden"
          : "",
    tab === null ? "" : `AND split_part(s.origin, E'\\x1f', 1) = $4`,
  ].join(" ");
  const columns = preview.columns as WriteColumn[];
  const portsPage = Math.max(1, options.portsPage ?? 1);
  const [rows, total, ports, portsTotal] = await Promise.all([
    prisma.$queryRawUnsafe<StagedRow[]>(
      previewRowsSql(area, columns, condition, "OFFSET $2 LIMIT $3"),
      id,
      (page - 1) * pageSize,
      pageSize,
      ...(tab === null ? [] : [tab]),
    ),
    prisma
      .$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM ${stageTable(area)} s WHERE s.preview_id = $1 ${condition.replace("$4", "$2")}`,
        id,
        ...(tab === null ? [] : [tab]),
      )
      .then(([row]) => Number(row.n)),
    previewPorts(id, { skip: (portsPage - 1) * pageSize, take: pageSize }),
    prisma.importPreviewPort.count({ where: { previewId: id } }),
  ]);
  return {
    id,
    fileName: preview.fileName,
    source: (preview.source as PreviewSource | null) ?? null,
    variant: preview.variant as ImportVariant,
    columns,
    summary: preview.summary as PreviewSummary,
    expiresAt: preview.expiresAt.toISOString(),
    total,
    ports: { rows: ports, total: portsTotal, page: portsPage },
    suggestions: await suggestionsFor(ports),
    rows: rows.map((r) => ({
      seq: r.seq,
      rowId: r.row_id,
      status: r.status,
      hidden: r.hidden,
      changes: r.changes,
      values: r.values,
      ...(r.origin ? { origin: originLabelOf(r.origin) } : {}),
    })),
  };
}

export type CommitOutcome = ImportOutcome | { ok: false; problems: ImportProblem[]; badRows: number[]; gone: true };

/**
 * Writes the preview's new and updated rows (exactly those it showed) in one
 * transaction through the import writer; refused when the preview has row
 * errors or the table changed since (its data version), or when it expired.
 */
export async function commitPreview(
  area: DataArea,
  viewer: Who,
  id: string,
  /** The decisions the clerk accepted on the preview (a file already imported, further tabs left out). */
  accepted: readonly PreviewDecision[] = [],
): Promise<CommitOutcome> {
  await cleanExpiredPreviews();
  const preview = await prisma.importPreview.findFirst({ where: { id, area: area.key, userId: viewer.id } });
  if (!preview) return { ok: false, problems: [{ key: "importPreview.gone" }], badRows: [], gone: true };
  const { portsVersion } = preview;
  const summary = preview.summary as PreviewSummary;
  if (!summary.counts) return { ok: false, problems: [{ key: "importPreview.gone" }], badRows: [], gone: true };
  if (summary.counts.refused > 0) return { ok: false, problems: [{ key: "importPreview.hasErrors" }], badRows: summary.badRows };
  // Nothing is written over the clerk's head (issue 40 item 2): each decision the preview asked for must be accepted.
  const open = PREVIEW_DECISIONS.filter((d) => summary.decisions?.[d] !== undefined && !accepted.includes(d));
  if (open.length) return { ok: false, problems: open.map((d) => ({ key: `importPreview.decide.${d}` as const })), badRows: [] };
  const columns = preview.columns as WriteColumn[];
  // The staged rows go from the stage table to the area's table in SQL (INSERT … SELECT), never through the process.
  const outcome =
    summary.counts.new + summary.counts.updated > 0
      ? await writeFrom(
          area,
          viewer,
          stagedSource(area, id, columns),
          // The previewed bytes become the batch's original file, as a direct import's do (issue 23 item 2).
          {
            fileName: preview.fileName,
            variant: preview.variant as ImportVariant,
            ...(preview.fileKey
              ? { source: "file" as const, storedFile: previewFilePath(preview.fileKey), checksum: preview.fileChecksum ?? "" }
              : preview.original
                ? { original: new Uint8Array(preview.original) }
                : {}),
          },
          // The staged rows (checked in the writing transaction: a crash in between empties them), the table, and
          // for port names the ports and aliases they were resolved against, as the preview saw them.
          async (tx) =>
            (await stagedRowsLost(tx, area, id, summary))
              ? { key: "importPreview.gone" }
              : (await tableVersion(tx, area, true)) === preview.tableVersion &&
                  (portsVersion === null || (await dataVersion(tx, "sea_ports", true)) === portsVersion)
                ? null
                : { key: "importPreview.stale" },
        )
      : { ok: true as const, rows: 0, inserted: 0, updated: 0, batchId: null, ids: [] };
  if (outcome.ok || outcome.problems.some((p) => p.key === "importPreview.stale" || p.key === "importPreview.gone"))
    await discardPreview(area, viewer, id);
  return outcome;
}

/** Deletes a preview, its staged rows and its file (a committed batch keeps its own link to the file). */
export async function discardPreview(area: DataArea, viewer: Who, id: string): Promise<boolean> {
  const gone = await prisma.$queryRawUnsafe<{ file_key: string | null }[]>(
    `DELETE FROM import_previews WHERE id = $1 AND area = $2 AND user_id = $3 RETURNING file_key`,
    id,
    area.key,
    viewer.id,
  );
  await removePreviewFiles(gone.map((row) => row.file_key));
  return gone.length > 0;
}
