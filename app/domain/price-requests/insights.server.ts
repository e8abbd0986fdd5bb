// The insights of price requests (issue 43 item 5), beside the dashboard's
// search figures (decision 701), for a mode and period (Shanghai days) and the
// viewer's scope (the desk's: their customers' requests and the visitors'
// they accepted; a global view all): requests received, answered, the median
// time from entering the queue to the answer, the share of answers booked,
// and the open requests per lane (the unmet lanes link to them). One
// statement each, over the requests' own indexes.
import type { Viewer } from "~/domain/accounts/viewer.server";
import type { UnmetLane } from "~/domain/insights/insights.server";
import { transportOf, type ModeKey } from "~/domain/catalog";
import { customerIdsInScope } from "~/domain/permissions/views.server";
import { fromShanghaiWallClock } from "~/utils/dates";
import { addDays } from "~/domain/table/types";
import { prisma } from "~/utils/db.server";

export type RequestFigures = {
  received: number;
  answered: number;
  /** Minutes from the queue to the answer, the median of the period's answers; null without one. */
  medianMinutes: number | null;
  /** Booked / answered (0-1); null without an answer. */
  bookedShare: number | null;
  /** Open requests (held or open) per lane, "origin\u0001destination" → count, whenever they were sent. */
  openByLane: Record<string, number>;
};

export const laneKey = (origin: string | null, destination: string) => `${origin ?? ""}\u0001${destination}`;

/** The period's requests and the open ones of a mode, as `viewer` may see them. */
export async function requestFigures(viewer: Viewer, modeKey: ModeKey, period: { from: string; to: string }): Promise<RequestFigures> {
  const ids = await customerIdsInScope(viewer);
  // The desk's scope in SQL: a global view every request; otherwise their customers' and the visitors' they accepted.
  const scope = (at: number) =>
    ids === null ? "TRUE" : `(r.user_id = ANY($${at}::int[]) OR (r.user_id IS NULL AND r.sales_id = $${at + 1}))`;
  const inScope = ids === null ? [] : [ids, viewer.id];
  const mode = transportOf(modeKey);
  const [[figures], open] = await Promise.all([
    prisma.$queryRawUnsafe<{ received: number; answered: number; median: number | null; booked: number }[]>(
      `SELECT count(*)::int AS received,
              count(r.answered_at)::int AS answered,
              (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM r.answered_at - COALESCE(r.opened_at, r.created_at)) / 60)
                 FILTER (WHERE r.answered_at IS NOT NULL))::float8 AS median,
              count(*) FILTER (WHERE r.state = 'BOOKED')::int AS booked
         FROM price_requests r
        WHERE r.mode = $1::transport_mode AND r.created_at >= $2::timestamp AND r.created_at < $3::timestamp AND ${scope(4)}`,
      mode,
      fromShanghaiWallClock(period.from).toISOString(),
      fromShanghaiWallClock(addDays(period.to, 1)).toISOString(),
      ...inScope,
    ),
    prisma.$queryRawUnsafe<{ origin: string | null; destination: string; open: number }[]>(
      `SELECT r.origin, r.destination, count(*)::int AS open
         FROM price_requests r
        WHERE r.mode = $1::transport_mode AND r.state IN ('HELD', 'OPEN') AND ${scope(2)}
        GROUP BY r.origin, r.destination`,
      mode,
      ...inScope,
    ),
  ]);
  return {
    received: figures.received,
    answered: figures.answered,
    medianMinutes: figures.median === null ? null : Math.round(figures.median),
    bookedShare: figures.answered ? figures.booked / figures.answered : null,
    openByLane: Object.fromEntries(open.map((o) => [laneKey(o.origin, o.destination), o.open])),
  };
}

/** The unmet lanes with a link to their open requests on the desk (for a viewer holding desk.read), where they have any. */
export function withOpenRequests(modeKey: ModeKey, unmet: UnmetLane[], openByLane: Record<string, number>): UnmetLane[] {
  return unmet.map((lane) => {
    const count = openByLane[laneKey(lane.origin, lane.destination)];
    if (!count) return lane;
    const href = `/priceDesk?${new URLSearchParams({ mode: modeKey, origin: lane.origin, destination: lane.destination })}`;
    return { ...lane, actions: [...lane.actions, { kind: "requests", href, count }] };
  });
}
