// Columns of the query-trace logs per mode (administration.md 2.7), derived
// from the mode descriptions (modes.ts): the endpoints as they are logged,
// the carrier where the results page filters by it (FCL, air: the airline),
// the weight for express; then the user columns. Shared by server and browser.
import type { TranslationKey } from "~/i18n/keys";
import type { ModeDescription } from "~/domain/modes";

export type QueryLogColumn = "pol" | "pod" | "carrier" | "dock" | "doorPoint" | "destination" | "weight";

export function queryLogColumns(mode: ModeDescription): QueryLogColumn[] {
  return [
    ...mode.fields.map((field) => field.logColumn),
    ...(mode.carrierFilter ? (["carrier"] as const) : []),
    ...(mode.weight ? (["weight"] as const) : []),
  ];
}

/** Column heading: the air carrier is the airline. */
export function queryLogLabelKey(mode: ModeDescription, column: QueryLogColumn): TranslationKey {
  if (column === "carrier" && mode.key === "air") return "admin.logs.col.airline";
  return `admin.logs.col.${column}`;
}

export const USER_COLUMNS = ["operatedAt", "username", "phone", "email", "company"] as const;
