// The insights dashboard (issue 24, docs/decisions/701-insights.md): what
// customers search for and do not find, the top lanes and their conversion,
// the daily trend, a lane's price history and the customers who search
// without booking. Every figure is one SQL aggregate over the daily rollup
// (rollup.server.ts) or over indexed columns of the rate tables and the
// entrustments; the staff member's data view (views.server.ts) limits the
// customers counted. Returns plain data (no Response).
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

/** The default period: the past 90 days (the rollup materialises it: rollup.server.ts). */
export const DEFAULT_PERIOD_DAYS = 90;
/** The period: a date range (Shanghai days), the past 90 days by default. */
export const insightsPeriod = defineTable({ dateRange: { defaultDays: [-(DEFAULT_PERIOD_DAYS - 1), 0] } });
/** How many rows each table shows (and exports). */
export const TOP_LIMIT = 20;
export const UNMET_LIMIT = 50;
export const CUSTOMER_LIMIT = 100;
/** Versions of a lane's rate rows in its price history. */
export const PRICE_LIMIT = 500;
/** "Several times": the fewest searches of one lane that list a customer. */
export const DEFAULT_MIN_SEARCHES = 3;

export type Period = { from: string; to: string };

export type UnmetLane = {
  origin: string;
  destination: string;
  searches: number;
  customers: number;
  lastSearched: string;
  rateNow: boolean;
  /** Where the one action goes: the data area on that lane, or the alias queue with the unknown name. */
  action: { kind: "area"; href: string } | { kind: "alias"; href: string; name: string };
};
export type TopLane = { origin: string; destination: string; searches: number; bookings: number; conversion: number | null };
export type DayPoint = { day: string; searches: number; bookings: number };
/**
 * One version of a rate row of the lane: its prices from `day` (Shanghai) on,
 * until the import that replaced them (`until`, `replacedBy`; null: the row
 * as it is now).
 */
export type PricePoint = {
  id: number;
  day: string;
  until: string | null;
  validFrom: string | null;
  validTo: string | null;
  t0: number | null;
  t1: number | null;
  t2: number | null;
  replacedBy: { batchId: number; fileName: string; username: string | null; at: string } | null;
};
export type IdleCustomer = {
  userId: number;
  username: string;
  company: string | null;
  phone: string;
  sales: string | null;
  origin: string;
  destination: string;
  searches: number;
  lastSearched: string;
  href: string;
};

export type Insights = {
  period: Period;
  minSearches: number;
  lane: { origin: string; destination: string } | null;
  refreshedAt: string | null;
  unmet: UnmetLane[];
  topBySearches: TopLane[];
  topByBookings: TopLane[];
  trend: DayPoint[];
  prices: PricePoint[];
  idle: IdleCustomer[];
};

/** The period and options of a request's URL (bad values fall back to the defaults). */
export function insightsQuery(url: URL): { period: Period; minSearches: number; lane: { origin: string; destination: string } | null } {
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
  return { period: { from, to }, minSearches, lane: origin && destination ? { origin, destination } : null };
}

/** The instant a Shanghai day begins, as an ISO string for a timestamp column (UTC). */
const dayStart = (day: string) => fromShanghaiWallClock(day).toISOString();

