// Carrier sheets as they come (issue 40, decision 207): a workbook in a
// carrier's or agent's own layout, read as it is (every tab, merged cells,
// title lines, one or two header rows, validity periods side by side), then
// turned by a mapping into rows of the area's own import layout, which the
// one import pipeline (validateSheet → preview → commit → history → undo)
// takes as it takes a sheet in the portal's layout.
//
//   detectLayout(area, tabs)          where each tab's header is, its columns
//                                     (label, period, samples) and the field
//                                     each column is matched to by its name
//   mappingProblems(area, layout, m)  what the clerk still has to decide
//                                     (unmapped price columns, a field two
//                                     columns fill, the tier of the prices …)
//   applyMapping(area, tabs, layout, m) the rows in the area's layout, with
//                                     each row's origin (tab, row, period)
//
// Pure (no database): unit-tested with sheets built in the tests.
import { createHash } from "node:crypto";
import type { DataArea } from "~/domain/data-areas/types";
import {
  FIELD_SYNONYMS,
  PRICE_BASE_SYNONYMS,
  REVENUE_TON_SYNONYMS,
  isRowNumberHeader,
  labelKeyOf,
  looksLikePrice,
  periodOf,
  withoutBrackets,
} from "~/domain/data-areas/synonyms";
import { modeByKey } from "~/domain/modes";
import { RATE_TABLES, type ModeKey } from "~/domain/catalog";
import { TIERS, type Tier } from "~/domain/pricing/visibility";
import {
  addDays,
  countDayOrders,
  noDays,
  normalizeDay,
  provenDayOrder,
  withDayOrder,
  type DayOrder,
  type DayOrderCounts,
} from "~/domain/data-areas/dates";
import { headerIndex, normalizeHeader, type ImportProblem } from "./import.server";
import { ROWS_PER_SLICE, drain, drainYielding } from "./slices";
import { sheetGrid, type SheetGrid } from "./sheet-grid";
import type { Cell, ParsedSheet, WorkbookTab } from "./sheet-worker.server";
import { currencyCode } from "~/utils/normalize";
import { formatDate, todayInShanghai } from "~/utils/dates";

// ------------------------------------------------------------------ targets

/**
 * What a column of a carrier's sheet goes to: a field of the area ("pol",
 * "gp20T1"), a tier price base ("price:gp20": one price per container, into
 * the tiers the mapping's `tier` says), a validity range in one cell
 * ("validity": 2026/12/01-2026/12/14), the currency of the row's prices
 * ("currency": checked against the table's own currency where the table has
 * no currency column), or "ignore" (the clerk's word that the column is not
 * imported).
 */
export type Target = string;
export const IGNORE = "ignore";
export const VALIDITY = "validity";
export const CURRENCY = "currency";
const PRICE = "price:";
/** Several price bases in one column, "20GP/40GP/40HQ" over "1650/2050/2150": `prices:gp20/gp40/hq40`. */
const PRICES = "prices:";
/** Between the sizes of such a column, in its header and in its cells (after NFKC). */
const PRICE_PARTS = /\s*\/\s*/;
/**
 * One price for several bases: LCL's "W/M" rate is per revenue ton, a cubic
 * metre or a tonne, whichever gives more, so it is the table's rate per CBM
 * and its rate per ton alike (`same:freightCbm/freightTon`).
 */
const SAME = "same:";
/** The bases a W/M rate fills, where an area has both, and its target. */
const REVENUE_TON = ["freightCbm", "freightTon"] as const;
const REVENUE_TON_TARGET = `${SAME}${REVENUE_TON.join("/")}`;
/**
 * A sheet of one price per row (a carrier system's export: "POL | POD |
 * Container | Rate"): the column naming each row's size (20GP, 40HC, +45KG,
 * CBM) and the column of that size's price. The rows of one rate (the same
 * values but their sizes and prices) become one rate with every size.
 */
export const SIZE = "size";
export const ROW_PRICE = "rowPrice";
export const TIER_CHOICES = ["all", ...TIERS] as const;
export type TierChoice = (typeof TIER_CHOICES)[number];

/** The tier price bases of an area: bases whose T0, T1 and T2 columns all exist (gp20, freightCbm, bulk45 …). */
export function priceBases(area: DataArea): string[] {
  const fields = new Set(area.columns.map((c) => c.field));
  const bases: string[] = [];
  for (const c of area.columns) {
    const m = /^(.+)T0$/.exec(c.field);
    if (m && TIERS.every((tier) => fields.has(`${m[1]}${tier}`))) bases.push(m[1]);
  }
  return bases;
}

const hasField = (area: DataArea, field: string) => area.columns.some((c) => c.field === field);
/** The area keeps a validity (valid_fm/valid_to, or air's 至 range). */
const hasValidity = (area: DataArea) => hasField(area, "validTo") || !!area.import.air;

/** Every target the wizard offers for a column of `area`, in the order it lists them. */
export function targetsOf(area: DataArea): Target[] {
  const air = area.import.air;
  // Air's validity is its 至 range (yxq): valid_fm/valid_to are derived from it, so the range is the target.
  const fields = area.columns.filter((c) => !(air && (c.field === "validFrom" || c.field === "validTo"))).map((c) => c.field);
  return [
    ...fields,
    ...priceBases(area).map((base) => `${PRICE}${base}`),
    ...(REVENUE_TON.every((base) => priceBases(area).includes(base)) ? [REVENUE_TON_TARGET] : []),
    ...(priceBases(area).length ? [SIZE, ROW_PRICE] : []),
    ...(hasValidity(area) ? [VALIDITY] : []),
    ...(hasField(area, CURRENCY) ? [] : [CURRENCY]),
  ];
}

export const priceBaseOf = (target: Target): string | null => (target.startsWith(PRICE) ? target.slice(PRICE.length) : null);

/**
 * The price bases a target fills: one for a price column, several for a
 * column of prices split by "/" or for one price of several bases (W/M), none
 * otherwise.
 */
export function priceBasesOf(target: Target): string[] {
  if (target.startsWith(PRICES)) return target.slice(PRICES.length).split("/");
  if (target.startsWith(SAME)) return target.slice(SAME.length).split("/");
  const base = priceBaseOf(target);
  return base === null ? [] : [base];
}

/** Whether the wizard takes `target` for a column of `area`: one it lists, or two or more of its price bases in one column. */
export function isTarget(area: DataArea, target: Target): boolean {
  if (!target.startsWith(PRICES)) return targetsOf(area).includes(target);
  const bases = priceBasesOf(target);
  const known = new Set(priceBases(area));
  return bases.length >= 2 && new Set(bases).size === bases.length && bases.every((b) => known.has(b));
}

/**
 * A header naming several price bases split by "/" ("20GP/40GP/40HQ",
 * "20'/40'/40HC") as a column of prices split the same way, or null.
 */
function combinedPrices(area: DataArea, header: string): Target | null {
  const parts = header.normalize("NFKC").split(PRICE_PARTS);
  if (parts.length < 2) return null;
  const bases = parts.map((part) => priceBaseOf(matchHeader(area, part) ?? ""));
  if (bases.some((b) => b === null)) return null;
  const target = `${PRICES}${bases.join("/")}`;
  return isTarget(area, target) ? target : null;
}

/** The table's fixed currency (FCL: USD), or null when its rows carry their own (rail) or the area is no rate table. */
export function tableCurrency(area: DataArea): string | null {
  if (!RATE_TABLES.some((t) => t.key === area.key)) return null;
  const currency = modeByKey(area.key as ModeKey).currency;
  return "fixed" in currency ? currency.fixed : null;
}

/** Whether the wizard offers "rows without a start are valid from the day imported": the area keeps a start of its own. */
export const startsToday = (area: DataArea) => !area.import.air && hasField(area, "validFrom");

/** Fixed values for the whole file (the clerk's): which of them an area takes. */
export type FixedValues = {
  /** The port (station, airport) of loading of every row, for a sheet "EX SHANGHAI" that has no column for it. */
  pol?: string;
  carrier?: string;
  /** The express network of every row (a DHL or UPS rate card names its network only in its title). */
  category?: string;
  /** The port area of every row of a trailer quote that has no column for it ("洋山港区拖车报价"). */
  dock?: string;
  currency?: string;
  validFrom?: string;
  validTo?: string;
  tier?: TierChoice;
};
export type FixedKey = keyof FixedValues;
export function fixedKeysOf(area: DataArea): FixedKey[] {
  return [
    ...(hasField(area, "pol") ? (["pol"] as const) : []),
    ...(hasField(area, "carrier") ? (["carrier"] as const) : []),
    ...(hasField(area, "category") ? (["category"] as const) : []),
    // The port area is a trailer rate's origin (where a table keeps a port of loading, its dock is only the terminal).
    ...(hasField(area, "dock") && !hasField(area, "pol") ? (["dock"] as const) : []),
    ...(tableCurrency(area) || hasField(area, CURRENCY) ? (["currency"] as const) : []),
    // Air's 至 range takes both ends; another area the ends it has (rail keeps an end only).
    ...(["validFrom", "validTo"] as const).filter((end) => !!area.import.air || hasField(area, end)),
    ...(priceBases(area).length ? (["tier"] as const) : []),
  ];
}

// --------------------------------------------------------------- matching

const matchers = new WeakMap<DataArea, Map<string, Target>>();

/**
 * Header key → target for `area`: the carriers' names (synonyms.ts) of its
 * fields and price bases, then its own import headers and screen labels
 * (headerIndex: what a sheet in the portal's layout has), all compared as
 * labelKeyOf gives them.
 */
