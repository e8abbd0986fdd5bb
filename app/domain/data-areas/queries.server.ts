// Reads and writes of a data area, generic over its description: the paged
// list and its filter lists, a row by id, add/edit with the spec's duplicate
// messages, delete, range delete (one DELETE), FCL markup (one UPDATE) and
// the SQL checks. Every change writes its OperationLog row in the same
// transaction.
import type { AreaModel } from "~/domain/catalog";
import type { TranslationKey } from "~/i18n/keys";
import { containsText } from "~/utils/like";
import { z } from "~/utils/zod";
import { prisma, Prisma } from "~/utils/db.server";
import { sqlColumn, sqlTable } from "~/utils/sql-names.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { logOperation } from "~/domain/operation-log/operation-log.server";
import {
  addDays,
  dayWhere,
  defineTable,
  parseTableQuery,
  timestampWhere,
  type TableQuery,
  type TableSpec,
} from "~/domain/table/paging.server";
import { dateToLocalDateTime } from "~/domain/data-areas/dates";
import { formatDate, formatDateTime } from "~/utils/dates";
import { decimalBounds, duplicateMessage, listColumns, type AreaColumn, type CheckKey, type DataArea, type ScalarField } from "./types";
import { toPrismaData, type EditValues } from "./schema";
import { FCL_MARKUP_FIELDS, fclArea } from "./fcl";

import type { AreaRow, CellValue, CheckItem } from "./screen-types";
import { uniqueViolation } from "~/utils/unique-violation.server";
import { dataCache, type Versions } from "~/utils/data-cache.server";
import { resolvedNameSql } from "~/domain/reference/port-aliases.server";
import { refreshPortPinyin } from "~/domain/reference/port-pinyin.server";

export type { AreaRow, CellValue, CheckItem };

// What a data-area query may say, typed by the fields Prisma generates for
// the area's own table (ScalarField<M>): a misspelt field, or a field of
// another table, in a where, select, data or order is a tsc error. One set
// of queries serves every area (its description names the fields, checked by
// defineArea against its own model): for an area known only as `DataArea`,
// M is every model and the fields those of any of the nine tables.
/** Conditions on fields (values as Prisma's filters take them), combined with AND / OR. */
export type AreaWhere<M extends AreaModel = AreaModel> = { [F in ScalarField<M>]?: unknown } & {
  AND?: AreaWhere<M>[];
  OR?: AreaWhere<M>[];
};
/** Fields to read. */
export type AreaSelect<M extends AreaModel = AreaModel> = { [F in ScalarField<M>]?: true };
type AreaData<M extends AreaModel> = { [F in ScalarField<M>]?: unknown };
type AreaOrder<M extends AreaModel> = { [F in ScalarField<M>]?: "asc" | "desc" };
type ById = { id: number };

export type Delegate<M extends AreaModel = AreaModel> = {
  findMany(args: {
    where?: AreaWhere<M>;
    select?: AreaSelect<M>;
    orderBy?: AreaOrder<M>;
    skip?: number;
    take?: number;
  }): Promise<Record<string, unknown>[]>;
  findUnique(args: { where: ById; select: AreaSelect<M> }): Promise<Record<string, unknown> | null>;
  findFirst(args: { where?: AreaWhere<M>; select?: AreaSelect<M>; orderBy?: AreaOrder<M> }): Promise<Record<string, unknown> | null>;
  count(args: { where: AreaWhere<M> }): Promise<number>;
  create(args: { data: AreaData<M>; select: AreaSelect<M> }): Promise<Record<string, unknown>>;
  update(args: { where: ById; data: AreaData<M>; select: AreaSelect<M> }): Promise<Record<string, unknown>>;
  deleteMany(args: { where: AreaWhere<M> }): Promise<{ count: number }>;
};

/** The table of an area (the catalog names the Prisma model); its queries take that table's fields. */
export function delegate<M extends AreaModel>(
  area: Pick<DataArea<string, M>, "model">,
  client: Prisma.TransactionClient | typeof prisma = prisma,
): Delegate<M> {
  // Each model's delegate takes its own argument types; Delegate<M> is what they have in common for these queries.
  return (client as unknown as Record<M, Delegate<M>>)[area.model];
}

