// A saved quote in words, in the reader's language (decision 402): what the
// shared page /quote/<token>, its PDF and the legacy API's answer show. Only
// the snapshot is read: the customer's own tier's prices, never another's.
import type { T, TranslationKey } from "~/i18n/keys";
import { formatSnapshotPrice } from "~/domain/booking/format";
import { modeByKey } from "~/domain/modes";
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

export function quoteWords(quote: QuoteView, t: T): QuoteWords {
  const { snapshot } = quote;
  const conversion = snapshot.total.conversion;
  const view = totalView(snapshot.total, t);
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
    // The results page's words for the parts of a total (air weights, one line per part, fees not included).
    breakdown: [...(view.air ? [view.air] : []), ...view.lines, ...view.excluded],
    totalText: view.text,
    rateUsed:
      conversion?.ok && conversion.rates.length
        ? t("quotes.currency.note", {
            original: sumsText(snapshot.total.original ?? []),
            rates: conversion.rates.map((r) => t("quotes.currency.rate", r)).join("; "),
          })
        : null,
  };
}
