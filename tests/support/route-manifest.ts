// The route manifest as Remix builds it from app/routes (remix.config.js):
// tests that must cover every route enumerate it, so a new route file is
// covered (or fails for want of an entry) without anyone listing it.
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
