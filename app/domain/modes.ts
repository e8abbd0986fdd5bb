// The six transport modes, described once. Screens, routes and logs read
// this list instead of repeating per-mode details: the home tabs, the six
// results pages, the special-price cards, the query logs and the search
// history all work from these descriptions.
//
// Shared by server and browser: plain data only (no Prisma, no zod). Field
// names are Prisma field names of the mode's rate model.
import type { TranslationKey } from "~/i18n/keys";
import type { ShipmentKind } from "~/domain/pricing/shipment";
import type { Tier } from "~/domain/pricing/visibility";
import {
  RATE_TABLES,
  rateModel,
  tierField,
  transportOf,
  type ModeKey,
  type RateField,
  type RateModel,
  type TransportType,
} from "./catalog";

export type { ModeKey } from "./catalog";
export type Currency = "USD" | "CNY";
/** How an endpoint is chosen: remote port/airport/country search or a local list. */
export type PickerKind = "sea" | "air" | "rail" | "trailer" | "express";
/** QueryLog columns an endpoint is logged in (administration.md 2.7). */
export type LogColumn = "pol" | "pod" | "dock" | "doorPoint" | "destination";

/** One endpoint of a search form, with the spec's parameter name (customer-portal.md 2.2). */
export type SearchField = {
  param: string;
  role: "from" | "to";
  picker: PickerKind;
  labelKey: TranslationKey;
  placeholderKey: TranslationKey;
  /** Message when missing (customer-portal.md 5). */
  requiredKey: TranslationKey;
  /** Rate column the resolved value is matched against (express: none, the country gives the zone). */
  column: RateField | null;
  logColumn: LogColumn;
  /**
   * Visitors' default suggestions (customer-portal.md 9): reference codes for
   * sea, air and express pickers, plain names for the rail and trailer lists.
   */
  defaults: readonly string[];
};

export type FactColumn = {
  key: string;
  labelKey: TranslationKey;
  /** Prisma field; `validity` reads validFrom and validTo. */
  field: RateField | "validity";
  /** Used when `field` is empty (e.g. FCL's concatenated remark falls back to the remark). */
  fallback?: RateField;
  kind: "text" | "validity";
  /**
   * Surcharges and fees (THC, documents, CFS ...): money, so only audited
   * customers get them; never selected for anyone else.
   */
  fee?: boolean;
};

export type PriceFormat = "money" | "percent" | "factor";

export type PriceColumn = {
  key: string;
  labelKey: TranslationKey;
  /** The column of each tier; absent for express, whose parts are computed. */
  tiers?: Record<Tier, RateField>;
  format: PriceFormat;
  /** Air weight breaks: shown as a bulk/tray grid under the row. */
  group?: "bulk" | "tray";
  /** Break label (air), e.g. "+45". */
  breakLabel?: string;
};

export type CardField = { field: string; labelKey: TranslationKey; kind?: "text" | "date" | "weight" };
export type CardPrice = { field: string; labelKey: TranslationKey; format: PriceFormat };

export type ModeDescription = {
  key: ModeKey;
  /** Prisma enum value (TransportMode). */
  enumValue: TransportType;
  /** Customer results route. */
  path: string;
  /** Home tab id of the spec (fcl, lcl, air, railway, car, delivery). */
  homeTab: string;
  /** Translation key of the mode's name. */
  labelKey: TranslationKey;
  /** Prisma model (delegate name) of the mode's rates; its SQL table is sqlTable(model). */
  model: RateModel;
  /** Endpoints of the search form, in form order. */
  fields: readonly SearchField[];
  /** Express only: the weight parameter (kg, one decimal, > 0, ≤ 299). */
  weight?: { param: string; labelKey: TranslationKey; max: number };
  /** Route facts shown to everyone (fees only to audited customers). */
  facts: readonly FactColumn[];
  /** Price columns: the viewer's tier only. */
  prices: readonly PriceColumn[];
  /** Fixed currency, or the row's own currency column (rail). */
  currency: { fixed: Currency } | { field: "currency" };
  /** Price column sorted on with sort=price. */
  sortPrice: string;
  /** Optional carrier filter on the results page (logged in QueryLog.carrier). */
  carrierFilter: boolean;
  /** LCL: revenue-ton calculator (params cbm, kg). */
  calculator: boolean;
  /** LCL: valid_to is a date-time (data-maintenance.md 3, issue 22 item 8), a Shanghai wall-clock timestamp. */
  validToTime?: true;
  /** What the shipment form asks for the all-in total (pricing/shipment.ts). */
  shipment: ShipmentKind;
  /** Search-history entry separator between name, code and Chinese name (spec 3). */
  historySeparator: "/" | ";";
  /** "Recommended today" special-offer card (SpecialOffer fields). */
  card: {
    from: string;
    to: string;
    facts: readonly CardField[];
    prices: readonly CardPrice[];
    /** Carousel (6 per slide, 5 s, 350 px) on the home tab; a static grid otherwise. */
    carousel: boolean;
  };
};

