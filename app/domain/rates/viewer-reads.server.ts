// What a results or home page of a signed-in user reads of their own: the
// contact card's people (contacts.server.ts), the mode's search history
// (history.server.ts) and, on a results page, whether they watch the
// searched lane (domain/watches). One statement reads all three, sent as the
// page's loader starts, beside the rate search: since the lane is not known
// before the search has resolved its endpoints, it brings every lane of the
// mode the user watches (a customer watches a handful) and the search's
// question about its lane is answered from them. On this server a statement
// costs about as much CPU as rendering a results table (the socket writes on
// both sides, the pool, PostgreSQL's executor; decision 609).
import type { Viewer } from "~/domain/accounts/viewer.server";
import type { ModeDescription } from "~/domain/modes";
import { readWatching, type WatchingReader } from "~/domain/watches/watches.server";
import { prepared, sql } from "~/utils/db.server";
import { CONTACT_COLUMNS, CONTACT_JOINS, contactsFrom, type ContactRow, type Contacts } from "./contacts.server";
import { historyFrom, type History } from "./history.server";

type Row = ContactRow & { queries: string | null; destinations: string | null; watched: [string, string][] };

/** $1 the user, $2 the mode: the contacts, the mode's history, the mode's watched lanes as [pol, pod] pairs. */
const VIEWER_READS = prepared(
  `SELECT ${CONTACT_COLUMNS}, h.queries, h.destinations,
     COALESCE((SELECT json_agg(json_build_array(w.pol, w.pod)) FROM lane_watches w WHERE w.user_id = u.id AND w.mode = $2::transport_mode), '[]'::json) AS watched
   FROM users u ${CONTACT_JOINS}
   LEFT JOIN search_history h ON h.user_id = u.id AND h.mode = $2::transport_mode
   WHERE u.id = $1`,
);

export type ViewerReads = {
  history: (viewer: Viewer) => Promise<History>;
  contacts: (viewer: Viewer) => Promise<Contacts>;
  watching: WatchingReader;
};

/** The reads of `viewerId` on a page of `mode`, in one statement sent now. */
export function viewerReads(viewerId: number, mode: ModeDescription): ViewerReads {
  const row = sql<Row>(VIEWER_READS, [viewerId, mode.enumValue]).then(([found]) => found);
  // Read whether or not the page asks (a search that fails asks nothing): an unasked failure is not unhandled.
  row.catch(() => undefined);
  return {
    history: async () => historyFrom(await row),
    contacts: async () => contactsFrom(await row),
    watching: async (viewer, asked) =>
      viewer.id === viewerId && asked.mode === mode.enumValue
        ? ((await row)?.watched ?? []).some(([pol, pod]) => pol === asked.pol && pod === asked.pod)
        : readWatching(viewer, asked),
  };
}
