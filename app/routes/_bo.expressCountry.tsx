// /expressCountry: generated from the area's description (app/domain/data-areas).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DataAreaScreen } from "~/components/data-area/DataAreaScreen";
import { dataAreaLinks } from "~/components/data-area/route";
import { BackOfficeErrorBoundary } from "~/components/backoffice/BackOfficeErrorBoundary";
import { expressCountryArea } from "~/domain/data-areas/express-country";
import { dataAreaAction, dataAreaLoader } from "~/domain/data-areas/screen.server";
import { backOfficeMeta } from "~/components/backoffice/meta";

export const links = dataAreaLinks;
export const meta = backOfficeMeta;
export const loader = (args: LoaderFunctionArgs) => dataAreaLoader(expressCountryArea)(args);
export const action = (args: ActionFunctionArgs) => dataAreaAction(expressCountryArea)(args);
export const ErrorBoundary = BackOfficeErrorBoundary;

export default function ExpressCountriesScreen() {
  return <DataAreaScreen area={expressCountryArea} />;
}
