import type { LoaderFunctionArgs } from "@remix-run/node";
import { RatesPage, SearchErrorBoundary, ratesHeaders, ratesMeta, searchLinks } from "~/components/search/RatesPage";
import { loadResultsPage } from "~/domain/rates/page.server";

// /express: the shared results page driven by the "express" mode description.
export const loader = ({ request }: LoaderFunctionArgs) => loadResultsPage("express", request);
export const meta = ratesMeta;
export const links = searchLinks;
export const headers = ratesHeaders;
export const ErrorBoundary = SearchErrorBoundary;

export default function ExpressResults() {
  return <RatesPage />;
}