export function column(area: DataArea, field: string): AreaColumn {
  const found = area.columns.find((c) => c.field === field);
  if (!found) throw new Error(`${area.key}: no column ${field}`);
  return found;
}

// ------------------------------------------------------------------ list

const specs = new WeakMap<DataArea, TableSpec>();

export function areaTableSpec(area: DataArea): TableSpec {
  let spec = specs.get(area);
  if (!spec) {
    const filters: Record<string, z.ZodTypeAny> = {};
    for (const filter of area.filters) {
      const kind = filter.kind === "select" ? column(area, filter.field).kind : "text";
      filters[filter.param] =
        kind === "decimal"
          ? z
              .string()
              .trim()
              .regex(/^-?\d+(\.\d+)?$/)
          : z.string().max(200);
    }
    spec = defineTable({ filters, dateRange: area.dateFilter ? { defaultDays: area.dateFilter.defaultDays } : null });
    specs.set(area, spec);
  }
  return spec;
}

/**
 * The query of a screen or its export (issue 22 item 4): a text search
 * ignores the area's DEFAULT date range (an old port must be findable by
 * name or code); a range the user chose still applies.
 */
export function parseAreaQuery(area: DataArea, url: URL): TableQuery {
  const query = parseTableQuery(url, areaTableSpec(area));
  const days = area.dateFilter?.defaultDays;
  if (!days || !query.range) return query;
  const searching = area.filters.some((filter) => filter.kind === "search" && query.filters[filter.param]);
  const isDefault = query.range.from === addDays(query.today, days[0]) && query.range.to === addDays(query.today, days[1]);
  return searching && isDefault ? { ...query, range: { from: null, to: null } } : query;
}

/**
 * Select filters typed as text (issue 22 item 7: the type-ahead works
 * without JavaScript as a text filter): a value that is exactly a value of
 * the column filters on it; any other text of a text column matches the
 * values containing it, case-insensitively. One indexed lookup per filled
 * filter.
 */
export async function typedFilters(area: DataArea, query: Pick<TableQuery, "filters">): Promise<Set<string>> {
  const typed = new Set<string>();
  await Promise.all(
    area.filters.map(async (filter) => {
      const value = query.filters[filter.param];
      if (filter.kind !== "select" || typeof value !== "string" || value === "" || column(area, filter.field).kind !== "text") return;
      const exact = await delegate(area).findFirst({ where: { [filter.field]: value }, select: { id: true } });
      if (!exact) typed.add(filter.param);
    }),
  );
  return typed;
}

/** `typed`: select filters matched as "contains" (typedFilters); the API matches exactly. */
export function listWhere(area: DataArea, query: Pick<TableQuery, "filters" | "range">, typed: ReadonlySet<string> = new Set()): AreaWhere {
  const and: AreaWhere[] = [];
  for (const filter of area.filters) {
    const value = query.filters[filter.param];
    if (typeof value !== "string" || value === "") continue;
    if (filter.kind === "select") and.push({ [filter.field]: typed.has(filter.param) ? containsText(value) : value });
    else and.push({ OR: filter.fields.map((field) => ({ [field]: containsText(value) })) });
  }
  if (area.dateFilter) {
    const range = area.dateFilter.columnKind === "date" ? dayWhere(query.range) : timestampWhere(query.range);
    if (range) and.push({ [area.dateFilter.field]: range });
  }
  return and.length ? { AND: and } : {};
}

function selectOf(columns: readonly AreaColumn[]): AreaSelect {
  return Object.fromEntries([["id", true], ...columns.map((c) => [c.field, true])]);
}

export function cellOf(column: AreaColumn, value: unknown): CellValue {
  if (value === null || value === undefined) return column.kind === "bool" ? false : null;
  switch (column.kind) {
    case "id":
      return Number(value);
    case "decimal":
      return new Prisma.Decimal(value as string | number).toFixed(column.scale ?? 2);
    case "date":
      return formatDate(value as Date);
    case "datetime":
      return formatDateTime(value as Date, { seconds: true });
    case "localDateTime":
      return dateToLocalDateTime(value as Date);
    case "bool":
      return value === true;
    default:
      return String(value);
  }
}

