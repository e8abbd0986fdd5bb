// "Recommended today" special-price cards: public special prices (not
// tiered), valid now, with the fields the mode's card description names.
import type { ModeDescription } from "~/domain/modes";
import { decimalText } from "~/domain/pricing/tier-columns";
import { formatDate, todayInShanghai } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { offerValidToday } from "./validity.server";
import { vocabulary, vocabularyOf } from "~/domain/reference/vocabulary.server";

export type OfferCard = {
  id: number;
  from: string | null;
  to: string | null;
  facts: Record<string, string | null>;
  prices: Record<string, string | null>;
  currency: string;
};

const SCALE: Record<string, number> = { fuel: 2, discount: 4, weight: 1 };
/** At most this many cards per mode on the home tab. */
export const OFFER_LIMIT = 30;

export async function listOffers(mode: ModeDescription, now: Date = new Date()): Promise<OfferCard[]> {
  const { card } = mode;
  const select: Record<string, true> = { id: true, currency: true, [card.from]: true, [card.to]: true };
  for (const f of card.facts) select[f.field] = true;
  for (const p of card.prices) select[p.field] = true;
  const rows = (await prisma.specialOffer.findMany({
    where: { mode: mode.enumValue, ...offerValidToday(now) },
    select,
    orderBy: [{ validTo: { sort: "asc", nulls: "last" } }, { id: "asc" }],
    take: OFFER_LIMIT,
  })) as Record<string, unknown>[];
  return rows.map((row) => {
    const facts: Record<string, string | null> = {};
    for (const f of card.facts) {
      const value = row[f.field];
      facts[f.field] =
        value === null || value === undefined
          ? null
          : value instanceof Date
            ? formatDate(todayInShanghai(value))
            : f.kind === "weight"
              ? decimalText(value, 1)
              : String(value);
    }
    const prices: Record<string, string | null> = {};
    for (const p of card.prices) prices[p.field] = decimalText(row[p.field], SCALE[p.field] ?? 2);
    return {
      id: row.id as number,
      from: (row[card.from] as string | null) ?? null,
      to: (row[card.to] as string | null) ?? null,
      facts,
      prices,
      currency: (row.currency as string | null) ?? ("fixed" in mode.currency ? mode.currency.fixed : "USD"),
    };
  });
}

/** Cards as a page in `lng` shows them: the data's vocabulary translated (the stored values stay). */
export function offersIn(cards: OfferCard[], lng: string): OfferCard[] {
  if (lng !== "en-US") return cards;
  return cards.map((card) => ({
    ...card,
    from: vocabulary(card.from, lng),
    to: vocabulary(card.to, lng),
    facts: vocabularyOf(card.facts, lng),
  }));
}

/** The system-maintenance notice in the page's language (SiteSetting maintenance_notice). */
export async function maintenanceNotice(lng: string): Promise<string | null> {
  const row = await prisma.siteSetting.findUnique({ where: { key: "maintenance_notice" } });
  if (!row) return null;
  const text = lng === "en-US" ? row.valueEn : row.valueZh;
  return text.trim() ? text : null;
}
