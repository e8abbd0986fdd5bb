// /lclbyseaData/export: the Excel export (GET with the list's filters).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { lclArea } from "~/domain/data-areas/lcl";
import { dataAreaExportLoader } from "~/domain/data-areas/screen.server";

export const loader = (args: LoaderFunctionArgs) => dataAreaExportLoader(lclArea)(args);
