/** Remix v2 with the classic compiler (see ../shared/STACK.md). */
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

const appDir = fileURLToPath(new URL("./app", import.meta.url));

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // The route table is app/route-table.ts (area folders, and the routes the
  // mode and area descriptions generate), not Remix's scan of app/routes.
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) => {
    // A fresh import on every call, so `remix dev` sees an added route file.
    const { routeTable } = await tsImport(`./app/route-table.ts?t=${Date.now()}`, import.meta.url);
    return routeTable(appDir, defineRoutes);
  },
  serverModuleFormat: "esm",
  serverPlatform: "node",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  serverBuildPath: "build/index.js",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