function matcher(area: DataArea): Map<string, Target> {
  const cached = matchers.get(area);
  if (cached) return cached;
  const map = new Map<string, Target>();
  const add = (name: string, target: Target) => {
    const key = labelKeyOf(name);
    if (key && !map.has(key)) map.set(key, target);
  };
  const targets = new Set(targetsOf(area));
  for (const [normalized, column] of headerIndex(area)) if (targets.has(column.field)) add(normalized, column.field);
  for (const [field, names] of Object.entries(FIELD_SYNONYMS)) if (targets.has(field)) for (const name of names) add(name, field);
  if (area.import.air) {
    // Air keeps its validity as the 至 range: the carriers' "from"/"to" columns cannot be told apart from it.
    for (const name of [...FIELD_SYNONYMS.validFrom, ...FIELD_SYNONYMS.validTo]) map.delete(labelKeyOf(name));
  }
  // A W/M rate is the rate per CBM and per ton alike, where the area keeps both.
  if (targets.has(REVENUE_TON_TARGET)) for (const name of REVENUE_TON_SYNONYMS) add(name, REVENUE_TON_TARGET);
  for (const base of priceBases(area)) for (const name of PRICE_BASE_SYNONYMS[base] ?? [base]) add(name, `${PRICE}${base}`);
  if (targets.has(VALIDITY))
    for (const name of ["有效期", "有效日期", "Validity", "Valid", "Validity Period", "Valid Period"]) add(name, VALIDITY);
  if (targets.has(SIZE)) for (const name of SIZE_SYNONYMS) add(name, SIZE);
  if (targets.has(CURRENCY)) for (const name of FIELD_SYNONYMS.currency) add(name, CURRENCY);
  // A sheet's "ETD" is the sailing days ("MON/THU") where the area keeps a schedule and no departure of its own;
  // where it keeps a departure and no schedule (LCL, air), the sailing days and flights are its departure.
  if (targets.has("sailingSchedule") && !targets.has("etd")) add("ETD", "sailingSchedule");
  if (targets.has("etd") && !targets.has("sailingSchedule"))
    for (const name of [...FIELD_SYNONYMS.sailingSchedule, "航班", "航班时间", "Flight", "Flights"]) add(name, "etd");
  matchers.set(area, map);
  return map;
}

/**
 * The target a header names, or null: the whole header (exact key, then
 * without a bracketed tail: THC(RMB) → THC), then a price under a word for
 * freight or a currency ("O/F 20'", "20GP USD", "海运费20GP"), then a header
 * written in both languages ("起运港\nPOL", "船公司 Carrier"): each line, and
 * the Chinese and the Latin part of a line, when those that name anything
 * name the same target.
 */
export function matchHeader(area: DataArea, header: string): Target | null {
  const map = matcher(area);
  const key = labelKeyOf(header);
  if (!key) return null;
  return (
    map.get(key) ?? map.get(withoutBrackets(key)) ?? map.get(normalizeHeader(header)) ?? freightPrice(map, key) ?? bilingual(map, header)
  );
}

/** Words a carrier writes beside a container type's price: ocean freight, its currency (keys as labelKeyOf gives them). */
const FREIGHT_WORDS =
  /^(?:o\/f|of|oceanfreight|seafreight|freight|basicfreight|海运费|基本运费|运费|usd|us\$|rmb|cny|美元|人民币)[:：-]?|[:：-]?(?:o\/f|oceanfreight|freight|海运费|运费|usd|rmb|cny|美元|人民币)$/;

/**
 * A price named with brackets ("40hq(coc)" → coc40) or with freight or
 * currency words around it, brackets ignored ("o/f20" → 20 → gp20;
 * "运费(usd/cbm)" → usd/cbm → freightCbm): only a price.
 */
function freightPrice(map: Map<string, Target>, key: string): Target | null {
  let bare = key.replace(/[()[\]]/g, "");
  // A box type in brackets ("40HQ(COC)", "20GP(自备箱)").
  const bracketed = bare !== key ? map.get(bare) : undefined;
  if (bracketed && priceBasesOf(bracketed).length) return bracketed;
  for (let words = 0; words < 3; words++) {
    const next = bare.replace(FREIGHT_WORDS, "");
    if (next === bare || next === "") return null;
    bare = next;
    const target = map.get(bare);
    if (target && priceBasesOf(target).length) return target;
  }
  return null;
}

/** Between the Chinese and the Latin part of a header ("起运港POL", "Carrier船公司"). */
const SCRIPT_BOUNDARY = /(?<=[\u3400-\u9fff）)])\s*(?=[A-Za-z])|(?<=[A-Za-z)）])\s*(?=[\u3400-\u9fff])/;

/** A header in two languages: the one target its lines (and each line's Chinese and Latin parts) name, or null. */
function bilingual(map: Map<string, Target>, header: string): Target | null {
  const parts = header
    .normalize("NFKC")
    .split(/[\r\n]+/)
    .flatMap((line) => line.split(SCRIPT_BOUNDARY))
    .map(labelKeyOf)
    .filter(Boolean);
  if (parts.length < 2) return null;
  const named = new Set(parts.flatMap((part) => map.get(part) ?? map.get(withoutBrackets(part)) ?? freightPrice(map, part) ?? []));
  return named.size === 1 ? [...named][0] : null;
}

// ----------------------------------------------------------------- layout

export type SourceColumn = {
  /** 0-based column of the sheet. */
  index: number;
  /** What the mapping is keyed by: the header's key (labelKeyOf), the same for a column repeated in every period. */
  key: string;
  /** The header as shown ("有效期 / 开始"). */
  label: string;
  /** The validity period the column belongs to (its index in `periods`), or null. */
  period: number | null;
  /** Up to three values of the column, as text. */
  samples: string[];
  /** The header or the values look like prices (blocks the preview while unmapped). */
  priceLike: boolean;
  /** Hidden in the workbook (a superseded price, a working column): never matched by its name, shown as hidden. */
  hidden: boolean;
  /** Its days written as number, number, four-digit year (31/12/2026, 12/01/2026): which order they prove (dates.ts). */
  days?: DayOrderCounts;
};

/** A validity period: as written (a header, a title line, a tab's name), its first and last day; `inName` when the tab's name gives it. */
export type Period = { label: string; from: string; to: string; inName?: true };

export type TabLayout = {
  name: string;
  hidden: boolean;
  /** 1-based sheet row of the (first) header row; 0 when no header was found. */
  headerRow: number;
  headerRows: 1 | 2;
  /** Data rows below the header (non-blank), those hidden in the workbook included. */
  rows: number;
  /** Of those, the rows hidden in the workbook (by hand, a filter or a collapsed group): named, not imported. */
  hiddenRows: number;
  columns: SourceColumn[];
  periods: Period[];
  /**
   * A validity stated once above the header ("有效期：12.1-12.31", "Validity: …"), else by the tab's name
   * ("12.1-12.15", "1201-1214"; its label is then the name): for the rows that give none.
   */
  titlePeriod: Period | null;
  /** The texts above the header (a notice's title block), at most ten. */
  titleLines: string[];
  /** Headers repeated under the first (carriers' tables stacked in one tab, each under its title line). */
  stacked: number;
  /** The header names a lane (a port, a carrier …), not only prices: a list of charges does not (not chosen by default). */
  lanes: boolean;
  /** Cells with a formula and no saved result (A1 addresses). */
  formulaCells: string[];
};

/** The layout of a whole upload: its tabs, and each column key's label and automatic match. */
export type SourceLayout = {
  tabs: TabLayout[];
  /** Every column key of the chosen tabs, once, in sheet order: label, automatic target, price-like. */
  keys: {
    key: string;
    label: string;
    auto: Target | null;
    priceLike: boolean;
    hidden: boolean;
    samples: string[];
    tabs: string[];
    /** Its days written as number, number, four-digit year, over the chosen tabs (which order they prove). */
    days?: DayOrderCounts;
  }[];
};

/** A tab's header choice: detected, or the clerk's row (1-based) and row count. */
export type HeaderChoice = { row: number; rows: 1 | 2 } | null;

const HEADER_SCAN_ROWS = 40;

function isBlank(cell: Cell | undefined): boolean {
  return cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === "");
}
const textOf = (cell: Cell | undefined) => (isBlank(cell) ? "" : String(cell).trim());

/** A grid whose merged ranges read as their top-left cell in the header rows (a title merged over columns, 有效期 over 开始/截止). */
function headerReader(tab: WorkbookTab, grid: SheetGrid) {
  const base = grid.firstRow - 1;
  return (r: number, c: number, fill: "across" | "down" | "both" = "both"): Cell | undefined => {
    const own = grid.cell(r, c);
    if (!isBlank(own)) return own;
    for (const m of tab.merges) {
      const row = r + base;
      if (row < m.s.r || row > m.e.r || c < m.s.c || c > m.e.c) continue;
      if (fill === "across" && m.s.r !== row) continue;
      if (fill === "down" && m.s.c !== c) continue;
      return m.s.r - base >= 0 ? grid.cell(m.s.r - base, m.s.c) : undefined;
    }
    return own;
  };
}

/** Excel's widest sheet: a cell's key (row × this + column) is unique. */
const MAX_COLUMNS = 16_384;

/**
 * The data cells (grid rows from `first` down) a merged range covers below
 * its top row, keyed row × MAX_COLUMNS + column, each to the range's value:
 * what Excel shows there. Only the range's first column, downwards: a port,
 * carrier or validity merged over a group of lanes belongs to each of them,
 * while a note merged across columns stays one note.
 */