/** What a mode's description adds to its catalog entry (modes.ts is the only place that says it). */
type ModeSpec = Omit<ModeDescription, "key" | "enumValue" | "model" | "path" | "homeTab" | "labelKey">;

/** A price with tier columns: `${base}T0` is a field of a rate table (tsc checks T1 and T2 below). */
type TierBase = { [F in RateField]: F extends `${infer B}T0` ? B : never }[RateField];
const tiers = (base: TierBase): Record<Tier, RateField> => ({
  T0: tierField(base, "T0"),
  T1: tierField(base, "T1"),
  T2: tierField(base, "T2"),
});
const money = (key: TierBase, labelKey: TranslationKey): PriceColumn => ({ key, labelKey, tiers: tiers(key), format: "money" });

const AIR_BREAKS = [45, 100, 130, 300, 500, 1000, 2000, 3000] as const;
const airBreaks = (group: "bulk" | "tray"): PriceColumn[] =>
  AIR_BREAKS.map((b) => ({
    key: `${group}${b}`,
    labelKey: `search.price.${group}`,
    tiers: tiers(`${group}${b}` as const),
    format: "money" as const,
    group,
    breakLabel: `+${b}`,
  }));

const validity: FactColumn = { key: "validity", labelKey: "search.col.validity", field: "validity", kind: "validity" };
const text = (key: RateField, field: FactColumn["field"] = key, extra: Partial<FactColumn> = {}): FactColumn => ({
  key,
  // Not keyUnder (~/i18n/keys): a results page would load it as one more chunk (JavaScript budget).
  labelKey: `search.col.${key}` as TranslationKey,
  field,
  kind: "text",
  ...extra,
});
const fee = (key: RateField) => text(key, key, { fee: true });

const seaFields = (from: string, to: string, toDefault: string): SearchField[] => [
  {
    param: from,
    role: "from",
    picker: "sea",
    labelKey: "search.field.pol",
    placeholderKey: "search.placeholder.port",
    requiredKey: "search.validation.pol",
    column: "pol",
    logColumn: "pol",
    defaults: ["CNSHA"],
  },
  {
    param: to,
    role: "to",
    picker: "sea",
    labelKey: "search.field.pod",
    placeholderKey: "search.placeholder.port",
    requiredKey: "search.validation.pod",
    column: "pod",
    logColumn: "pod",
    defaults: [toDefault],
  },
];

const cardDate: CardField = { field: "validTo", labelKey: "search.col.validTo", kind: "date" };

