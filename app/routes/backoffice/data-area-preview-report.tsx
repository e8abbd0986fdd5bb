// <area>/preview-report/<preview>: the .xlsx report of an import preview
// (issue 23 item 1, decision 203). One route for all areas
// (app/route-table.ts): the area is the one at the URL; any other path is a 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { dataAreaPreviewReportLoader } from "~/routes/backoffice/-server/data-area.server";
import { dataAreas } from "~/domain/data-areas";
import { entryAtPath } from "~/route-paths";

const AT = /^(.*)\/preview-report\/([^/]*)\/?$/i;

export const loader = (args: LoaderFunctionArgs) => {
  const [, areaPath = "", preview = ""] = AT.exec(new URL(args.request.url).pathname) ?? [];
  return dataAreaPreviewReportLoader(entryAtPath(Object.values(dataAreas), areaPath), preview)(args);
};