function mergedDown(tab: WorkbookTab, grid: SheetGrid, first: number): Map<number, Cell> {
  const filled = new Map<number, Cell>();
  const base = grid.firstRow - 1;
  for (const m of tab.merges) {
    const top = m.s.r - base;
    if (top < first || m.e.r <= m.s.r) continue;
    const value = grid.cell(top, m.s.c);
    if (value === undefined || isBlank(value)) continue;
    for (let r = top + 1; r <= m.e.r - base && r < grid.height; r++) filled.set(r * MAX_COLUMNS + m.s.c, value);
  }
  return filled;
}

function rowHasValue(grid: SheetGrid, r: number): boolean {
  for (let c = 0, w = grid.width(r); c < w; c++) if (!isBlank(grid.cell(r, c))) return true;
  return false;
}

/** How many distinct targets the cells of row r name (a header row names several). */
function headerScore(area: DataArea, grid: SheetGrid, r: number): number {
  const found = new Set<Target>();
  for (let c = 0, w = grid.width(r); c < w; c++) {
    const cell = grid.cell(r, c);
    if (typeof cell !== "string") continue;
    const target = matchHeader(area, cell);
    if (target) found.add(target);
  }
  return found.size;
}

/** Where a tab's header is: the row among the first 40 that names most targets (at least two), else null. */
function findHeaderRow(area: DataArea, grid: SheetGrid): number | null {
  let best: number | null = null;
  let bestScore = 1;
  for (let r = 0; r < Math.min(grid.height, HEADER_SCAN_ROWS); r++) {
    const score = headerScore(area, grid, r);
    if (score > bestScore) {
      best = r;
      bestScore = score;
    }
  }
  return best;
}

/** Whether row r is a header's second line: text only, and under a merged header cell or naming a target. */
function isSubHeader(area: DataArea, tab: WorkbookTab, grid: SheetGrid, top: number): boolean {
  const r = top + 1;
  if (r >= grid.height || !rowHasValue(grid, r)) return false;
  const base = grid.firstRow - 1;
  let under = false;
  for (let c = 0, w = grid.width(r); c < w; c++) {
    const cell = grid.cell(r, c);
    if (isBlank(cell)) continue;
    if (typeof cell !== "string" || periodOf(cell) || /^[\d.,\s]+$/.test(cell)) return false;
    const merged = tab.merges.some((m) => m.s.r === top + base && m.e.c > m.s.c && c >= m.s.c && c <= m.e.c);
    if (merged || matchHeader(area, cell)) under = true;
  }
  return under;
}

function hasPeriods(grid: SheetGrid, r: number): boolean {
  if (r < 0) return false;
  for (let c = 0, w = grid.width(r); c < w; c++) {
    const cell = grid.cell(r, c);
    if (typeof cell === "string" && periodOf(cell)) return true;
  }
  return false;
}

/**
 * The layout of one tab. `choice`: the clerk's header row and count, or null
 * to find them: the best-named row, with the row above when it holds validity
 * periods (2026/12/01-2026/12/14 over 20GP/40GP/40HQ) or the row below when
 * it is the header's second line (开始/截止 under a merged 有效期).
 */
export function tabLayout(area: DataArea, tab: WorkbookTab, choice: HeaderChoice = null): TabLayout {
  return drain(tabLayoutSteps(area, tab, choice));
}

/** A number written as text ("1,650.00", "-5"); a validity ("2026.12.01-2026.12.31") or a list of sizes ("1650/2050") is none. */
const NUMBER_TEXT = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;

function* tabLayoutSteps(area: DataArea, tab: WorkbookTab, choice: HeaderChoice): Generator<void, TabLayout> {
  const grid = sheetGrid(tab);
  const empty: TabLayout = {
    name: tab.name,
    hidden: tab.hidden,
    headerRow: 0,
    headerRows: 1,
    rows: 0,
    hiddenRows: 0,
    columns: [],
    periods: [],
    titlePeriod: null,
    titleLines: [],
    stacked: 0,
    lanes: false,
    formulaCells: tab.formulaCells,
  };
  let top: number;
  let count: 1 | 2;
  if (choice) {
    top = choice.row - grid.firstRow;
    count = choice.rows;
    if (top < 0 || top + count > grid.height) return { ...empty, headerRow: choice.row, headerRows: choice.rows };
  } else {
    const found = findHeaderRow(area, grid);
    if (found === null) return empty;
    if (hasPeriods(grid, found - 1)) [top, count] = [found - 1, 2];
    else if (isSubHeader(area, tab, grid, found)) [top, count] = [found, 2];
    else [top, count] = [found, 1];
  }
  const read = headerReader(tab, grid);
  const width = Math.max(grid.width(top), count === 2 ? grid.width(top + 1) : 0, ...tab.merges.map((m) => m.e.c + 1));
  const periods: Period[] = [];
  const periodAt = new Map<string, number>();
  const columns: SourceColumn[] = [];
  const seen = new Map<string, number>();
  const hiddenColumns = new Set(tab.hiddenCells.columns);
  const hiddenRows = new Set(tab.hiddenCells.rows);
  for (let c = 0; c < width; c++) {
    const upper = textOf(read(top, c, count === 2 ? "across" : "both"));
    const lower = count === 2 ? textOf(grid.cell(top + 1, c)) : "";
    const period = upper ? periodOf(upper) : null;
    let label: string;
    let periodIndex: number | null = null;
    if (period) {
      if (!lower) continue;
      const periodKey = `${period.from}/${period.to}`;
      if (!periodAt.has(periodKey)) {
        periodAt.set(periodKey, periods.length);
        periods.push({ label: upper, ...period });
      }
      periodIndex = periodAt.get(periodKey)!;
      label = lower;
    } else if (upper && lower && upper !== lower) label = `${upper} / ${lower}`;
    else label = upper || lower;
    if (!label) continue;
    let key = labelKeyOf(label.replace(" / ", ""));
    if (periodIndex === null) {
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      if (n > 1) key = `${key}#${n}`;
    }
    columns.push({ index: c, key, label, period: periodIndex, samples: [], priceLike: false, hidden: hiddenColumns.has(c) });
  }
  // Samples and the kind of values, from the data rows.
  let rows = 0;
  let hiddenRowCount = 0;
  let stacked = 0;
  const numeric = columns.map(() => ({ numbers: 0, values: 0 }));
  const days = columns.map(noDays);
  const repeatsHeader = headerRepeats(columns);
  const indexes = columns.map((column) => column.index);
  const cellAt = (r: number, c: number) => grid.cell(r, c);
  for (let r = top + count; r < grid.height; r++) {
    if ((r & (ROWS_PER_SLICE - 1)) === 0) yield;
    if (!rowHasValue(grid, r)) continue;
    if (repeatsHeader(cellAt, r, indexes)) {
      stacked++;
      continue;
    }
    rows++;
    if (hiddenRows.has(grid.firstRow + r)) hiddenRowCount++;
    columns.forEach((column, i) => {
      const cell = grid.cell(r, column.index);
      if (isBlank(cell)) return;
      numeric[i].values++;
      if (typeof cell === "number" || (typeof cell === "string" && NUMBER_TEXT.test(cell.normalize("NFKC").trim()))) numeric[i].numbers++;
      if (typeof cell === "string" && cell.length >= 8) countDayOrders(cell, days[i]);
      if (column.samples.length < 3) column.samples.push(String(cell).slice(0, 40));
    });
  }
  columns.forEach((column, i) => {
    const mostlyNumbers = numeric[i].values > 0 && numeric[i].numbers / numeric[i].values >= 0.8;
    const own = column.label.split(" / ").pop()!;
    column.priceLike =
      looksLikePrice(own) || own.split("/").every((part) => looksLikePrice(part)) || (mostlyNumbers && !isRowNumberHeader(column.label));
    if (days[i].dayFirst + days[i].monthFirst + days[i].either > 0) column.days = days[i];
  });
  return {
    name: tab.name,
    hidden: tab.hidden,
    headerRow: grid.firstRow + top,
    headerRows: count,
    rows,
    hiddenRows: hiddenRowCount,
    columns,
    periods,
    titlePeriod: periods.length ? null : (titlePeriodOf(grid, top) ?? namePeriodOf(tab.name)),
    titleLines: titleLinesOf(grid, top),
    stacked,
    lanes: namesLanes(area, columns),
    formulaCells: tab.formulaCells,
  };
}

/**
 * Whether a row repeats the header (the next of carriers' tables stacked in
 * one tab): two of the columns given at least, each its column's header as
 * compared (labelKeyOf), either line of a two-line header or both. Runs for
 * every data row, so a cell's text is keyed once (a weekly sheet repeats its
 * ports on every row) and the first cell that is not its header ends it.
 */
function headerRepeats(columns: readonly SourceColumn[]) {
  const spellings = new Map(
    columns.map((column) => [column.index, new Set([column.label, ...column.label.split(" / ")].map((l) => labelKeyOf(l)))]),
  );
  const keys = new Map<string, string>();
  const keyOf = (text: string) => {
    let key = keys.get(text);
    if (key === undefined) {
      key = labelKeyOf(text);
      if (keys.size < 10_000) keys.set(text, key);
    }
    return key;
  };
  return (cellAt: (r: number, c: number) => Cell | undefined, r: number, among: readonly number[]): boolean => {
    let filled = 0;
    for (const c of among) {
      const cell = cellAt(r, c);
      if (isBlank(cell)) continue;
      // A header may be a number (a weight break, 45): compared as the text it shows.
      if ((typeof cell !== "string" && typeof cell !== "number") || !spellings.get(c)?.has(keyOf(String(cell).trim()))) return false;
      filled++;
    }
    return filled >= 2;
  };
}

