// The root loader's data for layouts and components. Not imported from
// ~/root itself: a route that imports the root module moves the root's whole
// code into a chunk of its own, one more request on every page
// (docs/benchmarks.md, page weight).
import type { MetaFunction } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/root";

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/**
 * The meta function of a page whose loader returns its tags as `meta`
 * (domain/site/meta.server.ts builds them); without them (an error) the
 * page keeps the root's title, the application's name. Kept here, in a
 * module every page loads anyway: a module of its own would be one more
 * request on every page.
 */
export const loaderMeta: MetaFunction = ({ data, matches }) =>
  (data as { meta?: ReturnType<MetaFunction> } | undefined)?.meta ?? matches.find((m) => m.id === "root")?.meta ?? [];
