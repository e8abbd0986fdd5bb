// The nine data-maintenance areas (data-maintenance.md) are each described
// ONCE, in app/domain/data-areas/<area>.ts; the screen, the edit forms,
// Excel import and export, range delete, checks and the operation log are
// generated from these descriptions (routes/backoffice/-server/data-area.server.ts, components/data-area).
//
// Shared by server and browser: plain data (and pure functions) only.
// Field names are Prisma field names; `header` is the legacy Excel column
// header (the legacy field name of the spec), used by import AND export, so an
// exported file re-imports unchanged.

import { keyUnder, type TranslationKey } from "~/i18n/keys";
import type { Prisma } from "~/generated/prisma/client";
import { TIERS, type Tier } from "~/domain/pricing/visibility";
import { RATE_TABLES, REFERENCE_TABLES, rateModel, tierField, type AreaKey, type AreaModel, type ModeKey } from "~/domain/catalog";
import type { TextNormalization } from "~/utils/normalize";

export type { AreaKey } from "~/domain/catalog";

/** The Prisma model of an area (catalog.ts). */
export type ModelOf<K extends AreaKey> = K extends ModeKey ? `${K}Rate` : Extract<(typeof REFERENCE_TABLES)[number], { key: K }>["model"];
/** The scalar field names of a model, from Prisma's generated types (over a union of models: the union of their fields). */
export type ScalarField<M extends AreaModel> = M extends AreaModel
  ? keyof Prisma.TypeMap["model"][Capitalize<M>]["payload"]["scalars"] & string
  : never;
/** A field of any of the nine tables: what a query on any data area may name (queries.server.ts). */
export type AreaField = ScalarField<AreaModel>;

export type ColumnKind =
  /** The row id (integer, the upsert key on import). */
  | "id"
  | "text"
  /** Multi-line text (textarea in forms). */
  | "longtext"
  /** A decimal with `scale` digits (prices: 2). */
  | "decimal"
  /** Calendar day, YYYY-MM-DD (DATE column). */
  | "date"
  /** Timestamp, shown and exchanged as YYYY-MM-DD HH:mm:ss in Shanghai time. */
  | "datetime"
  /**
   * A validity end with a time (LCL valid_to): YYYY-MM-DD HH:mm:ss in
   * Shanghai wall-clock time, stored as a timestamp without time zone (as a
   * DATE column holds a calendar day, so the day rules compare it with days
   * unchanged); a date alone means the end of that day, 23:59:59.
   */
  | "localDateTime"
  /** The legacy yes_no pause flag. */
  | "bool";

export type AreaColumn<F extends string = string> = {
  /** Prisma field name. */
  field: F;
  /** Legacy Excel header (import and export). */
  header: string;
  /**
   * The field's name in the legacy JSON API when the spec's entity names it
   * otherwise than the Excel header (express zones: header "A", field "a").
   */
  wire?: string;
  /** Other headers accepted on import (matching ignores case, spaces and underscores). */
  aliases?: readonly string[];
  labelKey: TranslationKey;
  labelValues?: Record<string, string>;
  kind: ColumnKind;
  /** Decimal places (kind "decimal"). */
  scale?: number;
  /** Largest value (kind "decimal"), from the column's precision: numeric(12,2) holds 9,999,999,999.99. */
  max?: number;
  /** Smallest value (kind "decimal"); default 0: prices, weights, surcharges and factors are never negative. */
  min?: number;
  /**
   * Units a sheet writes after the number (kind "decimal"), compared without
   * case: an import reads "18.5%" in the express fuel column (which keeps
   * points: 18.5 means 18.5 %) as 18.5, and "0.5KG" in a weight column as
   * 0.5. Elsewhere a number with a unit is no number, and is named.
   * (Percent-formatted cells reach the import as the text they show.)
   */
  units?: readonly string[];
  /** Shown in the table (default true). */
  list?: boolean;
  /** In the edit/add form (default: every column but id and updated time). */
  edit?: boolean;
  /**
   * Must be filled (the column is NOT NULL); the value is the message key.
   * The edit form and the import both refuse an empty value, except that an
   * import fills `sqlDefault` instead where the column has one.
   */
  required?: string;
  /** The column's SQL default (NOT NULL columns with a default): what an import writes for an empty or absent cell. */
  sqlDefault?: string;
  /**
   * How an import normalises a text cell (issue 40 item 4, normalize.ts):
   * a name (NFKC, trimmed, one blank between words), a code, an ISO 4217
   * currency, trimmed, or kept as written. defineArea gives the rate
   * tables' text columns "trim" and the reference lists' "none".
   */
  normalize?: TextNormalization;
};

export type AreaFilter<F extends string = string> =
  /** Exact match, options are the distinct values of the column ("filter lists" of the spec). */
  | { kind: "select"; param: string; field: F; labelKey: TranslationKey }
  /** Case-insensitive "contains" over several text columns. */
  | { kind: "search"; param: string; fields: readonly F[]; labelKey: TranslationKey };

