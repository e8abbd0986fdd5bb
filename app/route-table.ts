// The route table (remix.config.js `routes`, and tests/support/routes.ts).
//
// app/routes/ has one folder per area of the site. A file's route name is
// its folder's prefix plus its file name, in Remix's flat-route naming
// (`site/booking.$mode.$id.tsx` is `_site.booking.$mode.$id`, URL
// /booking/:mode/:id); `_layout.tsx` is the folder's own layout route. The
// flat-routes library (remix-flat-routes) makes the tree from those names
// through Remix's public `defineRoutes` (remix.config.js `routes`), so route
// ids, URLs and nesting are exactly what the flat names say
// ("routes/_site.home" ...).
//
// The screens that are configuration are not files: one module serves every
// transport mode's results page (app/domain/modes.ts) and every data area's
// screen and export (app/domain/data-areas), and one dispatcher serves every
// mount point of the legacy API (app/api/prefixes.ts). Adding a mode or an area to those lists adds
// its routes.
import fs from "node:fs";
import path from "node:path";
import { flatRoutes, type DefineRoutesFunction } from "remix-flat-routes";
import { MODES } from "~/domain/modes";
import { dataAreas } from "~/domain/data-areas";
import { API_PREFIXES } from "~/api/prefixes";

/** Folder of app/routes → the flat-route prefix of its files ("" = top level). */
export const ROUTE_FOLDERS = {
  /** The public and customer pages under the site layout (header, footer). */
  site: "_site",
  /** The personal centre (signed-in customers), inside the site layout. */
  account: "_site._account",
  /** Sign-in, sign-out, notices and the catch-all: pages without the site layout. */
  standalone: "",
  /** The staff layout and the nine data areas (data-maintenance.md). */
  backoffice: "_bo",
  /** Users, roles, menus, offers, home content, logs, bookings (administration.md), in the staff layout. */
  admin: "_bo",
  /** The old client's JSON API (decision 501). */
  "legacy-api": "",
  /** Files, lists for pickers, locales, health, robots and sitemap: no page. */
  resources: "",
} as const;

/** Route modules that serve several routes (not routes of their own name). */
export const SHARED_MODULES = {
  modeResults: "routes/site/mode-results.tsx",
  dataArea: "routes/backoffice/data-area.tsx",
  dataAreaExport: "routes/backoffice/data-area-export.tsx",
  dataAreaExportSelected: "routes/backoffice/data-area-export-selected.tsx",
  dataAreaTemplate: "routes/backoffice/data-area-template.tsx",
  dataAreaImportFile: "routes/backoffice/data-area-import-file.tsx",
  dataAreaPreviewReport: "routes/backoffice/data-area-preview-report.tsx",
  legacyApi: "routes/legacy-api/dispatcher.ts",
} as const;

export type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean; file: string };

const IGNORED = /(^|\/)\.|\.test\.tsx?$/;
const MODULE = /\.(tsx?|jsx?)$/;
const segment = (screenPath: string) => screenPath.replace(/^\//, "");

/** Flat route name → route module (relative to app/). */
export function routeNames(appDir: string): Map<string, string> {
  const names = new Map<string, string>();
  const add = (name: string, file: string) => {
    const clash = names.get(name);
    if (clash) throw new Error(`Route ${name} is both ${clash} and ${file}`);
    names.set(name, file);
  };
  const shared = new Set<string>(Object.values(SHARED_MODULES));
  for (const [folder, prefix] of Object.entries(ROUTE_FOLDERS)) {
    for (const entry of fs.readdirSync(path.join(appDir, "routes", folder))) {
      const file = `routes/${folder}/${entry}`;
      if (IGNORED.test(entry) || !MODULE.test(entry) || shared.has(file)) continue;
      const base = entry.replace(MODULE, "");
      add(base === "_layout" ? prefix : prefix ? `${prefix}.${base}` : base, file);
    }
  }
  for (const mode of MODES) add(`_site.${segment(mode.path)}`, SHARED_MODULES.modeResults);
  for (const area of Object.values(dataAreas)) {
    add(`_bo.${segment(area.path)}`, SHARED_MODULES.dataArea);
    if (area.export)
      add(`_bo.${segment(area.path)}.export`, area.exportSelected ? SHARED_MODULES.dataAreaExportSelected : SHARED_MODULES.dataAreaExport);
  }
  // The files every area offers, one route each for all areas (`:area` is the area's path; the module answers 404
  // for any other): the import template and the original file of an import batch (decision 204), the .xlsx report of
  // an import preview (issue 23 item 1). Fewer routes make every request's route matching cheaper (decision 612).
  add("_bo.$area.template", SHARED_MODULES.dataAreaTemplate);
  add("_bo.$area.import-file.$batch", SHARED_MODULES.dataAreaImportFile);
  add("_bo.$area.preview-report.$preview", SHARED_MODULES.dataAreaPreviewReport);
  // Each mount point of the legacy API goes to the endpoint registry (app/api/registry.server.ts).
  for (const prefix of API_PREFIXES) add(`${prefix.slice(1, -1)}.$`, SHARED_MODULES.legacyApi);
  return names;
}

/** The route manifest Remix serves (without root): ids "routes/<flat name>". `defineRoutes` is Remix's (remix.config.js `routes`). */
export function routeTable(appDir: string, defineRoutes: DefineRoutesFunction): Record<string, RouteEntry> {
  const names = routeNames(appDir);
  // The library reads flat names from the files of a folder: hand it the
  // names (as files of a virtual app/routes), then point each route at its
  // real module.
  const routes = flatRoutes("routes", defineRoutes, {
    appDir,
    visitFiles: (_dir, visit) => {
      for (const name of names.keys()) visit(`${name}.tsx`);
    },
  }) as Record<string, RouteEntry>;
  for (const route of Object.values(routes)) route.file = names.get(route.id.slice("routes/".length))!;
  return routes;
}
