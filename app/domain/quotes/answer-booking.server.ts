// Booking from the desk's answer to a price request (issue 43; in quotes, which price-requests builds on): the answer is a quote without a
// rate (its lines are the desk's), so it is booked as the quote it is, through
// the same two booking steps, gate, idempotency and mails as every booking
// (decision 401): `/booking/quote/<quote id>`. The quote's own lines are the
// source; nothing is re-priced from a rate table. Bookable by its owner while
// the quote is valid (today on or before its validity's end) and its request
// was answered; the first booking closes the request (closeByBooking, in the
// booking's transaction).
import type { BookingSource } from "~/domain/booking/source.server";
import { moduleName } from "~/domain/booking/labels";
import { modeByKey } from "~/domain/modes";
import type { Tier } from "~/domain/pricing/visibility";
import type { QuoteView } from "./quotes.server";
import { prisma } from "~/utils/db.server";

export type AnswerSourceOutcome = { ok: true; source: BookingSource } | { ok: false; reason: "notFound" | "expired" };

/** The booking source of an answer's quote (`quote.rateId` null), for its owner. */
export async function answerBookingSource(quote: QuoteView): Promise<AnswerSourceOutcome> {
  const request = await prisma.priceRequest.findUnique({ where: { quoteId: quote.id }, select: { id: true, state: true } });
  if (!request || (request.state !== "ANSWERED" && request.state !== "BOOKED")) return { ok: false, reason: "notFound" };
  if (quote.expired) return { ok: false, reason: "expired" };
  const mode = modeByKey(quote.mode);
  const q = quote.snapshot;
  const tier = (quote.tier || q.tier) as Tier;
  return {
    ok: true,
    source: {
      kind: "request",
      modeKey: mode.key,
      transportType: mode.enumValue,
      id: request.id,
      paused: false,
      availability: "valid",
      searchHref: quote.requoteHref,
      pol: q.from,
      pod: q.to,
      moduleName: moduleName("request", mode.enumValue),
      snapshot: {
        source: "request",
        mode: mode.key,
        id: request.id,
        tier,
        from: q.from,
        to: q.to,
        facts: q.facts,
        prices: q.prices,
        currency: q.currency,
        validFrom: q.validFrom,
        validTo: q.validTo,
        express: null,
        quote: {
          id: quote.id,
          number: quote.number,
          tier,
          validUntil: quote.validUntil,
          shipment: q.shipment,
          fees: q.fees,
          total: q.total,
        },
      },
    },
  };
}
