// The route tree as Remix builds it from app/routes (remix.config.js), for
// tests that must cover every route: new routes are covered automatically.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const APP = path.join(ROOT, "app");

export type ManifestRoute = { id: string; file: string; url: string };

/** Every route module (plus root) with its full URL pattern ("/booking/:mode/:id"). */
export function routeManifest(): ManifestRoute[] {
  const routes = flatRoutes(APP, ["**/.*", "**/*.test.{ts,tsx}"]) as Record<string, { id: string; parentId?: string; path?: string; file: string }>;
  const fullPath = (id: string): string => {
    const parts: string[] = [];
    for (let r = routes[id]; r; r = r.parentId ? routes[r.parentId] : (undefined as never)) if (r.path) parts.unshift(r.path);
    return `/${parts.join("/")}`;
  };
  const list = Object.values(routes).map((r) => ({ id: r.id, file: r.file, url: fullPath(r.id) }));
  return [{ id: "root", file: "root.tsx", url: "/" }, ...list].sort((a, b) => a.id.localeCompare(b.id));
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

export async function importRoute<T = { loader?: unknown; action?: unknown }>(route: ManifestRoute): Promise<T> {
  return (await import(/* @vite-ignore */ path.join(APP, route.file))) as T;
}
