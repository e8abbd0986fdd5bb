// The origin of every absolute URL the site writes (sitemap, robots.txt,
// canonical and alternate links, the OpenAPI servers entry, links in mails).
// The request's Host header is the client's to choose: taken as it is, a
// request with `Host: evil.test` would put http://evil.test/... into the
// sitemap, which caches publicly for an hour (issue 18, finding 8). So:
//   1. PUBLIC_URL, when configured, always;
//   2. else the request's origin when its host name is in ALLOWED_HOSTS
//      (comma-separated host names; default localhost, 127.0.0.1, ::1);
//   3. else http://localhost:<PORT>, never the client's host.
// Mails, read outside any request, link only to PUBLIC_URL.
import { env } from "./env.server";

const DEFAULT_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/** PUBLIC_URL without a trailing slash, or null. */
export function configuredOrigin(): string | null {
  const url = env().PUBLIC_URL;
  return url ? url.replace(/\/+$/, "") : null;
}

/**
 * The absolute URL of a path of this site for a mail (`/entrustment/12`), or
 * null without PUBLIC_URL: a mail is read outside any request, in a mail
 * client, where a relative link leads nowhere. Every link a mail carries is
 * made here (issue 45 item 6).
 */
export function mailLink(path: string): string | null {
  const origin = configuredOrigin();
  return origin ? `${origin}${path.startsWith("/") ? path : `/${path}`}` : null;
}

function allowedHosts(): string[] {
  const list = env().ALLOWED_HOSTS;
  return list
    ? list
        .split(",")
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean)
    : DEFAULT_HOSTS;
}

/** The origin for absolute URLs written in answer to a request for `url`. */
export function publicOrigin(url: URL): string {
  const configured = configuredOrigin();
  if (configured) return configured;
  if ((url.protocol === "http:" || url.protocol === "https:") && allowedHosts().includes(url.hostname.toLowerCase())) return url.origin;
  return `http://localhost:${env().PORT}`;
}
