// /trailerData: generated from the area's description (app/domain/data-areas).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DataAreaScreen } from "~/components/data-area/DataAreaScreen";
import { dataAreaLinks } from "~/components/data-area/route";
import { BackOfficeErrorBoundary } from "~/components/backoffice/BackOfficeErrorBoundary";
import { trailerArea } from "~/domain/data-areas/trailer";
import { dataAreaAction, dataAreaLoader } from "~/domain/data-areas/screen.server";
import { backOfficeMeta } from "~/components/backoffice/meta";

export const links = dataAreaLinks;
export const meta = backOfficeMeta;
export const loader = (args: LoaderFunctionArgs) => dataAreaLoader(trailerArea)(args);
export const action = (args: ActionFunctionArgs) => dataAreaAction(trailerArea)(args);
export const ErrorBoundary = BackOfficeErrorBoundary;

export default function TrailerRatesScreen() {
  return <DataAreaScreen area={trailerArea} />;
}
