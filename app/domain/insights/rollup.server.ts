// The daily rollup of the query-trace logs (insight_daily_searches): one row
// per Shanghai day, mode, customer and lane, with the number of searches and
// how many of them found no valid rate that day. Refreshed set-based in one
// transaction: the days from the last rolled-up day on are deleted and rolled
// up again from query_logs (the (mode, operated_at) index), so a refresh is
// idempotent and picks up log rows written late in the current day. Whether
// a rate was valid is judged against the rate rows' validity when the day is
// rolled up, i.e. within minutes of the search; later days never change.
// The same transaction then writes, from the daily rollup, the searches per
// day (insight_daily_totals: the trend), the default period (the past 90
// days) per customer and lane (insight_period_searches), which the dashboard
// reads instead of ~1,000,000 daily rows at 5M query logs, and per lane with
// the 90 days before it (insight_period_lanes: growing lanes).
// Run by the server every ROLLUP_EVERY_MS and by `npm run insights:refresh`.
import { prisma } from "~/utils/db.server";
import { startPeriodicService } from "~/utils/services.server";
import { sqlColumn } from "~/utils/sql-names.server";
import { LANE_MODES, laneOf } from "~/domain/import-export/lanes";
import { DEFAULT_PERIOD_DAYS, rateLaneSql } from "./insights.server";
import { addDays } from "~/domain/table/paging.server";

export const ROLLUP_EVERY_MS = 10 * 60 * 1000;

const SHANGHAI_DAY = (column: string) => `(${column} AT TIME ZONE 'UTC' AT TIME ZONE 'Asia/Shanghai')::date`;

/** Rolls up the query logs from the last rolled-up day (or from the start); returns the rows written. */
export async function refreshInsights(): Promise<number> {
  return prisma.$transaction(
    async (tx) => {
      // One refresh at a time (the schedule of several processes, the script).
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext('insight_daily_searches'))`);
      const [{ since }] = await tx.$queryRawUnsafe<{ since: Date | null }[]>(`SELECT max(day) AS since FROM insight_daily_searches`);
      const sinceDay = since ? since.toISOString().slice(0, 10) : null;
      if (sinceDay) await tx.$executeRawUnsafe(`DELETE FROM insight_daily_searches WHERE day >= $1::date`, sinceDay);
      let written = 0;
      for (const mode of LANE_MODES) {
        const lane = laneOf(mode);
        const rate = rateLaneSql(mode);
        const logFrom = sqlColumn("queryLog", lane.from.logColumn);
        const logTo = sqlColumn("queryLog", lane.to.logColumn);
        // The first instant of `since` in Shanghai, as the UTC timestamp the log stores.
        const start = sinceDay ? `AND q.operated_at >= ($2::date::timestamp - interval '8 hours')` : "";
        written += await tx.$executeRawUnsafe(
          `INSERT INTO insight_daily_searches (day, mode, user_id, origin, destination, searches, unmet, last_at)
           SELECT g.day, g.mode, g.user_id, g.origin, g.destination, g.searches,
                  CASE WHEN EXISTS (SELECT 1 FROM ${rate.table} r
                                     WHERE r.${rate.origin} = g.origin AND r.${rate.destination} = g.destination
                                       AND (r.valid_from IS NULL OR r.valid_from <= g.day)
                                       AND (r.valid_to IS NULL OR r.valid_to >= g.day))
                       THEN 0 ELSE g.searches END,
                  g.last_at
             FROM (SELECT ${SHANGHAI_DAY("q.operated_at")} AS day, q.mode, q.user_id,
                          q.${logFrom} AS origin, q.${logTo} AS destination, count(*)::int AS searches, max(q.operated_at) AS last_at
                     FROM query_logs q
                    WHERE q.mode = $1::transport_mode ${start}
                      AND q.${logFrom} IS NOT NULL AND q.${logTo} IS NOT NULL
                    GROUP BY 1, 2, 3, 4, 5) g`,
          ...(sinceDay ? [mode.enumValue, sinceDay] : [mode.enumValue]),
        );
      }
      // The trend's table: the same days again, summed per day.
      await tx.$executeRawUnsafe(`DELETE FROM insight_daily_totals WHERE day >= COALESCE($1::date, '-infinity')`, sinceDay);
      await tx.$executeRawUnsafe(
        `INSERT INTO insight_daily_totals (mode, day, searches)
         SELECT mode, day, sum(searches)::int FROM insight_daily_searches WHERE day >= COALESCE($1::date, '-infinity') GROUP BY mode, day`,
        sinceDay,
      );
      // The default period (the past 90 Shanghai days up to today), per customer and lane, rebuilt whole.
      const [{ today }] = await tx.$queryRawUnsafe<{ today: Date }[]>(`SELECT (now() AT TIME ZONE 'Asia/Shanghai')::date AS today`);
      const periodTo = today.toISOString().slice(0, 10);
      const periodFrom = addDays(periodTo, -(DEFAULT_PERIOD_DAYS - 1));
      await tx.$executeRawUnsafe(`DELETE FROM insight_period_searches`);
      await tx.$executeRawUnsafe(
        `INSERT INTO insight_period_searches (mode, user_id, origin, destination, searches, unmet, last_at)
         SELECT mode, user_id, origin, destination, sum(searches)::int, sum(unmet)::int, max(last_at)
           FROM insight_daily_searches WHERE day BETWEEN $1::date AND $2::date
          GROUP BY 1, 2, 3, 4`,
        periodFrom,
        periodTo,
      );
      // Per lane of all customers: the period and the as long period before it (growing lanes).
      await tx.$executeRawUnsafe(`DELETE FROM insight_period_lanes`);
      await tx.$executeRawUnsafe(
        `INSERT INTO insight_period_lanes (mode, origin, destination, searches, previous)
         SELECT mode, origin, destination,
                (sum(searches) FILTER (WHERE day >= $2::date))::int, COALESCE(sum(searches) FILTER (WHERE day < $2::date), 0)::int
           FROM insight_daily_searches WHERE day BETWEEN $1::date AND $3::date
          GROUP BY 1, 2, 3
         HAVING sum(searches) FILTER (WHERE day >= $2::date) > 0`,
        addDays(periodFrom, -DEFAULT_PERIOD_DAYS),
        periodFrom,
        periodTo,
      );
      await tx.$executeRawUnsafe(
        `INSERT INTO insight_rollup_state (id, refreshed_at, period_from, period_to) VALUES (1, now() AT TIME ZONE 'UTC', $1::date, $2::date)
         ON CONFLICT (id) DO UPDATE SET refreshed_at = EXCLUDED.refreshed_at, period_from = EXCLUDED.period_from, period_to = EXCLUDED.period_to`,
        periodFrom,
        periodTo,
      );
      return written;
    },
    { timeout: 10 * 60 * 1000, maxWait: 60 * 1000 },
  );
}

/** The schedule in a server process: a first refresh a minute after start, then every ten minutes. */
export function ensureInsightsRollup(): void {
  startPeriodicService("insights-rollup", { firstAfterMs: 60 * 1000, everyMs: ROLLUP_EVERY_MS, run: refreshInsights });
}
