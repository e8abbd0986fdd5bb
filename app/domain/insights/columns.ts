// The columns of each dashboard table, once: the page's tables and the .xlsx
// exports both read them (header key, the value as exported). Shared by
// server and browser: plain data and pure functions.
import type { TranslationKey } from "~/i18n/keys";
import { formatDateTime } from "~/utils/dates";
import type { DayPoint, GrowingLane, IdleCustomer, PricePoint, TopLane, TrendGroup, UnmetLane } from "./insights.server";
import type { InsightTable } from "~/domain/import-export/lanes";

type Value = string | number | null;
/** The words a cell may need, in the viewer's language. */
export type CellWords = { yesNo: (b: boolean) => string; openEnded: string; newLane: string };
export type Column<Row> = {
  key: string;
  headerKey: TranslationKey;
  headerValues?: Record<string, string>;
  value: (row: Row, words: CellWords) => Value;
  numeric?: boolean;
};

const time = (iso: string) => formatDateTime(iso, { seconds: true });
const percent = (n: number | null) => (n === null ? null : `${(n * 100).toFixed(1)}%`);

const lane = <Row extends { origin: string; destination: string }>(): Column<Row>[] => [
  { key: "origin", headerKey: "insights.col.origin", value: (r) => r.origin },
  { key: "destination", headerKey: "insights.col.destination", value: (r) => r.destination },
];

export const UNMET_COLUMNS: Column<UnmetLane>[] = [
  ...lane<UnmetLane>(),
  { key: "searches", headerKey: "insights.col.searches", value: (r) => r.searches, numeric: true },
  { key: "customers", headerKey: "insights.col.customers", value: (r) => r.customers, numeric: true },
  { key: "lastSearched", headerKey: "insights.col.lastSearched", value: (r) => time(r.lastSearched) },
  { key: "rateNow", headerKey: "insights.col.rateNow", value: (r, w) => w.yesNo(r.rateNow) },
];

export const TOP_COLUMNS: Column<TopLane>[] = [
  ...lane<TopLane>(),
  { key: "searches", headerKey: "insights.col.searches", value: (r) => r.searches, numeric: true },
  { key: "bookings", headerKey: "insights.col.bookings", value: (r) => r.bookings, numeric: true },
  { key: "conversion", headerKey: "insights.col.conversion", value: (r) => percent(r.conversion), numeric: true },
];

export const GROWTH_COLUMNS: Column<GrowingLane>[] = [
  ...lane<GrowingLane>(),
  { key: "searches", headerKey: "insights.col.searches", value: (r) => r.searches, numeric: true },
  { key: "previous", headerKey: "insights.col.previous", value: (r) => r.previous, numeric: true },
  { key: "change", headerKey: "insights.col.change", value: (r) => `+${r.change}`, numeric: true },
  {
    key: "growth",
    headerKey: "insights.col.growth",
    value: (r, w) => (r.growth === null ? w.newLane : `+${percent(r.growth)}`),
    numeric: true,
  },
];

export const trendColumns = (group: TrendGroup): Column<DayPoint>[] => [
  { key: "day", headerKey: group === "week" ? "insights.col.week" : "insights.col.day", value: (r) => r.day },
  { key: "searches", headerKey: "insights.col.searches", value: (r) => r.searches, numeric: true },
  { key: "bookings", headerKey: "insights.col.bookings", value: (r) => r.bookings, numeric: true },
];

export const priceColumns = (carrier: boolean): Column<PricePoint>[] => [
  { key: "id", headerKey: "insights.col.rowId", value: (r) => r.id, numeric: true },
  ...(carrier ? [{ key: "carrier", headerKey: "insights.col.carrier", value: (r) => r.carrier } satisfies Column<PricePoint>] : []),
  { key: "day", headerKey: "insights.col.since", value: (r) => r.day },
  { key: "until", headerKey: "insights.col.until", value: (r, w) => r.until ?? w.openEnded },
  { key: "validFrom", headerKey: "insights.col.validFrom", value: (r) => r.validFrom },
  { key: "validTo", headerKey: "insights.col.validTo", value: (r) => r.validTo },
  { key: "t0", headerKey: "insights.col.tier", headerValues: { tier: "T0" }, value: (r) => r.t0, numeric: true },
  { key: "t1", headerKey: "insights.col.tier", headerValues: { tier: "T1" }, value: (r) => r.t1, numeric: true },
  { key: "t2", headerKey: "insights.col.tier", headerValues: { tier: "T2" }, value: (r) => r.t2, numeric: true },
  {
    key: "replacedBy",
    headerKey: "insights.col.replacedBy",
    value: (r) => (r.replacedBy ? `${r.replacedBy.fileName} (${r.replacedBy.username ?? "—"}, ${time(r.replacedBy.at)})` : null),
  },
];

export const CUSTOMER_COLUMNS: Column<IdleCustomer>[] = [
  { key: "username", headerKey: "insights.col.username", value: (r) => r.username },
  { key: "company", headerKey: "insights.col.company", value: (r) => r.company },
  { key: "phone", headerKey: "insights.col.phone", value: (r) => r.phone },
  { key: "email", headerKey: "insights.col.email", value: (r) => r.email },
  { key: "sales", headerKey: "insights.col.sales", value: (r) => r.sales },
  ...lane<IdleCustomer>(),
  { key: "searches", headerKey: "insights.col.searches", value: (r) => r.searches, numeric: true },
  { key: "lastSearched", headerKey: "insights.col.lastSearched", value: (r) => time(r.lastSearched) },
];

/** Each table's columns, by its export name: the trend's first column by its grouping, the prices' carrier where the mode has one. */
export function tableColumns(table: InsightTable, options: { group: TrendGroup; carrier: boolean }): Column<never>[] {
  const columns: Record<InsightTable, () => Column<never>[]> = {
    unmet: () => UNMET_COLUMNS as Column<never>[],
    topSearches: () => TOP_COLUMNS as Column<never>[],
    topBookings: () => TOP_COLUMNS as Column<never>[],
    growth: () => GROWTH_COLUMNS as Column<never>[],
    trend: () => trendColumns(options.group) as Column<never>[],
    prices: () => priceColumns(options.carrier) as Column<never>[],
    customers: () => CUSTOMER_COLUMNS as Column<never>[],
  };
  return columns[table]();
}
