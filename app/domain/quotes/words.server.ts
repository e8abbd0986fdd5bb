// A saved quote in words, in the reader's language (decision 402): what the
// shared page /quote/<token>, its PDF and the legacy API's answer show. Only
// the snapshot is read: the customer's own tier's prices, never another's.
import type { T, TranslationKey } from "~/i18n/keys";
import { formatSnapshotPrice, snapshotPriceLabel } from "~/domain/booking/format";
import { vocabulary } from "~/domain/reference/vocabulary.server";
import type { CompanyView } from "~/domain/site/company";
import { pageT } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/config";
import type { QuoteRef, QuoteRefWords, ShipmentRef, ShipmentRefWords } from "~/domain/booking/snapshot";
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
  /** The rate's facts in the reader's language (its vocabulary; free text as written), the fees apart. */
  facts: { key: string; labelKey: TranslationKey; value: string }[];
  /** Each price with its own label ("Bulk +45"). */
  prices: { key: string; label: string; text: string }[];
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

/** A quote in words in `lng`: what its shared page and its PDF print. */
export function quoteWords(quote: QuoteView, lng: Language): QuoteWords {
  const t = pageT(lng);
  const { snapshot } = quote;
  // The fees are printed once, under their own heading (they are facts of the row too).
  const fees = new Set(snapshot.fees.map((f) => f.key));
  return {
    number: quote.number,
    modeLabel: modeByKey(snapshot.mode).labelKey,
    createdAt: quote.savedOn,
    validUntil: quote.validUntil,
    expired: quote.expired,
    requoteHref: quote.requoteHref,
    route: [vocabulary(snapshot.from, lng), vocabulary(snapshot.to, lng)].filter(Boolean).join(" → "),
    facts: snapshot.facts.filter((f) => !fees.has(f.key)).map((f) => ({ ...f, value: vocabulary(f.value, lng) })),
    prices: snapshot.prices.map((p) => ({
      key: p.key,
      label: snapshotPriceLabel(t, snapshot.mode, p),
      text: formatSnapshotPrice(p, snapshot.currency),
    })),
    fees: snapshot.fees,
    ...quoteTotalWords(snapshot.total, t),
  };
}

/** The forwarder's lines at the head of a quote: name, address and how to reach them (decision 604's identity). */
export function forwarderLines(company: Pick<CompanyView, "name" | "address" | "phone" | "email" | "website">, t: T): string[] {
  const contact = [
    company.phone ? t("quotes.quote.forwarder.phone", { phone: company.phone }) : null,
    company.email ? t("quotes.quote.forwarder.email", { email: company.email }) : null,
    company.website ? t("quotes.quote.forwarder.website", { website: company.website }) : null,
  ].filter((line): line is string => line !== null);
  return [company.name, company.address, contact.join(" · ")].filter(Boolean);
}

export const quoteRefWords = (ref: QuoteRef, t: T): QuoteRefWords => ({
  number: ref.number,
  validUntil: ref.validUntil,
  ...quoteTotalWords(ref.total, t),
});

/** The same in a language (the pages' loaders), or null when the booking was not made from a quote. */
export const quoteRefWordsIn = (ref: QuoteRef | null | undefined, lng: Language): QuoteRefWords | null =>
  ref ? quoteRefWords(ref, pageT(lng)) : null;

/** The total of the shipment a booking was sized with (issue 45 item 3) in `lng`, or null. */
export const shipmentRefWordsIn = (ref: ShipmentRef | null | undefined, lng: Language): ShipmentRefWords | null =>
  ref ? quoteTotalWords(ref.total, pageT(lng)) : null;