export type DateFilter<F extends string = string> = {
  field: F;
  /** DATE column ("date") or timestamp ("timestamp"). */
  columnKind: "date" | "timestamp";
  labelKey: TranslationKey;
  /** Default range in days relative to today, or null (no default). */
  defaultDays: readonly [number, number] | null;
};

/**
 * A unique-constraint clash (Prisma P2002 / PostgreSQL 23505) mapped to the
 * spec's message: the first rule whose `match` occurs in the constraint name
 * wins ("" matches anything).
 */
export type DuplicateRule = { match: string; messageKey: TranslationKey; field?: string };

export type CheckKey = "portMatch" | "leadingSpace" | "trailingSpace";

export type ImportRules<F extends string = string> = {
  /**
   * Rows failing these are reported with the date error ID为{ids}日期错误:
   * `fields` must hold valid dates, `when` limits the rule to rows where that
   * field is filled, `alsoRequire` fields must be filled too.
   */
  datesRequired?: { fields: readonly F[]; when?: F; alsoRequire?: readonly F[] };
  /** Sets of columns whose values must be unique within the file. */
  uniqueInFile?: readonly (readonly F[])[];
  /**
   * The same rate (issue 40 item 2): a file row without an id whose fields
   * `fields` equal a stored row's, and which prices the same containers
   * (some tier of each base in `containers` filled, or none), is that row's
   * update in the preview, not a second copy of it.
   */
  sameRate?: { fields: readonly F[]; containers?: readonly string[] };
  /** Air: two variants (with/without +130/+2000/+3000 kg) and the 至 validity range. */
  air?: {
    /** Prisma fields of the +130/+2000/+3000 kg breaks. */
    extraFields: readonly F[];
    /** The text column split on 至 into validFrom / validTo. */
    rangeField: F;
  };
};

/** An area's description; `F`: the field names it may use, `M`: its Prisma model (a query on it names that table's fields). */
export type DataArea<F extends string = string, M extends AreaModel = AreaModel> = {
  key: AreaKey;
  /** The screen path, which is also the permission (menu path): the catalog's dataPath. */
  path: string;
  titleKey: TranslationKey;
  /** Prisma delegate name (from the catalog); its SQL table is sqlTable(model) (utils/sql-names.server.ts). */
  model: M;
  /** OperationLog.operation (business area), e.g. "fclRates". */
  logName: string;
  order: "asc" | "desc";
  columns: readonly AreaColumn<F>[];
  filters: readonly AreaFilter<F>[];
  dateFilter?: DateFilter<F>;
  /** Row edit (fetched by id); null = delete only (air). */
  edit: null | {
    add: boolean;
    /** Ports and airports: the form can change the id (idchange). */
    idChange: boolean;
    /** Express countries validate on blur (spec 5). */
    validateOnBlur?: boolean;
    duplicates: readonly DuplicateRule[];
  };
  import: ImportRules<F>;
  export?: { fileName: string; asciiName: string };
  /** Row checkboxes (FCL markup, trailer / express-country export of selected rows). */
  selectable?: boolean;
  exportSelected?: boolean;
  /** FCL only: raise the nine tier prices of the selected rows (FCL_MARKUP_FIELDS). */
  fclTierMarkup?: boolean;
  checks?: readonly CheckKey[];
  /** The column the space checks look at (sea ports: name, airports: code). */
  spaceCheckField?: F;
  /** The route columns kept in view, after the id, when a wide table scrolls sideways (issue 22 item 6). */
  fixed?: readonly F[];
};

/** What an area file says; key, path and model come from the catalog. */
export type AreaSpec<F extends string> = Omit<DataArea<F>, "key" | "path" | "model">;

/**
 * A data area: its catalog entry and its description, with every field name
 * checked against the model's Prisma fields.
 */
export function defineArea<K extends AreaKey>(
  key: K,
  spec: AreaSpec<ScalarField<ModelOf<K>>>,
): DataArea<ScalarField<ModelOf<K>>, ModelOf<K>> {
  const rate = RATE_TABLES.find((t) => t.key === key);
  const reference = REFERENCE_TABLES.find((t) => t.key === key);
  const entry = rate ? { path: rate.dataPath, model: rateModel(rate.key) } : { path: reference!.dataPath, model: reference!.model };
  // Rate tables trim their text on import; the reference lists keep it as written (their space checks find stray
  // spaces), and so do free texts (remarks: an exported remark re-imports exactly, tabs and all).
  const columns = spec.columns.map((c) =>
    c.normalize || (c.kind !== "text" && c.kind !== "longtext")
      ? c
      : { ...c, normalize: rate && c.kind === "text" ? ("trim" as const) : ("none" as const) },
  );
  // The catalog entry found by `key` is the one ModelOf<K> names (tsc cannot follow the find).
  return { key, ...entry, model: entry.model as ModelOf<K>, ...spec, columns };
}

const TRUE_WORDS = new Set(["是", "1", "true", "y", "yes", "on", "暂停", "停"]);
const FALSE_WORDS = new Set(["否", "0", "false", "n", "no", "off", "正常", ""]);

