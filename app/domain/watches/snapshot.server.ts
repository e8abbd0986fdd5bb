// The lowest price of each watcher's own tier on their lane, today, in one
// set-based statement per mode (issue 25 item 4): only rows valid today and
// not paused; customers who see no tier (frozen, not audited, staff) get no
// row. The tier is chosen in SQL from customer_rating, so no other tier's
// price ever leaves the database. A valid_to that is a date-time (issue 22's
// LCL) compares with the day's midnight: a rate ending during the day counts.
import type { Prisma } from "~/utils/db.server";
import { ACCOUNT_STATE, AUDIT } from "~/domain/accounts/status";
import { WATCH_LANES } from "./lanes.server";

type Tx = Pick<Prisma.TransactionClient, "$executeRawUnsafe">;

/**
 * Fills the temporary table `watch_now (watch_id, price, cnt)` for the
 * watches selected by `watchFilter` (SQL over alias w, with $2 and on as
 * parameters; $1 is the Shanghai day).
 */
export async function fillWatchNow(tx: Tx, day: Date, watchFilter = "TRUE", params: unknown[] = []): Promise<void> {
  await tx.$executeRawUnsafe(
    "CREATE TEMP TABLE IF NOT EXISTS watch_now (watch_id int PRIMARY KEY, price numeric(12,2), cnt int NOT NULL) ON COMMIT DROP",
  );
  for (const lane of WATCH_LANES) {
    const [t0, t1, t2] = lane.tierColumns;
    // Each watched lane's rows are read once (not once per watcher): the
    // lowest price and the count of priced rows per tier, then each watch
    // takes its owner's tier.
    await tx.$executeRawUnsafe(
      `WITH watched AS (
         SELECT w.id, w.pol, w.pod, u.customer_rating AS rating
         FROM lane_watches w JOIN users u ON u.id = w.user_id
         WHERE w.mode = '${lane.mode.enumValue}'::transport_mode
           AND u.state = ${ACCOUNT_STATE.active} AND u.audit = ${AUDIT.passed} AND u.customer_rating IN (1, 2, 3)
           AND (${watchFilter})
       ), lanes AS (
         SELECT l.pol, l.pod, min(r.${t0}) AS p1, min(r.${t1}) AS p2, min(r.${t2}) AS p3,
                count(r.${t0})::int AS c1, count(r.${t1})::int AS c2, count(r.${t2})::int AS c3
         FROM (SELECT DISTINCT pol, pod FROM watched) l
         JOIN ${lane.table} r ON r.${lane.from} = l.pol AND r.${lane.to} = l.pod
         WHERE NOT r.paused
           AND (r.valid_from IS NULL OR r.valid_from <= $1::date) AND (r.valid_to IS NULL OR r.valid_to >= $1::date)
         GROUP BY l.pol, l.pod
       )
       INSERT INTO watch_now (watch_id, price, cnt)
       SELECT w.id,
              CASE w.rating WHEN 1 THEN l.p1 WHEN 2 THEN l.p2 ELSE l.p3 END,
              COALESCE(CASE w.rating WHEN 1 THEN l.c1 WHEN 2 THEN l.c2 ELSE l.c3 END, 0)
       FROM watched w LEFT JOIN lanes l ON l.pol = w.pol AND l.pod = w.pod`,
      day,
      ...params,
    );
  }
}
