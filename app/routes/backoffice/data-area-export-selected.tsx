// <area>/export of the areas that also export a selection (trailer, express
// countries): GET with the list's filters, POST with the selected ids.
import type { ActionFunctionArgs } from "@remix-run/node";
import { dataAreaExportAction } from "~/routes/backoffice/-server/data-area.server";
import { exportAreaAt } from "./data-area-export";

export { loader } from "./data-area-export";
export const action = (args: ActionFunctionArgs) => dataAreaExportAction(exportAreaAt(args.request))(args);