export function serializeRow(columns: readonly AreaColumn[], row: Record<string, unknown>): AreaRow {
  const out: Record<string, CellValue> = { id: Number(row.id) };
  for (const c of columns) out[c.field] = cellOf(c, row[c.field]);
  return out as AreaRow;
}

/**
 * One page of rows: the table's columns, or every column (the legacy API's rows).
 * The page's ids come first from the id index alone, then only those rows are
 * read: a deep page (page 10,000 of 100,000 air rows, 60 columns wide) no
 * longer reads and drops every wide row before it (issue 22, Checks).
 * `count` lets a screen count through its cache.
 */
export async function listRows(
  area: DataArea,
  query: TableQuery,
  columns: readonly AreaColumn[] = listColumns(area),
  where: AreaWhere = listWhere(area, query),
  count: (where: AreaWhere) => Promise<number> = (w) => delegate(area).count({ where: w }),
): Promise<{ rows: AreaRow[]; total: number }> {
  const model = delegate(area);
  const orderBy = { id: area.order };
  const page = async () => {
    const ids = (await model.findMany({ where, select: { id: true }, orderBy, skip: query.skip, take: query.take })).map((row) =>
      Number(row.id),
    );
    return ids.length ? model.findMany({ where: { id: { in: ids } }, select: selectOf(columns), orderBy }) : [];
  };
  const [rows, total] = await Promise.all([page(), count(where)]);
  return { rows: rows.map((row) => serializeRow(columns, row)), total };
}

// The filter lists and the counts of a screen change only when its table does:
// cached while the table's data version is unchanged (utils/data-cache.server.ts,
// decision 601), so a staff screen does not re-read four DISTINCTs and a count
// over 100,000 rows on every page turn (issue 22, Checks).
const optionsCache = dataCache<Record<string, string[]>>(50);
const countCache = dataCache<number>(1_000);

export function cachedFilterOptions(versions: Versions, area: DataArea): Promise<Record<string, string[]>> {
  return optionsCache.get(versions, [sqlTable(area.model)], area.key, () => filterOptions(area));
}

export function cachedCount(versions: Versions, area: DataArea, where: AreaWhere): Promise<number> {
  return countCache.get(versions, [sqlTable(area.model)], `${area.key}|${JSON.stringify(where)}`, () => delegate(area).count({ where }));
}

/** Every row matching `where` with every column (the legacy API's export call), at most `limit`. */
export async function allRows(area: DataArea, where: AreaWhere, limit: number): Promise<AreaRow[]> {
  const rows = await delegate(area).findMany({ where, select: selectOf(area.columns), orderBy: { id: area.order }, take: limit });
  return rows.map((row) => serializeRow(area.columns, row));
}

/** The "filter lists" of the spec: distinct values of each select filter (one indexed DISTINCT each). */
export async function filterOptions(area: DataArea): Promise<Record<string, string[]>> {
  const entries = await Promise.all(
    area.filters.map(async (filter) => [filter.param, filter.kind === "select" ? await distinctValues(area, filter.field) : []] as const),
  );
  return Object.fromEntries(entries);
}

/** The distinct non-blank values of a column of the area's table, in order, at most 2,000 (one DISTINCT, indexed for the filters'). */
export async function distinctValues(area: DataArea, field: string): Promise<string[]> {
  const name = sqlColumn(area.model, column(area, field).field);
  const rows = await prisma.$queryRawUnsafe<{ value: unknown }[]>(
    `SELECT DISTINCT "${name}" AS value FROM "${sqlTable(area.model)}" WHERE "${name}" IS NOT NULL ORDER BY 1 LIMIT 2000`,
  );
  return rows.map((row) => String(row.value)).filter((value) => value.trim() !== "");
}

export async function findRow(area: DataArea, id: number): Promise<AreaRow | null> {
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const row = await delegate(area).findUnique({ where: { id }, select: selectOf(area.columns) });
  return row ? serializeRow(area.columns, row) : null;
}

// ------------------------------------------------------------------ edit

export type SaveOutcome = { ok: true; id: number } | { ok: false; key: TranslationKey; field?: string; status: number };

