// Port names understood (issue 23 item 3, decision 205): the alias table, the
// set-based resolution of a table's port columns, the unresolved queue and
// map-and-fix. Matching is by port_name_key() (SQL, migration
// 20261128050000_port_aliases): case, spaces, punctuation and full-width
// characters ignored.
import type { Viewer } from "~/domain/accounts/viewer.server";
import { logOperation } from "~/domain/operation-log/operation-log.server";
import { Prisma, prisma } from "~/utils/db.server";
import { defineTable } from "~/domain/table/paging.server";
import { z } from "~/utils/zod";

type Tx = Prisma.TransactionClient;

/** The rate tables whose port columns hold sea-port English names (FCL, LCL; decision 205). */
/** The /portAliases list: its page sizes and the text filter. */
export const aliasTable = defineTable({ sizes: [10, 20, 50], defaultSize: 20, filters: { q: z.string().trim().max(50) } });

export const PORT_NAME_TABLES = [
  { area: "fcl", table: "fcl_rates", columns: ["pol", "pod"] },
  { area: "lcl", table: "lcl_rates", columns: ["pol", "pod"] },
] as const;
export type PortNameArea = (typeof PORT_NAME_TABLES)[number]["area"];

export type PortResolution = { column: string; from: string; to: string; rows: number };
export type UnresolvedName = { column: string; name: string; rows: number };
export type ColumnsResolution = { resolutions: PortResolution[]; unresolved: UnresolvedName[] };

const IDENT = /^[a-z_][a-z0-9_]*$/;
function ident(name: string): string {
  if (!IDENT.test(name)) throw new Error(`Not a plain SQL identifier: ${name}`);
  return `"${name}"`;
}

/**
 * The port a spelling stands for, in SQL, as the English name: a port's name,
 * then its UN/LOCODE, then an alias, then its Chinese name (each compared by
 * port_name_key). `value` is an SQL expression.
 */
export function resolvedNameSql(value: string): string {
  const exact = (v: string) => `
      (SELECT p.name FROM sea_ports p WHERE port_name_key(p.name) = port_name_key(${v}) ORDER BY p.id LIMIT 1),
      (SELECT p.name FROM sea_ports p WHERE port_name_key(p.code) = port_name_key(${v}) ORDER BY p.id LIMIT 1),
      (SELECT p.name FROM port_aliases a JOIN sea_ports p ON p.id = a.port_id WHERE a.key = port_name_key(${v})),
      (SELECT p.name FROM sea_ports p WHERE port_name_key(p.name_zh) = port_name_key(${v}) ORDER BY p.id LIMIT 1)`;
  // Free text as carriers type it (issue 40): "Rotterdam, NL", "Felixstowe(UK)" are the name before the country.
  const cleaned = `NULLIF(regexp_replace(${value}, '\\s*[,，(（].*$', ''), ${value})`;
  return `COALESCE(${exact(value)}, ${exact(cleaned)})`;
}

/**
 * The spec's port-matching rule (data-maintenance.md 4): some sea port's
 * English name, spaces removed and case ignored, is contained in `value`.
 */
export function specPortMatchSql(value: string): string {
  return `EXISTS (SELECT 1 FROM sea_ports sp WHERE regexp_replace(sp.name, '\\s', '', 'g') <> ''
      AND strpos(lower(regexp_replace(${value}, '\\s', '', 'g')), lower(regexp_replace(sp.name, '\\s', '', 'g'))) > 0)`;
}

/**
 * SQL (CTEs "names" and "known"): each distinct spelling `namesSql` gives
 * (columns name, rows) with the port it resolves to (`port`, null when
 * nothing does). The one resolution of a set of spellings: the rate tables'
 * import and the preview's staging table both use it.
 */
export function knownNamesSql(namesSql: string): string {
  return `names AS (${namesSql}), known AS (SELECT n.name, n.rows, ${resolvedNameSql("n.name")} AS port FROM names n)`;
}

/** The port each of `names` stands for (its English name), for the names that stand for one: one statement. */
export async function portsNamed(names: readonly string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await prisma.$queryRawUnsafe<{ name: string; port: string }[]>(
    `WITH ${knownNamesSql(`SELECT n.name, 0 AS rows FROM unnest($1::text[]) AS n(name)`)} SELECT name, port FROM known WHERE port IS NOT NULL`,
    [...names],
  );
  return new Map(rows.map((r) => [r.name, r.port]));
}

