// @ts-check
// Cross-site request forgery guard for every state-changing request (any
// method but GET, HEAD and OPTIONS): Remix document POSTs, single-fetch
// `.data` requests, resource routes and the legacy API alike, because it runs
// in Express before the Remix handler.
//
// The rule (the same as Go 1.25's net/http CrossOriginProtection):
//   1. Sec-Fetch-Site, when the browser sent it, decides: "same-origin" and
//      "none" (typed in the address bar, a bookmark) pass; "same-site" (a
//      sibling sub-domain) and "cross-site" are refused. Page scripts cannot
//      set or change this header.
//   2. Without it (browsers before 2023), an Origin header must name this
//      site: its host must equal the request's Host (X-Forwarded-Host only
//      with TRUST_PROXY=1), or the whole origin must equal PUBLIC_URL's.
//      Origin "null" (sandboxed frames, opaque redirects) is refused.
//   3. Neither header: not a browser (curl, scripts, the legacy API clients,
//      which authenticate with an Authorization header and no cookie), or a
//      browser too old to send Origin on a POST, where the session cookie's
//      SameSite=Lax still keeps it out of cross-site POSTs. It passes.
// The scheme is not compared in rule 2: behind a TLS-terminating proxy the
// app sees plain HTTP while the browser's Origin says https.
//
// Pure functions plus a small Express middleware; tests call them directly
// (server/csrf.test.ts) and through the real server
// (tests/e2e/security-headers.spec.ts).

export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The embeddable price-request form's documented endpoint (issue 43): the one
 * path a page on another site may post to. The guard lets it through; the
 * route itself (routes/standalone/embed.price-request_.post.tsx) accepts a
 * cross-site post only with the form token staff issued for that site.
 */
export const EMBED_POST_PATH = "/embed/price-request/post";
/** The embeddable form's page: the one page another site may show in a frame (server/app.js). */
export const EMBED_PAGE_PATH = "/embed/price-request";

/** The answer to a refused request: short, in both languages, no page needed. */
export const REFUSED_TEXT =
  "403 跨站请求已被拒绝。请回到本站页面重新提交。\nCross-site request refused. Go back to this site's page and submit it again.\n";

/**
 * First value of a header that may be repeated or comma-joined.
 * @param {string | string[] | null | undefined} value
 * @returns {string | undefined}
 */
function firstValue(value) {
  if (Array.isArray(value)) value = value[0];
  if (typeof value !== "string") return undefined;
  const first = value.split(",")[0].trim();
  return first === "" ? undefined : first;
}

/**
 * Reads a header from a Node/Express headers object (lower-case keys) or a
 * Fetch API Headers.
 * @param {Record<string, string | string[] | undefined> | Headers} headers
 * @param {string} name lower-case
 * @returns {string | string[] | undefined}
 */
function header(headers, name) {
  if (typeof (/** @type {Headers} */ (headers).get) === "function") {
    return /** @type {Headers} */ (headers).get(name) ?? undefined;
  }
  return /** @type {Record<string, string | string[] | undefined>} */ (headers)[name];
}

/**
 * "host[:port]" in lower case with the scheme's default port dropped, or
 * null when it is not a valid host.
 * @param {string} host
 * @param {string} [scheme]
 */
export function normalizeHost(host, scheme = "http") {
  try {
    const url = new URL(`${scheme}://${host}`);
    if (url.username || url.password || url.pathname !== "/" || url.search || url.hash) return null;
    return url.host;
  } catch {
    return null;
  }
}

/**
 * An Origin header value → { scheme, host, origin }, or null for "null" and
 * anything malformed.
 * @param {string} value
 */
export function parseOrigin(value) {
  if (value === "null") return null;
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return { scheme: url.protocol.slice(0, -1), host: url.host, origin: url.origin };
  } catch {
    return null;
  }
}

/**
 * @typedef {{ ok: true, reason: string } | { ok: false, reason: string }} CsrfVerdict
 * @typedef {{
 *   method: string,
 *   headers: Record<string, string | string[] | undefined> | Headers,
 *   trustProxy?: boolean,
 *   publicUrl?: string | null,
 * }} CsrfRequest
 */

/**
 * Decides whether a request may change state.
 * @param {CsrfRequest} request
 * @returns {CsrfVerdict}
 */
export function checkCrossSiteRequest({ method, headers, trustProxy = false, publicUrl = null }) {
  if (SAFE_METHODS.has(method.toUpperCase())) return { ok: true, reason: "safe method" };

  const originHeader = firstValue(header(headers, "origin"));
  const origin = originHeader === undefined ? undefined : parseOrigin(originHeader);
  let trusted = null;
  if (publicUrl) {
    try {
      trusted = new URL(publicUrl).origin;
    } catch {
      trusted = null;
    }
  }
  // An explicitly configured public origin always counts as this site (the
  // app reached under another name, e.g. through a proxy, still knows it).
  if (origin && trusted && origin.origin === trusted) return { ok: true, reason: "origin is PUBLIC_URL" };

  const fetchSite = firstValue(header(headers, "sec-fetch-site"))?.toLowerCase();
  if (fetchSite !== undefined) {
    if (fetchSite === "same-origin" || fetchSite === "none") return { ok: true, reason: `sec-fetch-site ${fetchSite}` };
    return { ok: false, reason: `sec-fetch-site ${fetchSite}` };
  }

  if (originHeader === undefined) return { ok: true, reason: "no origin header (not a browser)" };
  if (!origin) return { ok: false, reason: `origin ${JSON.stringify(originHeader)}` };

  const forwarded = trustProxy ? firstValue(header(headers, "x-forwarded-host")) : undefined;
  const rawHost = forwarded ?? firstValue(header(headers, "host"));
  // Compare with the port the browser means: the Origin's scheme decides the default port.
  const host = rawHost ? normalizeHost(rawHost, origin.scheme) : null;
  if (host && host === origin.host) return { ok: true, reason: "origin matches host" };
  return { ok: false, reason: `origin ${origin.origin} is not ${host ?? "this host"}` };
}

/**
 * Express middleware: 403 with REFUSED_TEXT for a refused request.
 * @param {{ trustProxy?: boolean, publicUrl?: string | null, log?: (line: string) => void }} [options]
 */
export function csrfGuard(options = {}) {
  const log = options.log ?? ((line) => console.warn(`[csrf] ${line}`));
  /**
   * @param {import("express").Request} req
   * @param {import("express").Response} res
   * @param {import("express").NextFunction} next
   */
  return function csrfMiddleware(req, res, next) {
    if (req.path === EMBED_POST_PATH) return next();
    const verdict = checkCrossSiteRequest({
      method: req.method,
      headers: req.headers,
      trustProxy: options.trustProxy,
      publicUrl: options.publicUrl,
    });
    if (verdict.ok) return next();
    log(`refused ${req.method} ${req.path}: ${verdict.reason}`);
    res.status(403);
    res.set("Content-Type", "text/plain; charset=utf-8");
    res.set("Cache-Control", "no-store");
    res.send(REFUSED_TEXT);
  };
}