const SPECS: Record<ModeKey, ModeSpec> = {
  fcl: {
    fields: seaFields("pol", "pod", "IDBTM"),
    facts: [
      text("pol"),
      text("pod"),
      text("carrier"),
      text("sailingSchedule"),
      text("via"),
      text("transitTime"),
      text("dock"),
      text("destinationDock"),
      validity,
      text("remark", "remarkConcat", { fallback: "remark" }),
      fee("bookingFee"),
      fee("thc"),
      fee("seal"),
      fee("vgm"),
      fee("eir"),
      fee("doc"),
      fee("manifest"),
    ],
    prices: [money("gp20", "search.price.gp20"), money("gp40", "search.price.gp40"), money("hq40", "search.price.hq40")],
    currency: { fixed: "USD" },
    sortPrice: "gp20",
    carrierFilter: true,
    calculator: false,
    shipment: "containers",
    historySeparator: "/",
    card: {
      from: "pol",
      to: "pod",
      facts: [
        { field: "carrier", labelKey: "search.col.carrier" },
        { field: "sailingSchedule", labelKey: "search.col.sailingSchedule" },
        { field: "via", labelKey: "search.col.via" },
        cardDate,
      ],
      prices: [
        { field: "gp20", labelKey: "search.price.gp20", format: "money" },
        { field: "gp40", labelKey: "search.price.gp40", format: "money" },
        { field: "hq40", labelKey: "search.price.hq40", format: "money" },
      ],
      carousel: true,
    },
  },
  lcl: {
    fields: seaFields("lclpol", "lclpod", "JPUKB"),
    facts: [
      text("pol"),
      text("pod"),
      text("country"),
      text("volume"),
      text("etd"),
      text("bookingCutoff"),
      text("cargoCutoff"),
      text("via"),
      text("transitTime"),
      validity,
      text("remark"),
      fee("cisf"),
    ],
    prices: [money("freightCbm", "search.price.freightCbm"), money("freightTon", "search.price.freightTon")],
    currency: { fixed: "USD" },
    sortPrice: "freightCbm",
    carrierFilter: false,
    calculator: true,
    validToTime: true,
    shipment: "lcl",
    historySeparator: "/",
    card: {
      from: "pol",
      to: "pod",
      facts: [
        { field: "country", labelKey: "search.col.country" },
        { field: "via", labelKey: "search.col.via" },
        { field: "volume", labelKey: "search.col.volume" },
        { field: "transitTime", labelKey: "search.col.transitTime" },
        { field: "etd", labelKey: "search.col.etd" },
        cardDate,
      ],
      prices: [
        { field: "freightCbm", labelKey: "search.price.freightCbm", format: "money" },
        { field: "freightTon", labelKey: "search.price.freightTon", format: "money" },
      ],
      carousel: true,
    },
  },
  air: {
    fields: [
      {
        param: "airpol",
        role: "from",
        picker: "air",
        labelKey: "search.field.airpol",
        placeholderKey: "search.placeholder.airport",
        requiredKey: "search.validation.pol",
        column: "pol",
        logColumn: "pol",
        defaults: ["PVG"],
      },
      {
        param: "airpod",
        role: "to",
        picker: "air",
        labelKey: "search.field.airpod",
        placeholderKey: "search.placeholder.airport",
        requiredKey: "search.validation.pod",
        column: "pod",
        logColumn: "pod",
        defaults: ["ORD"],
      },
    ],
    facts: [
      text("pol", "pol", { labelKey: "search.col.airpol" }),
      text("pod", "pod", { labelKey: "search.col.airpod" }),
      text("country"),
      text("carrier", "carrier", { labelKey: "search.col.airline" }),
      text("etd", "etd", { labelKey: "search.col.flightDays" }),
      text("via"),
      text("transitTime"),
      text("cbmKgs"),
      validity,
      text("remark"),
      fee("addPrice"),
    ],
    prices: [...airBreaks("bulk"), ...airBreaks("tray")],
    currency: { fixed: "USD" },
    sortPrice: "bulk45",
    carrierFilter: true,
    calculator: false,
    shipment: "air",
    historySeparator: ";",
    card: {
      from: "pol",
      to: "pod",
      facts: [
        { field: "country", labelKey: "search.col.country" },
        { field: "carrier", labelKey: "search.col.airline" },
        { field: "etd", labelKey: "search.col.flightDays" },
        { field: "via", labelKey: "search.col.via" },
        { field: "transitTime", labelKey: "search.col.transitTime" },
        cardDate,
      ],
      prices: [],
      carousel: false,
    },
  },
  rail: {
    fields: [
      {
        param: "pol",
        role: "from",
        picker: "rail",
        labelKey: "search.field.railpol",
        placeholderKey: "search.placeholder.station",
        requiredKey: "search.validation.pol",
        column: "pol",
        logColumn: "pol",
        defaults: ["西安", "成都", "重庆", "郑州", "义乌"],
      },
      {
        param: "pod",
        role: "to",
        picker: "rail",
        labelKey: "search.field.railpod",
        placeholderKey: "search.placeholder.station",
        requiredKey: "search.validation.pod",
        column: "pod",
        logColumn: "pod",
        defaults: ["阿拉山口"],
      },
    ],
    facts: [
      text("pol", "pol", { labelKey: "search.col.railpol" }),
      text("pod", "pod", { labelKey: "search.col.railpod" }),
      text("trainService"),
      text("transitTime"),
      validity,
      text("remark"),
    ],
    prices: [
      money("coc40", "search.price.coc40"),
      money("soc40", "search.price.soc40"),
      money("coc20", "search.price.coc20"),
      money("soc20", "search.price.soc20"),
      money("soc20x2", "search.price.soc20x2"),
    ],
    currency: { field: "currency" },
    sortPrice: "coc40",
    carrierFilter: false,
    calculator: false,
    shipment: "containers",
    historySeparator: "/",
    card: {
      from: "pol",
      to: "pod",
      facts: [
        { field: "trainService", labelKey: "search.col.trainService" },
        { field: "transitTime", labelKey: "search.col.transitTime" },
        cardDate,
      ],
      prices: [
        { field: "coc40", labelKey: "search.price.coc40", format: "money" },
        { field: "soc40", labelKey: "search.price.soc40", format: "money" },
        { field: "coc20", labelKey: "search.price.coc20", format: "money" },
        { field: "soc20", labelKey: "search.price.soc20", format: "money" },
        { field: "soc20x2", labelKey: "search.price.soc20x2", format: "money" },
      ],
      carousel: false,
    },
  },
  trailer: {
    fields: [
      {
        param: "dock",
        role: "from",
        picker: "trailer",
        labelKey: "search.field.dock",
        placeholderKey: "search.placeholder.dock",
        requiredKey: "search.validation.dock",
        column: "dock",
        logColumn: "dock",
        defaults: ["上海港"],
      },
      {
        param: "trailer_door_point",
        role: "to",
        picker: "trailer",
        labelKey: "search.field.doorPoint",
        placeholderKey: "search.placeholder.doorPoint",
        requiredKey: "search.validation.doorPoint",
        column: "doorPoint",
        logColumn: "doorPoint",
        defaults: ["上海浦东"],
      },
    ],
    facts: [text("dock", "dock", { labelKey: "search.col.portArea" }), text("doorPoint"), validity, text("remark")],
    prices: [money("gp20", "search.price.gp20"), money("gp40", "search.price.gp40"), money("hq40", "search.price.hq40")],
    currency: { fixed: "CNY" },
    sortPrice: "gp20",
    carrierFilter: false,
    calculator: false,
    shipment: "containers",
    historySeparator: "/",
    card: {
      from: "dock",
      to: "doorPoint",
      facts: [cardDate],
      prices: [
        { field: "gp20", labelKey: "search.price.gp20", format: "money" },
        { field: "gp40", labelKey: "search.price.gp40", format: "money" },
        { field: "hq40", labelKey: "search.price.hq40", format: "money" },
      ],
      carousel: false,
    },
  },
  express: {
    fields: [
      {
        param: "pod",
        role: "to",
        picker: "express",
        labelKey: "search.field.country",
        placeholderKey: "search.placeholder.country",
        requiredKey: "search.validation.destination",
        column: null,
        logColumn: "destination",
        defaults: ["US-W"],
      },
    ],
    weight: { param: "num", labelKey: "search.field.weight", max: 299 },
    facts: [text("category"), text("weight"), text("timeLimit"), text("byVolume"), validity, text("remark")],
    // Express is not tiered: the zone price, then fuel and discount (pricing/express.ts).
    prices: [
      { key: "price", labelKey: "search.price.zonePrice", format: "money" },
      { key: "fuel", labelKey: "search.price.fuel", format: "percent" },
      { key: "fuelAmount", labelKey: "search.price.fuelAmount", format: "money" },
      { key: "discount", labelKey: "search.price.discount", format: "factor" },
      { key: "total", labelKey: "search.price.total", format: "money" },
    ],
    currency: { fixed: "USD" },
    sortPrice: "total",
    carrierFilter: false,
    calculator: false,
    shipment: "express",
    historySeparator: "/",
    card: {
      from: "origin",
      to: "destination",
      facts: [
        { field: "category", labelKey: "search.col.category" },
        { field: "weight", labelKey: "search.col.weight", kind: "weight" },
        cardDate,
      ],
      prices: [
        { field: "specialCost", labelKey: "search.price.specialCost", format: "money" },
        { field: "fuel", labelKey: "search.price.fuel", format: "percent" },
        { field: "discount", labelKey: "search.price.discount", format: "factor" },
        { field: "totalCost", labelKey: "search.price.total", format: "money" },
      ],
      carousel: false,
    },
  },
};

