// The .xlsx export of one dashboard table: the same rows and columns as the
// page (columns.ts), headers in the viewer's language, written in the sheet
// worker. Returns the file and its names (the route makes the Response).
import type { T } from "~/i18n/keys";
import { cellWords } from "./words";
import type { Viewer } from "~/domain/accounts/viewer.server";
import type { ModeDescription } from "~/domain/modes";
import { writeSheetInWorker, type Cell } from "~/domain/import-export/sheet-worker.server";
import { laneOf, type InsightTable } from "~/domain/import-export/lanes";
import { tableColumns } from "./columns";
import type { Insights } from "./insights.server";
import { insightsTable } from "./page.server";

const ROWS: Record<InsightTable, (data: Insights) => unknown[]> = {
  unmet: (d) => d.unmet,
  topSearches: (d) => d.topBySearches,
  topBookings: (d) => d.topByBookings,
  growth: (d) => d.growth,
  trend: (d) => d.trend,
  prices: (d) => d.prices,
  customers: (d) => d.idle,
};

export async function insightsExport(viewer: Viewer, mode: ModeDescription, url: URL, table: InsightTable, t: T) {
  const data = await insightsTable(viewer, mode, url, table);
  const lane = laneOf(mode);
  const columns = tableColumns(table, { group: data.group, carrier: mode.carrierFilter });
  const words = cellWords(t);
  const header: Cell[] = columns.map((c) =>
    c.key === "origin" ? t(lane.from.labelKey) : c.key === "destination" ? t(lane.to.labelKey) : t(c.headerKey, c.headerValues),
  );
  const rows = ROWS[table](data).map((row) => columns.map((c) => c.value(row as never, words)));
  const file = await writeSheetInWorker([header, ...rows], { sheetName: "sheet1", bookType: "xlsx" });
  const stamp = `${data.period.from}_${data.period.to}`;
  return {
    file,
    fileName: `${t(`insights.sheet.${table}`)}-${mode.key}-${stamp}.xlsx`,
    asciiName: `insights-${table}-${mode.key}-${stamp}.xlsx`,
  };
}
