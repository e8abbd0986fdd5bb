// The insights dashboard (issue 24, docs/decisions/701-insights.md): what
// customers search for and do not find, the top lanes and their conversion,
// the growing lanes, the daily or weekly trend, a lane's price history and
// the customers who search without booking. Every figure is one SQL
// aggregate over the daily rollup (rollup.server.ts) or over indexed columns
// of the rate tables and the entrustments. The lane figures name no customer
// and count every customer's searches for whoever holds the insights right;
// the customers' own rows follow the staff member's data view
// (views.server.ts). Returns plain data (no Response).
import { blankControlCharacters } from "~/utils/control-characters";
import type { ModeDescription } from "~/domain/modes";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { customerIdsInScope } from "~/domain/permissions/views.server";
import { addDays, defineTable, parseTableQuery } from "~/domain/table/paging.server";
import { dataAreas } from "~/domain/data-areas";
import { sql } from "~/utils/db.server";
import { sqlColumn, sqlTable } from "~/utils/sql-names.server";
import { formatDate, fromShanghaiWallClock, todayInShanghai } from "~/utils/dates";
import { laneOf, type InsightTable } from "~/domain/import-export/lanes";
import { laneColumns, laneKeySql } from "~/domain/import-export/batches.server";
import { dataOperation, mayPerform } from "~/domain/permissions/operations.server";

/** The default period: the past 90 days (the rollup materialises it: rollup.server.ts). */
export const DEFAULT_PERIOD_DAYS = 90;
/** The period: a date range (Shanghai days), the past 90 days by default. */
export const insightsPeriod = defineTable({ dateRange: { defaultDays: [-(DEFAULT_PERIOD_DAYS - 1), 0] } });
/** How many rows each table shows (and exports). */
export const TOP_LIMIT = 20;
export const GROWTH_LIMIT = 20;
export const UNMET_LIMIT = 50;
export const CUSTOMER_LIMIT = 100;
/** Versions of a lane's rate rows in its price history. */
export const PRICE_LIMIT = 500;
/** "Several times": the fewest searches of one lane that list a customer. */
export const DEFAULT_MIN_SEARCHES = 3;

export type Period = { from: string; to: string };

/**
 * What staff can do about an unmet lane, each only for those who hold its
 * operation: map an unknown name to a port (the alias queue), open the data
 * area on the lane, or add a single rate to it (the add dialog filled with
 * the lane), or open the lane's price requests on the desk (issue 43:
 * added by the page's loader, domain/price-requests/insights.server.ts).
 */
export type LaneAction =
  | { kind: "alias"; href: string; name: string }
  | { kind: "area"; href: string }
  | { kind: "addRate"; href: string }
  | { kind: "requests"; href: string; count: number };
export type UnmetLane = {
  origin: string;
  destination: string;
  searches: number;
  customers: number;
  lastSearched: string;
  rateNow: boolean;
  actions: LaneAction[];
};
export type TopLane = { origin: string; destination: string; searches: number; bookings: number; conversion: number | null };
/** A lane's searches in the period and in the as long period before it. */
export type GrowingLane = {
  origin: string;
  destination: string;
  searches: number;
  previous: number;
  change: number;
  growth: number | null;
};
/** Searches and bookings of a day, or of a week (`day` is then its Monday, or the period's first day). */
export type DayPoint = { day: string; searches: number; bookings: number };
export type TrendGroup = "day" | "week";
/**
 * One version of a rate row of the lane: its prices from `day` (Shanghai) on,
 * until the import that replaced them or the end of its validity, whichever
 * comes first (`until`; null only for a version valid without end and not
 * replaced; `replacedBy`: the import, null for the row as it is now).
 */
