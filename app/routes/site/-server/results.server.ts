// The results pages (/fclbysea ... /express): the rate search
// (domain/rates/rate-search.server.ts: parameters, endpoints, the viewer's
// tier, totals, the query log) and, beside it, the page's side panels
// (suggestions, contact card) and its description for crawlers. The six
// routes call this with their mode key; the page component reads the mode
// description.
import { data, type MetaDescriptor } from "@remix-run/node";
import { getViewer } from "~/http/auth.server";
import { languageOf, versionsOf, type RequestArgs } from "~/http/context.server";
import { modeByKey, type ModeKey } from "~/domain/modes";
import { pageT } from "~/i18n/i18n.server";
import { LANGUAGE_VARY } from "~/i18n/negotiate";
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
import { priceRequestOffer } from "./price-request-offer.server";
import type { PriceRequestOffer } from "~/domain/price-requests/form.server";

/** The page's loader data: the search (its found parts null until it ran), the side panels and the meta. */
export type ResultsData = SearchForm & { [K in Exclude<keyof RateSearchFound, "canonical" | "results">]: RateSearchFound[K] | null } & {
  results: RateSearchFound["results"] | null;
  /** idle: no search yet; invalid: messages to fix; ok: results below. */
  status: "idle" | "invalid" | "ok";
  suggestions: Record<string, FieldSuggestions>;
  contact: ContactCardData;
  /** The mode's popular lanes as links, this search's own left out (issue 45 item 9). */
  popular: PopularLane[];
  meta: MetaDescriptor[];
  /** Ask the pricing desk (issue 43): the form where nothing was found, else a link. */
  priceRequest: PriceRequestOffer | null;
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
 * the same shown list follows.
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

/** Whether a lane's link is the search of `params` (the current page). */
function sameSearch(href: string, params: Record<string, string>): boolean {
  const linked = new URL(href, "http://lane.local").searchParams;
  return Object.entries(params).every(([name, value]) => linked.get(name) === value);
}

/** The page's rows leave out their empty facts (the table shows "-" for a missing one; decision 608), where the API keeps them as null. */
export async function loadResultsPage(modeKey: ModeKey, args: RequestArgs) {
  const mode = modeByKey(modeKey);
  const url = new URL(args.request.url);
  const [viewer, lng, versions] = await Promise.all([getViewer(args), languageOf(args), versionsOf(args)]);
  // The viewer's own reads (history, contacts, the mode's watched lanes): one statement, beside the search.
  const reads = viewer ? viewerReads(viewer.id, mode) : null;
  const [search, suggestions, contact, popular] = await Promise.all([
    rateSearch(modeKey, {
      viewer,
      lng,
      params: url.searchParams,
      versions,
      watching: reads?.watching,
      referer: refererOf(args.request),
    }),
    loadSuggestions(mode, viewer, lng, () => cachedDefaultSuggestions(versions, mode, lng), reads?.history),
    loadContactCard(versions, viewer, lng, reads?.contacts),
    popularLanes(mode, lng, versions),
  ]);
  const { canonical, ...shown } = pageSearch(search);
  const priceRequest = search.status === "ok" ? await priceRequestOffer(viewer, lng, modeKey, url, search.results.total === 0) : null;
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
  return data(payload, {
    status: search.status === "invalid" && search.malformed ? 400 : 200,
    // Prices depend on who asks: never shared caches.
    headers: { "Cache-Control": "private, no-cache", Vary: LANGUAGE_VARY },
  });
}
