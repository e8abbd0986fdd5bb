// Sea ports and airports: contains-search over code, English and Chinese
// names (index-backed: see searchPorts), exact resolution, lookups by code. Shared by
// the customer pickers and, later, the data-maintenance screens.
import { Prisma, prisma } from "~/utils/db.server";
import { cleanQuery, historyCode, resolveFrom, SUGGESTION_LIMIT, type Resolution } from "./lookup";
import { containsPattern, prefixPattern } from "~/utils/like";
import { ensurePortPinyin } from "./port-pinyin.server";
import { dataCache, type Versions } from "~/utils/data-cache.server";
import { sqlTable } from "~/utils/sql-names.server";

export type PortKind = "sea" | "air";
export type PortOption = { code: string; name: string; nameZh: string };

const TABLE: Record<PortKind, Prisma.Sql> = {
  sea: Prisma.raw("sea_ports"),
  air: Prisma.raw("airports"),
};

/**
 * Every run of one, two and three adjacent characters of code, name and
 * Chinese name, in lower case (SQL function and GIN index *_grams_idx of
 * migration 20261122030000_port_lookup_indexes).
 */
const GRAMS = Prisma.raw(`port_search_grams(code, name, name_zh)`);

/**
 * Sea ports only (decision 205): the ports a spelling reaches through the
 * alias table or the pinyin of the Chinese name ("shanghai", "sh", "Shang
 * Hai", "上海港"), all compared by port_name_key: `exact` the whole key,
 * otherwise its prefix. Index-backed (port_aliases_key_prefix,
 * sea_ports_pinyin*_prefix, sea_ports_name_port_key). Each branch reads the
 * port row itself, with its rank, so no branch joins the others back to
 * sea_ports. Ranks (issue 45 item 8): 0 the whole pinyin or alias, or the
 * initials of a port whose English name starts with the text too ("sh" is
 * both 上海's initials and SHANGHAI's start); 1 a prefix of the pinyin, an
 * alias or the name; 2 the initials alone ("sh" is also 神户's, KOBE's);
 * 3 a prefix of the initials. So "sh" lists SHANGHAI first and KOBE after
 * the ports whose names start with SH.
 */
function aliasOrPinyin(q: string, exact: boolean, limit?: number): Prisma.Sql {
  const key = Prisma.sql`port_name_key(${q})`;
  const match = (column: Prisma.Sql) => (exact ? Prisma.sql`${column} = ${key}` : Prisma.sql`${column} LIKE ${key} || '%'`);
  const pinyinRank = Prisma.sql`CASE
      WHEN p.pinyin = ${key} THEN 0
      WHEN p.pinyin_initials = ${key} AND port_name_key(p.name) LIKE ${key} || '%' THEN 0
      WHEN p.pinyin LIKE ${key} || '%' THEN 1
      WHEN p.pinyin_initials = ${key} THEN 2
      ELSE 3 END`;
  // With a limit, each branch keeps only its first rows in the search order:
  // a port a branch leaves out has `limit` ports before it, in that branch,
  // and so in the union too.
  const top = limit === undefined ? Prisma.empty : Prisma.sql`ORDER BY rank, length(p.name), p.name LIMIT ${limit}`;
  return Prisma.sql`
    (SELECT p.code, p.name, p.name_zh, ${pinyinRank} AS rank FROM sea_ports p
     WHERE ${key} <> '' AND (${match(Prisma.raw("p.pinyin"))} OR ${match(Prisma.raw("p.pinyin_initials"))}) ${top})
    UNION ALL
    (SELECT p.code, p.name, p.name_zh, CASE WHEN a.key = ${key} THEN 0 ELSE 1 END AS rank FROM port_aliases a JOIN sea_ports p ON p.id = a.port_id
     WHERE ${key} <> '' AND ${match(Prisma.raw("a.key"))} ${top})
    UNION ALL
    (SELECT p.code, p.name, p.name_zh, CASE WHEN port_name_key(p.name) = ${key} THEN 0 ELSE 1 END AS rank FROM sea_ports p
     WHERE ${key} <> '' AND port_name_key(p.name) = ${key} ${top})`;
}

