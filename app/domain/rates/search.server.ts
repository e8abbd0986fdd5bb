// One generic rate search over the mode descriptions: the rows valid today
// for a route, the route facts for everyone, and the prices of exactly the
// viewer's tier. The Prisma `select` is built from the tier (tierSelect), so
// the other tiers are never read from the database.
import type { RateField, RateFieldOf, RateModel } from "~/domain/catalog";
import type { Currency, ModeDescription } from "~/domain/modes";
import { readTierPrices, tierField, tierSelect } from "~/domain/pricing/tier-columns";
import type { Tier } from "~/domain/pricing/visibility";
import { formatDate } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { validToday } from "./validity.server";
import { dateToLocalDateTime } from "~/domain/data-areas/dates";

export const PAGE_SIZE = 20;
/** Sorting by the all-in total reads the route's rows up to this many (a route has tens). */
export const TOTAL_SORT_LIMIT = 1_000;
/** "total": sorted by the shipment's all-in total on the server (rates/totals.server.ts). */
export type SortKey = "price" | "validity" | "total";

export type RateRow = {
  id: number;
  paused: boolean;
  /** Fact values by fact key (fees only for priced viewers). */
  facts: Record<string, string | null>;
  validFrom: string | null;
  /** The last valid day, with its time when that is not the end of the day (LCL: "2026-11-30 18:00"). */
  validTo: string | null;
  /** Modes whose valid_to is a date-time (LCL): "YYYY-MM-DD HH:mm:ss", Shanghai wall-clock time (the API's valid_to). */
  validToTime?: string | null;
  /** Prices by price key, the viewer's tier only; null when the viewer sees no price. */
  prices: Record<string, string | null> | null;
  currency: Currency | string;
};

export type RatePage = {
  rows: RateRow[];
  total: number;
  page: number;
  pageCount: number;
  sort: SortKey;
};

// What a rate query may say, typed by the fields Prisma generates for the
// table it runs on (RateFieldOf<M>): a misspelt field, or a field of another
// mode's table, in a where, select, order or group is a tsc error. One query
// serves every mode (its description names the fields): for a mode known
// only as `ModeDescription`, M is every rate model and the fields those of
// any rate table (RateField); for one mode (`modeOf("air")`), its own.
type Direction = "asc" | "desc";
/** Fields to read. */
export type RateSelect<M extends RateModel = RateModel> = { [F in RateFieldOf<M>]?: true };
/** Conditions on fields (values as Prisma's filters take them), combined with AND / OR. */
export type RateWhere<M extends RateModel = RateModel> = { [F in RateFieldOf<M>]?: unknown } & {
  AND?: RateWhere<M>[];
  OR?: RateWhere<M>[];
};
type RateOrder<M extends RateModel = RateModel> = { [F in RateFieldOf<M>]?: Direction | { sort: Direction; nulls: "first" | "last" } };

export type RateDelegate<M extends RateModel = RateModel> = {
  findMany(args: {
    where: RateWhere<M>;
    select: RateSelect<M>;
    orderBy?: RateOrder<M>[];
    skip?: number;
    take?: number;
  }): Promise<Record<string, unknown>[]>;
  count(args: { where: RateWhere<M> }): Promise<number>;
  groupBy(args: {
    by: RateFieldOf<M>[];
    where: RateWhere<M>;
    orderBy: RateOrder<M> | { _count: RateOrder<M> };
    _count?: { _all: true };
    take?: number;
  }): Promise<Record<string, unknown>[]>;
};

/** The rate table of a mode (the description names the Prisma model); its queries take that table's fields. */
export function rateDelegate<M extends RateModel>(mode: { model: M }): RateDelegate<M> {
  // Each model's delegate takes its own argument types; RateDelegate<M> is what they have in common for these queries.
  return prisma[mode.model] as unknown as RateDelegate<M>;
}

/** Visitors cannot sort by a price they do not see (that would leak its order). */
export function effectiveSort(requested: string | null | undefined, tier: Tier | null): SortKey {
  if (!tier) return "validity";
  return requested === "validity" ? "validity" : "price";
}

export function clampPage(page: number, pageCount: number): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, pageCount));
}

