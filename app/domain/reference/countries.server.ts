// Express destination countries (with their zone): contains-search over
// code, English and Chinese names, exact resolution, lookups by code.
import { prisma } from "~/utils/db.server";
import { cleanQuery, historyCode, resolveFrom, SUGGESTION_LIMIT, type Resolution } from "./lookup";
import { containsPattern, escapeLike, prefixPattern } from "~/utils/like";

export type CountryOption = { code: string; en: string; zh: string; zoneCode: string; zone: string };

const COLUMNS = `country_code AS code, country_en AS en, country_zh AS zh, zone_code AS "zoneCode", zone`;

export async function searchCountries(query: string, limit = SUGGESTION_LIMIT): Promise<CountryOption[]> {
  const q = cleanQuery(query);
  if (!q) return [];
  const escaped = escapeLike(q);
  const contains = containsPattern(q);
  const prefix = prefixPattern(q);
  return prisma.$queryRawUnsafe<CountryOption[]>(
    `SELECT ${COLUMNS} FROM express_countries
     WHERE country_code ILIKE $1 OR country_en ILIKE $1 OR country_zh ILIKE $1
     ORDER BY
       CASE
         WHEN country_code ILIKE $2 OR country_en ILIKE $2 OR country_zh ILIKE $2 THEN 0
         WHEN country_code ILIKE $3 OR country_en ILIKE $3 OR country_zh ILIKE $3 THEN 1
         ELSE 2
       END,
       length(country_en), country_en
     LIMIT $4`,
    contains,
    escaped,
    prefix,
    Math.min(Math.max(limit, 1), SUGGESTION_LIMIT),
  );
}

export async function resolveCountry(text: string): Promise<Resolution<CountryOption>> {
  const q = cleanQuery(text);
  if (!q) return { status: "notFound" };
  const escaped = escapeLike(historyCode(q) ?? q);
  const exact = await prisma.$queryRawUnsafe<CountryOption[]>(
    `SELECT ${COLUMNS} FROM express_countries
     WHERE country_code ILIKE $1 OR country_en ILIKE $1 OR country_zh ILIKE $1
     LIMIT ${SUGGESTION_LIMIT}`,
    escaped,
  );
  const resolved = await resolveFrom(
    exact,
    () => searchCountries(q),
    (c) => c.code,
  );
  return resolved.status === "notFound" ? { status: "notFound", similar: await similarCountries(q) } : resolved;
}

/** Near spellings ("germny" → Germany): pg_trgm similarity over the names. */
export async function similarCountries(query: string, limit = 5): Promise<CountryOption[]> {
  const q = cleanQuery(query);
  if (q.length < 3) return [];
  return prisma.$queryRawUnsafe<CountryOption[]>(
    `SELECT ${COLUMNS} FROM express_countries
     WHERE country_en % $1 OR country_zh % $1
     ORDER BY greatest(similarity(country_en, $1), similarity(country_zh, $1)) DESC, length(country_en)
     LIMIT $2`,
    q,
    limit,
  );
}

export async function countriesByCodes(codes: readonly string[]): Promise<CountryOption[]> {
  if (codes.length === 0) return [];
  const rows = await prisma.expressCountry.findMany({ where: { countryCode: { in: [...codes] } } });
  return codes
    .map((code) => rows.find((r) => r.countryCode === code))
    .filter((r) => !!r)
    .map((r) => ({ code: r.countryCode, en: r.countryEn, zh: r.countryZh, zoneCode: r.zoneCode, zone: r.zone }));
}