/**
 * Up to `limit` ports whose code, name or Chinese name contains `q`
 * (case-insensitive); exact matches first, then prefix matches, then the rest
 * by name length (so "SHANGHAI" comes before "SHANGHAI (CNSGH)").
 *
 * Index-backed at 10,000 ports (docs/benchmarks.md, search at scale), with
 * the result of a plain contains query: first the exact and prefix matches
 * (B-trees on lower(...)); only when they do not fill the list, the other
 * contains matches by name length, found through the grams index (the rows
 * holding the query, when it is one to three characters long: an exact
 * match, or every run of three of its characters, then checked with ILIKE).
 * Never through the trigram indexes as well: a bitmap of both is lossy, and
 * its recheck computes port_search_grams for every candidate row (0.5 ms a
 * row: "mina" took 850 ms at 10,000 ports).
 * One statement: the second part is skipped when ports ranked 0 to 2 fill the
 * list (a prefix of the initials, rank 3, never keeps a contains match out).
 */
export async function searchPorts(kind: PortKind, query: string, limit = SUGGESTION_LIMIT): Promise<PortOption[]> {
  const q = cleanQuery(query);
  // The grams hold chr(31) between the columns: such a query matches nothing.
  if (!q || q.includes("\u001f")) return [];
  const take = Math.min(Math.max(limit, 1), SUGGESTION_LIMIT);
  const prefix = prefixPattern(q);
  const contains = containsPattern(q);
  if (kind === "sea") await ensurePortPinyin();
  const extra = kind === "sea" ? Prisma.sql`UNION ALL ${aliasOrPinyin(q, false, take)}` : Prisma.empty;
  // Longer queries: the rows holding every run of three of its characters,
  // then one ILIKE over the three columns joined (an expression no trigram
  // index covers, so the planner cannot AND those lossy indexes in).
  const containing =
    [...q].length <= 3
      ? Prisma.sql`${GRAMS} @> port_query_grams(${q})`
      : Prisma.sql`${GRAMS} @> port_query_grams(${q}) AND concat_ws(chr(31), code, name, name_zh) ILIKE ${contains}`;
  return prisma.$queryRaw<PortOption[]>`
    WITH starting AS (
      SELECT code, name, name_zh, min(rank) AS rank FROM (
        (SELECT code, name, name_zh,
                CASE WHEN lower(code) = lower(${q}) OR lower(name) = lower(${q}) OR lower(name_zh) = lower(${q}) THEN 0 ELSE 1 END AS rank
         FROM ${TABLE[kind]} p
         WHERE lower(code) LIKE lower(${prefix}) OR lower(name) LIKE lower(${prefix}) OR lower(name_zh) LIKE lower(${prefix})
         ORDER BY rank, length(name), name LIMIT ${take})
        ${extra}
      ) prefixed
      GROUP BY code, name, name_zh
      ORDER BY rank, length(name), name
      LIMIT ${take}
    ), others AS (
      -- Contains matches rank 2: before a prefix of the initials (rank 3), so they are read whenever the list is
      -- not full of ports ranked above them.
      SELECT code, name, name_zh, 2 AS rank
      FROM ${TABLE[kind]}
      WHERE (SELECT count(*) FROM starting WHERE rank < 3) < ${take}
        AND ${containing}
        AND code NOT IN (SELECT code FROM starting)
      ORDER BY length(name), name
      LIMIT ${take}
    )
    SELECT code, name, name_zh AS "nameZh" FROM (SELECT * FROM starting UNION ALL SELECT * FROM others) found
    ORDER BY rank, length(name), name
    LIMIT ${take}`;
}

/** What the typeahead reads, per kind: the ports, and for sea ports their aliases (decision 205). */
const TYPEAHEAD_TABLES: Record<PortKind, readonly string[]> = {
  sea: [sqlTable("seaPort"), sqlTable("portAlias")],
  air: [sqlTable("airport")],
};

/**
 * The typeahead's answers (the pickers' quiet lookups and the API's), per
 * kind and cleaned query, while the tables they come from keep the versions
 * this request sees: a new alias or port shows on the next request of any
 * process. One-letter queries are the slow ones (every port starting with
 * the letter is read to order them) and the most repeated. Bounded: the
 * least recently used answers go first. The answers are language-free
 * (code, name, Chinese name); callers label them.
 */
const typeahead = dataCache<PortOption[]>(5_000);

export function suggestPorts(versions: Versions, kind: PortKind, query: string): Promise<PortOption[]> {
  const q = cleanQuery(query);
  if (!q) return Promise.resolve([]);
  return typeahead.get(versions, TYPEAHEAD_TABLES[kind], `${kind}|${q}`, () => searchPorts(kind, q));
}