/** A row's only content when it is one text cell (a title line: "CMA CGM"), else null. */
function singleText(grid: SheetGrid, r: number): string | null {
  let text: string | null = null;
  for (let c = 0, w = grid.width(r); c < w; c++) {
    const cell = grid.cell(r, c);
    if (isBlank(cell)) continue;
    if (text !== null || typeof cell !== "string") return null;
    text = cell.trim();
  }
  return text;
}

/** The text cells above the header row `top` (0-based), at most ten. */
function titleLinesOf(grid: SheetGrid, top: number): string[] {
  const lines: string[] = [];
  for (let r = 0; r < top && lines.length < 10; r++)
    for (let c = 0, w = grid.width(r); c < w && lines.length < 10; c++) {
      const cell = grid.cell(r, c);
      if (typeof cell === "string" && cell.trim()) lines.push(cell.trim().slice(0, 200));
    }
  return lines;
}

/**
 * The port a title names as the sheet's port of loading ("FCL TARIFF EX
 * SHANGHAI", "FROM NINGBO TO USWC", "上海出口运价", "起运港：青岛"), as written;
 * the caller checks it is a port.
 */
export function titlePortOfLoading(line: string): string | null {
  const text = line.normalize("NFKC").replace(/\s+/g, " ").trim();
  const named = /起运港\s*[:：]\s*([^\s,，;；(（]+)/.exec(text);
  if (named) return named[1];
  const english = /\b(?:EX|FROM)\s+([A-Z][A-Z.'-]*(?:\s+(?!TO\b|PORT\b|RATES?\b|TARIFF\b)[A-Z][A-Z.'-]*)*)/i.exec(text);
  if (english) return english[1];
  const chinese = /([\u4e00-\u9fff]{2,6}?)港?(?:出口|起运|出发)/.exec(text);
  return chinese ? chinese[1] : null;
}

/**
 * The one carrier of `carriers` (the names the area's rates already give) a
 * title line begins with, as a whole word ("MSC 地中海线运价通知" → MSC,
 * "COSCO SHIPPING 欧洲线" → COSCO SHIPPING before COSCO), or null when no
 * line or lines naming two carriers do.
 */
export function titleCarrier(lines: readonly string[], carriers: readonly string[]): string | null {
  const known = [...carriers].sort((a, b) => b.length - a.length);
  const found = new Set<string>();
  for (const line of lines) {
    const text = line.normalize("NFKC").replace(/\s+/g, " ").trim().toUpperCase();
    const carrier = known.find((name) => {
      const upper = name.toUpperCase();
      return upper !== "" && text.startsWith(upper) && !/[A-Z0-9]/.test(text.charAt(upper.length));
    });
    if (carrier) found.add(carrier);
  }
  return found.size === 1 ? [...found][0] : null;
}

/** The title line nearest above the header row `top` (0-based): the first table's title, or null when that line is more. */
function titleAbove(grid: SheetGrid, top: number): string | null {
  for (let r = top - 1; r >= 0; r--) if (rowHasValue(grid, r)) return singleText(grid, r);
  return null;
}

/** The first validity stated in the lines above the header (a notice's title block), or null. */
function titlePeriodOf(grid: SheetGrid, top: number): Period | null {
  const today = new Date();
  for (let r = 0; r < top; r++)
    for (let c = 0, w = grid.width(r); c < w; c++) {
      const cell = grid.cell(r, c);
      if (typeof cell !== "string") continue;
      const period = titleValidity(cell, today);
      if (period) return { label: cell.trim().slice(0, 80), ...period };
    }
  return null;
}

/** A tab named by its validity ("12.1-12.15", "1201-1214", "2026.12.01-12.14", "12月1日至12月15日"), or null. */
function namePeriodOf(name: string): Period | null {
  const plain = name.normalize("NFKC").trim();
  const compact = /^(\d{2})(\d{2})\s*[-~～至到]\s*(\d{2})(\d{2})$/.exec(plain);
  const period = periodOf(compact ? `${compact[1]}.${compact[2]}-${compact[3]}.${compact[4]}` : plain, { today: new Date() });
  return period && { label: name, ...period, inName: true };
}

/** The layout of every tab, and the column keys of the tabs `chosen` (all tabs with a header when null). */
export function detectLayout(
  area: DataArea,
  tabs: readonly WorkbookTab[],
  header: HeaderChoice = null,
  chosen: readonly string[] | null = null,
): SourceLayout {
  return drain(layoutSteps(area, tabs, header, chosen));
}

/** detectLayout with the event loop let through between slices of rows. */
export function detectLayoutYielding(
  area: DataArea,
  tabs: readonly WorkbookTab[],
  header: HeaderChoice = null,
  chosen: readonly string[] | null = null,
): Promise<SourceLayout> {
  return drainYielding(layoutSteps(area, tabs, header, chosen));
}

function* layoutSteps(
  area: DataArea,
  tabs: readonly WorkbookTab[],
  header: HeaderChoice,
  chosen: readonly string[] | null,
): Generator<void, SourceLayout> {
  const layouts: TabLayout[] = [];
  for (const tab of tabs) layouts.push(yield* tabLayoutSteps(area, tab, header));
  const keys: SourceLayout["keys"] = [];
  const byKey = new Map<string, SourceLayout["keys"][number]>();
  for (const tab of layouts) {
    if (!tabChosen(tab, chosen)) continue;
    for (const column of tab.columns) {
      let entry = byKey.get(column.key);
      // A column hidden in the workbook is the clerk's to map: "20GP (old)" hidden before this week's "20GP" must not
      // take its place. A key is hidden when it is in every tab that has it.
      if (!entry) {
        entry = {
          key: column.key,
          label: column.label,
          auto: column.hidden ? null : autoTarget(area, column.label),
          priceLike: column.priceLike,
          hidden: column.hidden,
          samples: [...column.samples],
          tabs: [],
          ...(column.days ? { days: addDays(noDays(), column.days) } : {}),
        };
        byKey.set(column.key, entry);
        keys.push(entry);
      } else {
        if (entry.hidden && !column.hidden) [entry.hidden, entry.auto] = [false, autoTarget(area, column.label)];
        if (column.days) entry.days = addDays(entry.days ?? noDays(), column.days);
        entry.priceLike ||= column.priceLike;
        for (const sample of column.samples) if (entry.samples.length < 3 && !entry.samples.includes(sample)) entry.samples.push(sample);
      }
      if (!entry.tabs.includes(tab.name)) entry.tabs.push(tab.name);
    }
  }
  // One column per target: a second column the names match to the same field keeps no automatic match (the clerk
  // chooses; an English and a Chinese destination column, say).
  const taken = new Set<Target>();
  for (const entry of keys) {
    if (!entry.auto) continue;
    const fills = filledBy(entry.auto);
    const periodic =
      priceBasesOf(entry.auto).length > 0 && layouts.some((t) => t.columns.some((c) => c.key === entry.key && c.period !== null));
    if (fills.some((t) => taken.has(t)) && !periodic) entry.auto = null;
    else for (const t of fills) taken.add(t);
  }
  // A column of sizes is one whose cells are sizes ("Type" may be anything); its price column is then the row's price.
  const sizes = keys.find((entry) => entry.auto === SIZE);
  if (sizes && !(sizes.samples.length > 0 && sizes.samples.every((sample) => sizeBases(area, sample).length > 0))) sizes.auto = null;
  if (sizes?.auto) {
    const priced = ROW_PRICE_SYNONYMS.map(labelKeyOf);
    const price = keys.find((entry) => entry.auto === null && !entry.hidden && priced.includes(withoutBrackets(labelKeyOf(entry.label))));
    if (price) price.auto = ROW_PRICE;
  }
  return { tabs: layouts, keys };
}

/** Headers of the column naming each row's size (its samples must be sizes too: "Type" is many things). */
const SIZE_SYNONYMS = [
  "箱型",
  "柜型",
  "箱型尺寸",
  "Container",
  "Container Type",
  "Cntr",
  "Cntr Type",
  "CTNR",
  "Equipment",
  "Equipment Type",
  "Equip",
  "Size",
  "Type",
  "Size/Type",
  "重量段",
  "Weight Break",
  "Break",
];
/** Headers of that size's price, in a tab that has such a column. */
const ROW_PRICE_SYNONYMS = [
  "Rate",
  "Price",
  "Amount",
  "运费",
  "价格",
  "单价",
  "报价",
  "O/F",
  "Ocean Freight",
  "Freight",
  "海运费",
  "All In",
  "All-in Rate",
];

/** The price bases a size cell names ("40HC" → hq40, "+45KG" → bulk45, LCL's "W/M" → per CBM and per ton alike), or none. */
export function sizeBases(area: DataArea, cell: Cell | undefined): string[] {
  if (isBlank(cell)) return [];
  const target = matchHeader(area, String(cell));
  return target && (target.startsWith(PRICE) || target.startsWith(SAME)) ? priceBasesOf(target) : [];
}

/** A column's automatic match by its label (a two-line label whole, then its own line; a column of prices split by "/"). */
function autoTarget(area: DataArea, label: string): Target | null {
  const own = label.split(" / ").pop()!;
  return matchHeader(area, label.replace(" / ", "")) ?? matchHeader(area, own) ?? combinedPrices(area, own);
}

/** What a header names besides its prices that is no lane: a list of charges ("Item | 20GP | 40GP | Unit") names only these. */
const NO_LANE = new Set<Target>([VALIDITY, CURRENCY, "validFrom", "validTo", "remark"]);

