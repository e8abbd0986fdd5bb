// Legacy JSON API: calls described in app/api/registry.server.ts.
export { loader, action } from "~/api/route.server";
