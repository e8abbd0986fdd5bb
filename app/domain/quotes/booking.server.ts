// Booking from a saved quote (issue 25 item 3, last point; decision 402).
// `/booking/quote/<quote id>` (and its `/order` step, the API's `quote_no`)
// book the quote's rate with the quote's snapshot carried in: the tier price
// the quote was made at, the shipment, the fees, the currency, the exchange
// rate and the total. Only the customer who saved the quote can book from it.
//
// A quote is bookable while:
//   - its validity has not passed (valid_until, Shanghai days, inclusive);
//   - the customer still sees the tier the quote was made at (a quote is
//     never repriced at another tier; a changed tier asks for a requote);
//   - today's sheet still gives the same total for the same shipment at that
//     tier: the rate still exists, is valid today and not paused, and its
//     price and fees for this shipment are unchanged (priceRow, the very
//     computation that saved the quote, compared in the row's own currencies).
// Otherwise the server refuses (the page, a forged POST and the API alike)
// and offers a requote at today's price. The exchange rate is the quote's:
// its end date already bounds valid_until.
import type { Viewer } from "~/domain/accounts/viewer.server";
import type { BookingSource } from "~/domain/booking/source.server";
import { parseFixed, compare } from "~/domain/pricing/decimal";
import { priceAccess } from "~/domain/pricing/access";
import { prisma } from "~/utils/db.server";
import { answerBookingSource } from "./answer-booking.server";
import { ownQuote, priceRow, type QuoteView } from "./quotes.server";
import { modeByKey, type ModeKey } from "~/domain/modes";
import { pageT } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/config";

/** The `mode` segment of the booking routes for a quote: `/booking/quote/<id>`. */
export const QUOTE_SOURCE = "quote";

/** Why a customer's own quote cannot be booked (translation keys quoteBooking.refused.<reason>.*). */
export type QuoteRefusal = "expired" | "tier" | "changed";

export type QuoteSourceOutcome =
  | { ok: true; source: BookingSource }
  | { ok: false; reason: "notFound" }
  | { ok: false; reason: QuoteRefusal; number: string; requoteHref: string };

type Sum = { currency: string; amount: string };

/** The same amounts in the same currencies (exact decimals; order ignored). */
export function sameSums(a: readonly Sum[], b: readonly Sum[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((x) => {
    const y = b.find((s) => s.currency === x.currency);
    const [p, q] = [parseFixed(x.amount), y ? parseFixed(y.amount) : null];
    return !!p && !!q && compare(p, q) === 0;
  });
}

/** Whether the quote can still be booked today, and why not (the reason a customer is told). */
export async function quoteBookability(
  quote: QuoteView,
  viewer: Viewer,
  now = new Date(),
): Promise<
  { ok: true; priced: Extract<Awaited<ReturnType<typeof priceRow>>, { ok: true }>["priced"] } | { ok: false; reason: QuoteRefusal }
> {
  if (quote.expired) return { ok: false, reason: "expired" };
  if (priceAccess(viewer).tier !== quote.tier) return { ok: false, reason: "tier" };
  if (quote.rateId === null) return { ok: false, reason: "changed" };
  const priced = await priceRow(quote.snapshot.tier, quote.mode, quote.rateId, new URLSearchParams(quote.params), now);
  if (!priced.ok) return { ok: false, reason: "changed" };
  const quoted = quote.snapshot.total.original ?? quote.snapshot.total.sums;
  if (!sameSums(priced.priced.total.sums, quoted)) return { ok: false, reason: "changed" };
  return { ok: true, priced: priced.priced };
}

/** The booking source of quote `id` for its owner: the rate as booked, with the quote's snapshot. */
export async function quoteBookingSource(viewer: Viewer, id: number, now = new Date()): Promise<QuoteSourceOutcome> {
  // Another customer's quote is "not found": ids reveal nothing, and nobody books in the owner's name.
  const quote = await ownQuote(viewer.id, id, now);
  if (!quote) return { ok: false, reason: "notFound" };
  // The desk's answer to a price request (issue 43): its own lines, not a rate's.
  if (quote.rateId === null) {
    const answer = await answerBookingSource(quote);
    if (answer.ok) return answer;
    return answer.reason === "notFound"
      ? { ok: false, reason: "notFound" }
      : { ok: false, reason: "expired", number: quote.number, requoteHref: quote.requoteHref };
  }
  const bookable = await quoteBookability(quote, viewer, now);
  if (!bookable.ok) return { ok: false, reason: bookable.reason, number: quote.number, requoteHref: quote.requoteHref };
  const { source } = bookable.priced;
  const q = quote.snapshot;
  return {
    ok: true,
    source: {
      ...source,
      snapshot: {
        ...source.snapshot,
        // The prices the quote was made at (its tier; equal today for what the shipment uses).
        tier: q.tier,
        prices: q.prices,
        currency: q.currency,
        quote: {
          id: quote.id,
          number: quote.number,
          tier: q.tier,
          validUntil: quote.validUntil,
          // LCL keeps its cbm and kg in the search (the calculator's fields), the other modes in the shipment.
          shipment: { ...kept(quote.params, ["cbm", "kg"]), ...q.shipment },
          fees: q.fees,
          total: q.total,
        },
      },
    },
  };
}

const kept = (params: Record<string, string>, names: string[]) =>
  Object.fromEntries(names.filter((n) => params[n]).map((n) => [n, params[n]]));

/** A customer's quote by its number (the API's `quote_no`), or null. */
export async function ownQuoteIdByNumber(userId: number, number: string): Promise<number | null> {
  if (!/^Q\d{8}-\d{6,10}$/.test(number)) return null;
  const row = await prisma.quote.findFirst({ where: { number, userId }, select: { id: true } });
  return row?.id ?? null;
}

/**
 * The order form's fields a shipment fills in (a quote's, or the one sized on
 * the results page; issue 45 item 3): the container counts, weight and
 * volume. Rail prices COC and SOC containers: their 20' and 40' counts go to
 * the 20GP and 40GP counts (a 2×20' SOC is two 20'), and the other size names
 * each of them in the reader's language, so nothing typed is lost.
 */
export function orderDefaultsOf(
  modeKey: ModeKey,
  shipment: Record<string, string> | null | undefined,
  lng: Language,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (!shipment) return out;
  const count = (param: string) => (/^\d{1,4}$/.test(shipment[param] ?? "") ? Number(shipment[param]) : 0);
  if (modeKey === "rail") {
    const t = pageT(lng);
    const twenty = count("qty_coc20") + count("qty_soc20") + 2 * count("qty_soc20x2");
    const forty = count("qty_coc40") + count("qty_soc40");
    if (twenty) out.gp20Count = String(twenty);
    if (forty) out.gp40Count = String(forty);
    const named = modeByKey("rail")
      .prices.filter((p) => count(`qty_${p.key}`) > 0)
      .map((p) => `${t(p.labelKey)} × ${count(`qty_${p.key}`)}`);
    if (named.length) out.otherSize = named.join(", ");
  } else {
    for (const [param, field] of [
      ["qty_gp20", "gp20Count"],
      ["qty_gp40", "gp40Count"],
      ["qty_hq40", "hq40Count"],
    ] as const) {
      if (count(param)) out[field] = String(count(param));
    }
  }
  if (shipment.kg) out.grossWeight = `${shipment.kg} KG`;
  if (shipment.cbm) out.volume = `${shipment.cbm} CBM`;
  return out;
}
