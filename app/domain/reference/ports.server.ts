// Sea ports and airports: contains-search over code, English and Chinese
// names (trigram-indexed ILIKE), exact resolution, lookups by code. Shared by
// the customer pickers and, later, the data-maintenance screens.
import { Prisma, prisma } from "~/utils/db.server";
import { cleanQuery, escapeLike, historyCode, resolveFrom, SUGGESTION_LIMIT, type Resolution } from "./lookup";

export type PortKind = "sea" | "air";
export type PortOption = { code: string; name: string; nameZh: string };

const TABLE: Record<PortKind, Prisma.Sql> = {
  sea: Prisma.raw("sea_ports"),
  air: Prisma.raw("airports"),
};

/**
 * Up to `limit` ports whose code, name or Chinese name contains `q`
 * (case-insensitive); exact matches first, then prefix matches, then the rest
 * by name length (so "SHANGHAI" comes before "SHANGHAI (CNSGH)").
 */
export async function searchPorts(kind: PortKind, query: string, limit = SUGGESTION_LIMIT): Promise<PortOption[]> {
  const q = cleanQuery(query);
  if (!q) return [];
  const escaped = escapeLike(q);
  const contains = `%${escaped}%`;
  const prefix = `${escaped}%`;
  return prisma.$queryRaw<PortOption[]>`
    SELECT code, name, name_zh AS "nameZh" FROM ${TABLE[kind]}
    WHERE code ILIKE ${contains} OR name ILIKE ${contains} OR name_zh ILIKE ${contains}
    ORDER BY
      CASE
        WHEN code ILIKE ${escaped} OR name ILIKE ${escaped} OR name_zh ILIKE ${escaped} THEN 0
        WHEN code ILIKE ${prefix} OR name ILIKE ${prefix} OR name_zh ILIKE ${prefix} THEN 1
        ELSE 2
      END,
      length(name), name
    LIMIT ${Math.min(Math.max(limit, 1), SUGGESTION_LIMIT)}`;
}

async function exactPorts(kind: PortKind, q: string): Promise<PortOption[]> {
  const escaped = escapeLike(q);
  return prisma.$queryRaw<PortOption[]>`
    SELECT code, name, name_zh AS "nameZh" FROM ${TABLE[kind]}
    WHERE code ILIKE ${escaped} OR name ILIKE ${escaped} OR name_zh ILIKE ${escaped}
    ORDER BY (code ILIKE ${escaped}) DESC, length(name), name
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