/**
 * A row's logged values: every column but the id and the update time, as the
 * screen shows them, with the columns' labels (issue 22 item 12: the log
 * keeps what an edit changed and what a delete removed).
 */
function loggedColumns(area: DataArea): AreaColumn[] {
  return area.columns.filter((c) => c.kind !== "id" && c.field !== "updatedAt");
}

export function logLabels(area: DataArea): Record<string, string> {
  return Object.fromEntries(loggedColumns(area).map((c) => [c.field, c.labelKey]));
}

async function loggedRow(model: Delegate, area: DataArea, id: number): Promise<Record<string, CellValue> | null> {
  const columns = loggedColumns(area);
  const row = await model.findUnique({ where: { id }, select: selectOf(columns) });
  if (!row) return null;
  const { id: _id, ...values } = serializeRow(columns, row);
  return values;
}

export async function saveRow(area: DataArea, viewer: Viewer, mode: "add" | "edit", values: EditValues): Promise<SaveOutcome> {
  const data = toPrismaData(area, values);
  const labels = logLabels(area);
  try {
    const id = await prisma.$transaction(async (tx) => {
      const model = delegate(area, tx);
      // A sea port's Chinese name gets its pinyin in the same transaction (decision 205).
      const after = area.model === "seaPort" ? () => refreshPortPinyin(tx) : async () => 0;
      if (mode === "add") {
        const created = await model.create({ data, select: { id: true } });
        await after();
        const id = Number(created.id);
        await logOperation(tx, viewer, {
          module: "add",
          operation: area.logName,
          targetIds: id,
          after: await loggedRow(model, area, id),
          labels,
        });
        return id;
      }
      const id = values.id as number;
      const newId = area.edit?.idChange && values.idChange && values.idChange !== id ? values.idChange : null;
      const before = await loggedRow(model, area, id);
      const updated = await model.update({ where: { id }, data: { ...data, ...(newId ? { id: newId } : {}) }, select: { id: true } });
      await after();
      await logOperation(tx, viewer, {
        module: "edit",
        operation: area.logName,
        targetIds: newId ? `${id}->${newId}` : id,
        before,
        after: await loggedRow(model, area, Number(updated.id)),
        labels,
      });
      return Number(updated.id);
    });
    return { ok: true, id };
  } catch (error) {
    const violation = uniqueViolation(error);
    if (violation) return { ok: false, ...duplicateMessage(area, violation.constraint), status: 409 };
    if ((error as { code?: string }).code === "P2025") return { ok: false, key: "data.msg.loadFailed", status: 404 };
    throw error;
  }
}

/** Deletes one row and logs it with its content (every filled value → ∅). */
export async function deleteRow(area: DataArea, viewer: Viewer, id: number): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const model = delegate(area, tx);
    const before = await loggedRow(model, area, id);
    const { count } = await model.deleteMany({ where: { id } });
    if (count === 0 || !before) return false;
    await logOperation(tx, viewer, { module: "delete", operation: area.logName, targetIds: id, before, labels: logLabels(area) });
    return true;
  });
}

// ----------------------------------------------------------- range delete

export type IdRange = { start: number; end: number };

const INT_MAX = 2_147_483_647;
/** An id as typed: digits only (no sign, no decimals, no exponent), within PostgreSQL's integer. */
const ID_TEXT = /^\d{1,10}$/;

/**
 * The range of a range delete (spec 5), the one strict parser of the pages
 * and the API: each end is empty or a non-negative integer; both empty →
 * 请填写ID！. One value alone deletes that single id (never an open range:
 * "from 100" must not silently mean "everything above 100"). Reversed ends
 * are swapped. Anything else is refused, and nothing is deleted.
 */
export function parseIdRange(
  startText: string | null,
  endText: string | null,
): { ok: true; range: IdRange } | { ok: false; key: TranslationKey } {
  const start = (startText ?? "").trim();
  const end = (endText ?? "").trim();
  if (start === "" && end === "") return { ok: false, key: "data.range.required" };
  const parse = (text: string) => (ID_TEXT.test(text) && Number(text) <= INT_MAX ? Number(text) : null);
  const a = start === "" ? parse(end) : parse(start);
  const b = end === "" ? parse(start) : parse(end);
  if (a === null || b === null) return { ok: false, key: "data.range.invalid" };
  return { ok: true, range: { start: Math.min(a, b), end: Math.max(a, b) } };
}

