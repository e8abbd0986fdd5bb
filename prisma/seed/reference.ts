// Reference data: sea ports (UN/LOCODE), airports (IATA) and express
// destination countries with their zones.
import type { Prisma } from "../../app/generated/prisma/client.ts";
import { AIRPORT_NAMES_ZH } from "./data/airport-names-zh.ts";
import { AIRPORTS } from "./data/airports.ts";
import { COUNTRIES } from "../../app/domain/reference/data/countries.ts";
import { EXPRESS_REGIONS, EXPRESS_ZONES } from "../../app/domain/reference/data/express-zones.ts";
import { SEA_LANES, WEST_COAST_PORTS } from "./data/sea-lanes.ts";
import { SEA_PORT_NAMES } from "./data/sea-port-names-zh.ts";
import { SEA_PORTS } from "./data/sea-ports.ts";
import { bulkInsert } from "./bulk.ts";
import type { Tx } from "./types.ts";
import { pinyinOf } from "../../app/domain/reference/pinyin.ts";

export type SeaPortRow = Prisma.SeaPortCreateManyInput & { id: number; name: string; nameZh: string };
export type AirportRow = Prisma.AirportCreateManyInput & { id: number; name: string; nameZh: string };
export type ExpressCountryRow = Prisma.ExpressCountryCreateManyInput & { id: number };

export interface ReferenceData {
  seaPorts: SeaPortRow[];
  airports: AirportRow[];
  expressCountries: ExpressCountryRow[];
  /** Sea port by UN/LOCODE; throws for an unknown code (a typo in the data files). */
  port(code: string): SeaPortRow;
  airport(code: string): AirportRow;
  expressCountry(code: string): ExpressCountryRow;
}

