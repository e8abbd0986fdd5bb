// What the /insights screen and its exports read: the mode from the URL, the
// period and options, the figures (insights.server.ts) and, for the page,
// the chart geometry (charts.server.ts). Returns data, never a Response.
import type { Viewer } from "~/domain/accounts/viewer.server";
import type { ModeDescription } from "~/domain/modes";
import { parseTableQuery, tablePage } from "~/domain/table/paging.server";
import { barChart, lineChart } from "./charts.server";
import { insightsPeriod, insightsQuery, loadInsights, type Insights } from "./insights.server";
import { LANE_MODES, type InsightTable } from "~/domain/import-export/lanes";

/** The mode of `?mode=` among the dashboard's modes (FCL by default); null when unknown. */
export function insightsMode(url: URL): ModeDescription | null {
  const key = url.searchParams.get("mode") ?? LANE_MODES[0].key;
  return LANE_MODES.find((m) => m.key === key) ?? null;
}

const laneLabel = (row: { origin: string; destination: string }) => `${row.origin} → ${row.destination}`;

export async function insightsScreen(viewer: Viewer, mode: ModeDescription, url: URL) {
  const options = insightsQuery(url);
  const data = await loadInsights(viewer, mode, options);
  const page = tablePage({ ...parseTableQuery(url, insightsPeriod), range: options.period }, 0);
  return { modeKey: mode.key, data, page, charts: chartsOf(data) };
}

function chartsOf(data: Insights) {
  const days = data.trend.map((d) => d.day);
  return {
    unmet: barChart(data.unmet.slice(0, 15).map((r) => ({ label: laneLabel(r), value: r.searches }))),
    topSearches: barChart(data.topBySearches.slice(0, 15).map((r) => ({ label: laneLabel(r), value: r.searches }))),
    topBookings: barChart(
      data.topByBookings
        .filter((r) => r.bookings > 0)
        .slice(0, 15)
        .map((r) => ({ label: laneLabel(r), value: r.bookings })),
    ),
    growth: barChart(data.growth.slice(0, 15).map((r) => ({ label: laneLabel(r), value: r.change }))),
    trend: lineChart(days, [
      { key: "searches", values: data.trend.map((d) => d.searches) },
      { key: "bookings", values: data.trend.map((d) => d.bookings) },
    ]),
    // The lowest valid price of each day: a day without a valid rate breaks the line.
    prices: lineChart(
      data.dailyPrices.map((p) => p.day),
      [
        { key: "T0", values: data.dailyPrices.map((p) => p.t0) },
        { key: "T1", values: data.dailyPrices.map((p) => p.t1) },
        { key: "T2", values: data.dailyPrices.map((p) => p.t2) },
      ],
    ),
  };
}

/** One table of the dashboard for its export. */
export async function insightsTable(viewer: Viewer, mode: ModeDescription, url: URL, table: InsightTable): Promise<Insights> {
  return loadInsights(viewer, mode, insightsQuery(url), table);
}