/** The six modes, in catalog order: the catalog entry and its description. */
export const MODES: readonly ModeDescription[] = RATE_TABLES.map(({ key, path, homeTab, labelKey }) => ({
  key,
  path,
  homeTab,
  labelKey,
  enumValue: transportOf(key),
  model: rateModel(key),
  ...SPECS[key],
}));

export function modeByKey(key: ModeKey): ModeDescription {
  const mode = MODES.find((m) => m.key === key);
  if (!mode) throw new Error(`unknown mode ${key}`);
  return mode;
}

/** The description of one mode typed as that mode's: its `model` is its own table, so rate queries on it take its own fields. */
export type ModeOf<K extends ModeKey> = ModeDescription & { key: K; model: `${K}Rate` };

/** modeByKey for a mode known where the code is written (`modeOf("air").model` is `"airRate"`, where modeByKey's is any rate model). */
export const modeOf = <K extends ModeKey>(key: K) => modeByKey(key) as ModeOf<K>;

export function modeByHomeTab(tab: string | null | undefined): ModeDescription | undefined {
  return MODES.find((m) => m.homeTab === tab);
}

/** The mode /home shows for its `tab` parameter: the tab's, else the first. */
export function homeTabMode(tab: string | null | undefined): ModeDescription {
  return modeByHomeTab(tab) ?? MODES[0];
}

