// <area>/import-file/<batch>: the original file of an import batch (decision
// 204). One route per area (app/route-table.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { dataAreaImportFileLoader } from "~/routes/backoffice/-server/data-area.server";
import { dataAreas } from "~/domain/data-areas";
import { entryAtPath } from "~/route-paths";

const AT = /^(.*)\/import-file\/([^/]*)\/?$/i;

export const loader = (args: LoaderFunctionArgs) => {
  const [, areaPath = "", batch = ""] = AT.exec(new URL(args.request.url).pathname) ?? [];
  return dataAreaImportFileLoader(entryAtPath(Object.values(dataAreas), areaPath), batch)(args);
};