/** Whether a tab's header names something a rate is found by (a port, a carrier, a route …), not only prices. */
function namesLanes(area: DataArea, columns: readonly SourceColumn[]): boolean {
  return columns.some((column) => {
    const target = column.hidden ? null : autoTarget(area, column.label);
    return target !== null && priceBasesOf(target).length === 0 && !NO_LANE.has(target);
  });
}

/** The targets a column mapped to `target` fills: a column of prices split by "/" fills each base's. */
const filledBy = (target: Target): Target[] => {
  const bases = priceBasesOf(target);
  return bases.length ? bases.map((b) => `${PRICE}${b}`) : [target];
};

/**
 * Whether a tab is imported: the clerk's list, or by default every tab whose
 * header was found and names a lane (a tab of local charges, "Item | 20GP |
 * 40GP", is shown to the clerk, not imported unless chosen).
 */
export function tabChosen(tab: TabLayout, chosen: readonly string[] | null): boolean {
  return chosen ? chosen.includes(tab.name) : tab.headerRow > 0 && tab.columns.length > 0 && tab.lanes;
}

// ---------------------------------------------------------------- mapping

/** The clerk's mapping of a layout (what a source profile saves). */
export type SourceMapping = {
  /** The tabs imported, by name; null: every tab whose header was found. */
  tabs: string[] | null;
  /** The header rows of every tab, or null to find them per tab. */
  header: HeaderChoice;
  /** Column key → target (IGNORE: not imported, on the clerk's word). Keys without an entry use the automatic match. */
  columns: Record<string, Target>;
  fixed: FixedValues;
  /** The title line above each of the tab's stacked tables names the carrier of its rows ("MSC", then "CMA CGM"). */
  carrierTitles?: boolean;
  /** A row that gives its end but no start ("Valid Till" only) is valid from the day it is imported (Shanghai's). */
  startToday?: boolean;
  /** How the sheet writes a day as two numbers and a year (01/12/2026): day first or month first (the clerk's word). */
  dateOrder?: DayOrder;
};

export const emptyMapping = (): SourceMapping => ({ tabs: null, header: null, columns: {}, fixed: {} });

/** The target of a column key: the clerk's, else the automatic match, else null (unmapped). */
export function targetOf(layout: SourceLayout, mapping: SourceMapping, key: string): Target | null {
  if (key in mapping.columns) return mapping.columns[key];
  return layout.keys.find((k) => k.key === key)?.auto ?? null;
}

/** The header signature of a layout (its chosen tabs' column keys, periods left out): how a profile recognises the weekly sheet. */
export function layoutSignature(layout: SourceLayout): string {
  const keys = [...new Set(layout.keys.map((k) => k.key))].sort();
  return createHash("sha256").update(keys.join("\u001f")).digest("hex").slice(0, 32);
}

export type MappingProblem = ImportProblem;

/**
 * What keeps a mapping from making a preview (each named): a price-looking
 * column left unmapped, two columns filling one field, no tab chosen, the
 * tier of the prices not said, a fixed value that is not valid, a required
 * field no column or fixed value fills.
 */
export function mappingProblems(area: DataArea, layout: SourceLayout, mapping: SourceMapping): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const chosen = layout.tabs.filter((t) => tabChosen(t, mapping.tabs));
  if (chosen.length === 0) return [{ key: "wizard.problem.noTab" }];
  const noHeader = chosen.filter((t) => t.columns.length === 0).map((t) => t.name);
  if (noHeader.length) problems.push({ key: "wizard.problem.noHeader", values: { tabs: noHeader.join("、") } });
  const filled = new Map<Target, string[]>();
  for (const k of layout.keys) {
    const target = targetOf(layout, mapping, k.key);
    if (target === null) {
      if (k.priceLike) problems.push({ key: "wizard.problem.unmappedPrice", values: { column: k.label } });
      continue;
    }
    if (target === IGNORE) continue;
    const periodic = layout.tabs.some((t) => t.columns.some((c) => c.key === k.key && c.period !== null));
    for (const fill of filledBy(target)) {
      const list = filled.get(fill) ?? [];
      if (!periodic || list.length === 0) list.push(k.label);
      filled.set(fill, list);
    }
  }
  for (const [target, labels] of filled)
    if (labels.length > 1) problems.push({ key: "wizard.problem.twoColumns", values: { columns: labels.join("、"), target } });
  const targets = new Set(filled.keys());
  const { fixed } = mapping;
  const bases = [...targets].filter((t) => priceBaseOf(t) !== null || t === ROW_PRICE);
  if (bases.length && !fixed.tier) problems.push({ key: "wizard.problem.tier" });
  // A price per row needs the column that names its size, and that column a price.
  if (targets.has(SIZE) !== targets.has(ROW_PRICE)) problems.push({ key: "wizard.problem.sizeAndPrice" });
  if (
    bases.length === 0 &&
    !area.columns.some((c) => c.kind === "decimal" && targets.has(c.field)) &&
    RATE_TABLES.some((t) => t.key === area.key)
  )
    problems.push({ key: "wizard.problem.noPrice" });
  for (const key of ["validFrom", "validTo"] as const) {
    const value = fixed[key];
    if (value && typeof normalizeDay(value) !== "string") problems.push({ key: "wizard.problem.fixedDate", values: { value } });
  }
  if (fixed.validFrom && fixed.validTo && String(normalizeDay(fixed.validFrom)) > String(normalizeDay(fixed.validTo)))
    problems.push({ key: "wizard.problem.fixedRange", values: { from: fixed.validFrom, to: fixed.validTo } });
  if (fixed.currency !== undefined && fixed.currency !== "" && !currencyCode(fixed.currency))
    problems.push({ key: "wizard.problem.currency", values: { value: fixed.currency } });
  const own = tableCurrency(area);
  if (own && fixed.currency && currencyCode(fixed.currency) && currencyCode(fixed.currency) !== own)
    problems.push({ key: "wizard.problem.tableCurrency", values: { value: currencyCode(fixed.currency)!, currency: own } });
  // Required fields: a column, a fixed value or (validity) the periods must fill them.
  // The sheet dates its rows itself when every chosen tab has periods over its prices or a validity in its title.
  const dated = chosen.every((t) => t.periods.length > 0 || t.titlePeriod !== null);
  const fills = (field: string) =>
    targets.has(field) ||
    ((field === "carrier" || field === "category" || field === "dock" || field === "pol") && !!fixed[field]) ||
    ((field === "validFrom" || field === "validTo") && (targets.has(VALIDITY) || dated || !!fixed[field])) ||
    (field === "validFrom" && mapping.startToday === true && startsToday(area));
  const missing = area.columns.filter((c) => c.required && !c.sqlDefault && !fills(c.field)).map((c) => c.field);
  const rule = area.import.datesRequired;
  if (rule) for (const f of [...rule.fields, ...(rule.alsoRequire ?? [])]) if (!fills(f) && !missing.includes(f)) missing.push(f);
  if (missing.length) problems.push({ key: "wizard.problem.required", values: { fields: missing.join(", ") } });
  const days = dayOrderOf(area, layout, mapping);
  if (days.written && !days.order) problems.push({ key: "wizard.problem.dateOrder", values: { example: days.example ?? "01/02/2026" } });
  return problems;
}

/**
 * The days the date columns write as number, number, four-digit year
 * (01/12/2026): whether there are any, the order they are read in (the
 * clerk's, else the one they prove: a 31/12 is day-first, a 12/31
 * month-first), and one of them to show when only the clerk can tell.
 */
export function dayOrderOf(
  area: DataArea,
  layout: SourceLayout,
  mapping: SourceMapping,
): { written: boolean; order: DayOrder | null; proven: DayOrder | null; example: string | null } {
  const dates = new Set<Target>([VALIDITY, "validFrom", "validTo", ...(area.import.air ? [area.import.air.rangeField] : [])]);
  const counts = noDays();
  let example: string | null = null;
  for (const k of layout.keys) {
    const target = targetOf(layout, mapping, k.key);
    if (!k.days || target === null || !dates.has(target)) continue;
    addDays(counts, k.days);
    example ??= k.samples.find((sample) => countDayOrders(sample)) ?? null;
  }
  const written = counts.dayFirst + counts.monthFirst + counts.either > 0;
  const proven = provenDayOrder(counts);
  return { written, order: written ? (mapping.dateOrder ?? proven) : null, proven, example };
}

// ------------------------------------------------------------ application

/** Where a row of the mapped sheet came from. */
export type RowOrigin = { tab: string; row: number; period: string | null };