/**
 * Rewrites, in place and set-based, every resolvable port name of `columns`
 * in `table` to the port's English name, inside the caller's transaction.
 * Works on any table with those text columns (a rate table, or an import's
 * staging table): one statement per column (names grouped, resolved once
 * each through the alias table, then UPDATE … FROM). `ids` limits it to
 * those rows (an import's written rows); without it the whole table.
 *
 * Returns each rewrite (column, from → to, rows) and the names nothing
 * resolves that the spec's port-matching check would also report (a name
 * containing a port's name, "SHANGHAI PORT" without an alias, is left as it
 * is and is not unresolved).
 */
export async function resolvePortColumns(
  tx: Tx,
  table: string,
  columns: readonly string[],
  options: { ids?: readonly number[] } = {},
): Promise<ColumnsResolution> {
  const result: ColumnsResolution = { resolutions: [], unresolved: [] };
  const t = ident(table);
  const params: unknown[] = [];
  let filter = "TRUE";
  if (options.ids) {
    params.push([...options.ids]);
    filter = `id = ANY($1::int[])`;
  }
  for (const column of columns) {
    const c = ident(column);
    const rows = await tx.$queryRawUnsafe<{ name: string; port: string | null; rows: number; matched: boolean }[]>(
      `WITH ${knownNamesSql(`SELECT ${c} AS name, count(*)::int AS rows FROM ${t} WHERE ${filter} AND ${c} IS NOT NULL GROUP BY ${c}`)}, fixed AS (
         UPDATE ${t} AS r SET ${c} = k.port FROM known k
         WHERE r.${c} = k.name AND k.port IS NOT NULL AND k.port <> k.name AND ${filter.replace("id =", "r.id =")}
         RETURNING 1
       )
       SELECT k.name, k.port, k.rows, (k.port IS NULL AND ${specPortMatchSql("k.name")}) AS matched
       FROM known k WHERE k.port IS NULL OR k.port <> k.name
       ORDER BY k.name`,
      ...params,
    );
    for (const row of rows) {
      if (row.port !== null) result.resolutions.push({ column, from: row.name, to: row.port, rows: Number(row.rows) });
      // A name the spec's contains-rule accepts ("QINGDAO WEST TERMINAL") is still no port a customer can search for
      // (issue 40 item 2): queued like any other until staff map it.
      else result.unresolved.push({ column, name: row.name, rows: Number(row.rows) });
    }
  }
  return result;
}

/**
 * An import's port step (FCL, LCL), in its transaction: resolves the written
 * rows and puts the names nothing resolves in the unresolved queue with the
 * number of stored rows holding them.
 */
export async function resolveImportedPorts(tx: Tx, area: string, ids: readonly number[]): Promise<ColumnsResolution | null> {
  const target = PORT_NAME_TABLES.find((t) => t.area === area);
  if (!target || ids.length === 0) return null;
  const outcome = await resolvePortColumns(tx, target.table, target.columns, { ids });
  await queueUnresolved(tx, area, outcome);
  return outcome;
}

/**
 * Puts the names nothing resolves (`outcome.unresolved`) in the unresolved
 * queue of `area`, with the number of stored rows holding each. The import's
 * port step, and the commit of a preview, whose rows were staged with the
 * names already resolved (the preview's resolution, import_preview_ports).
 */
export async function queueUnresolved(tx: Tx, area: string, outcome: ColumnsResolution): Promise<void> {
  const target = PORT_NAME_TABLES.find((t) => t.area === area);
  const names = [...new Set(outcome.unresolved.map((u) => u.name))];
  if (!target || names.length === 0) return;
  const holding = target.columns.map((c) => `r.${ident(c)} = n.name`).join(" OR ");
  await tx.$executeRawUnsafe(
    `INSERT INTO port_unresolved_names (area, name, rows)
     SELECT $1, n.name, (SELECT count(*)::int FROM ${ident(target.table)} r WHERE ${holding})
     FROM unnest($2::text[]) AS n(name)
     ON CONFLICT (area, name) DO UPDATE SET rows = EXCLUDED.rows, last_seen = CURRENT_TIMESTAMP`,
    target.area,
    names,
  );
}

// ------------------------------------------------------------ the screen

export type AliasRow = {
  id: number;
  alias: string;
  portId: number;
  portCode: string;
  portName: string;
  portNameZh: string;
  createdBy: string | null;
  updatedAt: Date;
};
export type UnresolvedRow = { id: number; area: string; name: string; rows: number; firstSeen: Date };

