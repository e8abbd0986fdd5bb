// <area>/template: the import template of every data area (.xlsx, in the
// user's language; decision 204). One route for all areas (app/route-table.ts):
// the area is the one the URL names (`:area`); any other is a 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { dataAreaTemplateLoader } from "~/routes/backoffice/-server/data-area.server";
import { dataAreas } from "~/domain/data-areas";
import { entryAtPath } from "~/route-paths";

export const loader = (args: LoaderFunctionArgs) =>
  dataAreaTemplateLoader(entryAtPath(Object.values(dataAreas), `/${args.params.area ?? ""}`))(args);
