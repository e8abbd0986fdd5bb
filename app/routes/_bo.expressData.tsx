// /expressData: generated from the area's description (app/domain/data-areas).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DataAreaScreen } from "~/components/data-area/DataAreaScreen";
import { dataAreaLinks } from "~/components/data-area/route";
import { BackOfficeErrorBoundary } from "~/components/backoffice/BackOfficeErrorBoundary";
import { expressArea } from "~/domain/data-areas/express";
import { dataAreaAction, dataAreaLoader } from "~/domain/data-areas/screen.server";
import { backOfficeMeta } from "~/components/backoffice/meta";

export const links = dataAreaLinks;
export const meta = backOfficeMeta;
export const loader = (args: LoaderFunctionArgs) => dataAreaLoader(expressArea)(args);
export const action = (args: ActionFunctionArgs) => dataAreaAction(expressArea)(args);
export const ErrorBoundary = BackOfficeErrorBoundary;

export default function ExpressRatesScreen() {
  return <DataAreaScreen area={expressArea} />;
}