/**
 * The yes_no flag as the sheets, the forms and the API write it (是/否,
 * 1/0, true/false, a checkbox's "on"), or null when it is none of them.
 */
export function parseFlag(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  const word = String(value ?? "")
    .trim()
    .toLowerCase();
  return TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : null;
}

/** The range a decimal column holds: its scale, and min..max (tests/data/constraints.test.ts pins them to the Prisma schema). */
export function decimalBounds(column: AreaColumn): { scale: number; min: number; max: number } {
  return { scale: column.scale ?? 2, min: column.min ?? 0, max: column.max ?? 9_999_999_999.99 };
}

/** Maps a unique violation to the area's duplicate message (first matching rule; "" matches any). */
export function duplicateMessage(area: DataArea, constraint: string): { key: TranslationKey; field?: string } {
  const rule = area.edit?.duplicates.find((r) => r.match === "" || constraint.includes(r.match));
  return rule ? { key: rule.messageKey, field: rule.field } : { key: "data.dup.generic" };
}

export function editColumns(area: DataArea): AreaColumn[] {
  return area.columns.filter((c) => c.edit ?? (c.kind !== "id" && c.field !== "updatedAt"));
}

export function listColumns(area: DataArea): AreaColumn[] {
  return area.columns.filter((c) => c.list ?? true);
}

/** The columns fixed on the left of the table: the id, then the area's route columns. */
export function fixedColumns(area: DataArea): string[] {
  return ["id", ...(area.fixed ?? [])];
}

/** The table's columns without those the user chose to hide (the id always shows). */
export function visibleColumns(area: DataArea, hidden: readonly string[]): AreaColumn[] {
  return listColumns(area).filter((c) => c.kind === "id" || !hidden.includes(c.field));
}

// ---------------------------------------------------------- column builders

type Extra = Partial<Omit<AreaColumn, "field" | "header" | "kind">>;

export const col = {
  id: (): AreaColumn<"id"> => ({ field: "id", header: "id", labelKey: "data.col.id", kind: "id" }),
  text: <F extends string>(field: F, header: string, extra: Extra = {}): AreaColumn<F> => ({
    field,
    header,
    labelKey: keyUnder("data.col.", field),
    kind: "text",
    ...extra,
  }),
  longtext: <F extends string>(field: F, header: string, extra: Extra = {}): AreaColumn<F> => ({
    field,
    header,
    labelKey: keyUnder("data.col.", field),
    kind: "longtext",
    list: false,
    ...extra,
  }),
  money: <F extends string>(field: F, header: string, extra: Extra = {}): AreaColumn<F> => ({
    field,
    header,
    labelKey: keyUnder("data.col.", field),
    kind: "decimal",
    scale: 2,
    max: 9_999_999_999.99,
    ...extra,
  }),
  decimal: <F extends string>(field: F, header: string, scale: number, max: number, extra: Extra = {}): AreaColumn<F> => ({
    field,
    header,
    labelKey: keyUnder("data.col.", field),
    kind: "decimal",
    scale,
    max,
    ...extra,
  }),
  date: <F extends string>(field: F, header: string, extra: Extra = {}): AreaColumn<F> => ({
    field,
    header,
    labelKey: keyUnder("data.col.", field),
    kind: "date",
    ...extra,
  }),
  validityEnd: <F extends string>(field: F, header: string, extra: Extra = {}): AreaColumn<F> => ({
    field,
    header,
    labelKey: keyUnder("data.col.", field),
    kind: "localDateTime",
    ...extra,
  }),
  updated: (header: string, extra: Extra = {}): AreaColumn<"updatedAt"> => ({
    field: "updatedAt",
    header,
    labelKey: "data.col.updatedAt",
    kind: "datetime",
    edit: false,
    ...extra,
  }),
  paused: (labelKey: TranslationKey): AreaColumn<"paused"> => ({ field: "paused", header: "yes_no", labelKey, kind: "bool" }),
};

/**
 * Tiered prices in the legacy order, tier by tier: 20GP_T0, 40GP_T0, 40HQ_T0,
 * 20GP_T1 … Each item is [field base, header base, label name].
 */
export function tierPrices<B extends string>(
  items: readonly (readonly [B, string, string])[],
  tierCase: "upper" | "lower" = "upper",
): AreaColumn<`${B}${Tier}`>[] {
  return TIERS.flatMap((tier) =>
    items.map(([base, header, name]) => ({
      field: tierField(base, tier),
      header: `${header}_${tierCase === "upper" ? tier : tier.toLowerCase()}`,
      labelKey: "data.col.tierPrice",
      labelValues: { name, tier },
      kind: "decimal" as const,
      scale: 2,
      max: 9_999_999_999.99,
    })),
  );
}

export const REQUIRED = "data.validation.required";

/** How sheets write kilograms after a weight ("0.5KG", "1 kgs", "2公斤"): a weight column's `units`. */
export const KILOGRAMS: readonly string[] = ["kgs", "kg", "公斤", "千克"];
