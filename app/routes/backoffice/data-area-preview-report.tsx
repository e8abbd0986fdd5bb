// <area>/preview-report/<preview>: the .xlsx report of an import preview
// (issue 23 item 1, decision 203). One route for all areas
// (app/route-table.ts): the area is the one the URL names (`:area`); any other
// is a 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { dataAreaPreviewReportLoader } from "~/routes/backoffice/-server/data-area.server";
import { dataAreas } from "~/domain/data-areas";
import { entryAtPath } from "~/route-paths";

export const loader = (args: LoaderFunctionArgs) =>
  dataAreaPreviewReportLoader(entryAtPath(Object.values(dataAreas), `/${args.params.area ?? ""}`), args.params.preview ?? "")(args);