/**
 * What every statement over the rollup shares: mode, period, the customers in
 * scope, and whether the period is the one insight_period_searches holds.
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

async function unmetLanes(mode: ModeDescription, f: Frame, today: string): Promise<UnmetLane[]> {
  // The materialised period has one row per customer and lane: counting rows counts customers (a hash
  // aggregate; the DISTINCT of the daily rollup sorts every row).
  const customers = f.materialised ? "count(*)" : "count(DISTINCT s.user_id)";
  const rows = await sql<{ origin: string; destination: string; searches: number; customers: number; last_at: Date }>(
    `SELECT s.origin, s.destination, sum(s.unmet)::int AS searches, ${customers}::int AS customers, max(s.last_at) AS last_at
       FROM ${searchesOf(f)} AND s.unmet > 0
      GROUP BY s.origin, s.destination
      ORDER BY searches DESC, last_at DESC, s.origin, s.destination
      LIMIT ${UNMET_LIMIT}`,
    frameValues(f).slice(0, 4),
  );
  if (rows.length === 0) return [];
  const rate = rateLaneSql(mode);
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
  const area = dataAreas[mode.key];
  return rows.map((row, i) => {
    const check = byN.get(i + 1)!;
    const unknown = !check.origin_known ? row.origin : !check.destination_known ? row.destination : null;
    const action: UnmetLane["action"] = unknown
      ? { kind: "alias", name: unknown, href: `/portAliases?${new URLSearchParams({ name: unknown })}#port-aliases-form` }
      : {
          kind: "area",
          href: `${area.path}?${new URLSearchParams({ [areaParam(mode, "from")]: row.origin, [areaParam(mode, "to")]: row.destination })}`,
        };
    return {
      origin: row.origin,
      destination: row.destination,
      searches: row.searches,
      customers: row.customers,
      lastSearched: row.last_at.toISOString(),
      rateNow: check.rate_now,
      action,
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

async function trend(f: Frame): Promise<DayPoint[]> {
  // All customers: the day's total; some: the sum of their rows.
  const searches =
    f.ids === null
      ? `SELECT s.day, s.searches AS n FROM insight_daily_totals s WHERE s.mode = $1::transport_mode AND s.day BETWEEN $2::date AND $3::date AND $4::int[] IS NULL`
      : `SELECT s.day, sum(s.searches)::int AS n FROM insight_daily_users s WHERE ${SCOPE} AND s.day BETWEEN $2::date AND $3::date GROUP BY 1`;
  const rows = await sql<{ day: Date; searches: number; bookings: number }>(
    `WITH s AS (${searches}),
          b AS (SELECT (e.created_at AT TIME ZONE 'UTC' AT TIME ZONE 'Asia/Shanghai')::date AS day, count(*)::int AS n FROM entrustments e WHERE ${BOOKING_WHERE} GROUP BY 1)
     SELECT d.day::date AS day, COALESCE(s.n, 0) AS searches, COALESCE(b.n, 0) AS bookings
       FROM generate_series($2::date, $3::date, interval '1 day') AS d(day)
       LEFT JOIN s ON s.day = d.day::date LEFT JOIN b ON b.day = d.day::date
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
  const rate = rateLaneSql(mode);
  const tiers = historyPrice(mode).tiers!;
  const key = (field: string) => `'${sqlColumn(mode.model, field)}'`;
  const img = (column: string) => `v.img->>'${column}'`;
  const day = (expr: string) => `(${expr} AT TIME ZONE 'UTC' AT TIME ZONE 'Asia/Shanghai')::date`;
  const rows = await sql<{
    id: number;
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
     SELECT v.id,
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
  return rows.map((r) => ({
    id: r.id,
    day: formatDate(r.start),
    until: r.ended ? formatDate(r.ended) : null,
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

async function idleCustomers(mode: ModeDescription, f: Frame, minSearches: number): Promise<IdleCustomer[]> {
  const unbooked = `NOT EXISTS (SELECT 1 FROM entrustments e WHERE e.user_id = s.user_id AND e.mode = $1::transport_mode AND e.kind = 'ORDER'
                      AND e.pol = s.origin AND e.pod = s.destination AND e.created_at >= $5::timestamp AND e.created_at < $6::timestamp)`;
  // The materialised period is already one row per customer and lane (no grouping to do).
  const [searches, lastAt] = f.materialised ? ["s.searches", "s.last_at"] : ["sum(s.searches)::int", "max(s.last_at)"];
  const rows = await sql<{
    user_id: number;
    username: string;
    company: string | null;
    phone: string;
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
     SELECT idle.*, u.username, u.company, u.phone, sales.username AS sales
       FROM idle JOIN users u ON u.id = idle.user_id LEFT JOIN users sales ON sales.id = u.sales_id
      ORDER BY idle.searches DESC, idle.last_at DESC, idle.user_id, idle.origin, idle.destination`,
    [...frameValues(f), minSearches],
  );
  return rows.map((r) => ({
    userId: r.user_id,
    username: r.username,
    company: r.company,
    phone: r.phone,
    sales: r.sales,
    origin: r.origin,
    destination: r.destination,
    searches: r.searches,
    lastSearched: r.last_at.toISOString(),
    href: `/userList?${new URLSearchParams({ q: r.username, dialog: "edit", id: String(r.user_id) })}`,
  }));
}

/** Every figure of the dashboard for one mode and period, as the viewer may see them. */
export async function loadInsights(
  viewer: Viewer,
  mode: ModeDescription,
  options: { period: Period; minSearches: number; lane: { origin: string; destination: string } | null },
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
  const f: Frame = {
    mode: mode.enumValue,
    from: period.from,
    to: period.to,
    startAt: dayStart(period.from),
    endAt: dayStart(addDays(period.to, 1)),
    ids,
    materialised,
  };
  const today = formatDate(todayInShanghai());
  const want = (t: InsightTable) => !only || only === t;
  const none = Promise.resolve([]);
  const [unmet, topBySearches, topByBookings, days, prices, idle] = await Promise.all([
    want("unmet") ? unmetLanes(mode, f, today) : none,
    want("topSearches") ? topLanes(mode, f, "searches") : none,
    want("topBookings") ? topLanes(mode, f, "bookings") : none,
    want("trend") ? trend(f) : none,
    want("prices") && lane ? priceHistory(mode, lane) : none,
    want("customers") ? idleCustomers(mode, f, minSearches) : none,
  ]);
  return {
    period,
    minSearches,
    lane,
    refreshedAt: state?.refreshed_at.toISOString() ?? null,
    unmet: unmet as UnmetLane[],
    topBySearches: topBySearches as TopLane[],
    topByBookings: topByBookings as TopLane[],
    trend: days as DayPoint[],
    prices: prices as PricePoint[],
    idle: idle as IdleCustomer[],
  };
}
