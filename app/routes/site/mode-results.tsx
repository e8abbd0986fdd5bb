// The results page of every transport mode (/fclbysea, /lclbysea, /byair,
// /railroad, /trailer, /express): one route per entry of MODES
// (app/route-table.ts), driven by that mode's description.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RatesPage, SearchErrorBoundary, ratesHeaders, ratesMeta, searchLinks } from "~/components/search/RatesPage";
import { loadResultsPage } from "~/routes/site/-server/results.server";
import { modeAt } from "~/route-paths.server";

export const loader = ({ request }: LoaderFunctionArgs) => loadResultsPage(modeAt(request).key, request);
export const meta = ratesMeta;
export const links = searchLinks;
export const headers = ratesHeaders;
export const ErrorBoundary = SearchErrorBoundary;

export default function ModeResults() {
  return <RatesPage data={useLoaderData<typeof loader>()} />;
}
