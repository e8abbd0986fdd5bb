// The route tree as Remix builds it from app/routes (remix.config.js), for
// tests that must cover every route: a new route file is covered (or fails
// for want of an entry) without anyone listing it.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";

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

type FlatRoute = { id: string; parentId?: string; path?: string; index?: boolean; file: string };

/** Every route module (plus root) with its full URL pattern ("/booking/:mode/:id"). */
export function routeManifest(): ManifestRoute[] {
  const routes = flatRoutes(APP_DIR, ["**/.*", "**/*.test.{ts,tsx}"]) as Record<string, FlatRoute>;
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

/** The legacy JSON API's splat routes: their calls come from app/api/registry.server.ts. */
export const API_DISPATCHERS = new Set(["api", "my", "nopermission", "query", "data", "logs", "web", "apphomeimg", "manage", "send"].map((p) => `routes/${p}.$`));

export async function importRoute<T = { loader?: unknown; action?: unknown }>(route: Pick<ManifestRoute, "file">): Promise<T> {
  return (await import(/* @vite-ignore */ path.join(APP_DIR, route.file))) as T;
}
