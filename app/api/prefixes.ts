// The path prefixes of the legacy JSON API (the "calls" sections of the three
// spec documents). Requests under them authenticate with the token of the
// Authorization header only, never with the cookie: a cross-site page cannot
// set that header, so the API needs no CSRF token.
export const API_PREFIXES = [
  "/api/",
  "/my/",
  "/nopermission/",
  "/query/",
  "/data/",
  "/logs/",
  "/web/",
  "/apphomeimg/",
  "/manage/",
  "/send/",
] as const;

export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname.startsWith(prefix) || pathname === prefix.slice(0, -1));
}
