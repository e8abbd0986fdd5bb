// The results page of every transport mode (/fclbysea, /lclbysea, /byair,
// /railroad, /trailer, /express): one route per entry of MODES
// (app/route-table.ts), driven by that mode's description.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RatesPage, SearchErrorBoundary, ratesHeaders, ratesMeta, searchLinks } from "~/components/search/RatesPage";
import { loadResultsPage } from "~/domain/rates/page.server";
import { MODES } from "~/domain/modes";
import { entryAtPath } from "~/route-paths";

export const loader = ({ request }: LoaderFunctionArgs) => loadResultsPage(entryAtPath(MODES, new URL(request.url).pathname).key, request);
export const meta = ratesMeta;
export const links = searchLinks;
export const headers = ratesHeaders;
export const ErrorBoundary = SearchErrorBoundary;

export default function ModeResults() {
  return <RatesPage data={useLoaderData<typeof loader>()} />;
}