/**
 * A range as one text (the API's `{range}`: "7", or two ids joined by ",",
 * "~" or "-"): exactly one id or two, nothing else ("-5,-1", "5,", "1,2,3"
 * and "1e3" are refused, not read as some other range).
 */
export function parseIdRangeText(text: string | null): { ok: true; range: IdRange } | { ok: false; key: TranslationKey } {
  const match = /^\s*(\d+)\s*(?:[,~-]\s*(\d+)\s*)?$/.exec(text ?? "");
  if (!match) return { ok: false, key: (text ?? "").trim() === "" ? "data.range.required" : "data.range.invalid" };
  return parseIdRange(match[1], match[2] ?? "");
}

/** What a range delete reports: the spec's success text, or that the range held no rows. */
export const rangeDeletedKey = (count: number) => (count === 0 ? "data.msg.rangeDeletedNone" : "data.msg.rangeDeleted");

export async function countRange(area: DataArea, range: IdRange): Promise<number> {
  return delegate(area).count({ where: { id: { gte: range.start, lte: range.end } } });
}

/** One DELETE … WHERE id BETWEEN, and its log line, in one transaction. */
export async function deleteRange(area: DataArea, viewer: Viewer, range: IdRange): Promise<number> {
  return prisma.$transaction(async (tx) => {
    const { count } = await delegate(area, tx).deleteMany({ where: { id: { gte: range.start, lte: range.end } } });
    await logOperation(tx, viewer, {
      module: "rangeDelete",
      operation: area.logName,
      targetIds: range.start === range.end ? String(range.start) : `${range.start}-${range.end}`,
      params: { deleted: count },
    });
    return count;
  });
}

// ------------------------------------------------------------ FCL markup

export const MAX_MARKUP_ROWS = 10_000;

export type MarkupRequest =
  { ok: true; ids: number[]; amounts: Record<string, string> } | { ok: false; key: TranslationKey; tooMany?: boolean };

/**
 * The markup form (screen and API): selected ids (repeated or comma
 * separated) and an amount per tier price, 0-99999999.99, at least one.
 */
export function readMarkupForm(form: FormData): MarkupRequest {
  const ids = [
    ...new Set(
      form
        .getAll("ids")
        .flatMap((v) => String(v).split(","))
        .map((v) => v.trim())
        .filter((v) => /^\d{1,10}$/.test(v) && Number(v) >= 1 && Number(v) <= 2_147_483_647)
        .map(Number),
    ),
  ];
  if (ids.length === 0) return { ok: false, key: "data.fcl.markupNoRows" };
  if (ids.length > MAX_MARKUP_ROWS) return { ok: false, key: "data.fcl.markupTooMany", tooMany: true };
  const amounts: Record<string, string> = {};
  for (const field of FCL_MARKUP_FIELDS) {
    const raw = String(form.get(field) ?? "").trim();
    if (raw === "") continue;
    if (!/^\d{1,8}(\.\d{1,2})?$/.test(raw)) return { ok: false, key: "data.fcl.markupInvalid" };
    amounts[field] = raw;
  }
  if (Object.keys(amounts).length === 0) return { ok: false, key: "data.fcl.markupNoPrice" };
  return { ok: true, ids, amounts };
}

/**
 * Raises the entered prices of the selected FCL rows: one UPDATE statement.
 * Refused as a whole (nothing changed) when a raised price would not fit its
 * column (numeric(12,2)), so the database never refuses what the form took.
 */
