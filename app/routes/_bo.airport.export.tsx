// /airport/export: the Excel export (GET with the list's filters).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { airportArea } from "~/domain/data-areas/airport";
import { dataAreaExportLoader } from "~/domain/data-areas/screen.server";

export const loader = (args: LoaderFunctionArgs) => dataAreaExportLoader(airportArea)(args);
