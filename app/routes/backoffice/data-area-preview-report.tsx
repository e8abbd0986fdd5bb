// <area>/preview-report/<preview>: the .xlsx report of an import preview
// (issue 23 item 1, decision 203). One route for all areas
// (app/route-table.ts): the area is the one the URL names (`:area`); any other
// is a 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { dataAreaPreviewReportLoader } from "~/routes/backoffice/-server/data-area.server";
import { areaOfParams } from "~/route-paths.server";

export const loader = (args: LoaderFunctionArgs) => dataAreaPreviewReportLoader(areaOfParams(args.params), args.params.preview ?? "")(args);
