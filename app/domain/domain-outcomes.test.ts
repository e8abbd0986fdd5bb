// Domain services return outcomes, never HTTP (issue 19 item 3, decisions 007,
// 008 and 612): no module under app/domain builds a Response, a redirect or
// Remix's data()/json(), and none imports the HTTP layer (app/http: replies,
// cookies, the request context and the authentication gate, whose throws to
// /login, /home and 403 every loader shares). Loaders and actions that do are
// route-side code: app/routes/<area>/-server/. Layering: neither the domain nor the
// legacy API (app/api) imports a route module (app/routes/**, their -server/
// code included): both call domain services, and only routes turn outcomes
// into pages.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeNames } from "~/route-table";

const APP = path.resolve(__dirname, "..");

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const REMIX_VALUE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*"@remix-run\/(?:node|server-runtime|react)"/g;
const HTTP_HELPERS = new Set(["data", "json", "redirect", "redirectDocument", "replace"]);

/** What in a module's source makes HTTP: a Response, Remix's reply helpers, the HTTP layer (app/http). */
function httpIn(source: string): string[] {
  const found: string[] = [];
  if (/new Response\(/.test(source)) found.push("new Response");
  for (const match of source.matchAll(REMIX_VALUE_IMPORT)) {
    for (const name of match[1].split(",").map((part) => part.trim())) {
      if (!name.startsWith("type ") && HTTP_HELPERS.has(name.split(/\s+as\s+/)[0])) found.push(name);
    }
  }
  if (/from "~\/http\//.test(source)) found.push("app/http");
  if (/from "~\/routes\//.test(source)) found.push("a route module");
  return found;
}

const IMPORT_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)"([^"]+)"/g;

/** The modules `file` imports (static, re-exports, side-effect and dynamic imports) that resolve into app/routes. */
function routeImports(file: string, source: string): string[] {
  const routes = path.join(APP, "routes") + path.sep;
  const found: string[] = [];
  for (const [, specifier] of source.matchAll(IMPORT_SPECIFIER)) {
    const target = specifier.startsWith("~/")
      ? path.join(APP, specifier.slice(2))
      : specifier.startsWith(".")
        ? path.resolve(path.dirname(file), specifier)
        : null;
    if (target && (target + path.sep).startsWith(routes)) found.push(specifier);
  }
  return found;
}

/** `file: specifier` of every import of a route module under `dir`. */
function routeImportsUnder(dir: string): string[] {
  return files(path.join(APP, dir)).flatMap((file) =>
    routeImports(file, fs.readFileSync(file, "utf8")).map(
      (specifier) => `${path.relative(APP, file).split(path.sep).join("/")}: ${specifier}`,
    ),
  );
}

describe("domain modules return outcomes", () => {
  it("the check finds each kind of HTTP in a module", () => {
    expect(httpIn('import { data, type LoaderFunctionArgs } from "@remix-run/node";')).toEqual(["data"]);
    expect(httpIn('import { redirect } from "@remix-run/node";')).toEqual(["redirect"]);
    expect(httpIn('import type { MetaDescriptor } from "@remix-run/node";')).toEqual([]);
    expect(httpIn('throw new Response("Not found", { status: 404 });')).toEqual(["new Response"]);
    expect(httpIn('import { notFound } from "~/http/replies.server";')).toEqual(["app/http"]);
    expect(httpIn('import { requireOperation } from "~/http/auth.server";')).toEqual(["app/http"]);
  });

  it("no module under app/domain builds a Response or imports the HTTP layer", () => {
    const offenders = files(path.join(APP, "domain"))
      .map((file) => [path.relative(APP, file).split(path.sep).join("/"), httpIn(fs.readFileSync(file, "utf8"))] as const)
      .filter(([, found]) => found.length > 0)
      .map(([file, found]) => `${file}: ${found.join(", ")}`);
    expect(offenders).toEqual([]);
  });

  it("route-side server modules (routes/<area>/-server) are not routes", () => {
    const modules = [...routeNames(APP).values()];
    expect(modules.filter((file) => file.includes("/-server/"))).toEqual([]);
    // They exist, so the check above means something.
    expect(fs.readdirSync(path.join(APP, "routes", "site", "-server")).length).toBeGreaterThan(0);
  });
});

describe("layering: the domain and the legacy API never import a route module", () => {
  it("the check finds every form of import of a route module", () => {
    const api = path.join(APP, "api", "endpoints", "rates.server.ts");
    expect(routeImports(api, 'import { loadResultsPage } from "~/routes/site/-server/results.server";')).toEqual([
      "~/routes/site/-server/results.server",
    ]);
    expect(routeImports(api, 'import type { Unavailable } from "../../routes/site/-server/booking-context.server";')).toEqual([
      "../../routes/site/-server/booking-context.server",
    ]);
    expect(routeImports(api, 'export { loader } from "~/routes/site/home";')).toEqual(["~/routes/site/home"]);
    expect(routeImports(api, 'const page = await import("~/routes/site/-server/home.server");')).toEqual([
      "~/routes/site/-server/home.server",
    ]);
    expect(routeImports(api, 'import "~/routes/site/_layout";')).toEqual(["~/routes/site/_layout"]);
    // Not routes: the route table, the domain, a package.
    expect(routeImports(api, 'import { routeNames } from "~/route-table";')).toEqual([]);
    expect(routeImports(api, 'import { rateSearch } from "~/domain/rates/rate-search.server";')).toEqual([]);
    expect(routeImports(api, 'import { data } from "@remix-run/node";')).toEqual([]);
  });

  it("no module under app/api imports from app/routes", () => {
    expect(routeImportsUnder("api")).toEqual([]);
    expect(files(path.join(APP, "api")).length).toBeGreaterThan(10);
  });

  it("no module under app/domain imports from app/routes", () => {
    expect(routeImportsUnder("domain")).toEqual([]);
  });
});
