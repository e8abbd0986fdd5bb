// The request gate: what is refused before any route sees the request, from
// its method, URL and headers alone (the body is never read). The server
// (server/request-gate.js) runs it in front of Remix for every request.
//
// 1. One body limit for every action and API call: a body declared larger
//    than the route's limit is 413, a body of unknown length (chunked) 411,
//    so no request body of any size is ever buffered. The limit is small for
//    plain forms; a route that takes a file gets the spec's file limit plus
//    the envelope (app/utils/upload-limits.ts). Page upload routes are listed
//    below, API calls declare theirs in the registry (Endpoint.bodyLimit).
// 2. Old single-route data requests (`?_data=routes/...`, from before
//    single fetch) are 400: Remix would run the loader or action and then
//    fail to encode its answer (a 500).
// The answers are in the user's language: the JSON envelope for the API, a
// small page for everything else.
import type { TranslationKey } from "~/i18n/keys";
import { isApiPath } from "~/api/prefixes";
import { endpointBodyLimit, findEndpoint } from "~/api/dispatch.server";
import { dataAreas } from "~/domain/data-areas";
import { i18n, detectLanguage } from "~/i18n/i18n.server";
import { fallbackLanguage, isLanguage } from "~/i18n/config";
import { FORM_BODY_LIMIT, UPLOAD_LIMITS, megabytes, uploadBodyLimit } from "~/utils/upload-limits";
import { importMaxBytes } from "~/utils/uploads.server";
import { escapeMarkup } from "~/utils/escape-markup";
import { UPLOAD_REFUSED_PARAM } from "~/domain/data-areas/screen-types";
import { flash, type FlashMessage } from "~/http/cookies.server";

/**
 * The page routes that take a file (Remix paths), their body limit and the spec's size message. A file over the
 * limit sent without JavaScript (which checks the size first) takes the user back to the form with that message
 * (gateRequest); a data area's own screen says it (`screen`).
 */
type PageUpload = {
  path: string;
  limit: number | (() => number);
  tooLarge: FlashMessage["key"] | (() => Pick<FlashMessage, "key" | "values">);
  screen?: string;
};
export const PAGE_UPLOADS: readonly PageUpload[] = [
  { path: "/booking/:mode/:id/order", limit: uploadBodyLimit(UPLOAD_LIMITS.attachment), tooLarge: "booking.validation.fileTooLarge" },
  { path: "/userAvatar", limit: uploadBodyLimit(UPLOAD_LIMITS.avatar), tooLarge: "account.avatar.tooLarge" },
  { path: "/userList", limit: uploadBodyLimit(UPLOAD_LIMITS.wxCode), tooLarge: "admin.user.wxCodeTooLarge" },
  { path: "/homeList", limit: uploadBodyLimit(UPLOAD_LIMITS.homeImage), tooLarge: "admin.home.imageTooLarge" },
  { path: "/app-home", limit: uploadBodyLimit(UPLOAD_LIMITS.homeImage), tooLarge: "admin.home.imageTooLarge" },
  // The import limit is the IMPORT_MAX_MB setting, read when asked.
  ...Object.values(dataAreas).map((area) => ({
    path: area.path,
    limit: () => uploadBodyLimit(importMaxBytes()),
    tooLarge: () => ({ key: "data.import.tooLarge" as const, values: { mb: megabytes(importMaxBytes()) } }),
    screen: `${area.path}?${UPLOAD_REFUSED_PARAM}=tooLarge`,
  })),
];

/** Remix matches paths case-insensitively, with or without a trailing slash. */
const compiled = PAGE_UPLOADS.map((upload) => ({
  pattern: new RegExp(
    `^${upload.path
      .split("/")
      .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/")}/?$`,
    "i",
  ),
  upload,
}));

/** The page upload route a (page, not data) request is for. */
const pageUploadAt = (pathname: string) => compiled.find(({ pattern }) => pattern.test(pathname))?.upload;

/** The route a single-fetch request (`/userAvatar.data`, `/_root.data`) is for. */
function routePath(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  const path = pathname.slice(0, -".data".length);
  return path === "/_root" ? "/" : path;
}

/** The largest body a request to `pathname` may carry. */
export function bodyLimitFor(method: string, pathname: string): number {
  const path = routePath(pathname);
  if (isApiPath(path)) {
    const found = findEndpoint(method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase(), path);
    return found && "endpoint" in found ? endpointBodyLimit(found.endpoint) : FORM_BODY_LIMIT;
  }
  const limit = pageUploadAt(path)?.limit ?? FORM_BODY_LIMIT;
  return typeof limit === "function" ? limit() : limit;
}

const BODYLESS = new Set(["GET", "HEAD", "OPTIONS"]);

type Refusal = {
  status: 400 | 411 | 413;
  apiKey: TranslationKey;
  titleKey: TranslationKey;
  bodyKey: TranslationKey;
  values?: Record<string, string | number>;
};

