// The HTTP side of a screen (issue 19, item 3), in one module: routes parse
// the request (intent, ids), call a domain service that returns an Outcome
// (domain/outcome.ts), and reply with these: 400, 404, a refusal, or a
// redirect back to the list with a translated flash message. Domain services
// never import this module.
import type { TranslationKey } from "~/i18n/keys";
import { data, redirect } from "@remix-run/node";
import { flash, type FlashMessage } from "~/http/cookies.server";
import { XLS_TYPE } from "~/domain/import-export/export.server";

/** The list URL of a request: same path and filters, without the dialog parameters. */
export function listUrl(request: Request, drop: string[] = []): string {
  const url = new URL(request.url);
  for (const key of ["dialog", "id", "index", ...drop]) url.searchParams.delete(key);
  const search = url.searchParams.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

/** Redirect to the list with a translated message. */
export async function backToList(
  request: Request,
  key: TranslationKey,
  type: FlashMessage["type"] = "success",
  options: { to?: string; values?: FlashMessage["values"] } = {},
) {
  const headers = await flash(request, { type, key, values: options.values });
  return redirect(options.to ?? listUrl(request), { headers });
}

/** Cancelled confirmations: '已取消删除' or '已取消' (spec 4). */
export function cancelled(request: Request, intent: string) {
  return backToList(request, intent === "cancel" ? "admin.common.cancelled" : "admin.common.cancelledDelete", "info");
}

export function intentOf(form: FormData): string {
  const intent = form.get("intent");
  return typeof intent === "string" ? intent : "";
}

/** A positive integer id from a form or search value, else null. */
export function idOf(value: FormDataEntryValue | string | null | undefined): number | null {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * A refused operation, thrown: the screen's error boundary shows its
 * translated message with the status (403, or 409 for the last
 * administrator), without JavaScript too.
 */
export function refusal(outcome: { status: number; message?: string }) {
  return data({ message: outcome.message ?? "common.errors.forbiddenBody" }, { status: outcome.status });
}

export function badRequest(): Response {
  return new Response("Bad Request", { status: 400, statusText: "Bad Request" });
}

export function notFound(): Response {
  return new Response("Not Found", { status: 404, statusText: "Not Found" });
}

/** `attachment; filename="ascii fallback"; filename*=UTF-8''percent-encoded` */
export function contentDisposition(fileName: string, asciiName = fileName): string {
  const fallback = asciiName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_") || "attachment";
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A spreadsheet download (exports, import templates, batch files, reports). */
export function spreadsheetResponse(data: Uint8Array, fileName: string, asciiName: string, contentType = XLS_TYPE): Response {
  return new Response(data as unknown as BodyInit, {
    status: 200,
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": contentDisposition(fileName, asciiName),
      "Content-Length": String(data.byteLength),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * A stored image (avatars, home-content images, QR cards), or 404 when there
 * is none. Names are generated and never reused: cached for good unless
 * `cacheControl` says otherwise.
 */
export function imageResponse(
  image: { bytes: Uint8Array; contentType: string } | null,
  cacheControl = "public, max-age=31536000, immutable",
): Response {
  if (!image) throw new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.bytes.length),
      "Cache-Control": cacheControl,
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    },
  });
}