/**
 * Ports whose code, name or Chinese name is `q` in any case; codes first.
 * Sea ports, when none is: by name with case, spaces and punctuation
 * ignored, by alias, by full pinyin or initials (decision 205).
 */
async function exactPorts(kind: PortKind, q: string): Promise<PortOption[]> {
  const found = await prisma.$queryRaw<PortOption[]>`
    SELECT code, name, name_zh AS "nameZh" FROM ${TABLE[kind]}
    WHERE lower(code) = lower(${q}) OR lower(name) = lower(${q}) OR lower(name_zh) = lower(${q})
    ORDER BY (lower(code) = lower(${q})) DESC, length(name), name
    LIMIT ${SUGGESTION_LIMIT}`;
  if (found.length > 0 || kind !== "sea") return found;
  await ensurePortPinyin();
  return prisma.$queryRaw<PortOption[]>`
    SELECT code, name, "nameZh" FROM (SELECT DISTINCT code, name, name_zh AS "nameZh" FROM (${aliasOrPinyin(q, true)}) matched) found
    ORDER BY length(name), name
    LIMIT ${SUGGESTION_LIMIT}`;
}

/**
 * The port a typed text stands for: an exact code or name (any case), a
 * pasted history entry, or the single port containing the text; otherwise
 * the candidates for a "did you mean" list.
 */
export async function resolvePort(kind: PortKind, text: string): Promise<Resolution<PortOption>> {
  const q = cleanQuery(text);
  if (!q) return { status: "notFound" };
  const code = historyCode(q);
  let exact = await exactPorts(kind, code ?? q);
  // An exact code beats a name that happens to equal another port's code.
  const byCode = exact.filter((p) => p.code.toLowerCase() === (code ?? q).toLowerCase());
  if (byCode.length === 1) exact = byCode;
  const resolved = await resolveFrom(
    exact,
    () => searchPorts(kind, q),
    (p) => p.code,
  );
  return resolved.status === "notFound" ? { status: "notFound", similar: await similarPorts(kind, q) } : resolved;
}

/** Near spellings ("shanghia" → SHANGHAI): pg_trgm similarity over code and names. */
export async function similarPorts(kind: PortKind, query: string, limit = 5): Promise<PortOption[]> {
  const q = cleanQuery(query);
  if (q.length < 3) return [];
  return prisma.$queryRaw<PortOption[]>`
    SELECT code, name, name_zh AS "nameZh" FROM ${TABLE[kind]}
    WHERE name % ${q} OR code % ${q} OR name_zh % ${q}
    ORDER BY greatest(similarity(name, ${q}), similarity(code, ${q}), similarity(name_zh, ${q})) DESC, length(name), name
    LIMIT ${limit}`;
}

/** Ports by code, in the order asked for (unknown codes skipped). */
export async function portsByCodes(kind: PortKind, codes: readonly string[]): Promise<PortOption[]> {
  if (codes.length === 0) return [];
  const select = { code: true, name: true, nameZh: true } as const;
  const rows =
    kind === "sea"
      ? await prisma.seaPort.findMany({ where: { code: { in: [...codes] } }, select })
      : await prisma.airport.findMany({ where: { code: { in: [...codes] } }, select });
  return codes.map((c) => rows.find((r) => r.code === c)).filter((r): r is PortOption => !!r);
}

/** Suggestions per name shown beside an unresolved port name. */
export const NEAREST_PORTS = 3;

/**
 * The sea ports nearest to each name nothing resolves (issue 40 item 2: the
 * preview's unresolved names and the unresolved queue): the name as a
 * customer's search would read it (exact code, name, alias, pinyin or
 * initials, contained), then near spellings (trigram similarity); the name's
 * part before a comma or bracket too ("ZZ HARBOUR, NL").
 */
export async function nearestPorts(names: readonly string[]): Promise<Map<string, PortOption[]>> {
  const found = new Map<string, PortOption[]>();
  for (const name of new Set(names)) {
    const candidates: PortOption[] = [];
    for (const text of new Set([name, name.replace(/\s*[,，(（].*$/, "")])) {
      if (!cleanQuery(text)) continue;
      const resolution = await resolvePort("sea", text);
      candidates.push(
        ...(resolution.status === "found"
          ? [resolution.option]
          : resolution.status === "ambiguous"
            ? resolution.candidates
            : (resolution.similar ?? [])),
      );
    }
    const seen = new Set<string>();
    found.set(name, candidates.filter((p) => !seen.has(p.code) && seen.add(p.code)).slice(0, NEAREST_PORTS));
  }
  return found;
}
