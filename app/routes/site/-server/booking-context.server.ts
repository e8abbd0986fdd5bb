// What every booking route needs first: who asks, what they book, whether
// they may, and where "close" goes back to. The domain service
// (domain/booking/context.server.ts) decides; this answers its refusals as
// the booking pages do: 404, the sign-in redirect, and the data the booking
// error boundary shows for an expired, not yet valid or no longer bookable
// source.
import { languageOf, type RequestArgs } from "~/http/context.server";
import { getViewer, loginRedirect } from "~/http/auth.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { modeByKey } from "~/domain/modes";
import type { Language } from "~/i18n/config";
import { safeRedirect } from "~/utils/redirect";
import { data } from "@remix-run/node";
import { QUOTE_SOURCE, type QuoteRefusal } from "~/domain/quotes/booking.server";
import { quoteRefWordsIn, shipmentRefWordsIn } from "~/domain/quotes/words.server";
import { shipmentParams } from "~/domain/rates/totals.server";
import { GATE_MESSAGE, type BookingGate } from "~/domain/orders/booking.server";
import { bookingSource, type BookingSourceRefusal } from "~/domain/orders/context.server";
import type { BookingSource } from "~/domain/booking/source.server";
import { snapshotIn } from "~/domain/booking/display.server";
import { loadResultsPage, type ResultsData } from "./results.server";

export type BookingContext = {
  viewer: Viewer | null;
  source: BookingSource;
  gate: BookingGate;
  lng: Language;
  /** `/booking/<mode>/<id>` of this source. */
  base: string;
  /** Query kept across the steps: the express search (pod, num) or the shipment (qty_…, kg, cbm, pack, cur), and `back`. */
  carry: URLSearchParams;
  back: string;
};

/**
 * What an expired (410) or not yet valid (404) source answers, and a quote that can no longer be
 * booked (410: expired, another tier, its rate changed; `searchHref` is the requote): the booking
 * error boundary shows it.
 */
export type Unavailable =
  | { unavailable: "expired" | "upcoming"; searchHref: string }
  | { unavailable: "quote"; reason: QuoteRefusal; number: string; searchHref: string };

/** The booking pages' answer to a refused source (thrown: the error boundary draws it). */
function refusalResponse(request: Request, refusal: BookingSourceRefusal) {
  switch (refusal.reason) {
    case "notFound":
      return new Response("Not found", { status: 404 });
    case "login":
      return loginRedirect(request);
    case "quote":
      return data<Unavailable>(
        { unavailable: "quote", reason: refusal.refusal, number: refusal.number, searchHref: refusal.searchHref },
        { status: 410 },
      );
    default:
      return data<Unavailable>(
        { unavailable: refusal.reason, searchHref: refusal.searchHref },
        { status: refusal.reason === "expired" ? 410 : 404 },
      );
  }
}

/** Where closing the dialog goes: `?back=`, else the page the link was on, else the mode's results page. */
function backTarget(request: Request, url: URL, fallback: string): string {
  const explicit = url.searchParams.get("back");
  if (explicit) return safeRedirect(explicit, fallback);
  const referer = request.headers.get("Referer");
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.origin === url.origin && !from.pathname.startsWith("/booking/")) {
        return safeRedirect(from.pathname.replace(/\.data$/, "") + from.search, fallback);
      }
    } catch {
      // Not a URL: ignore it.
    }
  }
  return fallback;
}

export async function loadBookingContext(args: RequestArgs & { params: { mode?: string; id?: string } }): Promise<BookingContext> {
  const { request, params } = args;
  const [viewer, lng] = await Promise.all([getViewer(args), languageOf(args)]);
  const url = new URL(request.url);
  const outcome = await bookingSource(viewer, params, url.searchParams);
  if (!outcome.ok) throw refusalResponse(request, outcome);
  const { source, gate } = outcome;
  const quote = source.snapshot.quote;
  const back = backTarget(request, url, quote ? "/quotes" : source.kind === "offer" ? "/home" : modeByKey(source.modeKey).path);
  const carry = new URLSearchParams();
  // Express: its destination and weight; the other modes: the shipment sized on the results page (issue 45 item 3).
  const kept = source.kind !== "rate" ? [] : source.modeKey === "express" ? ["pod", "num"] : shipmentParams(modeByKey(source.modeKey));
  for (const name of kept) {
    const value = url.searchParams.get(name);
    if (value) carry.set(name, value.slice(0, 100));
  }
  carry.set("back", back);
  const base = quote
    ? `/booking/${QUOTE_SOURCE}/${quote.id}`
    : `/booking/${source.kind === "offer" ? "offer" : source.modeKey}/${source.id}`;
  return { viewer, source, gate, lng, base, carry, back };
}

export function withQuery(path: string, query: URLSearchParams, changes: Record<string, string | null> = {}): string {
  const params = new URLSearchParams(query);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The results page the dialog was opened from, to draw behind it (issue 45
 * item 7): `back` when it is a results page of the booked mode, read for the
 * same viewer and language as this request. Not a search of the viewer's:
 * the request names the page itself as its Referer, a view of the same
 * search (query-log.server's isNewSearch), so no query log, no history.
 * Null for anything else (a card from /home, a quote from /quotes).
 */
export async function resultsBehind(request: Request, context: BookingContext): Promise<ResultsData | null> {
  if (context.source.kind !== "rate") return null;
  const mode = modeByKey(context.source.modeKey);
  const url = new URL(context.back, request.url);
  if (url.pathname !== mode.path) return null;
  const headers = new Headers();
  for (const name of ["Cookie", "Accept-Language"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  // In the dialog's language (the page around both is one document in one language).
  url.searchParams.set("lng", context.lng);
  headers.set("Referer", url.href);
  // Not a document request: the rows come whole (the dialog's page draws the table).
  const behind = await loadResultsPage(mode.key, { request: new Request(url, { headers }), context: {} });
  return behind.data as ResultsData;
}

/** What the pages show about the gate (the message of a refused booking). */
export function gateView(context: BookingContext, here: string) {
  if (context.gate === "ok") return null;
  const message = GATE_MESSAGE[context.gate];
  return {
    gate: context.gate,
    tone: message.tone,
    messageKey: message.key,
    loginHref: context.gate === "login" ? `/login?redirectTo=${encodeURIComponent(here)}` : null,
  };
}

/** The snapshot as the dialogs may show it (prices only when the viewer has a tier; offers are public). */
export function clientSource(source: BookingSource, lng: Language) {
  return {
    kind: source.kind,
    modeKey: source.modeKey,
    transportType: source.transportType,
    paused: source.paused,
    snapshot: snapshotIn(source.snapshot, lng),
    // Booked from a quote: its number and total in words (made here; the dialogs only print them).
    quote: quoteRefWordsIn(source.snapshot.quote, lng),
    // Booked with the shipment sized on the results page: its total in words (issue 45 item 3).
    shipment: shipmentRefWordsIn(source.snapshot.shipment, lng),
  };
}
