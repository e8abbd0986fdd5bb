// The results pages' reads that many requests share, cached while the tables
// they come from are unchanged (utils/data-cache.server.ts): a typed endpoint
// resolved to a port or country, the rail and trailer lists, a route's rows,
// count and carriers for one tier, sort and page, the visitors' default
// suggestions. A search after an import, edit or
// delete reads anew. What is one user's own (session, history, contacts) is
// read for every request.
import type { ModeDescription, SearchField } from "~/domain/modes";
import type { CountryOption } from "~/domain/reference/countries.server";
import type { LandLists } from "~/domain/rates/land.server";
import { dataCache, type VersionedTable, type Versions } from "~/utils/data-cache.server";
import { sqlTable } from "~/utils/sql-names.server";
import { CATALOG_MODELS } from "~/domain/catalog";
import type { ExchangeRateUsed } from "~/domain/pricing/currency";
import { ratesOn } from "~/domain/reference/exchange-rates.server";
import { landListsFor, resolveEndpoint, type Endpoint } from "./endpoints.server";
import { searchExpress } from "./express.server";
import { routeCarriers, searchRates, type RatePage, type RouteMatch, type SortKey } from "./search.server";
import { defaultSuggestions, type FieldSuggestions } from "./suggestions.server";

/**
 * The tables with a version row (and a trigger): every table of the catalog,
 * the site settings, the exchange rates and the port aliases (the port
 * typeahead), by their SQL names from the schema.
 */
export const VERSIONED_TABLES: readonly VersionedTable[] = [
  ...CATALOG_MODELS,
  "siteSetting" as const,
  "exchangeRate" as const,
  "portAlias" as const,
].map((model) => sqlTable(model));

const dateKey = (date: Date) => date.toISOString().slice(0, 10);

/** The reference table a picker resolves against (none: rail and trailer lists come from the rates). */
const PICKER_TABLE: Record<SearchField["picker"], VersionedTable | null> = {
  sea: sqlTable("seaPort"),
  air: sqlTable("airport"),
  express: sqlTable("expressCountry"),
  rail: null,
  trailer: null,
};

const endpoints = dataCache<Endpoint>(5_000);
const lists = dataCache<LandLists | null>(100);
const pages = dataCache<RatePage>(2_000);
const carriers = dataCache<string[]>(1_000);
const exchangeRates = dataCache<Map<string, ExchangeRateUsed>>(10);
const suggestions = dataCache<Record<string, FieldSuggestions>>(100);

export function cachedEndpoint(
  versions: Versions,
  mode: ModeDescription,
  field: SearchField,
  text: string,
  lng: string,
  landLists: LandLists | null,
): Promise<Endpoint> {
  const table = PICKER_TABLE[field.picker];
  // Rail and trailer text is resolved against the (cached) lists in memory.
  if (!table) return resolveEndpoint(mode, field, text, lng, landLists);
  return endpoints.get(versions, [table], `${mode.key}|${field.param}|${lng}|${text}`, () =>
    resolveEndpoint(mode, field, text, lng, landLists),
  );
}

/** The exchange rates valid on `today` (decision 402). */
export function cachedExchangeRates(versions: Versions, today: Date): Promise<Map<string, ExchangeRateUsed>> {
  return exchangeRates.get(versions, [sqlTable("exchangeRate")], dateKey(today), () => ratesOn(today));
}

export function cachedLandLists(versions: Versions, mode: ModeDescription, today: Date): Promise<LandLists | null> {
  return lists.get(versions, [sqlTable(mode.model)], `${mode.key}|${dateKey(today)}`, () => landListsFor(mode, today));
}

export function cachedRates(
  versions: Versions,
  options: Parameters<typeof searchRates>[0] & { carrier: string | null },
): Promise<RatePage> {
  const { mode, match, tier, sort, page, today, carrier, all } = options;
  const key = `${mode.key}|${JSON.stringify(match)}|${tier ?? "-"}|${sort}|${page}|${carrier ?? ""}|${all ? "all" : ""}|${dateKey(today)}`;
  return pages.get(versions, [sqlTable(mode.model)], key, () => searchRates(options));
}

export function cachedCarriers(versions: Versions, mode: ModeDescription, match: RouteMatch, today: Date): Promise<string[]> {
  return carriers.get(versions, [sqlTable(mode.model)], `${mode.key}|${JSON.stringify(match)}|${dateKey(today)}`, () =>
    routeCarriers(mode, match, today),
  );
}

export function cachedExpress(
  versions: Versions,
  options: { mode: ModeDescription; country: CountryOption; weight: string; priced: boolean; sort: SortKey; page: number; today: Date },
): Promise<RatePage> {
  const { mode, country, weight, priced, sort, page, today } = options;
  const key = `${mode.key}|${country.code}|${country.zoneCode}|${weight}|${priced}|${sort}|${page}|${dateKey(today)}`;
  return pages.get(versions, [sqlTable(mode.model)], key, () => searchExpress(options));
}

/** Visitors' suggestions: the spec's defaults of each field. */
export function cachedDefaultSuggestions(
  versions: Versions,
  mode: ModeDescription,
  lng: string,
): Promise<Record<string, FieldSuggestions>> {
  const tables = mode.fields.map((f) => PICKER_TABLE[f.picker]).filter((t): t is VersionedTable => t !== null);
  return suggestions.get(versions, tables, `${mode.key}|${lng}`, () => defaultSuggestions(mode, lng));
}