/** Public fact fields of a mode plus what every row needs. */
function baseSelect(mode: ModeDescription): RateSelect {
  const select: RateSelect = { id: true, paused: true, validFrom: true, validTo: true };
  for (const fact of mode.facts) {
    if (fact.fee || fact.kind === "validity" || fact.field === "validity") continue;
    select[fact.field] = true;
    if (fact.fallback) select[fact.fallback] = true;
  }
  if ("field" in mode.currency) select[mode.currency.field] = true;
  return select;
}

function factText(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (value instanceof Date) return formatDate(value);
  if (typeof value === "object" && "toFixed" in (value as object)) return String(value);
  return String(value);
}

/**
 * A validity end as customers read it: the day alone for a DATE (midnight)
 * and for the end of a day (23:59:59, what a date means for LCL), else the
 * day and the time to the minute.
 */
export function validityEndText(value: Date): string {
  const time = value.toISOString().slice(11, 19);
  return time === "00:00:00" || time === "23:59:59" ? formatDate(value) : `${formatDate(value)} ${time.slice(0, 5)}`;
}

/** A database row as the page shows it (tier prices under generic keys). */
export function toRateRow(mode: ModeDescription, tier: Tier | null, row: Record<string, unknown>): RateRow {
  const facts: Record<string, string | null> = {};
  for (const fact of mode.facts) {
    if (fact.kind === "validity") continue;
    if (fact.fee && !tier) continue;
    facts[fact.key] = factText(row[fact.field]) ?? (fact.fallback ? factText(row[fact.fallback]) : null);
  }
  return {
    id: row.id as number,
    paused: row.paused === true,
    facts,
    validFrom: row.validFrom ? formatDate(row.validFrom as Date) : null,
    validTo: row.validTo ? validityEndText(row.validTo as Date) : null,
    ...(mode.validToTime ? { validToTime: row.validTo ? dateToLocalDateTime(row.validTo as Date) : null } : {}),
    prices: tier ? readTierPrices(mode, tier, row) : null,
    currency: "fixed" in mode.currency ? mode.currency.fixed : String(row[mode.currency.field] ?? ""),
  };
}

export type RouteMatch = { [F in RateField]?: string };

/** Carriers on a route today (for the optional carrier filter). */
export async function routeCarriers(mode: ModeDescription, match: RouteMatch, today: Date): Promise<string[]> {
  const rows = await rateDelegate(mode).groupBy({
    by: ["carrier"],
    where: { ...match, ...validToday(today), carrier: { not: null } },
    orderBy: { carrier: "asc" },
  });
  return rows.map((r) => String(r.carrier));
}

export async function searchRates(options: {
  mode: ModeDescription;
  /** Rate column → resolved value, e.g. { pol: "SHANGHAI", pod: "BATAM" }. */
  match: RouteMatch;
  tier: Tier | null;
  sort: SortKey;
  page: number;
  today: Date;
  carrier?: string | null;
  /** Every row of the route (up to TOTAL_SORT_LIMIT) on one page, in price order. */
  all?: boolean;
}): Promise<RatePage> {
  const { mode, match, tier, today } = options;
  const delegate = rateDelegate(mode);
  const where = { ...match, ...(options.carrier ? { carrier: options.carrier } : {}), ...validToday(today) };
  const sort = effectiveSort(options.sort, tier);
  const priceField = tier ? tierField(mode, mode.sortPrice, tier) : null;
  const orderBy: RateOrder[] =
    sort === "price" && priceField
      ? [{ [priceField]: { sort: "asc", nulls: "last" } }, { id: "asc" }]
      : [{ validTo: { sort: "desc", nulls: "first" } }, { id: "asc" }];

  const size = options.all ? TOTAL_SORT_LIMIT : PAGE_SIZE;
  const read = (page: number) =>
    delegate.findMany({
      where,
      select: { ...baseSelect(mode), ...tierSelect(mode, tier) },
      orderBy,
      skip: (page - 1) * size,
      take: size,
    });
  // The count and the asked-for page side by side; the page is read again
  // only when it lies past the last one (then the last page is shown).
  const asked = clampPage(options.page, Number.MAX_SAFE_INTEGER);
  const [total, askedRows] = await Promise.all([delegate.count({ where }), read(asked)]);
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = clampPage(options.page, pageCount);
  const rows = total === 0 ? [] : page === asked ? askedRows : await read(page);
  return { rows: rows.map((row) => toRateRow(mode, tier, row)), total, page, pageCount, sort };
}
