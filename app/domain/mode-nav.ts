// The six modes as menus and tabs name them: all the browser needs of
// ./modes.ts on every page, straight from the catalog. The full descriptions
// stay on the server (the results and home loaders send the one mode a page
// shows, as a ModeView), which keeps them off every customer page
// (docs/benchmarks.md, page weight).
import { RATE_TABLES } from "./catalog";

export type ModeNav = (typeof RATE_TABLES)[number];
export const MODE_NAV: readonly ModeNav[] = RATE_TABLES;
