// <area>/import-file/<batch>: the original file of an import batch (decision
// 204). One route for all areas (app/route-table.ts): the area is the one the
// URL names (`:area`); any other is a 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { dataAreaImportFileLoader } from "~/routes/backoffice/-server/data-area.server";
import { areaOfParams } from "~/route-paths.server";

export const loader = (args: LoaderFunctionArgs) => dataAreaImportFileLoader(areaOfParams(args.params), args.params.batch ?? "")(args);