/**
 * Whether the gate could refuse a request with this method and URL (path and
 * query): a bodyless request is refused only for a `_data` parameter. The
 * server (server/request-gate.js) lets the others through without building
 * a Request for refusalOf (decision 608); refusalOf starts with the same rule.
 */
export function gateMayRefuse(method: string, url: string): boolean {
  if (!BODYLESS.has(method.toUpperCase())) return true;
  const query = url.indexOf("?");
  return query >= 0 && new URLSearchParams(url.slice(query + 1).split("#")[0]).has("_data");
}

/** Why a request is refused before it reaches a route, or null. Reads headers only. */
export function refusalOf(request: Request): Refusal | null {
  if (!gateMayRefuse(request.method, request.url)) return null;
  const url = new URL(request.url);
  if (url.searchParams.has("_data")) {
    return { status: 400, apiKey: "api.badRequest", titleKey: "common.errors.badRequest", bodyKey: "common.errors.oldDataRequest" };
  }
  if (BODYLESS.has(request.method.toUpperCase())) return null;
  const limit = bodyLimitFor(request.method, url.pathname);
  const length = request.headers.get("Content-Length");
  const tooLarge: Refusal = {
    status: 413,
    apiKey: "api.tooLarge",
    titleKey: "common.errors.tooLargeTitle",
    bodyKey: "common.errors.tooLargeBody",
    values: { size: megabytes(limit) },
  };
  if (length !== null) return !/^\s*\d+\s*$/.test(length) || Number(length) > limit ? tooLarge : null;
  if (request.headers.has("Transfer-Encoding")) {
    return {
      status: 411,
      apiKey: "api.lengthRequired",
      titleKey: "common.errors.lengthRequiredTitle",
      bodyKey: "common.errors.lengthRequiredBody",
    };
  }
  return null;
}

/** The page a form was sent from: the same-origin Referer (path and query), else the page the form was sent to. */
function formPage(request: Request, url: URL): string {
  try {
    const referer = new URL(request.headers.get("Referer") ?? "");
    if (/^https?:$/.test(referer.protocol) && referer.host === request.headers.get("Host")) return referer.pathname + referer.search;
  } catch {
    // No Referer, or not a URL.
  }
  return url.pathname + url.search;
}

/**
 * The answer to a refused request, or null to let it through. `Connection:
 * close` tells the server not to read the rest of a refused body.
 */
export async function gateRequest(request: Request): Promise<Response | null> {
  const refusal = refusalOf(request);
  if (!refusal) return null;
  const url = new URL(request.url);
  const headers = new Headers({ "Cache-Control": "no-store", Connection: "close" });
  if (isApiPath(routePath(url.pathname))) {
    // The API's language comes from ?lng= only (app/api/dispatch.server.ts).
    const lng = url.searchParams.get("lng");
    const t = await i18n.getFixedT(isLanguage(lng) ? lng : fallbackLanguage);
    return Response.json({ status: refusal.status, message: t(refusal.apiKey), data: null }, { status: refusal.status, headers });
  }
  const lng = await detectLanguage(request);
  const t = await i18n.getFixedT(lng);
  const title = escapeMarkup(t(refusal.titleKey));
  let body = escapeMarkup(t(refusal.bodyKey, refusal.values ?? {}));
  headers.set("Content-Type", "text/html; charset=utf-8");
  // A file over the limit sent without JavaScript (which checks the size first) from a page: the browser goes back
  // to the page the form was on and shows the spec's size message there (issues 40 and 45), instead of staying here.
  const upload = refusal.status === 413 && !url.pathname.endsWith(".data") ? pageUploadAt(url.pathname) : undefined;
  let back = `<a href="/home">${escapeMarkup(t("common.errors.backHome"))}</a>`;
  if (upload) {
    const message = typeof upload.tooLarge === "function" ? upload.tooLarge() : { key: upload.tooLarge };
    const page = upload.screen ?? formPage(request, url);
    // A data area's screen says it itself; every other form page shows the flash message (root.message).
    if (!upload.screen) await flash(request, { type: "error", ...message }, { headers });
    headers.set("Refresh", `0; url=${page}`);
    body = `${escapeMarkup(t(message.key, message.values ?? {}))} ${body}`;
    back = `<a href="${escapeMarkup(page)}">${escapeMarkup(t("common.errors.backToForm"))}</a>`;
  }
  // The site's icon named as on every page (app/root.tsx): without it the browser asks for /favicon.ico, a 404.
  const html = `<!DOCTYPE html>
<html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${refusal.status} ${title}</title></head>
<body><main><p>${refusal.status}</p><h1>${title}</h1><p>${body}</p><p>${back}</p></main></body></html>
`;
  return new Response(html, { status: refusal.status, headers });
}