/**
 * What a page's components read of a mode (the loaders send it): the
 * description without the server's side (Prisma model and columns, tier
 * columns, log columns, defaults, history format).
 */
export type ModeView = Omit<ModeDescription, "model" | "enumValue" | "sortPrice" | "historySeparator" | "fields" | "facts" | "prices"> & {
  fields: readonly Omit<SearchField, "defaults" | "column" | "logColumn" | "requiredKey">[];
  facts: readonly Omit<FactColumn, "field" | "fallback">[];
  prices: readonly Omit<PriceColumn, "tiers">[];
};

export function modeView(mode: ModeDescription): ModeView {
  const { model, enumValue, sortPrice, historySeparator, fields, facts, prices, ...rest } = mode;
  return {
    ...rest,
    fields: fields.map(({ defaults, column, logColumn, requiredKey, ...field }) => field),
    facts: facts.map(({ field, fallback, ...fact }) => fact),
    prices: prices.map(({ tiers, ...price }) => price),
  };
}

/**
 * What the results pages draw of a mode (decision 608): the view without the
 * home page's parts (offer card, home tab) and the currency rule, made once
 * per mode. It travels in every results page's hydration data.
 */
export type ResultsModeView = Omit<ModeView, "card" | "homeTab" | "currency">;
const resultsViews = new Map<ModeKey, ResultsModeView>();
export function resultsModeView(mode: ModeDescription): ResultsModeView {
  let view = resultsViews.get(mode.key);
  if (!view) {
    const { card, homeTab, currency, ...rest } = modeView(mode);
    view = rest;
    resultsViews.set(mode.key, view);
  }
  return view;
}

/** Fact columns that everyone sees (fees excluded). */
export const publicFacts = (mode: ModeDescription) => mode.facts.filter((f) => !f.fee);
