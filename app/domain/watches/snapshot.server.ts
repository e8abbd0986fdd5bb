// The lowest price of each watcher's own tier on their lane, today, in one
// set-based statement per mode (issue 25 item 4): only rows valid today and
// not paused; customers who see no tier (frozen, not audited, staff) get no
// row. The tier is chosen in SQL from customer_rating, so no other tier's
// price ever leaves the database.
import type { Prisma } from "~/utils/db.server";
import { ACCOUNT_STATE, AUDIT } from "~/domain/users/status";
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
    await tx.$executeRawUnsafe(
      `INSERT INTO watch_now (watch_id, price, cnt)
       SELECT w.id, min(x.p), count(x.p)::int
       FROM lane_watches w
       JOIN users u ON u.id = w.user_id
       LEFT JOIN LATERAL (
         SELECT CASE u.customer_rating WHEN 1 THEN r.${t0} WHEN 2 THEN r.${t1} WHEN 3 THEN r.${t2} END AS p
         FROM ${lane.table} r
         WHERE r.${lane.from} = w.pol AND r.${lane.to} = w.pod AND NOT r.paused
           AND (r.valid_from IS NULL OR r.valid_from <= $1::date) AND (r.valid_to IS NULL OR r.valid_to >= $1::date)
       ) x ON TRUE
       WHERE w.mode = '${lane.mode.enumValue}'::transport_mode
         AND u.state = ${ACCOUNT_STATE.active} AND u.audit = ${AUDIT.passed} AND u.customer_rating IN (1, 2, 3)
         AND (${watchFilter})
       GROUP BY w.id`,
      day,
      ...params,
    );
  }
}
