// What a results or home page of a signed-in user reads of their own: the
// contact card's people (contacts.server.ts), the mode's search history
// (history.server.ts) and, on a results page, whether they watch the
// searched lane (domain/watches). Each was a statement of its own; one
// statement reads all three. On this server a statement costs about as much
// CPU as rendering the results table did (the socket writes on both sides,
// the pool, PostgreSQL's executor; docs/benchmarks.md, 28 Nov 2026), and the
// three ran on every results page of a customer.
//
// On a GET of a results page or /home (document or data) they come with the session
// itself: the session's statement (accounts/session.server.ts) reads them
// too, with the mode the URL names (`pageReadsMode`), and every watched lane
// of that mode, since the lane is not known yet; `viewerReads` then answers
// from that row without a statement of its own.
//
// Otherwise (a page whose URL names no mode, an API call) the lane is known
// only once the rate search has resolved the endpoints, so the statement
// waits for the search to ask about the watch (`watching`) or to finish
// without asking (`done`); the history and the contacts are read with it.
import type { Viewer } from "~/domain/accounts/viewer.server";
import { homeTabMode, MODES, type ModeDescription } from "~/domain/modes";
import { findAtPath } from "~/route-paths";
import { readWatching, type WatchingReader } from "~/domain/watches/watches.server";
import { prepared, sql } from "~/utils/db.server";
import { requestSlot } from "~/utils/server-timing.server";
import { CONTACT_COLUMNS, CONTACT_JOINS, contactsFrom, type ContactRow, type Contacts } from "./contacts.server";
import { historyFrom, type History } from "./history.server";

type Row = ContactRow & { queries: string | null; destinations: string | null; watching: boolean };

/** $1 the user, $2 the mode (history), $3-$5 the watched lane's mode, pol and pod (null: no lane). */
const VIEWER_READS = prepared(
  `SELECT ${CONTACT_COLUMNS}, h.queries, h.destinations,
     EXISTS (SELECT 1 FROM lane_watches w WHERE w.user_id = u.id AND w.mode = $3::transport_mode AND w.pol = $4 AND w.pod = $5) AS watching
   FROM users u ${CONTACT_JOINS}
   LEFT JOIN search_history h ON h.user_id = u.id AND h.mode = $2::transport_mode
   WHERE u.id = $1`,
);

/**
 * The same reads as columns of the session's statement (users `u`; `$2` the
 * mode): the contacts, the mode's history, the mode's watched lanes as
 * [pol, pod] pairs.
 */
export const PAGE_READS = {
  columns: `${CONTACT_COLUMNS}, h.queries, h.destinations,
     COALESCE((SELECT json_agg(json_build_array(w.pol, w.pod)) FROM lane_watches w WHERE w.user_id = u.id AND w.mode = $2::transport_mode), '[]'::json) AS watched`,
  joins: `${CONTACT_JOINS} LEFT JOIN search_history h ON h.user_id = u.id AND h.mode = $2::transport_mode`,
};

/** A row read with PAGE_READS. */
export type PageReadsRow = ContactRow & { queries: string | null; destinations: string | null; watched: [string, string][] };

/** The mode whose reads a page load at this URL makes: a results page's, /home's tab (null: none). */
export function pageReadsMode(request: Request): ModeDescription | null {
  const url = new URL(request.url);
  // As the routes match them (route-paths.ts): any case, trailing slashes.
  if (findAtPath([{ path: "/home" }], url.pathname)) return homeTabMode(url.searchParams.get("tab"));
  return findAtPath(MODES, url.pathname) ?? null;
}

const pageReads = requestSlot<{ viewerId: number; mode: ModeDescription; row: PageReadsRow }>();

/** The session's statement read these for the request's page. */
export function keepPageReads(request: Request, viewerId: number, mode: ModeDescription, row: PageReadsRow): void {
  pageReads.set(request, { viewerId, mode, row });
}

export type ViewerReads = {
  history: (viewer: Viewer) => Promise<History>;
  contacts: (viewer: Viewer) => Promise<Contacts>;
  watching: WatchingReader;
  /** No lane will be asked about: read now if nothing has asked yet. */
  done: () => void;
};

/** The reads of one request of `viewerId` on a page of `mode`: those the session read (`request`), else one statement. */
export function viewerReads(viewerId: number, mode: ModeDescription, request?: Request): ViewerReads {
  const kept = request ? pageReads.get(request) : undefined;
  if (kept && kept.viewerId === viewerId && kept.mode === mode) {
    const { row } = kept;
    return {
      history: async () => historyFrom(row),
      contacts: async () => contactsFrom(row),
      watching: async (viewer, asked) =>
        viewer.id === viewerId && asked.mode === mode.enumValue
          ? row.watched.some(([pol, pod]) => pol === asked.pol && pod === asked.pod)
          : readWatching(viewer, asked),
      done: () => {},
    };
  }
  let lane: { mode: string; pol: string; pod: string } | null = null;
  let released = false;
  let release!: () => void;
  const ready = new Promise<void>((resolve) => (release = resolve));
  let row: Promise<Row | undefined> | null = null;
  const read = () =>
    (row ??= ready.then(async () => {
      const [found] = await sql<Row>(VIEWER_READS, [viewerId, mode.enumValue, lane?.mode ?? null, lane?.pol ?? null, lane?.pod ?? null]);
      return found;
    }));
  const go = () => {
    released = true;
    release();
  };
  return {
    history: async () => historyFrom(await read()),
    contacts: async () => contactsFrom(await read()),
    watching: async (viewer, asked) => {
      // Asked after the statement went (or by another user): a statement of its own.
      if (released || viewer.id !== viewerId) return readWatching(viewer, asked);
      lane = asked;
      go();
      return (await read())?.watching ?? false;
    },
    done: go,
  };
}
