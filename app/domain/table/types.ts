// The paged-table contract shared by the server (paging.server.ts) and the
// components (app/components/table). Plain data only: safe in the browser.

/** Page sizes of the spec (data-maintenance.md 9); a screen may pass its own. */
export const DEFAULT_PAGE_SIZES = [10, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** URL parameter names: everything lives in the URL so the table works without JavaScript. */
export const TABLE_PARAMS = { page: "page", size: "size", from: "from", to: "to" } as const;

/** A date range as calendar days YYYY-MM-DD, or date-times YYYY-MM-DDTHH:mm where the table takes times (Asia/Shanghai); null ends are open. */
export type DayRange = { from: string | null; to: string | null };

/** What a loader hands to <Pager> (and <DateRangeFilter>): plain JSON. */
export type TablePage = {
  page: number;
  size: number;
  total: number;
  pageCount: number;
  sizes: number[];
  /** The effective date range (the default when the URL has none); null when the screen has no range. */
  range: DayRange | null;
  /** The range inputs take a time of day as well. */
  withTime: boolean;
  /** Today in Shanghai (YYYY-MM-DD), for the range shortcuts. */
  today: string;
};

/** The shortcuts of the spec: last week, last month, last three months. */
export const RANGE_SHORTCUTS = [
  { key: "table.range.lastWeek", days: 7 },
  { key: "table.range.lastMonth", days: 30 },
  { key: "table.range.lastThreeMonths", days: 90 },
] as const;

/** YYYY-MM-DD plus `days` (calendar arithmetic in UTC, no time zone drift). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The current URL's search with some parameters changed (null removes one).
 * Used for page links, size links and range shortcuts.
 */
export function searchWith(search: string | URLSearchParams, changes: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined) params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "?";
}
