// What every booking needs first (the two booking steps and the legacy API's
// /query/contact and /query/order): what is booked, from the viewer's tier,
// and whether the viewer may book it. An outcome, never a Response: the
// booking routes (routes/site/-server/booking-context.server.ts) answer the
// refusals with their error pages, the API (api/endpoints/booking.server.ts)
// with its envelope.
import crypto from "node:crypto";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { priceAccess } from "~/domain/pricing/access";
import { QUOTE_SOURCE, quoteBookingSource, type QuoteRefusal } from "~/domain/quotes/booking.server";
import { bookedShipment } from "~/domain/quotes/quotes.server";
import { bookingGate, type BookingGate } from "./booking.server";
import { parseRecordId } from "~/domain/booking/records.server";
import { loadBookingSource, type BookingSource } from "~/domain/booking/source.server";

export type BookingSourceOutcome =
  | { ok: true; source: BookingSource; gate: BookingGate }
  /** No such rate, card or quote of the viewer (another customer's quote included). */
  | { ok: false; reason: "notFound" }
  /** A quote is booked by its owner only: a visitor signs in first. */
  | { ok: false; reason: "login" }
  /** Expired or not yet valid: nothing of it is shown, only a search for its route. */
  | { ok: false; reason: "expired" | "upcoming"; searchHref: string }
  /** A quote that can no longer be booked (expired, another tier, its rate changed); `searchHref` is the requote. */
  | { ok: false; reason: "quote"; refusal: QuoteRefusal; number: string; searchHref: string };

export type BookingSourceRefusal = Extract<BookingSourceOutcome, { ok: false }>;

/** `/booking/quote/<id>`: the owner's quote as the source (quotes/booking.server.ts). */
async function quoteSource(viewer: Viewer | null, id: string | undefined): Promise<BookingSource | BookingSourceRefusal> {
  if (!viewer) return { ok: false, reason: "login" };
  const quoteId = parseRecordId(id);
  const outcome = quoteId ? await quoteBookingSource(viewer, quoteId) : ({ ok: false, reason: "notFound" } as const);
  if (outcome.ok) return outcome.source;
  if (outcome.reason === "notFound") return { ok: false, reason: "notFound" };
  return { ok: false, reason: "quote", refusal: outcome.reason, number: outcome.number, searchHref: outcome.requoteHref };
}

/**
 * The source of `/booking/<mode>/<id>` (`mode`: a rate mode, "offer" or "quote") as `viewer` may see it,
 * and the gate of its booking. `query`: the page's search parameters (express: pod and num give the price).
 */
export async function bookingSource(
  viewer: Viewer | null,
  params: { mode?: string; id?: string },
  query: URLSearchParams,
): Promise<BookingSourceOutcome> {
  const tier = priceAccess(viewer).tier;
  const found = params.mode === QUOTE_SOURCE ? await quoteSource(viewer, params.id) : await loadBookingSource(params, tier, query);
  if (!found) return { ok: false, reason: "notFound" };
  if ("ok" in found) return found;
  if (found.availability !== "valid") return { ok: false, reason: found.availability, searchHref: found.searchHref };
  // The shipment sized on the results page (its parameters ride along the steps): the order records its total (issue 45 item 3).
  if (found.kind === "rate" && tier && !found.snapshot.quote) {
    const shipment = await bookedShipment(tier, found.modeKey, found.id, query);
    if (shipment) found.snapshot.shipment = shipment;
  }
  return { ok: true, source: found, gate: bookingGate(viewer, found) };
}

/** The idempotency key rendered into a booking form (or made for an API booking sent without one). */
export function newIdempotencyKey(): string {
  return crypto.randomBytes(18).toString("base64url");
}
