// The route tree as Remix builds it (remix.config.js reads app/route-table.ts:
// the area folders of app/routes and the routes the mode and area
// descriptions generate), for tests that must cover every route: a new route
// file, mode or area is covered (or fails for want of an entry) without
// anyone listing it.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { routeTable } from "~/route-table";
import { API_PREFIXES } from "~/api/prefixes";

// Remix's defineRoutes, the one remix.config.js is handed (exported by
// @remix-run/dev as UNSAFE_defineRoutes). The package also loads Vite's CJS
// build, which warns that it is deprecated: not ours to act on here.
process.env.VITE_CJS_IGNORE_WARNING ??= "true";
const { UNSAFE_defineRoutes: defineRoutes } = await import("@remix-run/dev");

export const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "app");

export type ManifestRoute = {
  id: string;
  file: string;
  /** Full URL pattern, e.g. "/booking/:mode/:id"; "/" for pathless layouts. */
  url: string;
  parentId?: string;
  /** No path of its own (a pathless layout such as _site or _bo). */
  pathless: boolean;
  /** The module renders a page (has a default export), not only data. */
  document: boolean;
};

/** Every route module (plus root) with its full URL pattern ("/booking/:mode/:id"). */
export function routeManifest(): ManifestRoute[] {
  return (manifest ??= buildManifest());
}
let manifest: ManifestRoute[] | undefined;

function buildManifest(): ManifestRoute[] {
  const routes = routeTable(APP_DIR, defineRoutes);
  const fullPath = (id: string): string => {
    const parts: string[] = [];
    for (let r = routes[id]; r; r = r.parentId ? routes[r.parentId] : (undefined as never)) if (r.path) parts.unshift(r.path);
    return `/${parts.join("/")}`;
  };
  const isDocument = (file: string) => /^export default\b/m.test(fs.readFileSync(path.join(APP_DIR, file), "utf8"));
  const list = Object.values(routes).map((r) => ({
    id: r.id,
    file: r.file,
    url: fullPath(r.id),
    parentId: r.parentId,
    pathless: !r.path && !r.index,
    document: isDocument(r.file),
  }));
  return [{ id: "root", file: "root.tsx", url: "/", pathless: true, document: true }, ...list].sort((a, b) => a.id.localeCompare(b.id));
}

/** "/booking/:mode/:id" matches "/booking/fcl/12". */
export function matchesPattern(pattern: string, url: string): boolean {
  const pathname = new URL(url, "http://x").pathname;
  const source = pattern
    .split("/")
    .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source}/?$`).test(pathname);
}

/** The params Remix gives a route of URL pattern `pattern` ("/:area/import-file/:batch") at `url`: { area, batch }, the splat as "*". */
export function paramsOf(pattern: string, url: string): Record<string, string> {
  const segments = new URL(url, "http://x").pathname.replace(/\/+$/, "").split("/");
  const params: Record<string, string> = {};
  pattern.split("/").forEach((part, i) => {
    if (part === "*") params["*"] = segments.slice(i).map(decodeURIComponent).join("/");
    else if (part.startsWith(":")) params[part.slice(1)] = decodeURIComponent(segments[i] ?? "");
  });
  return params;
}

/** The legacy JSON API's splat routes: their calls come from app/api/registry.server.ts. */
export const API_DISPATCHERS = new Set(API_PREFIXES.map((p) => `routes/${p.slice(1, -1)}.$`));

export async function importRoute<T = { loader?: unknown; action?: unknown }>(route: Pick<ManifestRoute, "file">): Promise<T> {
  return (await import(/* @vite-ignore */ path.join(APP_DIR, route.file))) as T;
}

/** The module of a route by its flat name ("login", "_bo.port"): the id without "routes/", wherever its file lives. */
export async function importRouteNamed<T = { loader?: unknown; action?: unknown }>(name: string): Promise<T> {
  const route = routeManifest().find((r) => r.id === `routes/${name}`);
  if (!route) throw new Error(`No route routes/${name} in the route table`);
  return importRoute<T>(route);
}
