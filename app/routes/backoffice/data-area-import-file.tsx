// <area>/import-file/<batch>: the original file of an import batch (decision
// 204). One route for all areas (app/route-table.ts): the area is the one the
// URL names (`:area`); any other is a 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { dataAreaImportFileLoader } from "~/routes/backoffice/-server/data-area.server";
import { dataAreas } from "~/domain/data-areas";
import { entryAtPath } from "~/route-paths";

export const loader = (args: LoaderFunctionArgs) =>
  dataAreaImportFileLoader(entryAtPath(Object.values(dataAreas), `/${args.params.area ?? ""}`), args.params.batch ?? "")(args);
