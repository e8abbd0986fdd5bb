// /port/export: the Excel export (GET with the list's filters).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { portArea } from "~/domain/data-areas/port";
import { dataAreaExportLoader } from "~/domain/data-areas/screen.server";

export const loader = (args: LoaderFunctionArgs) => dataAreaExportLoader(portArea)(args);
