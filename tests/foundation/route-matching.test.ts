// The route matching every request goes through four or five times
// (patches/@remix-run+router+*.patch keeps ranked branches and the matches
// of each pathname per tree shape): it must answer exactly as the original
// algorithm, which still runs for trees whose routes have no ids.
import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";

const require = createRequire(import.meta.url);
type Route = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: Route };
const { matchRoutes } = require("@remix-run/router") as {
  matchRoutes: (routes: Route[], location: string, basename?: string) => Match[] | null;
};

/** A tree shaped like the app's: root, pathless layouts, index, params, splats, an optional segment. */
function appTree(): Route[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "routes/_index", index: true },
        {
          id: "routes/_site",
          children: [
            { id: "routes/_site.home", path: "home" },
            { id: "routes/_site.fclbysea", path: "fclbysea" },
            { id: "routes/_site.booking.$mode.$id", path: "booking/:mode/:id" },
            { id: "routes/_site.booking.$mode.$id_.order", path: "booking/:mode/:id/order" },
            { id: "routes/_site.booking.done.$id", path: "booking/done/:id" },
            { id: "routes/_site._account", children: [{ id: "routes/_site._account.userInfo", path: "userInfo" }] },
          ],
        },
        {
          id: "routes/_bo",
          children: [
            { id: "routes/_bo.port", path: "port" },
            { id: "routes/_bo.port.export", path: "port/export" },
            { id: "routes/_bo.CaseOnly", path: "CaseOnly", caseSensitive: true },
          ],
        },
        { id: "routes/lang", path: ":lang?/about" },
        { id: "routes/api.$", path: "api/*" },
        { id: "routes/bench.trivial", path: "bench/trivial" },
        { id: "routes/$", path: "*" },
      ],
    },
  ];
}

function withoutIds(routes: Route[]): Route[] {
  return routes.map(({ id: _id, children, ...rest }) => ({ ...rest, ...(children ? { children: withoutIds(children) } : {}) }));
}

/** The same routes in both trees, position by position. */
function pairRoutes(a: Route[], b: Route[], pairs = new Map<Route, Route>()) {
  a.forEach((route, i) => {
    pairs.set(route, b[i]);
    if (route.children) pairRoutes(route.children, b[i].children!, pairs);
  });
  return pairs;
}

const PATHS = [
  "/",
  "/home",
  "/HOME",
  "/home/",
  "/fclbysea",
  "/booking/fcl/12",
  "/booking/fcl/12/order",
  "/booking/done/7",
  "/booking/%E6%B5%B7%E8%BF%90/1",
  "/booking/a%2Fb/1",
  "/userInfo",
  "/port",
  "/port/export",
  "/CaseOnly",
  "/caseonly",
  "/about",
  "/en/about",
  "/api/fclbysea/list",
  "/api",
  "/bench/trivial",
  "/bench",
  "/no/such/page",
  "/%E0%A4%A",
];

