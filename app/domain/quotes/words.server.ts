// A saved quote in words, in the reader's language (decision 402): what the
// shared page /quote/<token>, its PDF and the legacy API's answer show. Only
// the snapshot is read: the customer's own tier's prices, never another's.
import type { T, TranslationKey } from "~/i18n/keys";
import { formatSnapshotPrice } from "~/domain/booking/format";
import { pageT } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/config";
import type { QuoteRef, QuoteRefWords } from "~/domain/booking/snapshot";
import { modeByKey } from "~/domain/modes";
import type { ShipmentTotal } from "~/domain/pricing/shipment";
import { sumsText, totalView } from "~/domain/rates/totals.server";
import type { QuoteView } from "./quotes.server";

export type QuoteWords = {
  number: string;
  /** Translation key of the mode's name. */
  modeLabel: TranslationKey;
  createdAt: string;
  validUntil: string | null;
  expired: boolean;
  requoteHref: string;
  route: string;
  facts: { key: string; labelKey: TranslationKey; value: string }[];
  prices: { labelKey: TranslationKey; text: string }[];
  fees: { key: string; labelKey: TranslationKey; value: string }[];
  /** The parts of the total, one sentence each. */
  breakdown: string[];
  totalText: string;
  /** The original sums and the exchange rates used (a chosen currency), or null. */
  rateUsed: string | null;
};

/** A quote's total in words: the amount, the parts one sentence each, and the exchange rates used. */
export function quoteTotalWords(total: ShipmentTotal, t: T): Pick<QuoteWords, "breakdown" | "totalText" | "rateUsed"> {
  const conversion = total.conversion;
  const view = totalView(total, t);
  return {
    // The results page's words for the parts of a total (air weights, one line per part, fees not included).
    breakdown: [...(view.air ? [view.air] : []), ...view.lines, ...view.excluded],
    totalText: view.text,
    rateUsed:
      conversion?.ok && conversion.rates.length
        ? t("quotes.currency.note", {
            original: sumsText(total.original ?? []),
            rates: conversion.rates.map((r) => t("quotes.currency.rate", r)).join("; "),
          })
        : null,
  };
}

export function quoteWords(quote: QuoteView, t: T): QuoteWords {
  const { snapshot } = quote;
  return {
    number: quote.number,
    modeLabel: modeByKey(snapshot.mode).labelKey,
    createdAt: quote.createdAt.slice(0, 10),
    validUntil: quote.validUntil,
    expired: quote.expired,
    requoteHref: quote.requoteHref,
    route: [snapshot.from, snapshot.to].filter(Boolean).join(" → "),
    facts: snapshot.facts,
    prices: snapshot.prices.map((p) => ({ labelKey: p.labelKey, text: formatSnapshotPrice(p, snapshot.currency) })),
    fees: snapshot.fees,
    ...quoteTotalWords(snapshot.total, t),
  };
}

export const quoteRefWords = (ref: QuoteRef, t: T): QuoteRefWords => ({
  number: ref.number,
  validUntil: ref.validUntil,
  ...quoteTotalWords(ref.total, t),
});

/** The same in a language (the pages' loaders), or null when the booking was not made from a quote. */
export const quoteRefWordsIn = (ref: QuoteRef | null | undefined, lng: Language): QuoteRefWords | null =>
  ref ? quoteRefWords(ref, pageT(lng)) : null;
