// /fclbyseaData/export: the Excel export (GET with the list's filters).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { fclArea } from "~/domain/data-areas/fcl";
import { dataAreaExportLoader } from "~/domain/data-areas/screen.server";

export const loader = (args: LoaderFunctionArgs) => dataAreaExportLoader(fclArea)(args);
