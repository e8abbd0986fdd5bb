// The results page of every transport mode (/fclbysea, /lclbysea, /byair,
// /railroad, /trailer, /express): one route per entry of MODES
// (app/route-table.ts), driven by that mode's description.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RatesPage, SearchErrorBoundary, ratesHeaders, ratesMeta } from "~/components/search/RatesPage";
import { DocumentData, fromDocument } from "~/utils/document-data";

// The server modules are imported inside the loader: a static import of a
// .server module leaves an empty stand-in module in the page's JavaScript
// (decision 609: the results pages are at the edge of their 100 KB budget).
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const [{ loadResultsPage }, { modeAt }] = await Promise.all([
    import("~/routes/site/-server/results.server"),
    import("~/route-paths.server"),
  ]);
  return loadResultsPage(modeAt(request).key, request);
};
// No `links`: search.css is in every document (utils/inline-styles.tsx), and an export
// returning none was bytes in the page's JavaScript (decision 609, the budget).
export const meta = ratesMeta;
export const headers = ratesHeaders;
export const ErrorBoundary = SearchErrorBoundary;

export default function ModeResults() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <RatesPage data={fromDocument(data)} />
      {/* A page load's data, as JSON (utils/document-data.tsx). */}
      <DocumentData data={data} />
    </>
  );
}