export type PricePoint = {
  id: number;
  carrier: string | null;
  day: string;
  until: string | null;
  validFrom: string | null;
  validTo: string | null;
  t0: number | null;
  t1: number | null;
  t2: number | null;
  /** The (Shanghai) day of the import that replaced it: the next version's first day. */
  replacedOn: string | null;
  replacedBy: { batchId: number; fileName: string; username: string | null; at: string } | null;
};
/** The lowest price of each tier among the versions valid on a day (null: no valid rate that day, a gap). */
export type DailyPrice = { day: string; t0: number | null; t1: number | null; t2: number | null };
export type IdleCustomer = {
  userId: number;
  username: string;
  company: string | null;
  phone: string;
  email: string;
  sales: string | null;
  origin: string;
  destination: string;
  searches: number;
  lastSearched: string;
  /** The customer in the user list (the edit dialog for those who may edit users); null without the user list. */
  href: string | null;
};

export type InsightsOptions = {
  period: Period;
  minSearches: number;
  lane: { origin: string; destination: string } | null;
  /** Unmet lanes with no valid rate today only ("still no rate"). */
  noRate: boolean;
  group: TrendGroup;
  /** The price history of one carrier (modes with a carrier); null: every carrier. */
  carrier: string | null;
};

export type Insights = InsightsOptions & {
  /** The period before, as long as the period (growing lanes compare with it). */
  previous: Period;
  refreshedAt: string | null;
  unmet: UnmetLane[];
  topBySearches: TopLane[];
  topByBookings: TopLane[];
  growth: GrowingLane[];
  trend: DayPoint[];
  prices: PricePoint[];
  /** The lane's carriers among its versions (the price history's choice; empty for modes without a carrier). */
  carriers: string[];
  dailyPrices: DailyPrice[];
  idle: IdleCustomer[];
};

/** The period and options of a request's URL (bad values fall back to the defaults). */
export function insightsQuery(url: URL): InsightsOptions {
  const { range, today } = parseTableQuery(url, insightsPeriod);
  const to = range?.to ?? today;
  const from = range?.from ?? addDays(to, -(DEFAULT_PERIOD_DAYS - 1));
  const min = Number(url.searchParams.get("min"));
  const minSearches = Number.isInteger(min) && min >= 2 && min <= 1000 ? min : DEFAULT_MIN_SEARCHES;
  const clean = (name: string) =>
    blankControlCharacters(url.searchParams.get(name) ?? "")
      .trim()
      .slice(0, 100);
  const origin = clean("origin");
  const destination = clean("destination");
  return {
    period: { from, to },
    minSearches,
    lane: origin && destination ? { origin, destination } : null,
    noRate: url.searchParams.get("norate") === "1",
    group: url.searchParams.get("group") === "week" ? "week" : "day",
    carrier: clean("carrier") || null,
  };
}