describe("route matching (patched @remix-run/router)", () => {
  it("is the patched copy (npm ci applies patches/ in postinstall)", () => {
    expect(fs.readFileSync(require.resolve("@remix-run/router"), "utf8")).toContain("function routeTreeShape(");
    expect(fs.readFileSync(require.resolve("@remix-run/router"), "utf8")).toContain("function knownTree(");
  });

  it("answers as the original algorithm for every kind of path, asked repeatedly", () => {
    const tree = appTree();
    const reference = withoutIds(appTree());
    const pairs = pairRoutes(tree, reference);
    // The malformed path's warning (both algorithms print it).
    vi.spyOn(console, "warn").mockImplementation(() => {});
    for (let round = 0; round < 3; round++) {
      for (const path of PATHS) {
        const got = matchRoutes(tree, path);
        const expected = matchRoutes(reference, path);
        expect(
          got?.map((m) => ({ ...m, route: pairs.get(m.route) })),
          path,
        ).toEqual(expected);
      }
    }
    expect(matchRoutes(tree, "/booking/fcl/12")!.map((m) => m.route.id)).toEqual([
      "root",
      "routes/_site",
      "routes/_site.booking.$mode.$id",
    ]);
    expect(matchRoutes(tree, "/booking/fcl/12")!.at(-1)!.params).toEqual({ mode: "fcl", id: "12" });
    expect(matchRoutes(tree, "/caseonly")!.at(-1)!.route.id).toBe("routes/$");
    vi.restoreAllMocks();
  });

  it("answers with the route objects of the tree it is given, not those of an earlier tree of the same shape", () => {
    const first = appTree();
    const second = appTree();
    matchRoutes(first, "/port");
    const match = matchRoutes(second, "/port")!;
    expect(match.at(-1)!.route).toBe(second[0].children![2].children![0]);
    expect(match[0].route).toBe(second[0]);
  });

  it("gives each caller its own copy: changing one answer's params does not change the next", () => {
    const tree = appTree();
    const a = matchRoutes(tree, "/booking/fcl/12")!;
    a[0].params.id = "99";
    a.pop();
    const b = matchRoutes(tree, "/booking/fcl/12")!;
    expect(b).toHaveLength(3);
    expect(b[2].params.id).toBe("12");
    // The matches of one answer share one params object, as before.
    expect(b[0].params).toBe(b[2].params);
  });

  it("sees routes added to a tree in place (lazy route discovery patches children)", () => {
    const tree = appTree();
    expect(matchRoutes(tree, "/contact")!.at(-1)!.route.id).toBe("routes/$");
    tree[0].children![1].children!.push({ id: "routes/_site.contact", path: "contact" });
    expect(matchRoutes(tree, "/contact")!.at(-1)!.route.id).toBe("routes/_site.contact");
    tree[0].children![1].children![6].path = "contact-us";
    expect(matchRoutes(tree, "/contact")!.at(-1)!.route.id).toBe("routes/$");
    expect(matchRoutes(tree, "/contact-us")!.at(-1)!.route.id).toBe("routes/_site.contact");
  });

  it("sees every other change to a tree passed again: a route replaced, removed, an id or a children array changed", () => {
    const tree = appTree();
    const site = tree[0].children![1];
    expect(matchRoutes(tree, "/home")!.at(-1)!.route.id).toBe("routes/_site.home");
    // The same id and path in a new object: answers name the new object.
    const replacement = { id: "routes/_site.home", path: "home" };
    site.children![0] = replacement;
    expect(matchRoutes(tree, "/home")!.at(-1)!.route).toBe(replacement);
    // An id changed in place.
    replacement.id = "routes/_site.start";
    expect(matchRoutes(tree, "/home")!.at(-1)!.route.id).toBe("routes/_site.start");
    // A route removed.
    site.children!.splice(0, 1);
    expect(matchRoutes(tree, "/home")!.at(-1)!.route.id).toBe("routes/$");
    // A children array replaced by another of the same length.
    const bo = tree[0].children![2];
    bo.children = bo.children!.map((route) => (route.path === "port" ? { ...route, path: "harbour" } : route));
    expect(matchRoutes(tree, "/harbour")!.at(-1)!.route.id).toBe("routes/_bo.port");
    expect(matchRoutes(tree, "/port")!.at(-1)!.route.id).toBe("routes/$");
    // Children given to a route that had none.
    bo.children[0].children = [{ id: "routes/_bo.port.list", path: "list" }];
    expect(matchRoutes(tree, "/harbour/list")!.at(-1)!.route.id).toBe("routes/_bo.port.list");
  });

  it("still refuses what the original refuses", () => {
    const broken: Route[] = [{ id: "a", path: "a", index: true, children: [{ id: "b", path: "b" }] }];
    expect(() => matchRoutes(broken, "/a")).toThrow(/Index routes must not have child routes/);
    expect(() => matchRoutes(broken, "/a")).toThrow(/Index routes must not have child routes/);
    const basename = appTree();
    expect(matchRoutes(basename, "/app/home", "/app")!.at(-1)!.route.id).toBe("routes/_site.home");
    expect(matchRoutes(basename, "/home", "/app")).toBeNull();
  });
});
