// The six modes as menus and tabs name them: all the browser needs of
// ./modes.ts on every page. The full descriptions stay on the server (the
// results and home loaders send the one mode a page shows, as a ModeView),
// which keeps about 2 KB of compressed JavaScript off every customer page
// (docs/benchmarks.md, page weight).
import type { ModeKey } from "./modes";

export type ModeNav = {
  key: ModeKey;
  /** Customer results route. */
  path: string;
  /** Home tab id of the spec (fcl, lcl, air, railway, car, delivery). */
  homeTab: string;
  /** Translation key of the mode's name. */
  labelKey: string;
};

export const MODE_NAV: readonly ModeNav[] = [
  { key: "fcl", path: "/fclbysea", homeTab: "fcl", labelKey: "common.nav.fcl" },
  { key: "lcl", path: "/lclbysea", homeTab: "lcl", labelKey: "common.nav.lcl" },
  { key: "air", path: "/byair", homeTab: "air", labelKey: "common.nav.air" },
  { key: "rail", path: "/railroad", homeTab: "railway", labelKey: "common.nav.rail" },
  { key: "trailer", path: "/trailer", homeTab: "car", labelKey: "common.nav.trailer" },
  { key: "express", path: "/express", homeTab: "delivery", labelKey: "common.nav.express" },
];
