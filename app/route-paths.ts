// The screens that are configuration (app/route-table.ts) share one route
// module each; that module finds its mode or area from the URL it serves.

/**
 * The entry of `list` whose screen path (plus `suffix`, e.g. "/export") the
 * URL is at. Remix matches paths case-insensitively and with or without a
 * trailing slash, so the lookup does too.
 */
export function entryAtPath<T extends { path: string }>(list: readonly T[], pathname: string, suffix = ""): T {
  const found = findAtPath(list, pathname, suffix);
  if (!found) throw new Response("Not Found", { status: 404 });
  return found;
}

/** entryAtPath's lookup without the 404: undefined when no entry is at the URL. */
export function findAtPath<T extends { path: string }>(list: readonly T[], pathname: string, suffix = ""): T | undefined {
  const at = pathname.replace(/\/+$/, "").toLowerCase();
  return list.find((entry) => `${entry.path}${suffix}`.toLowerCase() === at);
}
