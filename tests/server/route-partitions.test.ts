// The server hands each request to a Remix handler made from the routes its
// path's first segment can match (server/route-partitions.js, decision 612).
// That must change nothing a browser gets: for every route of the build, a
// path it matches finds the same routes in its partition as in the whole
// table (and so do the parent paths and "/", which the document's manifest
// for the browser lists), and documents, data requests and resource routes
// answer byte for byte as the whole build answers them.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import { partitionRoutes, requestSegment } from "../../server/route-partitions.js";
import { MODES } from "~/domain/modes";
import { getRequest, loginAs } from "../support/requests";
import { routeManifest } from "../support/routes";
import { flushBackground } from "../search/helpers";

const BUILD = path.resolve(process.cwd(), "build", "index.js");

async function loadBuild(): Promise<ServerBuild> {
  if (!fs.existsSync(BUILD)) throw new Error(`${BUILD} is missing: run \`npx remix build\` before these tests`);
  return (await import(pathToFileURL(BUILD).href)) as unknown as ServerBuild;
}

type Tree = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Tree[] };

/** The build's routes as the nested tree Remix matches (children in the build's order). */
function treeOf(routes: ServerBuild["routes"]): Tree[] {
  const node = (id: string): Tree => {
    const route = routes[id]!;
    const children = Object.values(routes)
      .filter((r) => r.parentId === id)
      .map((r) => node(r.id));
    return { id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, ...(route.index ? {} : { children }) };
  };
  return [node("root")];
}

/** The ids of the routes `pathname` matches, as Remix matches them. */
const matchedIds = (tree: Tree[], pathname: string) =>
  (matchRoutes(tree as Parameters<typeof matchRoutes>[0], pathname) ?? []).map((m) => String(m.route.id));
const idsOf = (tree: Tree[], pathname: string) => matchedIds(tree, pathname).join(" > ");

/** A path a route matches: its URL pattern (tests/support/routes.ts) with sample values for parameters and the splat. */
function samplePath(id: string): string {
  const route = routeManifest().find((r) => r.id === id);
  if (!route) throw new Error(`${id} is in the build but not in the route table`);
  const segments = route.url
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment === "*" ? "a/b" : segment.startsWith(":") ? "p1" : segment.replace(/\?$/, "")));
  return `/${segments.join("/")}`;
}

/** The paths whose routes Fog of War lists in a document's manifest: the path, its parents and "/". */
function manifestPaths(pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean);
  const paths = ["/"];
  for (let n = segments.length; n > 0; n--) paths.push(`/${segments.slice(0, n).join("/")}`);
  return paths;
}

describe("a path's partition matches what the whole route table matches", () => {
  test("every route of the build: its path (as written, in capitals, as single fetch's data request), the parents and /", async () => {
    const build = await loadBuild();
    const partitions = partitionRoutes(build);
    const whole = treeOf(build.routes);
    const checked = new Set<string>();
    for (const id of Object.keys(build.routes)) {
      const sample = samplePath(id);
      for (const request of [sample, sample.toUpperCase(), `${sample === "/" ? "/_root" : sample}.data`, `${sample}/`]) {
        const part = partitions.forPath(request);
        const page = request.endsWith(".data") ? sample : request;
        for (const pathname of manifestPaths(page)) {
          expect(idsOf(treeOf(part.routes), pathname), `${request} (partition) at ${pathname}`).toBe(idsOf(whole, pathname));
          // Every route a document can name is in its partition's assets (the manifest the browser gets).
          for (const matched of matchedIds(treeOf(part.routes), pathname))
            expect(part.assets.routes[matched], `${request}: ${matched} in the assets`).toBeDefined();
        }
        checked.add(request);
      }
    }
    expect(checked.size).toBeGreaterThan(Object.keys(build.routes).length);
  });

  test("a results page's partition is its own routes and those that match any first segment, not the whole table", async () => {
    const build = await loadBuild();
    const partitions = partitionRoutes(build);
    for (const mode of MODES) {
      const ids = Object.keys(partitions.forPath(mode.path).routes);
      expect(ids).toContain(`routes/_site.${mode.path.slice(1).toLowerCase()}`);
      expect(ids).toContain("routes/_index");
      expect(ids).toContain("routes/$");
      expect(ids).not.toContain("routes/_bo.userList");
      expect(ids.length).toBeLessThan(Object.keys(build.routes).length / 4);
    }
  });

  test.each([
    ["/", ""],
    ["/fclbysea", "fclbysea"],
    ["/FCLbysea/", "fclbysea"],
    ["/booking/fcl/12", "booking"],
    ["/fclbysea.data", "fclbysea"],
    ["/_root.data", ""],
    ["/robots.txt", "robots.txt"],
    // Fog of War's manifest request matches paths of any segment; escapes decode to another segment.
    ["/__manifest", null],
    ["/%66clbysea", null],
    ["//fclbysea", null],
  ])("the request %s is keyed by %j", (pathname, segment) => {
    expect(requestSegment(pathname)).toBe(segment);
  });
});

describe("answers through a partition are the whole build's, byte for byte", () => {
  afterEach(async () => {
    await flushBackground();
  });

  test("documents, data requests, redirects, 404s and resource routes, for a visitor, a T1 customer and an administrator", async () => {
    const build = await loadBuild();
    const partitions = partitionRoutes(build);
    const whole = createRequestHandler(build, "production");
    const viewers = {
      visitor: "",
      t1: await loginAs("t1@example.com"),
      admin: await loginAs("admin@example.com"),
    };
    const paths = [
      "/",
      "/home",
      "/home?tab=air",
      "/us",
      "/contact",
      ...MODES.map((mode) => mode.path),
      "/fclbysea?pol=SHANGHAI&pod=BATAM",
      "/FCLbysea?pol=SHANGHAI&pod=BATAM",
      "/fclbysea.data?pol=SHANGHAI&pod=BATAM",
      "/_root.data",
      "/userAllInfo",
      "/entrustment",
      "/userList",
      "/port",
      "/fclbyseaData",
      "/fclbyseaData/template",
      "/nowhere/at/all",
      "/robots.txt",
      "/api/openapi.json",
      "/__manifest?p=%2Fhome&p=%2Fbooking%2Ffcl%2F1&version=x",
    ];
    let compared = 0;
    for (const [viewer, cookie] of Object.entries(viewers)) {
      for (const pathAndQuery of paths) {
        const [pathname, query] = pathAndQuery.split("?");
        const request = () => getRequest(pathname, query ? new URLSearchParams(query) : undefined, { cookie });
        const viaPartition = await createRequestHandler(partitions.forPath(pathname), "production")(request(), {});
        const viaWhole = await whole(request(), {});
        const label = `${viewer} ${pathAndQuery}`;
        expect(viaPartition.status, label).toBe(viaWhole.status);
        expect(viaPartition.headers.get("location"), label).toBe(viaWhole.headers.get("location"));
        expect(await viaPartition.text(), label).toBe(await viaWhole.text());
        compared++;
      }
    }
    expect(compared).toBe(paths.length * 3);
  });
});