/** The days of a period, in order. */
function daysOf(period: Period): string[] {
  const days: string[] = [];
  for (let day = period.from; day <= period.to && days.length <= 3660; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The instant a Shanghai day begins, as an ISO string for a timestamp column (UTC). */
const dayStart = (day: string) => fromShanghaiWallClock(day).toISOString();

/**
 * What every statement over the rollup shares: mode, period, the customers
 * counted (null: all, as the lane figures count them) and whether the period
 * is the one insight_period_searches holds.
 */
type Frame = { mode: string; from: string; to: string; startAt: string; endAt: string; ids: number[] | null; materialised: boolean };

// $1 mode, $2 first day, $3 last day, $4 customer ids (null = all).
const SCOPE = `s.mode = $1::transport_mode AND ($4::int[] IS NULL OR s.user_id = ANY($4::int[]))`;
/**
 * The searches per customer and lane of the period: the materialised default
 * period (one row per customer and lane; $2 and $3 are its days, checked by
 * the caller) or the daily rollup (a row per day).
 */
const searchesOf = (f: Frame) =>
  f.materialised
    ? `insight_period_searches s WHERE ${SCOPE} AND $2::date <= $3::date`
    : `insight_daily_searches s WHERE ${SCOPE} AND s.day BETWEEN $2::date AND $3::date`;
// $1 mode, $5 start instant, $6 end instant, $4 customer ids.
const BOOKING_WHERE = `e.mode = $1::transport_mode AND e.kind = 'ORDER' AND e.created_at >= $5::timestamp AND e.created_at < $6::timestamp AND ($4::int[] IS NULL OR e.user_id = ANY($4::int[]))`;
const frameValues = (f: Frame) => [f.mode, f.from, f.to, f.ids, f.startAt, f.endAt];

function bookingLane(mode: ModeDescription) {
  // Bookings carry the rate row's two lane fields as pol/pod (booking/source.server.ts).
  return { origin: "e.pol", destination: "e.pod", mode };
}

/** The rate-table condition "valid on day $day" for a table alias. */
const validOn = (alias: string, day: string) =>
  `(${alias}.valid_from IS NULL OR ${alias}.valid_from <= ${day}) AND (${alias}.valid_to IS NULL OR ${alias}.valid_to >= ${day})`;

/** A lane mode's rate table and lane columns: the same the import batches key their chunks' lanes by (laneColumns). */
export function rateLaneSql(mode: ModeDescription) {
  return { table: sqlTable(mode.model), ...laneColumns(mode.model)! };
}

/** Which of the screens the dashboard links to the viewer may use (links are offered only where they lead). */
export type InsightLinks = { area: boolean; addRate: boolean; alias: boolean; userEdit: boolean; userList: boolean };

export function insightLinks(viewer: Viewer, mode: ModeDescription): InsightLinks {
  const area = dataAreas[mode.key];
  return {
    area: mayPerform(viewer, dataOperation(area.key, "read")),
    addRate: !!area.edit?.add && mayPerform(viewer, dataOperation(area.key, "edit")),
    alias: mayPerform(viewer, "portAlias.save"),
    userEdit: mayPerform(viewer, "user.update"),
    userList: mayPerform(viewer, "user.read"),
  };
}

/** The actions of an unmet lane the viewer may follow (an unknown end: only its mapping). */
function laneActions(mode: ModeDescription, lane: { origin: string; destination: string }, unknown: string | null, links: InsightLinks) {
  const actions: LaneAction[] = [];
  if (unknown) {
    if (links.alias)
      actions.push({ kind: "alias", name: unknown, href: `/portAliases?${new URLSearchParams({ name: unknown })}#port-aliases-form` });
    return actions;
  }
  const area = dataAreas[mode.key];
  const onLane = new URLSearchParams({ [areaParam(mode, "from")]: lane.origin, [areaParam(mode, "to")]: lane.destination });
  if (links.area) actions.push({ kind: "area", href: `${area.path}?${onLane}` });
  // The add dialog takes the lane from the list's filter parameters (data-area screen).
  if (links.addRate) actions.push({ kind: "addRate", href: `${area.path}?${onLane}&add=1` });
  return actions;
}

async function unmetLanes(mode: ModeDescription, f: Frame, today: string, noRate: boolean, links: InsightLinks): Promise<UnmetLane[]> {
  const rate = rateLaneSql(mode);
  // The materialised period has one row per customer and lane: counting rows counts customers (a hash
  // aggregate; the DISTINCT of the daily rollup sorts every row).
  const customers = f.materialised ? "count(*)" : "count(DISTINCT s.user_id)";
  // "Still no rate": checked in the sorted order until the page is full.
  const stillNone = noRate
    ? `WHERE NOT EXISTS (SELECT 1 FROM ${rate.table} r WHERE r.${rate.origin} = l.origin AND r.${rate.destination} = l.destination AND ${validOn("r", "$5::date")})`
    : "";
  const rows = await sql<{ origin: string; destination: string; searches: number; customers: number; last_at: Date }>(
    `SELECT l.* FROM (
       SELECT s.origin, s.destination, sum(s.unmet)::int AS searches, ${customers}::int AS customers, max(s.last_at) AS last_at
         FROM ${searchesOf(f)} AND s.unmet > 0
        GROUP BY s.origin, s.destination) l
      ${stillNone}
      ORDER BY l.searches DESC, l.last_at DESC, l.origin, l.destination
      LIMIT ${UNMET_LIMIT}`,
    [...frameValues(f).slice(0, 4), ...(noRate ? [today] : [])],
  );
  if (rows.length === 0) return [];
  const lane = laneOf(mode);
  // Known names: sea ports by name, airports by code (what the search logs); land lists have no table.
  const known =
    lane.from.picker === "sea" ? "SELECT name AS v FROM sea_ports" : lane.from.picker === "air" ? "SELECT code AS v FROM airports" : null;
  const checks = await sql<{ n: number; rate_now: boolean; origin_known: boolean; destination_known: boolean }>(
    `SELECT l.n::int AS n,
            EXISTS (SELECT 1 FROM ${rate.table} r WHERE r.${rate.origin} = l.o AND r.${rate.destination} = l.d AND ${validOn("r", "$3::date")}) AS rate_now,
            ${known ? `EXISTS (SELECT 1 FROM (${known}) k WHERE k.v = l.o)` : "true"} AS origin_known,
            ${known ? `EXISTS (SELECT 1 FROM (${known}) k WHERE k.v = l.d)` : "true"} AS destination_known
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS l(o, d, n)`,
    [rows.map((r) => r.origin), rows.map((r) => r.destination), today],
  );
  const byN = new Map(checks.map((c) => [c.n, c]));
  return rows.map((row, i) => {
    const check = byN.get(i + 1)!;
    const unknown = !check.origin_known ? row.origin : !check.destination_known ? row.destination : null;
    return {
      origin: row.origin,
      destination: row.destination,
      searches: row.searches,
      customers: row.customers,
      lastSearched: row.last_at.toISOString(),
      rateNow: check.rate_now,
      actions: laneActions(mode, row, unknown, links),
    };
  });
}

/** The data area's filter parameter of a lane end (its filter on the rate column). */
function areaParam(mode: ModeDescription, role: "from" | "to"): string {
  const lane = laneOf(mode);
  const column = (role === "from" ? lane.from : lane.to).column!;
  const filter = dataAreas[mode.key].filters.find((flt) => "field" in flt && flt.field === column);
  return filter?.param ?? column;
}

async function topLanes(mode: ModeDescription, f: Frame, by: "searches" | "bookings"): Promise<TopLane[]> {
  const b = bookingLane(mode);
  const searches = `SELECT s.origin, s.destination, sum(s.searches)::int AS searches FROM ${searchesOf(f)} GROUP BY 1, 2`;
  const bookings = `SELECT ${b.origin} AS origin, ${b.destination} AS destination, count(*)::int AS bookings FROM entrustments e WHERE ${BOOKING_WHERE} AND ${b.origin} IS NOT NULL AND ${b.destination} IS NOT NULL GROUP BY 1, 2`;
  const [lead, other, leadCol] = by === "searches" ? [searches, bookings, "searches"] : [bookings, searches, "bookings"];
  const rows = await sql<{ origin: string; destination: string; searches: number | null; bookings: number | null }>(
    `WITH lead AS (${lead} ORDER BY ${leadCol} DESC, 1, 2 LIMIT ${TOP_LIMIT})
     SELECT lead.*, other.${leadCol === "searches" ? "bookings" : "searches"}
       FROM lead LEFT JOIN (${other}) other ON other.origin = lead.origin AND other.destination = lead.destination
      ORDER BY lead.${leadCol} DESC, lead.origin, lead.destination`,
    frameValues(f),
  );
  return rows.map((r) => {
    const s = r.searches ?? 0;
    const k = r.bookings ?? 0;
    return { origin: r.origin, destination: r.destination, searches: s, bookings: k, conversion: s > 0 ? k / s : null };
  });
}

/** The lanes whose searches grew most against the as long period before (`$4`: its first day). */
async function growingLanes(f: Frame, previous: Period): Promise<GrowingLane[]> {
  const sums = f.materialised
    ? `SELECT g.origin, g.destination, g.searches, g.previous FROM insight_period_lanes g WHERE g.mode = $1::transport_mode AND $2::date <= $3::date AND $4::date < $2::date`
    : `SELECT s.origin, s.destination, (sum(s.searches) FILTER (WHERE s.day >= $2::date))::int AS searches,
              COALESCE(sum(s.searches) FILTER (WHERE s.day < $2::date), 0)::int AS previous
         FROM insight_daily_searches s WHERE s.mode = $1::transport_mode AND s.day BETWEEN $4::date AND $3::date
        GROUP BY 1, 2`;
  const rows = await sql<{ origin: string; destination: string; searches: number; previous: number }>(
    `SELECT g.origin, g.destination, g.searches, g.previous FROM (${sums}) g
      WHERE g.searches > g.previous
      ORDER BY g.searches - g.previous DESC, g.searches DESC, g.origin, g.destination
      LIMIT ${GROWTH_LIMIT}`,
    [f.mode, f.from, f.to, previous.from],
  );
  return rows.map((r) => ({
    ...r,
    change: r.searches - r.previous,
    growth: r.previous > 0 ? (r.searches - r.previous) / r.previous : null,
  }));
}

async function trend(f: Frame, group: TrendGroup): Promise<DayPoint[]> {
  // A week is labelled by its Monday, the first one by the period's first day when the period starts later.
  const bucket = group === "week" ? "GREATEST(date_trunc('week', d.day)::date, $2::date)" : "d.day::date";
  const rows = await sql<{ day: Date; searches: number; bookings: number }>(
    `WITH s AS (SELECT s.day, s.searches AS n FROM insight_daily_totals s WHERE s.mode = $1::transport_mode AND s.day BETWEEN $2::date AND $3::date),
          b AS (SELECT (e.created_at AT TIME ZONE 'UTC' AT TIME ZONE 'Asia/Shanghai')::date AS day, count(*)::int AS n FROM entrustments e WHERE ${BOOKING_WHERE} GROUP BY 1)
     SELECT ${bucket} AS day, sum(COALESCE(s.n, 0))::int AS searches, sum(COALESCE(b.n, 0))::int AS bookings
       FROM generate_series($2::date, $3::date, interval '1 day') AS d(day)
       LEFT JOIN s ON s.day = d.day::date LEFT JOIN b ON b.day = d.day::date
      GROUP BY 1
      ORDER BY 1`,
    frameValues(f),
  );
  return rows.map((r) => ({ day: formatDate(r.day), searches: r.searches, bookings: r.bookings }));
}

/** The price column a lane's history follows: the mode's sort price, per tier. */
export function historyPrice(mode: ModeDescription) {
  const price = mode.prices.find((p) => p.key === mode.sortPrice && p.tiers) ?? mode.prices.find((p) => p.tiers)!;
  return price;
}

const img = (column: string) => `v.img->>'${column}'`;

/**
 * A lane's price history: every version of every rate row that is or was on
 * the lane, set-based from the rows and the import history (decision 204):
 * each kept, not undone import batch holds the before-image of every row it
 * updated (the version it replaced, which ends on the batch's day) and the
 * ids it inserted: in the compact form (import_batch_chunks: the chunks
 * whose lanes hold the lane give the rows whose image was on it; only the
 * chunks whose id range meets the lane's rows are opened for their
 * versions) or, for batches from before it, the old form. A version begins at its validity start (its update day
 * when it has none); one written by an import over an earlier version begins
 * no earlier than that import's day. So a price lowered by an import shows
 * its old value up to the import and the new one from it.
 */
async function priceHistory(mode: ModeDescription, lane: { origin: string; destination: string }): Promise<PricePoint[]> {
  // FCL and air rows name their carrier (the results page's carrier filter is on that column).
  const carrier = mode.carrierFilter ? `${img(sqlColumn(mode.model, "carrier"))}` : "NULL";
  const rate = rateLaneSql(mode);
  const tiers = historyPrice(mode).tiers!;
  const key = (field: string) => `'${sqlColumn(mode.model, field)}'`;
  const day = (expr: string) => `(${expr} AT TIME ZONE 'UTC' AT TIME ZONE 'Asia/Shanghai')::date`;
  const rows = await sql<{
    id: number;
    carrier: string | null;
    start: Date;
    ended: Date | null;
    valid_from: string | null;
    valid_to: string | null;
    t0: string | null;
    t1: string | null;
    t2: string | null;
    batch_id: number | null;
    file_name: string | null;
    username: string | null;
    batch_at: Date | null;
  }>(
    `WITH batches AS (
       SELECT b.id, b.created_at, b.file_name, b.username FROM import_batches b WHERE b.area = $3 AND b.undone_at IS NULL
     ), lane_rows AS (
       SELECT r.id FROM ${rate.table} r WHERE r.${rate.origin} = $1 AND r.${rate.destination} = $2
       UNION
       SELECT br.row_id FROM import_batch_rows_v1 br JOIN batches b ON b.id = br.batch_id
        WHERE br.before IS NOT NULL AND br.before->>'${rate.origin}' = $1 AND br.before->>'${rate.destination}' = $2
       UNION
       SELECT u.row_id FROM batches b JOIN import_batch_chunks c ON c.batch_id = b.id AND c.lanes @> ARRAY[${laneKeySql("$1", "$2")}]
        CROSS JOIN LATERAL (SELECT u.row_id, u.before::${rate.table} AS img FROM unnest(c.row_ids, c.befores) AS u(row_id, before)
                             WHERE u.before IS NOT NULL OFFSET 0) u
        WHERE (u.img).${rate.origin} = $1 AND (u.img).${rate.destination} = $2
     ), versions AS (
       SELECT br.row_id AS id, br.before AS img, b.id AS batch_id, b.created_at AS at, b.file_name, b.username
         FROM batches b JOIN import_batch_rows_v1 br ON br.batch_id = b.id
        WHERE br.row_id IN (SELECT id FROM lane_rows)
       UNION ALL
       SELECT u.row_id, to_jsonb(u.before::${rate.table}), b.id, b.created_at, b.file_name, b.username
         FROM batches b JOIN import_batch_chunks c ON c.batch_id = b.id
              CROSS JOIN LATERAL unnest(c.row_ids, c.befores) AS u(row_id, before)
        WHERE EXISTS (SELECT 1 FROM lane_rows l WHERE l.id BETWEEN c.chunk AND c.last_id) AND u.row_id IN (SELECT id FROM lane_rows)
       UNION ALL
       SELECT r.id, to_jsonb(r), NULL, NULL, NULL, NULL FROM ${rate.table} r WHERE r.id IN (SELECT id FROM lane_rows)
     ), chained AS (
       SELECT v.*, lag(v.at) OVER w AS written_at, lag(v.img IS NOT NULL) OVER w AS over_earlier
         FROM versions v
       WINDOW w AS (PARTITION BY v.id ORDER BY v.at NULLS LAST, v.batch_id NULLS LAST)
     ), lane_versions AS (
       SELECT v.*, COALESCE(left(${img("valid_from")}, 10)::date, ${day(`(${img("updated_at")})::timestamp`)}) AS own_start
         FROM chained v
        WHERE v.img IS NOT NULL AND ${img(rate.origin)} = $1 AND ${img(rate.destination)} = $2
     )
     SELECT v.id, ${carrier} AS carrier,
            CASE WHEN v.over_earlier THEN GREATEST(v.own_start, ${day("v.written_at")}) ELSE v.own_start END AS start,
            ${day("v.at")} AS ended,
            left(${img("valid_from")}, 10) AS valid_from, left(${img("valid_to")}, 10) AS valid_to,
            v.img->>${key(tiers.T0)} AS t0, v.img->>${key(tiers.T1)} AS t1, v.img->>${key(tiers.T2)} AS t2,
            v.batch_id, v.file_name, v.username, v.at AS batch_at
       FROM lane_versions v
      ORDER BY start, v.id, v.at NULLS LAST
      LIMIT ${PRICE_LIMIT}`,
    [lane.origin, lane.destination, dataAreas[mode.key].key],
  );
  const num = (v: string | null) => (v === null ? null : Number(v));
  // A version lasts until the import that replaced it or the end of its validity, whichever comes first.
  const until = (ended: string | null, validTo: string | null) =>
    ended && validTo ? (ended < validTo ? ended : validTo) : (ended ?? validTo);
  return rows.map((r) => ({
    id: r.id,
    carrier: r.carrier,
    day: formatDate(r.start),
    until: until(r.ended ? formatDate(r.ended) : null, r.valid_to),
    replacedOn: r.ended ? formatDate(r.ended) : null,
    validFrom: r.valid_from,
    validTo: r.valid_to,
    t0: num(r.t0),
    t1: num(r.t1),
    t2: num(r.t2),
    replacedBy:
      r.batch_id === null
        ? null
        : { batchId: r.batch_id, fileName: r.file_name ?? "", username: r.username, at: r.batch_at!.toISOString() },
  }));
}

/**
 * The chart of a lane's prices: per day of the period, the lowest price of
 * each tier among the versions in force that day (from its first day, before
 * the import that replaced it) and valid that day; a day without any is a gap.
 */
export function dailyLowest(points: PricePoint[], period: Period): DailyPrice[] {
  return daysOf(period).map((day) => {
    const valid = points.filter(
      (p) =>
        p.day <= day && (!p.replacedOn || day < p.replacedOn) && (!p.validFrom || p.validFrom <= day) && (!p.validTo || p.validTo >= day),
    );
    const lowest = (tier: "t0" | "t1" | "t2") => {
      const prices = valid.map((p) => p[tier]).filter((v): v is number => v !== null);
      return prices.length ? Math.min(...prices) : null;
    };
    return { day, t0: lowest("t0"), t1: lowest("t1"), t2: lowest("t2") };
  });
}

async function idleCustomers(mode: ModeDescription, f: Frame, minSearches: number, links: InsightLinks): Promise<IdleCustomer[]> {
  const unbooked = `NOT EXISTS (SELECT 1 FROM entrustments e WHERE e.user_id = s.user_id AND e.mode = $1::transport_mode AND e.kind = 'ORDER'
                      AND e.pol = s.origin AND e.pod = s.destination AND e.created_at >= $5::timestamp AND e.created_at < $6::timestamp)`;
  // The materialised period is already one row per customer and lane (no grouping to do).
  const [searches, lastAt] = f.materialised ? ["s.searches", "s.last_at"] : ["sum(s.searches)::int", "max(s.last_at)"];
  const rows = await sql<{
    user_id: number;
    username: string;
    company: string | null;
    phone: string;
    email: string;
    sales: string | null;
    origin: string;
    destination: string;
    searches: number;
    last_at: Date;
  }>(
    `WITH idle AS (
       SELECT s.user_id, s.origin, s.destination, ${searches} AS searches, ${lastAt} AS last_at
         FROM ${searchesOf(f)}
        ${f.materialised ? `AND s.searches >= $7 AND ${unbooked}` : `GROUP BY 1, 2, 3 HAVING sum(s.searches) >= $7 AND ${unbooked}`}
        ORDER BY searches DESC, last_at DESC, 1, 2, 3
        LIMIT ${CUSTOMER_LIMIT})
     SELECT idle.*, u.username, u.company, u.phone, u.email, sales.username AS sales
       FROM idle JOIN users u ON u.id = idle.user_id LEFT JOIN users sales ON sales.id = u.sales_id
      ORDER BY idle.searches DESC, idle.last_at DESC, idle.user_id, idle.origin, idle.destination`,
    [...frameValues(f), minSearches],
  );
  return rows.map((r) => ({
    userId: r.user_id,
    username: r.username,
    company: r.company,
    phone: r.phone,
    email: r.email,
    sales: r.sales,
    origin: r.origin,
    destination: r.destination,
    searches: r.searches,
    lastSearched: r.last_at.toISOString(),
    href: links.userEdit
      ? `/userList?${new URLSearchParams({ q: r.username, dialog: "edit", id: String(r.user_id) })}`
      : links.userList
        ? `/userList?${new URLSearchParams({ q: r.username })}`
        : null,
  }));
}

/** Every figure of the dashboard for one mode and period, as the viewer may see them. */
export async function loadInsights(
  viewer: Viewer,
  mode: ModeDescription,
  options: InsightsOptions,
  only?: InsightTable,
): Promise<Insights> {
  const { period, minSearches, lane } = options;
  const [ids, [state]] = await Promise.all([
    customerIdsInScope(viewer),
    sql<{ refreshed_at: Date; period_from: Date | null; period_to: Date | null }>(
      `SELECT refreshed_at, period_from, period_to FROM insight_rollup_state WHERE id = 1`,
    ),
  ]);
  const materialised = !!state?.period_from && formatDate(state.period_from) === period.from && formatDate(state.period_to!) === period.to;
  // The lane figures count every customer; only the customers' own rows follow the viewer's data view.
  const lanes: Frame = {
    mode: mode.enumValue,
    from: period.from,
    to: period.to,
    startAt: dayStart(period.from),
    endAt: dayStart(addDays(period.to, 1)),
    ids: null,
    materialised,
  };
  const length = daysOf(period).length;
  const previous = { from: addDays(period.from, -length), to: addDays(period.from, -1) };
  const today = formatDate(todayInShanghai());
  const links = insightLinks(viewer, mode);
  const want = (t: InsightTable) => !only || only === t;
  const none = Promise.resolve([]);
  const [unmet, topBySearches, topByBookings, growth, days, versions, idle] = await Promise.all([
    want("unmet") ? unmetLanes(mode, lanes, today, options.noRate, links) : none,
    want("topSearches") ? topLanes(mode, lanes, "searches") : none,
    want("topBookings") ? topLanes(mode, lanes, "bookings") : none,
    want("growth") ? growingLanes(lanes, previous) : none,
    want("trend") ? trend(lanes, options.group) : none,
    want("prices") && lane ? priceHistory(mode, lane) : none,
    want("customers") ? idleCustomers(mode, { ...lanes, ids }, minSearches, links) : none,
  ]);
  const all = versions as PricePoint[];
  const carriers = [...new Set(all.map((p) => p.carrier).filter((c): c is string => !!c))].sort();
  const carrier = options.carrier && carriers.includes(options.carrier) ? options.carrier : null;
  const prices = carrier ? all.filter((p) => p.carrier === carrier) : all;
  return {
    ...options,
    carrier,
    previous,
    refreshedAt: state?.refreshed_at.toISOString() ?? null,
    unmet: unmet as UnmetLane[],
    topBySearches: topBySearches as TopLane[],
    topByBookings: topByBookings as TopLane[],
    growth: growth as GrowingLane[],
    trend: days as DayPoint[],
    prices,
    carriers,
    dailyPrices: lane && want("prices") ? dailyLowest(prices, period) : [],
    idle: idle as IdleCustomer[],
  };
}