export type MappedSheet = {
  /** The rows in the area's import layout: a header row of import headers, then one row per source row and period. */
  sheet: ParsedSheet;
  /** origins[i]: the origin of sheet row i + 2 (row 1 is the header). */
  origins: RowOrigin[];
  /** Rows refused by the mapping itself (a currency that is not the table's, a validity that is no range). */
  problems: (ImportProblem & { origin: RowOrigin })[];
  /** Rows left out that hold no rate (a note under the table: one text cell), named to the clerk. */
  notes: { origin: RowOrigin; text: string }[];
  /** Rows left out because the workbook hides them (by hand, a filter or a collapsed group), named to the clerk. */
  hiddenRows: { origin: RowOrigin; text: string }[];
  /** Rows that name several ports in one cell, each split into a row per pair of ports (port-lists.server.ts). */
  portLists: { origin: RowOrigin; text: string }[];
  /** Rows whose price cells say "on request" ("询价", "TBA") instead of an amount: those sizes are left without a price, named. */
  onRequest: { origin: RowOrigin; text: string }[];
  /** Rows without a single price (every size "-", "询价" or empty): the lane is not offered, so no rate; named to the clerk. */
  unpriced: { origin: RowOrigin; text: string }[];
  /**
   * Rows whose validity starts after today where the area keeps only its end
   * (rail, trailer, express: valid_to): customers would see them at once.
   * Named with their start; the commit waits for the clerk's word.
   */
  notStarted: { origin: RowOrigin; text: string }[];
  /** A price per row: the rows merged into one rate (text: their row numbers), named on the preview. */
  sizeRows: { origin: RowOrigin; text: string }[];
  /** Columns of the chosen tabs the clerk mapped to nothing (nor said "不导入"): not imported, named on the preview. */
  unmapped: string[];
  /** Import header → the sheet's own header of the column that fills it ("20GP_T1" → "O/F 20'"): problems name the clerk's columns. */
  columnNames: Record<string, string>;
};

/** The header of a field in the area's import layout (what validateSheet matches). */
export function headerOfField(area: DataArea, field: string): string {
  return area.columns.find((c) => c.field === field)?.header ?? field;
}

/** A price cell (or a part of a split one) that says the size is not offered: empty, "-", "—", "/", "N/A", "NA", "无", "不接". */
const NOT_OFFERED = /^(?:|-+|—|–|\/|n\/?a|无|不接)$/i;
/** A price cell that says the price is given on request: 询价, 电询, 另询, 待定, 面议, TBA, TBC, TBD, RFQ, "on request". */
const ON_REQUEST = /^(?:询价|电询|另询|来电询价|待定|面议|tba|tbc|tbd|rfq|(?:up)?on request|p\.?o\.?r\.?)$/i;

const VALIDITY_SPLIT = /\s*(?:至|到|~|～|—|–|\bto\b|-(?=\s*\d{4}[-/.年])|(?<=\s)-(?=\s))\s*/i;

/**
 * A validity range in one cell ("2026/12/01-2026/12/14", "2026-12-01至2026-12-14",
 * "12.1-12.31" in the year nearest `today`), or null.
 */
export function validityRange(text: string, today: Date = new Date()): { from: string; to: string } | null {
  const plain = text.normalize("NFKC").trim();
  // "即日起至2026/12/31", "即日起-12月31日": from the day it is read (the import's day) to the end written.
  const now = FROM_NOW.exec(plain);
  if (now) {
    const to = endDay(plain.slice(now[0].length), today);
    return to ? { from: formatDate(todayInShanghai(today)), to } : null;
  }
  const period = periodOf(text, { today });
  if (period) return period;
  const parts = plain.split(VALIDITY_SPLIT);
  if (parts.length !== 2) return null;
  const to = normalizeDay(parts[1]);
  if (typeof to !== "string") return null;
  let from = normalizeDay(parts[0]);
  // "1 Dec - 31 Dec 2026", "Dec 20 - Jan 5, 2027": a start with its month's name and no year is in the end's year, or the one before.
  if (typeof from !== "string" && /[a-z]/i.test(parts[0]) && !/\d{3,}/.test(parts[0])) {
    const year = Number(to.slice(0, 4));
    const day = parts[0].replace(/,\s*$/, "");
    const start = normalizeDay(`${day} ${year}`);
    if (typeof start === "string") from = start > to ? (normalizeDay(`${day} ${year - 1}`) as string) : start;
  }
  return typeof from === "string" ? { from, to } : null;
}

/** A validity that starts on the day it is read: 即日起至 …, 自即日起 …, From now till … */
const FROM_NOW = /^(?:自|从)?即日起?\s*(?:至|到|-|~|～|—)?\s*|^(?:from\s+now|effective\s+immediately)\s*(?:till|until|to|-)?\s*/i;
/** A validity of its end alone: 至 …, 截止 …, 截至 …, 有效期至 …, Valid till …, Until … */
const END_ONLY = /^(?:有效期)?(?:至|到|截止(?:到|至)?|截至|止于?)\s*|^(?:valid\s+)?(?:till|until|thru|through|up\s+to)\s+/i;

/**
 * A validity's end written alone: a day ("2026/12/31", "31 Dec 2026"), or a
 * month and day without the year ("12月31日", "12.31", "12/31"): the next
 * such day on or after `today`. A bracketed note after it ("（以开船日为准）") is left out.
 */
