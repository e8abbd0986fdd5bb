// Query-trace logs (administration.md 2.7): one QueryLog row per search by a
// logged-in user, with the search history. Written after the response, in
// batches: the searches of the last FLUSH_DELAY_MS (or MAX_BATCH of them) go
// to the database in two statements, whatever their number, instead of two
// statements per search on the request's CPU.
import type { ModeDescription } from "~/domain/modes";
import { prepared, sql } from "~/utils/db.server";
import { currentTiming, outsideRequest } from "~/utils/server-timing.server";
import { onFlush, runInBackground } from "./background.server";
import { saveHistories } from "./history.server";
import { singleton } from "~/utils/singleton.server";

export type SearchRecord = {
  userId: number;
  mode: ModeDescription;
  /** QueryLog columns (pol, pod, dock, doorPoint, destination, carrier, weight). */
  log: {
    pol?: string;
    pod?: string;
    dock?: string;
    doorPoint?: string;
    destination?: string;
    carrier?: string | null;
    weight?: string;
  };
  history: { from?: string | null; to?: string | null };
};

type Queued = SearchRecord & { at: string };

/** How long a search waits for others to share its write. */
const FLUSH_DELAY_MS = 100;
const MAX_BATCH = 500;

// On globalThis: one queue per process, even with two copies of this module.
const state = singleton("__searchRecords", (): { queue: Queued[]; timer: NodeJS.Timeout | null } => ({ queue: [], timer: null }));

const column = (batch: Queued[], pick: (r: Queued) => string | null | undefined) => batch.map((r) => pick(r) ?? null);

// One text for any batch (its columns are array parameters): a prepared
// statement on the pool (decision 609), not Prisma's raw query per batch.
const QUERY_LOG_STATEMENT = prepared(`
    INSERT INTO query_logs (mode, user_id, pol, pod, dock, door_point, destination, carrier, weight, operated_at)
    SELECT r.mode::transport_mode, r.user_id, r.pol, r.pod, r.dock, r.door_point, r.destination, r.carrier, r.weight::numeric, r.at::timestamptz AT TIME ZONE 'UTC'
    FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
         WITH ORDINALITY AS r(mode, user_id, pol, pod, dock, door_point, destination, carrier, weight, at, n)
    ORDER BY r.n`);

/** The QueryLog rows and history of searches, in the order they were made. */
export async function writeSearchRecords(batch: Queued[]): Promise<void> {
  if (batch.length === 0) return;
  await sql(QUERY_LOG_STATEMENT, [
    column(batch, (r) => r.mode.enumValue),
    batch.map((r) => r.userId),
    column(batch, (r) => r.log.pol),
    column(batch, (r) => r.log.pod),
    column(batch, (r) => r.log.dock),
    column(batch, (r) => r.log.doorPoint),
    column(batch, (r) => r.log.destination),
    column(batch, (r) => r.log.carrier),
    column(batch, (r) => r.log.weight),
    column(batch, (r) => r.at),
  ]);
  await saveHistories(batch.map((r) => ({ userId: r.userId, mode: r.mode, from: [r.history.from], to: [r.history.to] })));
}

/** Writes what is queued now (in the background). */
export function flushSearchRecords(): void {
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  const batch = state.queue.splice(0);
  if (batch.length === 0) return;
  const modes = [...new Set(batch.map((r) => r.mode.key))].join(",");
  runInBackground(`query log ${modes}`, () => writeSearchRecords(batch));
}
onFlush("search records", flushSearchRecords);

/** Fire-and-forget: the page never waits for, nor fails because of, the log. */
export function recordSearch(record: SearchRecord): void {
  // A page that writes a query log is never kept by the page cache (server/page-cache.js).
  const timing = currentTiming();
  if (timing) timing.noStore = true;
  state.queue.push({ ...record, at: new Date().toISOString() });
  if (state.queue.length >= MAX_BATCH) flushSearchRecords();
  else if (!state.timer) {
    state.timer = outsideRequest(() => setTimeout(flushSearchRecords, FLUSH_DELAY_MS));
    state.timer.unref?.();
  }
}
