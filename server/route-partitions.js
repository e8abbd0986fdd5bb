// @ts-check
// One Remix request handler per first URL segment (decision 612).
//
// Remix 2 matches a request against the whole route table several times per
// document (the server's route match, the static handler's query, React
// Router's <Routes>, and Fog of War's manifest for "/" and the path's
// parents), and each match flattens and ranks every route and compiles a
// RegExp for each branch it tries before the one that matches. With about a
// hundred routes that is the largest single cost of a page that has its data
// cached.
//
// A route whose URL starts with a fixed segment ("fclbysea", "booking",
// "userList") can only match a path that starts with that segment. So the
// server hands each request to a handler made from a build that keeps, of
// all routes, those of the path's first segment and those that can match any
// first segment or none (root, the layouts without a path, the index route,
// routes that start with a parameter, the catch-all). Every route that can
// match the path is there, in the same order, so Remix answers with the same
// matches, the same manifest for the browser and the same document; only the
// work of matching shrinks. The builds are Remix's public ServerBuild with a
// smaller `routes` and `assets.routes`, each handed to the public
// createRequestHandler once. Requests whose first segment is not a plain
// segment (Fog of War's /__manifest, which matches paths of any segment, or
// a segment with %-escapes) go to the handler of the whole build.
// tests/server/route-partitions.test.ts compares both for every route.

/** @typedef {import("@remix-run/node").ServerBuild} ServerBuild */

/**
 * The first segment of a route's URL (its path joined to its parents'),
 * lower-cased, or null when the route can match a path of any first segment,
 * or only "/": no path of its own or its parents', or a first segment that
 * is a parameter, a splat or optional.
 * @param {ServerBuild["routes"]} routes
 * @param {string} id
 * @returns {string | null}
 */
export function firstSegmentOf(routes, id) {
  /** @type {string[]} */
  const paths = [];
  /** @type {ServerBuild["routes"][string] | undefined} */
  let route = routes[id];
  for (; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) paths.unshift(route.path);
  }
  const first = paths.join("/").split("/").filter(Boolean)[0];
  if (!first || first.startsWith(":") || first.includes("*") || first.endsWith("?")) return null;
  return first.toLowerCase();
}

/**
 * The first segment of a request's path as the routes are keyed ("" for "/"),
 * or null when the request needs the whole route table. Single fetch's data
 * requests (/fclbysea.data, /_root.data for "/") are keyed by their page.
 * @param {string} pathname
 * @returns {string | null}
 */
export function requestSegment(pathname) {
  const page = pathname.endsWith(".data") ? pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") : pathname;
  if (page === "/") return "";
  const first = page.split("/")[1];
  if (!first || first.includes("%") || first.startsWith("__")) return null;
  return first.toLowerCase();
}

/**
 * `build` with only the routes `keep` keeps, in routes and in assets.
 * @param {ServerBuild} build
 * @param {(id: string) => boolean} keep
 * @returns {ServerBuild}
 */
function narrowed(build, keep) {
  const ids = Object.keys(build.routes).filter(keep);
  return {
    ...build,
    routes: Object.fromEntries(ids.map((id) => [id, build.routes[id]])),
    assets: { ...build.assets, routes: Object.fromEntries(ids.map((id) => [id, build.assets.routes[id]])) },
  };
}

/**
 * The builds by first segment of `build`: `forPath(pathname)` is the build
 * for a request's path (made once per segment; a segment no route starts
 * with gets the build of the routes that match any first segment; a path
 * `requestSegment` does not key gets the whole build).
 * @param {ServerBuild} build
 */
export function partitionRoutes(build) {
  /** @type {Map<string, string | null>} */
  const segmentOf = new Map(Object.keys(build.routes).map((id) => [id, firstSegmentOf(build.routes, id)]));
  const segments = new Set([...segmentOf.values()].filter((segment) => segment !== null));
  /** @type {Map<string, ServerBuild>} */
  const builds = new Map();
  return {
    /** @param {string} pathname */
    forPath(pathname) {
      const segment = requestSegment(pathname);
      if (segment === null) return build;
      const key = segments.has(segment) ? segment : "";
      let part = builds.get(key);
      if (!part) {
        part = narrowed(build, (id) => {
          const own = segmentOf.get(id);
          return own === null || own === key;
        });
        builds.set(key, part);
      }
      return part;
    },
  };
}

/**
 * The handler of a request's path: `handlerOf` (Remix's createRequestHandler
 * for the server or the tests) made once for each partition of the current
 * build (`currentBuild` returns a new build after a rebuild in development;
 * each build gets its own partitions and handlers).
 * @template H
 * @param {() => ServerBuild} currentBuild
 * @param {(build: ServerBuild) => H} handlerOf
 * @returns {(pathname: string) => H}
 */
export function partitionedHandlers(currentBuild, handlerOf) {
  /** @type {WeakMap<ServerBuild, { partitions: ReturnType<typeof partitionRoutes>, handlers: Map<ServerBuild, H> }>} */
  const byBuild = new WeakMap();
  return (pathname) => {
    const build = currentBuild();
    let known = byBuild.get(build);
    if (!known) byBuild.set(build, (known = { partitions: partitionRoutes(build), handlers: new Map() }));
    const part = known.partitions.forPath(pathname);
    let handler = known.handlers.get(part);
    if (!handler) known.handlers.set(part, (handler = handlerOf(part)));
    return handler;
  };
}