function endDay(text: string, today: Date): string | null {
  const plain = text
    .replace(/\s*[(（[【].*$/, "")
    .replace(/[\s。.;；,，]+$/, "")
    .trim();
  // A month and day first: "12.31" is no serial number of a day.
  const m = /^(\d{1,2})[/.月](\d{1,2})日?$/.exec(plain);
  if (!m) {
    const day = normalizeDay(plain);
    return typeof day === "string" ? day : null;
  }
  const now = formatDate(todayInShanghai(today));
  const year = Number(now.slice(0, 4));
  const pad = (n: string) => n.padStart(2, "0");
  for (const y of [year, year + 1]) {
    const candidate = normalizeDay(`${y}-${pad(m[1])}-${pad(m[2])}`);
    if (typeof candidate === "string" && candidate >= now) return candidate;
  }
  return null;
}

/**
 * A validity cell: a range (validityRange), or its end alone ("至2026-12-31",
 * "截止12月31日", "Valid till 31 Dec 2026"), whose start is then the row's
 * others' (a period's, the clerk's, the title's, or the day of the import
 * where the clerk says so): `from` null.
 */
export function validityCell(text: string, today: Date = new Date()): { from: string | null; to: string } | null {
  const range = validityRange(text, today);
  if (range) return range;
  const plain = text.normalize("NFKC").trim();
  const end = END_ONLY.exec(plain);
  const to = end ? endDay(plain.slice(end[0].length), today) : null;
  return to ? { from: null, to } : null;
}

/** What introduces a validity in a title line: 有效期, 运价有效期, 有效日期, Validity, Valid from, Effective date … */
const VALIDITY_LABEL =
  /(?:运价)?有效(?:期|日期)(?:限|为)?|\bvalid(?:ity)?(?:\s+(?:period|dates?|from|between))?\b|\beffective(?:\s+(?:period|dates?|from))?\b/i;

/**
 * A validity stated in a line of a notice's title block: after its label
 * ("有效期：12.1-12.31（以开船日为准）", "Validity: 01 Dec 2026 - 31 Dec 2026"), or
 * a line that is a whole period with its year ("2026.12.01-2026.12.31"); null
 * otherwise (a title such as "欧洲线 2026" is no validity).
 */
export function titleValidity(text: string, today: Date = new Date()): { from: string; to: string } | null {
  const plain = text.normalize("NFKC").replace(/\s+/g, " ").trim();
  const label = VALIDITY_LABEL.exec(plain);
  if (!label) return periodOf(plain);
  const rest = plain
    .slice(label.index + label[0].length)
    .replace(/^[\s:：,，]+/, "")
    .replace(/\s*[(（[【].*$/, "")
    .replace(/[\s。.;；,，]+$/, "");
  return rest ? validityRange(rest, today) : null;
}

/**
 * The rows of the chosen tabs in the area's import layout. Each source row
 * gives one row per validity period (or one): its fields from the columns
 * mapped to them (a period's own columns for its prices), a price base into
 * the chosen tiers, a validity range split into from and to, then the fixed
 * values where the row has none. `mapping` must have no mappingProblems.
 */
export function applyMapping(area: DataArea, tabs: readonly WorkbookTab[], layout: SourceLayout, mapping: SourceMapping): MappedSheet {
  return drain(mappingSteps(area, tabs, layout, mapping));
}

/** applyMapping in slices of rows, the event loop let through between them (the server stays responsive). */
export function applyMappingYielding(
  area: DataArea,
  tabs: readonly WorkbookTab[],
  layout: SourceLayout,
  mapping: SourceMapping,
): Promise<MappedSheet> {
  return drainYielding(mappingSteps(area, tabs, layout, mapping));
}

function* mappingSteps(
  area: DataArea,
  tabs: readonly WorkbookTab[],
  layout: SourceLayout,
  mapping: SourceMapping,
): Generator<void, MappedSheet> {
  const air = area.import.air;
  const tierList: readonly Tier[] = mapping.fixed.tier === "all" || !mapping.fixed.tier ? TIERS : [mapping.fixed.tier];
  const own = tableCurrency(area);
  // The write fields of the mapped sheet, in a fixed order.
  const fields: string[] = [];
  const fieldIndex = new Map<string, number>();
  const slotFor = (field: string) => {
    if (!fieldIndex.has(field)) {
      fieldIndex.set(field, fields.length);
      fields.push(field);
    }
    return fieldIndex.get(field)!;
  };
  const tierSlots = (base: string) => tierList.map((tier) => slotFor(`${base}${tier}`));
  /** A price per row (SIZE and ROW_PRICE): the tier slots its rows' sizes named (none: no row is priced so), for merging the rows of one rate. */
  const rowPriceSlots = new Set<number>();
  /** A column's part in a row: its slots, or (prices split by "/") the slots of each base in turn. */
  type Plan = {
    column: number;
    period: number | null;
    slots: number[];
    groups?: number[][];
    kind: "value" | "price" | "prices" | "validity" | "currency" | "day" | "size" | "rowPrice";
    /** The column's header, for naming its cells. */
    label: string;
  };
  const hasCurrencyField = hasField(area, CURRENCY);
  const origins: RowOrigin[] = [];
  const problems: MappedSheet["problems"] = [];
  const notes: MappedSheet["notes"] = [];
  const hiddenRows: MappedSheet["hiddenRows"] = [];
  const onRequest: MappedSheet["onRequest"] = [];
  /** The sheet's own header of each field's column (the first tab's that fills it), for naming them in problems. */
  const slotLabels: (string | undefined)[] = new Array(fields.length);
  const unpriced: MappedSheet["unpriced"] = [];
  const notStarted: MappedSheet["notStarted"] = [];
  // The day a validity without its year is read against: one for the whole sheet.
  const today = new Date();
  const rows: Cell[][] = [];
  const validitySlots = air
    ? { range: slotFor(air.rangeField), from: -1, to: -1 }
    : { range: -1, from: hasField(area, "validFrom") ? slotFor("validFrom") : -1, to: hasField(area, "validTo") ? slotFor("validTo") : -1 };
  const carrierSlot = hasField(area, "carrier") ? slotFor("carrier") : -1;
  const currencySlot = hasCurrencyField ? slotFor(CURRENCY) : -1;
  const { fixed } = mapping;
  const polSlot = fixed.pol ? slotFor("pol") : -1;
  // The other values a whole file may give its rows (the carrier has its tables' titles too).
  const fixedSlots = (["category", "dock"] as const).flatMap((key) => {
    const value = fixed[key];
    return value && fixedKeysOf(area).includes(key) ? [{ slot: slotFor(key), value }] : [];
  });
  const fixedFrom = fixed.validFrom ? (normalizeDay(fixed.validFrom) as string) : null;
  const fixedTo = fixed.validTo ? (normalizeDay(fixed.validTo) as string) : null;
  const fixedCurrency = fixed.currency ? currencyCode(fixed.currency) : null;
  const todayDay = formatDate(todayInShanghai(today));
  const startDay = mapping.startToday === true ? todayDay : null;
  // Days written 01/12/2026: in the order the clerk named or the sheet proves (else left as written, and named as no date).
  const dayOrder = dayOrderOf(area, layout, mapping).order;
  const plansOf = (tab: TabLayout): Plan[] =>
    tab.columns.flatMap((column): Plan[] => {
      const target = targetOf(layout, mapping, column.key);
      if (target === null || target === IGNORE) return [];
      const bases = priceBasesOf(target);
      if (target.startsWith(SAME))
        return [{ column: column.index, period: column.period, label: column.label, slots: bases.flatMap(tierSlots), kind: "price" }];
      if (bases.length > 1)
        return [
          { column: column.index, period: column.period, label: column.label, slots: [], groups: bases.map(tierSlots), kind: "prices" },
        ];
      if (bases.length === 1)
        return [{ column: column.index, period: column.period, label: column.label, slots: tierSlots(bases[0]), kind: "price" }];
      if (target === VALIDITY) return [{ column: column.index, period: column.period, label: column.label, slots: [], kind: "validity" }];
      if (target === SIZE || target === ROW_PRICE)
        return [
          { column: column.index, period: column.period, label: column.label, slots: [], kind: target === SIZE ? "size" : "rowPrice" },
        ];
      if (target === CURRENCY && !hasCurrencyField)
        return [{ column: column.index, period: column.period, label: column.label, slots: [], kind: "currency" }];
      if (air && (target === "validFrom" || target === "validTo")) return [];
      if (target === "validFrom" || target === "validTo" || target === air?.rangeField)
        return [{ column: column.index, period: column.period, label: column.label, slots: [slotFor(target)], kind: "day" }];
      return [{ column: column.index, period: column.period, label: column.label, slots: [slotFor(target)], kind: "value" }];
    });
  const layouts = new Map(layout.tabs.map((t) => [t.name, t]));
  for (const tab of tabs) {
    const tabLayoutOf = layouts.get(tab.name);
    if (!tabLayoutOf || !tabChosen(tabLayoutOf, mapping.tabs) || tabLayoutOf.columns.length === 0) continue;
    const plans = plansOf(tabLayoutOf);
    for (const plan of plans) {
      plan.slots.forEach((slot) => (slotLabels[slot] ??= plan.label));
      plan.groups?.forEach((group, i) => group.forEach((slot) => (slotLabels[slot] ??= plan.label.split(PRICE_PARTS)[i] ?? plan.label)));
    }
    const grid = sheetGrid(tab);
    const first = tabLayoutOf.headerRow - grid.firstRow + tabLayoutOf.headerRows;
    const periods: (number | null)[] = tabLayoutOf.periods.length ? tabLayoutOf.periods.map((_, i) => i) : [null];
    // Each period's plans (its own columns and the shared ones) and the slots of their prices, once per tab.
    const perPeriod = periods.map((period) => {
      const own = plans.filter((plan) => plan.period === period || plan.period === null);
      return {
        plans: own,
        priceSlots: own.flatMap((plan) => (plan.kind === "price" ? plan.slots : plan.kind === "prices" ? plan.groups!.flat() : [])),
        rowPrice: own.find((plan) => plan.kind === "rowPrice"),
      };
    });
    const title = tabLayoutOf.titlePeriod;
    const usedColumns = [...new Set(plans.map((p) => p.column))];
    const repeatsHeader = headerRepeats(tabLayoutOf.columns);
    // The carrier a stacked table's title names (when the clerk says titles are carriers): the first table's is the line above the header.
    const titles = mapping.carrierTitles === true && carrierSlot >= 0;
    let titled: string | null = titles ? titleAbove(grid, tabLayoutOf.headerRow - grid.firstRow) : null;
    let lastLine: string | null = null;
    const hidden = new Set(tab.hiddenCells.rows);
    // A cell under a merged range reads as the range (a port merged over its lanes).
    const merged = mergedDown(tab, grid, first);
    const cellAt = merged.size
      ? (r: number, c: number) => {
          const own = grid.cell(r, c);
          return isBlank(own) ? (merged.get(r * MAX_COLUMNS + c) ?? own) : own;
        }
      : (r: number, c: number) => grid.cell(r, c);
    /** Row r left out, named to the clerk in `list` with what it holds (a row with nothing in it is not named). */
    const leaveOut = (list: MappedSheet["notes"], r: number) => {
      const text = rowText(grid, r);
      if (text) list.push({ origin: { tab: tab.name, row: grid.firstRow + r, period: null }, text });
    };
    for (let r = first; r < grid.height; r++) {
      if ((r & (ROWS_PER_SLICE - 1)) === 0) yield;
      if (hidden.has(grid.firstRow + r)) {
        // Hidden by the sender (a lane withdrawn, a filter left on): not imported, named with what it holds.
        leaveOut(hiddenRows, r);
        continue;
      }
      // The line just above (blank rows passed over): a title line when it is one text cell.
      const lineAbove = lastLine;
      if (titles && rowHasValue(grid, r)) lastLine = singleText(grid, r);
      const filledCells = usedColumns.filter((c) => !isBlank(cellAt(r, c)));
      if (filledCells.length === 0) {
        // Cells only in columns nobody maps (a note beside the table): named, not imported.
        leaveOut(notes, r);
        continue;
      }
      if (filledCells.length === 1 && typeof cellAt(r, filledCells[0]) === "string" && plans.length > 2) {
        // One text cell under the table ("以上价格不含…"): a note, not a rate.
        leaveOut(notes, r);
        continue;
      }
      if (repeatsHeader(cellAt, r, usedColumns)) {
        // The header again (the next block of a sheet that stacks its carriers' tables): no rate, named as a note.
        leaveOut(notes, r);
        if (titles) titled = lineAbove;
        continue;
      }
      periods.forEach((period, p) => {
        const { plans: periodPlans, priceSlots, rowPrice } = perPeriod[p];
        // A period whose own cells are all empty has no rate in it.
        if (period !== null && !plans.some((plan) => plan.period === period && !isBlank(cellAt(r, plan.column)))) return;
        const origin: RowOrigin = {
          tab: tab.name,
          row: grid.firstRow + r,
          period: period === null ? null : tabLayoutOf.periods[period].label,
        };
        const values: Cell[] = new Array(fields.length).fill(null);
        let from: string | null = period === null ? null : tabLayoutOf.periods[period].from;
        let to: string | null = period === null ? null : tabLayoutOf.periods[period].to;
        let currency: string | null = null;
        /** The currency the row's prices name ("USD 1,200", "$1,200", "1200 USD"), when they name one. */
        let priced: string | null = null;
        let mixed = false;
        let refused = false;
        /** The row's price cells that say "on request" instead of an amount ("40GP: 询价"). */
        const asked: string[] = [];
        /**
         * A value into its slots; a price written with its currency gives the amount, and the row's currency. A
         * price cell that says the size is not offered ("-", "N/A") or is priced on request ("询价", "TBA") leaves
         * its slots empty; the latter is named.
         */
        const put = (cell: Cell, slots: number[], kind: Plan["kind"], label: string) => {
          let value = cell;
          const price = kind === "price" || kind === "prices";
          if (price && typeof value === "string") {
            const text = value.normalize("NFKC").trim();
            const askedFor = ON_REQUEST.test(text);
            if (askedFor) asked.push(`${label}: ${text}`);
            if (askedFor || NOT_OFFERED.test(text)) value = null;
          }
          const amount = price && typeof value === "string" ? pricedAmount(value) : null;
          if (amount) {
            value = amount.amount;
            if (priced === null) priced = amount.currency;
            else if (priced !== amount.currency && !mixed) {
              // Prices of one row in two currencies: named once, with the first one's currency.
              problems.push({
                key: "wizard.row.priceCurrency",
                values: { row: origin.row, value: amount.currency, currency: priced },
                origin,
              });
              refused = mixed = true;
            }
          }
          for (const slot of slots) values[slot] = value;
        };
        /** A price per row: the slots its size names (empty until read, and when the size names none). */
        let sizeSlots: number[] = [];
        for (const plan of periodPlans) {
          const cell = cellAt(r, plan.column);
          if (plan.kind === "size") {
            const bases = sizeBases(area, cell);
            if (bases.length === 0) {
              problems.push({
                key: "wizard.row.size",
                values: { row: origin.row, value: textOf(cell).slice(0, 30) || "—", column: plan.label },
                origin,
              });
              refused = true;
            } else {
              sizeSlots = bases.flatMap(tierSlots);
              for (const slot of sizeSlots) rowPriceSlots.add(slot);
            }
            continue;
          }
          if (isBlank(cell)) continue;
          if (plan.kind === "rowPrice") continue;
          if (plan.kind === "validity") {
            const range = validityCell(dayOrder ? withDayOrder(String(cell), dayOrder) : String(cell), today);
            if (!range) {
              problems.push({ key: "wizard.row.validity", values: { row: origin.row, value: String(cell).slice(0, 50) }, origin });
              refused = true;
            } else [from, to] = [range.from ?? from, range.to];
          } else if (plan.kind === "currency") {
            currency = currencyCode(String(cell));
            if (!currency) {
              problems.push({ key: "wizard.row.currency", values: { row: origin.row, value: String(cell).slice(0, 20) }, origin });
              refused = true;
            }
          } else if (plan.kind === "prices") {
            // "1650/2050/2150" under "20GP/40GP/40HQ": a part per base, in order ("-" for a size not offered).
            const parts = String(cell).normalize("NFKC").split(PRICE_PARTS);
            if (parts.length !== plan.groups!.length) {
              problems.push({
                key: "wizard.row.priceParts",
                values: { row: origin.row, value: String(cell).slice(0, 50), count: plan.groups!.length },
                origin,
              });
              refused = true;
            } else parts.forEach((part, i) => put(part, plan.groups![i], plan.kind, plan.label.split(PRICE_PARTS)[i] ?? plan.label));
          } else if (plan.kind === "day")
            put(dayOrder && typeof cell === "string" ? withDayOrder(cell, dayOrder) : (cell ?? null), plan.slots, "value", plan.label);
          else put(cell ?? null, plan.slots, plan.kind, plan.label);
        }
        if (rowPrice && sizeSlots.length) {
          for (const slot of sizeSlots) slotLabels[slot] ??= rowPrice.label;
          const cell = cellAt(r, rowPrice.column);
          if (!isBlank(cell)) put(cell ?? null, sizeSlots, "price", rowPrice.label);
        }
        // Its table's title (when titles are carriers), then the fixed values, fill what the row leaves empty.
        if (carrierSlot >= 0 && isBlank(values[carrierSlot]) && titled) values[carrierSlot] = titled;
        if (carrierSlot >= 0 && isBlank(values[carrierSlot]) && fixed.carrier) values[carrierSlot] = fixed.carrier;
        if (polSlot >= 0 && isBlank(values[polSlot])) values[polSlot] = fixed.pol ?? null;
        for (const { slot, value } of fixedSlots) if (isBlank(values[slot])) values[slot] = value;
        if (currencySlot >= 0 && isBlank(values[currencySlot]) && fixedCurrency) values[currencySlot] = fixedCurrency;
        if (priced && !mixed) {
          // The prices' own currency is the row's: it fills an empty currency, and must agree with one given.
          const given = currencySlot >= 0 ? currencyCode(String(values[currencySlot] ?? "")) : (currency ?? fixedCurrency);
          if (given && given !== priced) {
            problems.push({ key: "wizard.row.priceCurrency", values: { row: origin.row, value: priced, currency: given }, origin });
            refused = true;
          } else if (currencySlot >= 0) values[currencySlot] = priced;
          else currency = priced;
        }
        if (!hasCurrencyField) currency ??= fixedCurrency;
        if (own && currency && currency !== own) {
          problems.push({ key: "wizard.row.tableCurrency", values: { row: origin.row, value: currency, currency: own }, origin });
          refused = true;
        }
        // A row's own validity, else its period's, else the clerk's fixed one, else the tab's title's, else (start) today.
        from ??= fixedFrom ?? title?.from ?? startDay;
        to ??= fixedTo ?? title?.to ?? null;
        if (air) {
          const range = values[validitySlots.range];
          if (isBlank(range) && from && to) values[validitySlots.range] = `${from}至${to}`;
          else if (typeof range === "string" && !range.includes("至")) {
            const parsed = validityRange(range, today);
            if (parsed) values[validitySlots.range] = `${parsed.from}至${parsed.to}`;
          }
        } else {
          if (validitySlots.from >= 0 && isBlank(values[validitySlots.from])) values[validitySlots.from] = from;
          if (validitySlots.to >= 0 && isBlank(values[validitySlots.to])) values[validitySlots.to] = to;
        }
        if (refused) return;
        // Not one price ("-" or "询价" for every size): the lane is not offered, no rate; named, with what the row says.
        // A row of one price per row is one size of a rate: whether the rate has a price is known once its rows are merged.
        if (priceSlots.length && !sizeSlots.length && priceSlots.every((slot) => isBlank(values[slot]))) {
          unpriced.push({ origin, text: rowText(grid, r) });
          return;
        }
        if (asked.length) onRequest.push({ origin, text: asked.join(", ") });
        if (!air && validitySlots.from < 0 && from !== null && from > todayDay) notStarted.push({ origin, text: from });
        rows.push(values);
        origins.push(origin);
      });
    }
  }
  const header = fields.map((field) => headerOfField(area, field));
  const sized = rowPriceSlots.size ? mergeSizeRows(rows, origins, rowPriceSlots, { problems, unpriced }, fields.length) : null;
  return {
    sheet: { firstRow: 1, rows: [header, ...(sized?.rows ?? rows)], formulaCells: [] },
    origins: sized?.origins ?? origins,
    sizeRows: sized?.named ?? [],
    problems,
    notes,
    hiddenRows,
    onRequest,
    unpriced,
    notStarted,
    portLists: [],
    unmapped: layout.keys.filter((k) => targetOf(layout, mapping, k.key) === null).map((k) => k.label),
    columnNames: Object.fromEntries(header.flatMap((name, slot) => (slotLabels[slot] ? [[name, slotLabels[slot]]] : []))),
  };
}

/**
 * A sheet of one price per row: the rows of one rate (every value the same
 * but the prices of its sizes) as one row with every size's price, in the
 * order their first rows came; its origin is its first row, and the rows
 * merged are named. A size priced twice differently refuses every row of
 * that rate, each named (which price is meant only the sender knows); a rate
 * whose every size is on request or not offered is no rate, named.
 */
function mergeSizeRows(
  rows: readonly Cell[][],
  origins: readonly RowOrigin[],
  priceSlots: ReadonlySet<number>,
  { problems, unpriced }: Pick<MappedSheet, "problems" | "unpriced">,
  width: number,
): { rows: Cell[][]; origins: RowOrigin[]; named: MappedSheet["sizeRows"] } {
  const groups = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const key = JSON.stringify(Array.from({ length: width }, (_, slot) => (priceSlots.has(slot) ? null : (row[slot] ?? null))));
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  });
  const merged: Cell[][] = [];
  const mergedOrigins: RowOrigin[] = [];
  const named: MappedSheet["sizeRows"] = [];
  for (const members of groups.values()) {
    const row: Cell[] = Array.from({ length: width }, (_, slot) => rows[members[0]][slot] ?? null);
    let clash = false;
    for (const i of members.slice(1))
      for (const slot of priceSlots) {
        const value = rows[i][slot];
        if (isBlank(value)) continue;
        if (isBlank(row[slot])) row[slot] = value ?? null;
        else if (String(row[slot]) !== String(value)) clash = true;
      }
    const rowNumbers = members.map((i) => origins[i].row).join(", ");
    if (clash) {
      for (const i of members)
        problems.push({ key: "wizard.row.sizeClash", values: { row: origins[i].row, rows: rowNumbers }, origin: origins[i] });
      continue;
    }
    if ([...priceSlots].every((slot) => isBlank(row[slot]))) {
      unpriced.push({ origin: origins[members[0]], text: rowNumbers });
      continue;
    }
    merged.push(row);
    mergedOrigins.push(origins[members[0]]);
    if (members.length > 1) named.push({ origin: origins[members[0]], text: rowNumbers });
  }
  return { rows: merged, origins: mergedOrigins, named };
}

/**
 * A price written with its currency ("USD 1,200", "$1,200", "1200 USD",
 * "RMB1050", full-width too): the amount as text and the currency's code;
 * null when the cell names no currency (a plain number, or text the import
 * then names as no number).
 */
function pricedAmount(text: string): { amount: string; currency: string } | null {
  const match = /^([^\d+-]*?)\s*([+-]?[\d,]*\.?\d+)\s*([^\d]*?)$/.exec(text.normalize("NFKC").trim());
  if (!match || (match[1] === "") === (match[3] === "")) return null;
  const currency = currencyCode(match[1] || match[3]);
  return currency ? { amount: match[2], currency } : null;
}

function rowText(grid: SheetGrid, r: number): string {
  const parts: string[] = [];
  for (let c = 0, w = grid.width(r); c < w; c++) if (!isBlank(grid.cell(r, c))) parts.push(String(grid.cell(r, c)).trim());
  return parts.join(" ").slice(0, 80);
}
