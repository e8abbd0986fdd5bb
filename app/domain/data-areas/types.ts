// The nine data-maintenance areas (data-maintenance.md) are each described
// ONCE, in app/domain/data-areas/<area>.ts; the screen, the edit forms,
// Excel import and export, range delete, checks and the operation log are
// generated from these descriptions (screen.server.ts, components/data-area).
//
// Shared by server and browser: plain data (and pure functions) only.
// Field names are Prisma field names; `header` is the legacy Excel column
// header (the legacy field name of the spec), used by import AND export, so an
// exported file re-imports unchanged.

export type AreaKey = "port" | "airport" | "expressCountry" | "fcl" | "lcl" | "rail" | "trailer" | "air" | "express";

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
  /** The legacy yes_no pause flag. */
  | "bool";

export type AreaColumn = {
  /** Prisma field name. */
  field: string;
  /** Legacy Excel header (import and export). */
  header: string;
  /**
   * The field's name in the legacy JSON API when the spec's entity names it
   * otherwise than the Excel header (express zones: header "A", field "a").
   */
  wire?: string;
  /** Other headers accepted on import (matching ignores case, spaces and underscores). */
  aliases?: readonly string[];
  labelKey: string;
  labelValues?: Record<string, string>;
  kind: ColumnKind;
  /** Decimal places (kind "decimal"). */
  scale?: number;
  /** Largest value (kind "decimal"), from the column's precision: numeric(12,2) holds 9,999,999,999.99. */
  max?: number;
  /** Smallest value (kind "decimal"); default 0: prices, weights, surcharges and factors are never negative. */
  min?: number;
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
};

export type AreaFilter =
  /** Exact match, options are the distinct values of the column ("filter lists" of the spec). */
  | { kind: "select"; param: string; field: string; labelKey: string }
  /** Case-insensitive "contains" over several text columns. */
  | { kind: "search"; param: string; fields: readonly string[]; labelKey: string };

export type DateFilter = {
  field: string;
  /** DATE column ("date") or timestamp ("timestamp"). */
  columnKind: "date" | "timestamp";
  labelKey: string;
  /** Default range in days relative to today, or null (no default). */
  defaultDays: readonly [number, number] | null;
};

/**
 * A unique-constraint clash (Prisma P2002 / PostgreSQL 23505) mapped to the
 * spec's message: the first rule whose `match` occurs in the constraint name
 * wins ("" matches anything).
 */
export type DuplicateRule = { match: string; messageKey: string; field?: string };

export type CheckKey = "portMatch" | "leadingSpace" | "trailingSpace";

export type ImportRules = {
  /**
   * Rows failing these are reported with the date error ID为{ids}日期错误:
   * `fields` must hold valid dates, `when` limits the rule to rows where that
   * field is filled, `alsoRequire` fields must be filled too.
   */
  datesRequired?: { fields: readonly string[]; when?: string; alsoRequire?: readonly string[] };
  /** Sets of columns whose values must be unique within the file. */
  uniqueInFile?: readonly (readonly string[])[];
  /** Air: two variants (with/without +130/+2000/+3000 kg) and the 至 validity range. */
  air?: {
    /** Prisma fields of the +130/+2000/+3000 kg breaks. */
    extraFields: readonly string[];
    /** The text column split on 至 into validFrom / validTo. */
    rangeField: string;
  };
};

