// /expressCountry/export: the Excel export (GET with the list's filters, POST with selected ids).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { expressCountryArea } from "~/domain/data-areas/express-country";
import { dataAreaExportAction, dataAreaExportLoader } from "~/domain/data-areas/screen.server";

export const loader = (args: LoaderFunctionArgs) => dataAreaExportLoader(expressCountryArea)(args);
export const action = (args: ActionFunctionArgs) => dataAreaExportAction(expressCountryArea)(args);
