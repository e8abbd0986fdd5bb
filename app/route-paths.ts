// The screens that are configuration (app/route-table.ts) share one route
// module each; that module finds its mode or area from the URL it serves.

/**
 * The entry of `list` whose screen path (plus `suffix`, e.g. "/export") the
 * URL is at. Remix matches paths case-insensitively and with or without a
 * trailing slash, so the lookup does too.
 */
export function entryAtPath<T extends { path: string }>(list: readonly T[], pathname: string, suffix = ""): T {
  const at = pathname.replace(/\/+$/, "").toLowerCase();
  const found = list.find((entry) => `${entry.path}${suffix}`.toLowerCase() === at);
  if (!found) throw new Response("Not Found", { status: 404 });
  return found;
}
