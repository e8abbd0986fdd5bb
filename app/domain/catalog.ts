// The catalog: one entry per rate table and per reference table. Everything
// else that lists the modes or the data areas is derived from these two
// lists: the customer modes (modes.ts), the back-office data areas
// (data-areas/), the menus and tabs (RATE_TABLES itself), the booking labels and
// transport types (booking/), the log filters (logs/), the special-offer
// cards (offers/), the versioned tables of the read caches
// (utils/data-cache.server.ts) and the operation registry
// (permissions/operations.server.ts). tests/foundation/catalog.test.ts walks
// the catalog and checks that every derived list covers every entry.
//
// Adding a seventh mode: one entry in RATE_TABLES, its Prisma model
// `<key>Rate` and TransportMode value `<KEY>` (migration), its mode
// description (modes.ts) and data area (data-areas/<key>.ts), which the type
// checker asks for, and its translations (docs/decisions/008).
//
// Shared by server and browser (menus and tabs on every page): plain data
// only, no server names. Prisma model and SQL names follow from the key on
// the server (rateModel below, utils/sql-names.server.ts).
import type { TranslationKey } from "~/i18n/keys";
import type { Prisma, TransportMode } from "~/generated/prisma/client";
import type { Tier } from "~/domain/pricing/visibility";

export type RateTable = {
  /** The mode's key; its Prisma model is `<key>Rate`, its TransportMode `<KEY>`. */
  key: string;
  /** Customer results route. */
  path: string;
  /** Home tab id of the spec (fcl, lcl, air, railway, car, delivery). */
  homeTab: string;
  /** Translation key of the mode's name. */
  labelKey: TranslationKey;
  /** Back-office data area (screen path, which is also its menu permission). */
  dataPath: string;
  /** Start of the stored booking module name ("FCL rate", "Railway special route"; spec 4). */
  modulePrefix: string;
  /** Its orders carry container counts (LCL, air and express do not; spec 4). */
  containers: boolean;
};

export const RATE_TABLES = [
  {
    key: "fcl",
    path: "/fclbysea",
    homeTab: "fcl",
    labelKey: "common.nav.fcl",
    dataPath: "/fclbyseaData",
    modulePrefix: "FCL",
    containers: true,
  },
  {
    key: "lcl",
    path: "/lclbysea",
    homeTab: "lcl",
    labelKey: "common.nav.lcl",
    dataPath: "/lclbyseaData",
    modulePrefix: "LCL",
    containers: false,
  },
  {
    key: "air",
    path: "/byair",
    homeTab: "air",
    labelKey: "common.nav.air",
    dataPath: "/byAirData",
    modulePrefix: "Air",
    containers: false,
  },
  {
    key: "rail",
    path: "/railroad",
    homeTab: "railway",
    labelKey: "common.nav.rail",
    dataPath: "/railRoadData",
    modulePrefix: "Railway",
    containers: true,
  },
  {
    key: "trailer",
    path: "/trailer",
    homeTab: "car",
    labelKey: "common.nav.trailer",
    dataPath: "/trailerData",
    modulePrefix: "Trailer",
    containers: true,
  },
  {
    key: "express",
    path: "/express",
    homeTab: "delivery",
    labelKey: "common.nav.express",
    dataPath: "/expressData",
    modulePrefix: "Express",
    containers: false,
  },
] as const satisfies readonly RateTable[];

export type ReferenceTable = {
  key: string;
  /** Prisma model (client property). */
  model: Uncapitalize<Prisma.ModelName>;
  dataPath: string;
};

export const REFERENCE_TABLES = [
  { key: "port", model: "seaPort", dataPath: "/port" },
  { key: "airport", model: "airport", dataPath: "/airport" },
  { key: "expressCountry", model: "expressCountry", dataPath: "/expressCountry" },
] as const satisfies readonly ReferenceTable[];

export type ModeKey = (typeof RATE_TABLES)[number]["key"];
export type ReferenceKey = (typeof REFERENCE_TABLES)[number]["key"];
/** The nine data areas: the six rate tables and the three reference tables. */
export type AreaKey = ModeKey | ReferenceKey;
export type TransportType = Uppercase<ModeKey>;
export type RateModel = `${ModeKey}Rate`;
export type AreaModel = RateModel | (typeof REFERENCE_TABLES)[number]["model"];
/**
 * The scalar fields of a rate model, from Prisma's generated types. Over a
 * union of models it is the union of their fields (distributive): a query on
 * one table (`RateFieldOf<"airRate">`) names that table's fields only, a query
 * on "whichever mode" (`RateFieldOf<RateModel>`) any rate field.
 */
export type RateFieldOf<M extends RateModel> = M extends RateModel
  ? keyof Prisma.TypeMap["model"][Capitalize<M>]["payload"]["scalars"] & string
  : never;
/** A field of any of the six rate tables: what a mode description and a query on any mode may name. */
export type RateField = RateFieldOf<RateModel>;

// The naming rules the schema follows, checked by the type checker: every
// mode has a Prisma model `<key>Rate` and the TransportMode enum is exactly
// the upper-cased keys.
type Assert<T extends true> = T;
export type CatalogMatchesSchema = Assert<
  RateModel extends Uncapitalize<Prisma.ModelName>
    ? TransportType extends TransportMode
      ? TransportMode extends TransportType
        ? true
        : false
      : false
    : false
>;

export const MODE_KEYS: readonly ModeKey[] = RATE_TABLES.map((t) => t.key);
export const AREA_KEYS: readonly AreaKey[] = [...REFERENCE_TABLES.map((t) => t.key), ...MODE_KEYS];

export const rateTable = (key: ModeKey) => RATE_TABLES.find((t) => t.key === key)!;
export const rateModel = <K extends ModeKey>(key: K) => `${key}Rate` as `${K}Rate`;
/** The Prisma models of the nine tables (server side: their SQL names are sqlTable(model)). */
export const CATALOG_MODELS: readonly AreaModel[] = [...RATE_TABLES.map((t) => rateModel(t.key)), ...REFERENCE_TABLES.map((t) => t.model)];

export const transportOf = (key: ModeKey) => key.toUpperCase() as TransportType;
export const modeOfTransport = (type: TransportType) => type.toLowerCase() as ModeKey;
/** The TransportMode enum values (orders, logs, offers), in catalog order. */
export const TRANSPORT_TYPES = RATE_TABLES.map((t) => transportOf(t.key)) as readonly TransportType[] as readonly [
  TransportType,
  ...TransportType[],
];

/** The tier naming rule of every tiered price column: base + tier ("gp20" + T1 → "gp20T1"). */
export const tierField = <B extends string, T extends Tier>(base: B, tier: T) => `${base}${tier}` as `${B}${T}`;
