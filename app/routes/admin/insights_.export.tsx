// /insights/export?table=…&mode=…&from=…&to=…: one table of the insights
// dashboard as .xlsx, with the page's filters and the viewer's data view.
import { requireOperation } from "~/http/auth.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { insightsMode } from "~/domain/insights/page.server";
import { insightsExport } from "~/domain/insights/export.server";
import { INSIGHT_TABLES, type InsightTable } from "~/domain/import-export/lanes";
import { XLSX_TYPE } from "~/domain/import-export/export.server";
import { spreadsheetResponse } from "~/http/replies.server";
import { getT } from "~/i18n/i18n.server";
import { notFound } from "~/http/replies.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireOperation({ request, context }, "insights.read");
  const url = new URL(request.url);
  const mode = insightsMode(url);
  const table = url.searchParams.get("table") as InsightTable | null;
  if (!mode || !table || !INSIGHT_TABLES.includes(table)) throw notFound();
  const t = await getT(request);
  const { file, fileName, asciiName } = await insightsExport(viewer, mode, url, table, t);
  return spreadsheetResponse(file, fileName, asciiName, XLSX_TYPE);
}