export async function listAliases(options: { q?: string; skip: number; take: number }): Promise<{ rows: AliasRow[]; total: number }> {
  const q = (options.q ?? "").trim();
  const where = q
    ? // A query of only punctuation or spaces (%, _) has an empty key: it matches no key (strpos with '' would match every alias).
      Prisma.sql`WHERE (port_name_key(${q}) <> '' AND strpos(a.key, port_name_key(${q})) > 0) OR lower(p.code) = lower(${q}) OR lower(p.name) = lower(${q}) OR p.name_zh = ${q}`
    : Prisma.empty;
  const [rows, [{ total }]] = await Promise.all([
    prisma.$queryRaw<AliasRow[]>`
      SELECT a.id, a.alias, a.port_id AS "portId", p.code AS "portCode", p.name AS "portName", p.name_zh AS "portNameZh",
             a.created_by AS "createdBy", a.updated_at AS "updatedAt"
      FROM port_aliases a JOIN sea_ports p ON p.id = a.port_id ${where}
      ORDER BY p.name, a.alias, a.id OFFSET ${options.skip} LIMIT ${options.take}`,
    prisma.$queryRaw<{ total: number }[]>`
      SELECT count(*)::int AS total FROM port_aliases a JOIN sea_ports p ON p.id = a.port_id ${where}`,
  ]);
  return { rows, total: Number(total) };
}

export async function listUnresolved(limit = 200): Promise<UnresolvedRow[]> {
  return prisma.$queryRaw<UnresolvedRow[]>`
    SELECT id, area, name, rows, first_seen AS "firstSeen" FROM port_unresolved_names
    ORDER BY rows DESC, first_seen, id LIMIT ${limit}`;
}

export async function findAlias(id: number): Promise<AliasRow | null> {
  const rows = await prisma.$queryRaw<AliasRow[]>`
    SELECT a.id, a.alias, a.port_id AS "portId", p.code AS "portCode", p.name AS "portName", p.name_zh AS "portNameZh",
           a.created_by AS "createdBy", a.updated_at AS "updatedAt"
    FROM port_aliases a JOIN sea_ports p ON p.id = a.port_id WHERE a.id = ${id}`;
  return rows[0] ?? null;
}

export async function findUnresolved(id: number): Promise<UnresolvedRow | null> {
  return prisma.portUnresolvedName.findUnique({ where: { id }, select: { id: true, area: true, name: true, rows: true, firstSeen: true } });
}

export type AliasFailure = "emptyAlias" | "unknownPort" | "aliasTaken" | "isPortName" | "notFound";
export type AliasOutcome =
  | { ok: true; id: number; port: string; fixed: Record<PortNameArea, number> }
  | { ok: false; error: AliasFailure; values?: Record<string, string> };

type Ctx = Pick<Viewer, "id" | "username">;

/** A port typed on the form: its code or English name, exact (any case). */
async function portByCodeOrName(tx: Tx, text: string): Promise<{ id: number; name: string; code: string } | null> {
  const rows = await tx.$queryRaw<{ id: number; name: string; code: string }[]>`
    SELECT id, name, code FROM sea_ports
    WHERE lower(code) = lower(${text.trim()}) OR lower(name) = lower(${text.trim()})
    ORDER BY (lower(code) = lower(${text.trim()})) DESC, id LIMIT 1`;
  return rows[0] ?? null;
}

/**
 * Rows of FCL and LCL holding `key`'s spelling in a port column get the
 * port's name; the queue entries of that spelling go. Counts per area.
 */
async function fixStoredRows(tx: Tx, key: string, portName: string): Promise<Record<PortNameArea, number>> {
  const fixed = {} as Record<PortNameArea, number>;
  for (const target of PORT_NAME_TABLES) {
    const sets = target.columns
      .map((c) => `${ident(c)} = CASE WHEN port_name_key(${ident(c)}) = $1 THEN $2 ELSE ${ident(c)} END`)
      .join(", ");
    const where = target.columns.map((c) => `(port_name_key(${ident(c)}) = $1 AND ${ident(c)} <> $2)`).join(" OR ");
    fixed[target.area] = await tx.$executeRawUnsafe(`UPDATE ${ident(target.table)} SET ${sets} WHERE ${where}`, key, portName);
  }
  await tx.$executeRaw`DELETE FROM port_unresolved_names WHERE port_name_key(name) = ${key}`;
  return fixed;
}

/**
 * Search caches of sea ports (endpoints, suggestions) read anew after an
 * alias change, and previews resolved with the old aliases are refused. As
 * the tables' triggers do (bump_data_version), the bump is announced to every
 * app process when the transaction commits.
 */
async function bumpSeaPortVersion(tx: Tx): Promise<void> {
  await tx.$executeRaw`
    WITH bumped AS (
      UPDATE data_versions SET version = pg_current_xact_id()::text::bigint WHERE name = 'sea_ports' RETURNING version
    )
    SELECT pg_notify('data_versions', 'sea_ports:' || version) FROM bumped`;
}

