// The results pages (/fclbysea ... /express): the rate search
// (domain/rates/rate-search.server.ts: parameters, endpoints, the viewer's
// tier, totals, the query log) and, beside it, the page's side panels
// (suggestions, contact card) and its description for crawlers. The six
// routes call this with their mode key; the page component reads the mode
// description.
import { data, type MetaDescriptor } from "@remix-run/node";
import { getViewer } from "~/domain/accounts/session.server";
import { modeByKey, type ModeKey } from "~/domain/modes";
import { getLanguage, pageT } from "~/i18n/i18n.server";
import { LANGUAGE_VARY } from "~/i18n/negotiate";
import { requestVersions } from "~/utils/data-cache.server";
import { oncePer } from "~/utils/once-per";
import { loadContactCard, type ContactCardData } from "~/domain/rates/contacts.server";
import { rateSearch, type RateSearch, type RateSearchFound, type SearchForm } from "~/domain/rates/rate-search.server";
import type { RateRow } from "~/domain/rates/search.server";
import { cachedDefaultSuggestions } from "~/domain/rates/read-cache.server";
import { metaTags } from "~/domain/site/meta.server";
import { pageMeta, popularLanes, type PopularLane } from "~/domain/rates/seo.server";
import { loadSuggestions, type FieldSuggestions } from "~/domain/rates/suggestions.server";
import { viewerReads } from "~/domain/rates/viewer-reads.server";
import { refererOf } from "~/domain/rates/query-log.server";
import { isDocumentRequest, shipData } from "~/utils/document-data.server";
import { priceRequestOffer } from "./price-request-offer.server";

/** The page's rows: absent from a document's hydration data (the table is in the document; see documentRows below). */
type PageResults = Omit<RateSearchFound["results"], "rows"> & { rows?: RateRow[] };

/** The page's loader data: the search (its found parts null until it ran), the side panels and the meta. */
export type ResultsData = SearchForm & { [K in Exclude<keyof RateSearchFound, "canonical" | "results">]: RateSearchFound[K] | null } & {
  results: PageResults | null;
  /** idle: no search yet; invalid: messages to fix; ok: results below. */
  status: "idle" | "invalid" | "ok";
  suggestions: Record<string, FieldSuggestions>;
  contact: ContactCardData;
  /** The mode's popular lanes as links, this search's own left out (issue 45 item 9). */
  popular: PopularLane[];
  meta: MetaDescriptor[];
  /** Ask the pricing desk (issue 43): the form where nothing was found, else a link; server-made HTML. */
  priceRequest: string | null;
};

const NOT_SEARCHED = {
  results: null,
  heading: null,
  express: null,
  carriers: null,
  carrier: null,
  calculator: null,
  shipment: null,
  watch: null,
  bookingQuery: null,
} as const;

/** The facts that have a value (the null ones left out). */
export function presentFacts(facts: RateRow["facts"]): RateRow["facts"] {
  const present: RateRow["facts"] = {};
  for (const key in facts) if (facts[key] !== null) present[key] = facts[key];
  return present;
}

/**
 * The rows as the page shows them, made once per row list: the search's read
 * cache gives every request of a route, tier, sort and page the same list, so
 * the same shown list follows, and the table written from it is kept
 * (ratesTableHtmlOnce, components/search/rates-table-html.ts).
 */
const pageRows = oncePer((rows: RateRow[]) => rows.map((row) => ({ ...row, facts: presentFacts(row.facts) })));

/** The search as the page shows it: the found parts null until it ran; rows without their empty facts. */
function pageSearch(
  search: RateSearch,
): Omit<ResultsData, "suggestions" | "contact" | "popular" | "meta" | "priceRequest"> & { canonical?: Record<string, string> } {
  if (search.status === "ok") return { ...search, results: { ...search.results, rows: pageRows(search.results.rows) } };
  if (search.status === "idle") return { ...search, ...NOT_SEARCHED };
  const { malformed, ...form } = search;
  void malformed;
  return { ...form, ...NOT_SEARCHED };
}

/**
 * On a document request the rows stay readable by the server's render (the
 * table is written from them) but leave the hydration data: Remix serialises
 * it with turbo-stream, which reads only an object's enumerable properties.
 * The browser keeps the table the server wrote (components/search/RatesTable.tsx)
 * instead of rebuilding it from a second copy of the same rows (decision 609:
 * their serialisation was most of the page's hydration data and its cost).
 * Every client navigation and revalidation fetches the data with its rows.
 */
function documentRows(results: PageResults): void {
  Object.defineProperty(results, "rows", { value: results.rows, enumerable: false });
}

/** Whether a lane's link is the search of `params` (the current page). */
function sameSearch(href: string, params: Record<string, string>): boolean {
  const linked = new URL(href, "http://lane.local").searchParams;
  return Object.entries(params).every(([name, value]) => linked.get(name) === value);
}

/** The page's rows leave out their empty facts (the table shows "-" for a missing one; decision 608), where the API keeps them as null. */
export async function loadResultsPage(modeKey: ModeKey, request: Request) {
  const mode = modeByKey(modeKey);
  const url = new URL(request.url);
  const [viewer, lng] = await Promise.all([getViewer(request), getLanguage(request)]);
  // After the session lookup, which reads them with the session.
  const versions = await requestVersions(request);
  // The viewer's own reads (history, contacts, the lane's watch): read with the session on a page load, else one statement when the search asks about the watch or ends.
  const reads = viewer ? viewerReads(viewer.id, mode, request) : null;
  const [search, suggestions, contact, popular] = await Promise.all([
    rateSearch(modeKey, {
      viewer,
      lng,
      params: url.searchParams,
      versions,
      watching: reads?.watching,
      referer: refererOf(request),
    }).finally(() => reads?.done()),
    loadSuggestions(mode, viewer, lng, () => cachedDefaultSuggestions(versions, mode, lng), reads?.history),
    loadContactCard(request, viewer, lng, reads?.contacts),
    popularLanes(mode, lng, versions),
  ]);
  const { canonical, ...shown } = pageSearch(search);
  const priceRequest = search.status === "ok" ? await priceRequestOffer(viewer, lng, modeKey, url, search.results.total === 0) : null;
  if (shown.results && isDocumentRequest(request)) documentRows(shown.results);
  const payload: ResultsData = {
    ...shown,
    suggestions,
    contact,
    priceRequest,
    popular: popular.filter((lane) => !canonical || !sameSearch(lane.href, canonical)),
    meta: metaTags(
      pageMeta({
        mode,
        t: pageT(lng),
        lng,
        url,
        resolved: search.status === "ok" ? search.query : null,
        indexable: search.status !== "invalid",
        canonical,
      }),
      lng,
    ),
  };
  // A document carries the rest of its data as JSON (utils/document-data.tsx, decision 609).
  return data(shipData(request, "results-data", payload), {
    status: search.status === "invalid" && search.malformed ? 400 : 200,
    // Prices depend on who asks: never shared caches.
    headers: { "Cache-Control": "private, no-cache", Vary: LANGUAGE_VARY },
  });
}
