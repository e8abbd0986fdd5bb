// <area>/template: the import template of every data area (.xlsx, in the
// user's language; decision 204). One route for all areas (app/route-table.ts):
// the area is the one the URL names (`:area`); any other is a 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { dataAreaTemplateLoader } from "~/routes/backoffice/-server/data-area.server";
import { areaOfParams } from "~/route-paths.server";

export const loader = (args: LoaderFunctionArgs) => dataAreaTemplateLoader(areaOfParams(args.params))(args);
