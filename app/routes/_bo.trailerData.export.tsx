// /trailerData/export: the Excel export (GET with the list's filters, POST with selected ids).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { trailerArea } from "~/domain/data-areas/trailer";
import { dataAreaExportAction, dataAreaExportLoader } from "~/domain/data-areas/screen.server";

export const loader = (args: LoaderFunctionArgs) => dataAreaExportLoader(trailerArea)(args);
export const action = (args: ActionFunctionArgs) => dataAreaExportAction(trailerArea)(args);
