// The root loader's data for layouts and components. Not imported from
// ~/root itself: a route that imports the root module moves the root's whole
// code into a chunk of its own, one more request on every page
// (docs/benchmarks.md, page weight).
import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/root";

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