/** "Shekou Port" → "SHEKOU", "Jakarta, Java" → "JAKARTA", "Mumbai (ex Bombay)" → "MUMBAI". */
function cleanPortName(raw: string): string {
  return raw
    .replace(/\s*\(.*$/, "")
    .replace(/,.*$/, "")
    .replace(/\s+Port$/i, "")
    .replace(/^Port of\s+/i, "")
    .trim()
    .toUpperCase();
}

function laneOf(code: string): string | null {
  const country = code.slice(0, 2);
  if (country === "US" || country === "CA") return WEST_COAST_PORTS.has(code) ? "美西线" : "美东线";
  return SEA_LANES.find((l) => l.countries.includes(country))?.name ?? null;
}

function buildSeaPorts(): SeaPortRow[] {
  // Curated ports first, in their file order, so they keep the plain name on a clash.
  const curated = Object.keys(SEA_PORT_NAMES);
  const rank = new Map(curated.map((c, i) => [c, i]));
  const sorted = [...SEA_PORTS].sort((a, b) => {
    const ra = rank.get(a[0]) ?? Infinity;
    const rb = rank.get(b[0]) ?? Infinity;
    return ra === rb ? a[0].localeCompare(b[0]) : ra - rb;
  });
  const missing = curated.filter((c) => !SEA_PORTS.some((p) => p[0] === c));
  if (missing.length) throw new Error(`Chinese port names for unknown codes: ${missing.join(", ")}`);

  // A second LOCODE of the same place (CNSGH beside CNSHA: both "Shanghai")
  // is left out: as "SHANGHAI (CNSGH)" it led customers to empty results,
  // since the rate sheets name the place, not the code (issue 45 item 8).
  // Places of the same name in other countries keep "(code)".
  const taken = new Map<string, string>();
  const rows = sorted.flatMap(([code, raw, country]) => {
    const [zh, enOverride] = SEA_PORT_NAMES[code] ?? [];
    let name = enOverride ?? cleanPortName(raw);
    if (taken.get(name) === country) return [];
    if (taken.has(name)) name = `${name} (${code})`;
    taken.set(name, country);
    const [countryName, countryNameZh] = COUNTRIES[country];
    return [{ code, name, nameZh: zh ?? name, countryCode: country, countryName, countryNameZh, lane: laneOf(code), ediCode: code }];
  });
  // Ids in code order, like an imported port list.
  rows.sort((a, b) => a.code.localeCompare(b.code));
  return rows.map((r, i) => ({ id: i + 1, ...r }));
}

function buildAirports(): AirportRow[] {
  const taken = new Set<string>();
  const rows = AIRPORTS.map(([code, raw, country], i) => {
    let name = raw.toUpperCase();
    if (taken.has(name)) name = `${name} (${code})`;
    taken.add(name);
    const [countryName, countryNameZh] = COUNTRIES[country];
    return { id: i + 1, code, name, nameZh: AIRPORT_NAMES_ZH[code] ?? name, countryName, countryNameZh };
  });
  const known = new Set(rows.map((r) => r.code));
  const missing = Object.keys(AIRPORT_NAMES_ZH).filter((c) => !known.has(c));
  if (missing.length) throw new Error(`Chinese airport names for unknown codes: ${missing.join(", ")}`);
  return rows;
}

function buildExpressCountries(): ExpressCountryRow[] {
  const rows: ExpressCountryRow[] = [];
  for (const zone of EXPRESS_ZONES) {
    for (const countryCode of zone.countries) {
      const names = EXPRESS_REGIONS[countryCode] ?? COUNTRIES[countryCode];
      if (!names) throw new Error(`Unknown express country ${countryCode}`);
      const [countryEn, countryZh] = names;
      rows.push({ id: rows.length + 1, zoneCode: zone.code, zone: zone.description, countryCode, countryZh, countryEn });
    }
  }
  return rows;
}

export function buildReferenceData(): ReferenceData {
  const seaPorts = buildSeaPorts();
  const airports = buildAirports();
  const expressCountries = buildExpressCountries();
  const byCode = <T>(rows: T[], key: (r: T) => string, what: string) => {
    const map = new Map(rows.map((r) => [key(r), r]));
    return (code: string): T => {
      const row = map.get(code);
      if (!row) throw new Error(`Unknown ${what} ${code}`);
      return row;
    };
  };
  return {
    seaPorts,
    airports,
    expressCountries,
    port: byCode(seaPorts, (r) => r.code, "sea port"),
    airport: byCode(airports, (r) => r.code, "airport"),
    expressCountry: byCode(expressCountries, (r) => r.countryCode, "express country"),
  };
}

/** Well-known other spellings of the main ports (old romanisations, common typos). */
const PORT_MISSPELLINGS: [alias: string, code: string][] = [
  ["NINGPO", "CNNGB"],
  ["TSINGTAO", "CNTAO"],
  ["TSINGTAO PORT", "CNTAO"],
  ["AMOY", "CNXMN"],
  ["CANTON", "CNCAN"],
  ["DALIAN PORT", "CNDLC"],
  ["SINGAPUR", "SGSIN"],
  ["ROTTERDAM PORT", "NLRTM"],
];

/**
 * Aliases of the main ports (decision 205): "<NAME> PORT", "<中文>港" and the
 * misspellings above. Spellings that already are a port's own name or code
 * (they resolve without an alias) and repeated keys are skipped.
 */
export function buildPortAliases(ref: ReferenceData): [alias: string, code: string][] {
  const list: [string, string][] = [];
  for (const [code, [zh]] of Object.entries(SEA_PORT_NAMES)) {
    const port = ref.seaPorts.find((p) => p.code === code);
    if (!port) continue;
    list.push([`${port.name} PORT`, code]);
    if (!zh.endsWith("港")) list.push([`${zh}港`, code]);
  }
  return [...list, ...PORT_MISSPELLINGS.filter(([, code]) => ref.seaPorts.some((p) => p.code === code))];
}

export async function seedReferenceData(tx: Tx, ref: ReferenceData): Promise<void> {
  await bulkInsert(tx, "sea_ports", ref.seaPorts);
  const pinyin = ref.seaPorts.map((p) => pinyinOf(p.nameZh));
  await tx.$executeRaw`
    UPDATE sea_ports s SET pinyin = u.spelled, pinyin_initials = u.initials, pinyin_of = s.name_zh
    FROM unnest(${ref.seaPorts.map((p) => p.id)}::int[], ${pinyin.map((p) => p.full)}::text[], ${pinyin.map((p) => p.initials)}::text[]) AS u(id, spelled, initials)
    WHERE s.id = u.id`;
  const aliases = buildPortAliases(ref);
  await tx.$executeRaw`
    INSERT INTO port_aliases (alias, key, port_id, created_by)
    SELECT a.alias, port_name_key(a.alias), p.id, 'seed'
    FROM unnest(${aliases.map((a) => a[0])}::text[], ${aliases.map((a) => a[1])}::text[]) WITH ORDINALITY AS a(alias, code, n)
    JOIN sea_ports p ON p.code = a.code
    WHERE NOT EXISTS (SELECT 1 FROM sea_ports o WHERE port_name_key(o.name) = port_name_key(a.alias) OR port_name_key(o.code) = port_name_key(a.alias))
    ORDER BY a.n
    ON CONFLICT (key) DO NOTHING`;
  await bulkInsert(tx, "airports", ref.airports);
  await tx.expressCountry.createMany({ data: ref.expressCountries });
}
