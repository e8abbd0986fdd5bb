// <area>/export: the Excel export (GET with the list's filters) of every area
// that has one; one route per such area (app/route-table.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { dataAreaExportLoader } from "~/routes/backoffice/-server/data-area.server";
import { dataAreas } from "~/domain/data-areas";
import { entryAtPath } from "~/route-paths";

/** The data area whose `<path>/export` the request is at. */
export const exportAreaAt = (request: Request) => entryAtPath(Object.values(dataAreas), new URL(request.url).pathname, "/export");

export const loader = (args: LoaderFunctionArgs) => dataAreaExportLoader(exportAreaAt(args.request))(args);