/**
 * Adds (id null) or changes an alias, and fixes the rows already stored with
 * that spelling (FCL, LCL) in the same transaction; one log entry with the
 * counts. Map-and-fix of a queue entry is this with the queued name.
 */
export async function saveAlias(
  viewer: Ctx,
  input: { id: number | null; alias: string; port: string; from?: "queue" },
): Promise<AliasOutcome> {
  const alias = input.alias.replace(/\s+/g, " ").trim();
  if (!alias) return { ok: false, error: "emptyAlias" };
  return prisma.$transaction(async (tx) => {
    const [{ key }] = await tx.$queryRaw<{ key: string }[]>`SELECT port_name_key(${alias}) AS key`;
    if (!key) return { ok: false, error: "emptyAlias" } as const;
    const port = await portByCodeOrName(tx, input.port);
    if (!port) return { ok: false, error: "unknownPort", values: { port: input.port } } as const;
    // A spelling that already is a port's own name or code needs no alias (and must not point elsewhere).
    const own = await tx.$queryRaw<{ name: string }[]>`
      SELECT name FROM sea_ports WHERE port_name_key(name) = ${key} OR port_name_key(code) = ${key} LIMIT 1`;
    if (own[0]) return { ok: false, error: "isPortName", values: { port: own[0].name } } as const;
    const taken = await tx.$queryRaw<{ id: number; port: string }[]>`
      SELECT a.id, p.name AS port FROM port_aliases a JOIN sea_ports p ON p.id = a.port_id WHERE a.key = ${key}`;
    if (taken[0] && taken[0].id !== input.id) return { ok: false, error: "aliasTaken", values: { port: taken[0].port } } as const;
    let id: number;
    const before =
      input.id === null
        ? []
        : await tx.$queryRaw<{ alias: string; port: string }[]>`
            SELECT a.alias, p.name AS port FROM port_aliases a JOIN sea_ports p ON p.id = a.port_id WHERE a.id = ${input.id}`;
    if (input.id === null) {
      const [row] = await tx.$queryRaw<{ id: number }[]>`
        INSERT INTO port_aliases (alias, key, port_id, created_by) VALUES (${alias}, ${key}, ${port.id}, ${viewer.username})
        RETURNING id`;
      id = row.id;
    } else {
      const count = await tx.$executeRaw`
        UPDATE port_aliases SET alias = ${alias}, key = ${key}, port_id = ${port.id}, updated_at = CURRENT_TIMESTAMP WHERE id = ${input.id}`;
      if (count === 0) return { ok: false, error: "notFound" } as const;
      id = input.id;
    }
    const fixed = await fixStoredRows(tx, key, port.name);
    await bumpSeaPortVersion(tx);
    await logOperation(tx, viewer, {
      module: input.from === "queue" ? "portAliasMap" : input.id === null ? "add" : "edit",
      operation: "portAliases",
      targetIds: id,
      params: { fclRows: fixed.fcl, lclRows: fixed.lcl },
      before: before[0] ?? null,
      after: { alias, port: port.name },
    });
    return { ok: true, id, port: port.name, fixed } as const;
  });
}

export async function deleteAlias(viewer: Ctx, id: number): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ alias: string; port: string }[]>`
      DELETE FROM port_aliases a USING sea_ports p WHERE a.id = ${id} AND p.id = a.port_id RETURNING a.alias, p.name AS port`;
    if (!rows[0]) return false;
    await bumpSeaPortVersion(tx);
    await logOperation(tx, viewer, { module: "delete", operation: "portAliases", targetIds: id, before: { ...rows[0] } });
    return true;
  });
}

/** Map-and-fix: the queued name becomes an alias of `port`, its rows are fixed. */
export async function mapUnresolved(viewer: Ctx, queueId: number, port: string): Promise<AliasOutcome> {
  const entry = await findUnresolved(queueId);
  if (!entry) return { ok: false, error: "notFound" };
  return saveAlias(viewer, { id: null, alias: entry.name, port, from: "queue" });
}

/** Drops a queue entry without mapping it (a name staff decide to leave). */
export async function dismissUnresolved(viewer: Ctx, queueId: number): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ name: string }[]>`DELETE FROM port_unresolved_names WHERE id = ${queueId} RETURNING name`;
    if (!rows[0]) return false;
    await logOperation(tx, viewer, { module: "dismiss", operation: "portAliases", targetIds: queueId, params: { name: rows[0].name } });
    return true;
  });
}