export async function markupFcl(
  viewer: Viewer,
  ids: number[],
  amounts: Record<string, string>,
): Promise<{ ok: true; count: number } | { ok: false; key: "data.fcl.markupTooLarge" }> {
  const entries = FCL_MARKUP_FIELDS.filter((field) => amounts[field] !== undefined).map((field) => [field, amounts[field]] as const);
  if (entries.length === 0 || ids.length === 0) return { ok: true, count: 0 };
  const max = (field: string) => decimalBounds(fclArea.columns.find((c) => c.field === field)!).max;
  const sets = entries.map(
    ([field], i) => `"${sqlColumn(fclArea.model, field)}" = "${sqlColumn(fclArea.model, field)}" + $${i + 1}::numeric`,
  );
  const overflow = entries.map(([field], i) => `"${sqlColumn(fclArea.model, field)}" + $${i + 1}::numeric > ${max(field)}`);
  const idParam = `$${entries.length + 1}::int[]`;
  return prisma.$transaction(async (tx) => {
    const [{ n }] = await tx.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM "${sqlTable(fclArea.model)}" WHERE id = ANY(${idParam}) AND (${overflow.join(" OR ")})`,
      ...entries.map(([, amount]) => amount),
      ids,
    );
    if (Number(n) > 0) return { ok: false as const, key: "data.fcl.markupTooLarge" as const };
    const sql = `UPDATE "${sqlTable(fclArea.model)}" SET ${sets.join(", ")}, "updated_at" = (now() AT TIME ZONE 'UTC') WHERE id = ANY(${idParam})`;
    const count = await tx.$executeRawUnsafe(sql, ...entries.map(([, amount]) => amount), ids);
    const headers = Object.fromEntries(fclArea.columns.map((c) => [c.field, c.header]));
    await logOperation(tx, viewer, {
      module: "markup",
      operation: fclArea.logName,
      targetIds: ids,
      params: entries.map(([field, amount]) => `${headers[field]} +${amount}`).join(", "),
    });
    return { ok: true as const, count };
  });
}

// ---------------------------------------------------------------- checks

const CHECK_LIMIT = 1000;

/** The sea ports' English names the port-matching check compares destinations with. */
export async function seaPortNames(): Promise<{ name: string }[]> {
  return prisma.seaPort.findMany({ select: { name: true }, orderBy: { name: "asc" } });
}

/**
 * FCL/LCL port matching (spec 4): a destination is unmatched when no sea-port
 * English name, spaces removed and case ignored, is contained in it, and
 * nothing resolves it either: a port's name or code, an alias, a Chinese
 * name, compared by port_name_key (decision 205: the check reports only what
 * aliases do not resolve).
 * Space checks: names (sea) or codes (air) with leading / trailing spaces.
 */
export async function runCheck(area: DataArea, check: CheckKey): Promise<CheckItem[]> {
  if (!area.checks?.includes(check)) return [];
  if (check === "portMatch") {
    // Every destination (the spec's check) and origin that no port, alias, LOCODE or Chinese name resolves: a name the
    // spec's contains-rule accepts as written ("QINGDAO WEST TERMINAL") is listed too, since customers searching for the
    // port do not find its rows (issue 40 item 2). Origins are marked with their column.
    const rows = await prisma.$queryRawUnsafe<{ name: string; column: string; rows: number }[]>(
      `WITH names AS (SELECT 'pod' AS "column", pod AS name, count(*)::int AS rows FROM "${sqlTable(area.model)}" WHERE pod IS NOT NULL GROUP BY pod
                      UNION ALL
                      SELECT 'pol', pol, count(*)::int FROM "${sqlTable(area.model)}" WHERE pol IS NOT NULL GROUP BY pol)
       SELECT n.name, n."column", n.rows FROM names n
       WHERE ${resolvedNameSql("n.name")} IS NULL
       ORDER BY n."column" DESC, n.name LIMIT ${CHECK_LIMIT}`,
    );
    return rows.map((row) => ({ text: row.name, count: row.rows, ...(row.column === "pol" ? { column: "pol" } : {}) }));
  }
  const field = sqlColumn(area.model, area.spaceCheckField ?? "name");
  const pattern = check === "leadingSpace" ? "^\\s" : "\\s$";
  const rows = await prisma.$queryRawUnsafe<{ id: number; value: string }[]>(
    `SELECT id, "${field}" AS value FROM "${sqlTable(area.model)}" WHERE "${field}" ~ $1 ORDER BY id LIMIT ${CHECK_LIMIT}`,
    pattern,
  );
  return rows.map((row) => ({ id: Number(row.id), text: row.value }));
}
