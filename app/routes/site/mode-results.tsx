// The results page of every transport mode (/fclbysea, /lclbysea, /byair,
// /railroad, /trailer, /express): one route per entry of MODES
// (app/route-table.ts), driven by that mode's description.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RatesPage, SearchErrorBoundary, ratesHeaders, ratesMeta } from "~/components/search/RatesPage";

// The server modules are imported inside the loader: a static import of a
// .server module leaves an empty stand-in module in the page's JavaScript
// (decision 609: the results pages are at the edge of their 100 KB budget).
export const loader = async (args: LoaderFunctionArgs) => {
  const [{ loadResultsPage }, { modeAt }] = await Promise.all([
    import("~/routes/site/-server/results.server"),
    import("~/route-paths.server"),
  ]);
  return loadResultsPage(modeAt(args.request).key, args);
};
// No `links`: search.css is in every document (utils/inline-styles.tsx), and an export
// returning none was bytes in the page's JavaScript (decision 609, the budget).
export const meta = ratesMeta;
export const headers = ratesHeaders;
export const ErrorBoundary = SearchErrorBoundary;

export default function ModeResults() {
  return <RatesPage data={useLoaderData<typeof loader>()} />;
}
