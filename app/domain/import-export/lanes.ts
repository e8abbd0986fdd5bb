// The modes the insights dashboard covers and what a lane is in each (shared
// by server and browser: plain data). A lane is a mode's two search fields as
// the query-trace log records them (pol/pod; trailer: dock/door point), which
// are also the rate columns the search matches. Express is left out: its
// search is a destination country and a weight, priced by zone, so it has no
// lane of two ends (docs/decisions/701-insights.md).
import { MODES, type ModeDescription } from "~/domain/modes";

export const LANE_MODES: readonly ModeDescription[] = MODES.filter((m) => m.fields.length === 2 && m.fields.every((f) => f.column));

export function laneOf(mode: ModeDescription) {
  const from = mode.fields.find((f) => f.role === "from")!;
  const to = mode.fields.find((f) => f.role === "to")!;
  return { from, to };
}

/** The dashboard's tables, each exported as .xlsx under this name. */
export const INSIGHT_TABLES = ["unmet", "topSearches", "topBookings", "growth", "trend", "prices", "customers"] as const;
export type InsightTable = (typeof INSIGHT_TABLES)[number];
