// Every mount point of the legacy JSON API (app/api/prefixes.ts,
// routed by app/route-table.ts): calls described in app/api/registry.server.ts.
export { loader, action } from "~/api/route.server";
