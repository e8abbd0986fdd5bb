// Express destination countries (with their zone): search over code,
// English and Chinese names and the pinyin (in memory: a few hundred rows,
// read once per table version), exact resolution, lookups by code.
import { prisma } from "~/utils/db.server";
import { cleanQuery, historyCode, resolveFrom, SUGGESTION_LIMIT, type Resolution } from "./lookup";
import { escapeLike } from "~/utils/like";
import { dataCache, readVersions, type Versions } from "~/utils/data-cache.server";
import { sqlTable } from "~/utils/sql-names.server";
import { pinyinOf } from "./pinyin";

export type CountryOption = { code: string; en: string; zh: string; zoneCode: string; zone: string };

const COLUMNS = `country_code AS code, country_en AS en, country_zh AS zh, zone_code AS "zoneCode", zone`;

type IndexedCountry = CountryOption & {
  /** Lower-case words of code, English and Chinese names, the pinyin and its initials ("us-w", "united", "states", "west", "meiguoxibu", "mgxb"). */
  words: string[];
  /** The same fields whole, lower case, one string (a contains match). */
  all: string;
};

/** Lower case, and spaces, hyphens, brackets and commas as word breaks. */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s\-()（）,，、/]+/)
    .filter(Boolean);

function indexCountry(country: CountryOption): IndexedCountry {
  const { full, initials } = pinyinOf(country.zh);
  const fields = [country.code, country.en, country.zh, full, initials];
  return { ...country, words: [country.code.toLowerCase(), ...fields.flatMap(wordsOf)], all: fields.join(" ").toLowerCase() };
}

const indexCache = dataCache<IndexedCountry[]>(2);

/** Every express country with its search words, read once per version of the table (a few hundred rows). */
async function indexedCountries(versions?: Versions): Promise<IndexedCountry[]> {
  const known = versions ?? (await readVersions());
  return indexCache.get(known, [sqlTable("expressCountry")], "all", async () => {
    const rows = await prisma.$queryRawUnsafe<CountryOption[]>(`SELECT ${COLUMNS} FROM express_countries ORDER BY id`);
    return rows.map(indexCountry);
  });
}

/**
 * Up to `limit` countries for a typed text (issue 45 item 8): by code,
 * English or Chinese name, by the pinyin of the Chinese name ("deguo" →
 * 德国) or its initials, and word by word ("US West" → United States
 * (West): "us" starts the code, "west" a word of the name). Every word typed
 * must start a word of the country (or, failing that, appear in it). Ranks:
 * a whole match first (code, name, pinyin), then every word starting a word,
 * then contains matches; shorter English names first.
 */
export async function searchCountries(query: string, limit = SUGGESTION_LIMIT, versions?: Versions): Promise<CountryOption[]> {
  const q = cleanQuery(query).toLowerCase();
  if (!q) return [];
  const typed = wordsOf(q);
  if (typed.length === 0) return [];
  const whole = q.replace(/\s+/g, "");
  const ranked: [number, IndexedCountry][] = [];
  for (const country of await indexedCountries(versions)) {
    let rank: number | null = null;
    if (country.words.includes(whole) || country.en.toLowerCase() === q || country.zh === q) rank = 0;
    else if (typed.every((word) => country.words.some((w) => w.startsWith(word)))) rank = 1;
    else if (typed.every((word) => country.all.includes(word))) rank = 2;
    if (rank !== null) ranked.push([rank, country]);
  }
  ranked.sort(([ra, a], [rb, b]) => ra - rb || a.en.length - b.en.length || a.en.localeCompare(b.en));
  return ranked.slice(0, Math.min(Math.max(limit, 1), SUGGESTION_LIMIT)).map(([, { words: _w, all: _a, ...country }]) => country);
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