export type DataArea = {
  key: AreaKey;
  /** The screen path, which is also the permission (menu path). */
  path: string;
  titleKey: string;
  /** Prisma delegate name. */
  model: "seaPort" | "airport" | "expressCountry" | "fclRate" | "lclRate" | "railRate" | "trailerRate" | "airRate" | "expressRate";
  /** SQL table (set-based import, range delete, checks). */
  table: string;
  /** OperationLog.operation (business area), e.g. "fclRates". */
  logName: string;
  order: "asc" | "desc";
  columns: readonly AreaColumn[];
  filters: readonly AreaFilter[];
  dateFilter?: DateFilter;
  /** Row edit (fetched by id); null = delete only (air). */
  edit: null | {
    add: boolean;
    /** Ports and airports: the form can change the id (idchange). */
    idChange: boolean;
    /** Express countries validate on blur (spec 5). */
    validateOnBlur?: boolean;
    duplicates: readonly DuplicateRule[];
  };
  import: ImportRules;
  export?: { fileName: string; asciiName: string };
  /** Row checkboxes (FCL markup, trailer / express-country export of selected rows). */
  selectable?: boolean;
  exportSelected?: boolean;
  markup?: boolean;
  checks?: readonly CheckKey[];
  /** The column the space checks look at (sea ports: name, airports: code). */
  spaceCheckField?: string;
};

const TRUE_WORDS = new Set(["是", "1", "true", "y", "yes", "on", "暂停", "停"]);
const FALSE_WORDS = new Set(["否", "0", "false", "n", "no", "off", "正常", ""]);

/**
 * The yes_no flag as the sheets, the forms and the API write it (是/否,
 * 1/0, true/false, a checkbox's "on"), or null when it is none of them.
 */
export function parseFlag(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  const word = String(value ?? "").trim().toLowerCase();
  return TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : null;
}

/** snake_case SQL column of a Prisma field (the schema's convention). */
export function columnName(field: string): string {
  return field.replace(/^zone(\d)$/, "zone_$1").replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** The range a decimal column holds: its scale, and min..max (tests/data/constraints.test.ts pins them to the Prisma schema). */
export function decimalBounds(column: AreaColumn): { scale: number; min: number; max: number } {
  return { scale: column.scale ?? 2, min: column.min ?? 0, max: column.max ?? 9_999_999_999.99 };
}

export function editColumns(area: DataArea): AreaColumn[] {
  return area.columns.filter((c) => c.edit ?? (c.kind !== "id" && c.field !== "updatedAt"));
}

export function listColumns(area: DataArea): AreaColumn[] {
  return area.columns.filter((c) => c.list ?? true);
}

// ---------------------------------------------------------- column builders

type Extra = Partial<Omit<AreaColumn, "field" | "header" | "kind">>;

export const col = {
  id: (): AreaColumn => ({ field: "id", header: "id", labelKey: "data.col.id", kind: "id" }),
  text: (field: string, header: string, extra: Extra = {}): AreaColumn => ({ field, header, labelKey: `data.col.${field}`, kind: "text", ...extra }),
  longtext: (field: string, header: string, extra: Extra = {}): AreaColumn => ({ field, header, labelKey: `data.col.${field}`, kind: "longtext", list: false, ...extra }),
  money: (field: string, header: string, extra: Extra = {}): AreaColumn => ({ field, header, labelKey: `data.col.${field}`, kind: "decimal", scale: 2, max: 9_999_999_999.99, ...extra }),
  decimal: (field: string, header: string, scale: number, max: number, extra: Extra = {}): AreaColumn => ({ field, header, labelKey: `data.col.${field}`, kind: "decimal", scale, max, ...extra }),
  date: (field: string, header: string, extra: Extra = {}): AreaColumn => ({ field, header, labelKey: `data.col.${field}`, kind: "date", ...extra }),
  updated: (header: string, extra: Extra = {}): AreaColumn => ({ field: "updatedAt", header, labelKey: "data.col.updatedAt", kind: "datetime", edit: false, ...extra }),
  paused: (labelKey: string): AreaColumn => ({ field: "paused", header: "yes_no", labelKey, kind: "bool" }),
};

/**
 * Tiered prices in the legacy order, tier by tier: 20GP_T0, 40GP_T0, 40HQ_T0,
 * 20GP_T1 … Each item is [field base, header base, label name].
 */
export function tierPrices(items: readonly (readonly [string, string, string])[], tierCase: "upper" | "lower" = "upper"): AreaColumn[] {
  return (["T0", "T1", "T2"] as const).flatMap((tier) =>
    items.map(([base, header, name]) => ({
      field: `${base}${tier}`,
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
