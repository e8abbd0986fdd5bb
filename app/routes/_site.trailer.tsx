import type { LoaderFunctionArgs } from "@remix-run/node";
import { RatesPage, SearchErrorBoundary, ratesHeaders, ratesMeta, searchLinks } from "~/components/search/RatesPage";
import { loadResultsPage } from "~/domain/rates/page.server";

// /trailer: the shared results page driven by the "trailer" mode description.
export const loader = ({ request }: LoaderFunctionArgs) => loadResultsPage("trailer", request);
export const meta = ratesMeta;
export const links = searchLinks;
export const headers = ratesHeaders;
export const ErrorBoundary = SearchErrorBoundary;

export default function TrailerResults() {
  return <RatesPage />;
}
