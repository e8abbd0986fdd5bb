// <area>/import-file/<batch>: the original file of an import batch (decision
// 204). One route for all areas (app/route-table.ts): the area is the one at
// the URL; any other path is a 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { dataAreaImportFileLoader } from "~/routes/backoffice/-server/data-area.server";
import { dataAreas } from "~/domain/data-areas";
import { entryAtPath } from "~/route-paths";

const AT = /^(.*)\/import-file\/([^/]*)\/?$/i;

export const loader = (args: LoaderFunctionArgs) => {
  const [, areaPath = "", batch = ""] = AT.exec(new URL(args.request.url).pathname) ?? [];
  return dataAreaImportFileLoader(entryAtPath(Object.values(dataAreas), areaPath), batch)(args);
};
