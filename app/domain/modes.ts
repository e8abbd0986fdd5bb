// The six transport modes, described once. Screens, routes and logs read
// this list instead of repeating per-mode details.
export type ModeKey = "fcl" | "lcl" | "air" | "rail" | "trailer" | "express";

export type ModeDescription = {
  key: ModeKey;
  /** Prisma enum value. */
  enumValue: "FCL" | "LCL" | "AIR" | "RAIL" | "TRAILER" | "EXPRESS";
  /** Customer results route. */
  path: string;
  /** Home tab id of the spec (fcl, lcl, air, railway, car, delivery). */
  homeTab: string;
  /** Translation key of the mode's name. */
  labelKey: string;
};

export const MODES: readonly ModeDescription[] = [
  { key: "fcl", enumValue: "FCL", path: "/fclbysea", homeTab: "fcl", labelKey: "common.nav.fcl" },
  { key: "lcl", enumValue: "LCL", path: "/lclbysea", homeTab: "lcl", labelKey: "common.nav.lcl" },
  { key: "air", enumValue: "AIR", path: "/byair", homeTab: "air", labelKey: "common.nav.air" },
  { key: "rail", enumValue: "RAIL", path: "/railroad", homeTab: "railway", labelKey: "common.nav.rail" },
  { key: "trailer", enumValue: "TRAILER", path: "/trailer", homeTab: "car", labelKey: "common.nav.trailer" },
  { key: "express", enumValue: "EXPRESS", path: "/express", homeTab: "delivery", labelKey: "common.nav.express" },
];
