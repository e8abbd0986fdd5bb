// What a document request builds once per build instead of once per request
// (decision 602: patches/@remix-run+server-runtime+*, @remix-run+react+*,
// react-router-dom+*): the route modules of the build, <RemixServer>'s
// routes and the static router's data routes. The same objects are reused
// while the build is the same; a new build (remix dev) gets new ones; the
// rendered page is the same as with fresh routes.
import fs from "node:fs";
import { createRequire } from "node:module";
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { render as renderPage } from "../support/render";

const require = createRequire(import.meta.url);
type AnyRoute = { id: string; path?: string; index?: boolean; children?: AnyRoute[] };
const routerModule = require("@remix-run/router") as {
  createStaticHandler: (routes: AnyRoute[]) => { dataRoutes: AnyRoute[]; query: (request: Request) => Promise<unknown> };
  matchRoutes: (routes: AnyRoute[], location: string, basename?: string) => unknown;
};
const { createStaticHandler } = routerModule;

/** The array, every route and every children array frozen (what lets matching skip walking the tree). */
const frozenWhole = (routes: AnyRoute[]): boolean =>
  Object.isFrozen(routes) && routes.every((route) => Object.isFrozen(route) && (!route.children || frozenWhole(route.children)));
const remixReact = require("@remix-run/react") as {
  RemixServer: (props: { context: unknown; url: string }) => ReactNode;
  Outlet: () => ReactNode;
  useLoaderData: () => unknown;
};
const remixRoutes = require("@remix-run/react/dist/routes.js") as { createServerRoutes: (...args: unknown[]) => unknown };
const entry = require("@remix-run/server-runtime/dist/entry.js") as {
  createEntryRouteModules: (routes: Record<string, { module: unknown }>) => Record<string, unknown>;
};
const { createStaticRouter } = require("react-router-dom/server") as {
  createStaticRouter: (routes: AnyRoute[], context: unknown) => { routes: AnyRoute[] };
};

const manifestRoute = (id: string, parentId: string | undefined, path: string) => ({
  id,
  parentId,
  path,
  index: undefined,
  caseSensitive: undefined,
  hasLoader: false,
  hasAction: false,
  hasClientLoader: false,
  hasClientAction: false,
  hasErrorBoundary: false,
  module: `/build/${id}.js`,
  imports: [],
});

/** A two-route build as Remix's server hands it to <RemixServer>. */
function build(label: string) {
  const manifest = {
    version: "1",
    url: "/build/manifest.js",
    entry: { module: "/build/entry.client.js", imports: [] },
    routes: { root: manifestRoute("root", undefined, ""), "routes/a": manifestRoute("routes/a", "root", "a") },
  };
  const routeModules = {
    root: { default: () => createElement("main", null, createElement(remixReact.Outlet)) },
    "routes/a": { default: () => createElement("p", null, label) },
  };
  return { manifest, routeModules, future: { v3_relativeSplatPath: true } };
}

async function render(app: ReturnType<typeof build>, path = "/a") {
  const handler = createStaticHandler([{ id: "root", path: "", children: [{ id: "routes/a", path: "a" }] }]);
  const staticHandlerContext = await handler.query(new Request(`http://localhost${path}`));
  const context = {
    ...app,
    staticHandlerContext,
    isSpaMode: false,
    serverHandoffString: "{}",
    criticalCss: undefined,
    serializeError: (error: Error) => error,
  };
  return renderToString(createElement(remixReact.RemixServer, { context, url: `http://localhost${path}` }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a document's routes are made once per build (patched Remix and React Router)", () => {
  it("the installed copies are the patched ones (npm ci applies patches/ in postinstall)", () => {
    expect(fs.readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8")).toContain("serverRoutesByBuild");
    expect(fs.readFileSync(require.resolve("@remix-run/server-runtime/dist/entry.js"), "utf8")).toContain("entryRouteModules");
    expect(fs.readFileSync(require.resolve("react-router-dom/server"), "utf8")).toContain("staticDataRoutes");
  });

  it("<RemixServer> makes its routes once for the same build and again for a new one, rendering the same page", async () => {
    const spy = vi.spyOn(remixRoutes, "createServerRoutes");
    const first = build("first build");
    const html = await render(first);
    expect(html).toContain("<main><p>first build</p></main>");
    expect(await render(first)).toBe(html);
    expect(spy).toHaveBeenCalledTimes(1);
    // A new build (remix dev after a change): new modules, new routes, its own page.
    const second = build("second build");
    expect(await render(second)).toContain("<p>second build</p>");
    expect(spy).toHaveBeenCalledTimes(2);
    // The same manifest with other route modules is another build too.
    expect(await render({ ...first, routeModules: build("third").routeModules })).toContain("<p>third</p>");
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it("the route modules of a build are one object per build's routes", () => {
    const routes = { root: { module: { default: 1 } }, "routes/a": { module: { default: 2 } } };
    const modules = entry.createEntryRouteModules(routes);
    expect(modules).toEqual({ root: { default: 1 }, "routes/a": { default: 2 } });
    expect(entry.createEntryRouteModules(routes)).toBe(modules);
    const other = { root: { module: { default: 3 } } };
    expect(entry.createEntryRouteModules(other)).toEqual({ root: { default: 3 } });
  });

  it("the static router converts a routes array once, and another array on its own", async () => {
    const routes: AnyRoute[] = [{ id: "root", path: "", children: [{ id: "routes/a", path: "a" }] }];
    const context = await createStaticHandler(routes).query(new Request("http://localhost/a"));
    const router = createStaticRouter(routes, context);
    expect(router.routes[0].children![0].id).toBe("routes/a");
    expect(createStaticRouter(routes, context).routes).toBe(router.routes);
    const other: AnyRoute[] = [{ id: "root", path: "", children: [{ id: "routes/b", path: "b" }] }];
    expect(createStaticRouter(other, context).routes[0].children![0].id).toBe("routes/b");
  });

  it("the trees the server matches are frozen whole once made, so matching does not walk them again; a tree with a lazy route is not", async () => {
    const routes: AnyRoute[] = [{ id: "root", path: "", children: [{ id: "routes/a", path: "a" }] }];
    const handler = createStaticHandler(routes);
    expect(frozenWhole(handler.dataRoutes)).toBe(true);
    // The caller's own tree is not touched.
    expect(Object.isFrozen(routes)).toBe(false);
    const context = await handler.query(new Request("http://localhost/a"));
    expect(frozenWhole(createStaticRouter(routes, context).routes)).toBe(true);
    // Loading a lazy route completes it in place: such a tree stays writable.
    const lazy = createStaticHandler([
      { id: "root", path: "", children: [{ id: "routes/b", path: "b", lazy: async () => ({}) } as AnyRoute] },
    ]);
    expect(Object.isFrozen(lazy.dataRoutes)).toBe(false);

    // A document of the app: every tree Remix and React Router match it against is frozen whole.
    const spy = vi.spyOn(routerModule, "matchRoutes");
    const page = await renderPage("/us");
    expect(page.status).toBe(200);
    const trees = new Set(spy.mock.calls.map(([tree]) => tree));
    expect(trees.size).toBeGreaterThanOrEqual(2);
    for (const tree of trees) expect(frozenWhole(tree)).toBe(true);
    // Remix's server routes are frozen by its patched copy.
    expect(fs.readFileSync(require.resolve("@remix-run/server-runtime/dist/server.js"), "utf8")).toContain("UNSAFE_freezeRoutes");
  });
});
