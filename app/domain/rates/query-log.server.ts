// Query-trace logs (administration.md 2.7): one QueryLog row per search a
// logged-in user submits (a new lane, mode or cargo; not the sorting, paging
// or filtering of its results: `isNewSearch`), with the search history; a
// name that matched no port is logged as typed (unmet demand, issue 44
// item 2). Written after the response, in
// batches: the searches of the last FLUSH_DELAY_MS (or MAX_BATCH of them) go
// to the database in two statements, whatever their number, instead of two
// statements per search on the request's CPU.
import type { ModeDescription } from "~/domain/modes";
import { CURRENCY_PARAM } from "~/domain/pricing/currency";
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

/** Parameters that only change how a search's results are shown: sort, page, carrier filter, the totals' currency, the language. */
const VIEW_PARAMS = new Set(["sort", "page", "carrier", CURRENCY_PARAM, "lng"]);

/** What a search asks for: its lane (or destination and weight) and cargo, whatever order or view parameters come with them. */
function searchKey(params: URLSearchParams): string {
  return [...params]
    .filter(([name, value]) => !VIEW_PARAMS.has(name) && value.trim() !== "")
    .map(([name, value]) => `${name}=${value.trim()}`)
    .sort()
    .join("&");
}

/**
 * The page a request came from, when it is a page of this site (the
 * Referer; the site sends it to itself only: Referrer-Policy same-origin).
 */
export function refererOf(request: Request): URL | null {
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    return from.host === new URL(request.url).host ? from : null;
  } catch {
    return null;
  }
}

/**
 * Whether a search is one the user submitted (decision 701: one log row per
 * search): a new lane, mode or cargo. Sorting, paging or filtering the
 * results of the same search (the results page of the mode, with the same
 * lane and cargo, as the Referer names it) is another view of it, and so is
 * any page after the first. A search without a Referer (a bookmark, the API)
 * is a submission.
 */
export function isNewSearch(mode: ModeDescription, params: URLSearchParams, referer: URL | null): boolean {
  if (Number(params.get("page")) > 1) return false;
  if (!referer) return true;
  const samePage = referer.pathname.replace(/\/+$/, "").toLowerCase() === mode.path.toLowerCase();
  return !samePage || searchKey(referer.searchParams) !== searchKey(params);
}

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
