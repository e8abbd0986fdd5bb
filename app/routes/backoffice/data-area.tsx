// The screen of every data area (/port, /airport, ... /expressData): one
// route per area of app/domain/data-areas (app/route-table.ts), generated
// from that area's description.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { DataAreaScreen } from "~/components/data-area/DataAreaScreen";
import { dataAreaLinks } from "~/components/data-area/route";
import { BackOfficeErrorBoundary } from "~/components/ErrorPage";
import { backOfficeMeta } from "~/components/backoffice/meta";
import { dataAreas } from "~/domain/data-areas";
import { dataAreaAction, dataAreaLoader } from "~/routes/backoffice/-server/data-area.server";
import { entryAtPath } from "~/route-paths";

const areaAt = (pathname: string) => entryAtPath(Object.values(dataAreas), pathname);

export const links = dataAreaLinks;
export const meta = backOfficeMeta;
export const loader = (args: LoaderFunctionArgs) => dataAreaLoader(areaAt(new URL(args.request.url).pathname))(args);
export const action = (args: ActionFunctionArgs) => dataAreaAction(areaAt(new URL(args.request.url).pathname))(args);
export const ErrorBoundary = BackOfficeErrorBoundary;

export default function DataAreaPage() {
  return <DataAreaScreen area={areaAt(useLocation().pathname)} data={useLoaderData<typeof loader>()} />;
}
