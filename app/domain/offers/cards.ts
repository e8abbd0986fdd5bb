// The special-offer card of each mode as the administration form sees it.
// The card itself (which fields, in which order, with which labels) is
// described once in modes.ts (`mode.card`), which the customer home also
// reads; this adds what a form needs: input kinds, required messages and the
// rail card's own currency. Shared by server and browser.
import { keyUnder, type TranslationKey } from "~/i18n/keys";
import type { ModeDescription } from "~/domain/modes";

export type OfferInputKind = "text" | "money" | "percent" | "factor" | "weight" | "datetime" | "currency";

export type OfferFormField = {
  /** SpecialOffer field (Prisma name). */
  name: string;
  labelKey: TranslationKey;
  kind: OfferInputKind;
  /** Message when empty (administration.md 5: every field is required). */
  requiredKey: TranslationKey;
};

/** Labels of the endpoints, which the card description names by field only. */
const ENDPOINT_LABELS: Record<string, TranslationKey> = {
  pol: "search.col.pol",
  pod: "search.col.pod",
  dock: "search.col.portArea",
  doorPoint: "search.col.doorPoint",
  origin: "admin.offer.field.origin",
  destination: "admin.offer.field.destination",
};

/** Currencies a rail card may carry (rail rows carry their own currency). */
export const RAIL_CURRENCIES = ["USD", "CNY", "EUR"] as const;

export function offerFormFields(mode: ModeDescription): OfferFormField[] {
  const { card } = mode;
  const fields: OfferFormField[] = [
    {
      name: card.from,
      labelKey: ENDPOINT_LABELS[card.from] ?? keyUnder("search.col.", card.from),
      kind: "text",
      requiredKey: keyUnder("admin.offer.required.", card.from),
    },
    {
      name: card.to,
      labelKey: ENDPOINT_LABELS[card.to] ?? keyUnder("search.col.", card.to),
      kind: "text",
      requiredKey: keyUnder("admin.offer.required.", card.to),
    },
  ];
  for (const fact of card.facts) {
    fields.push({
      name: fact.field,
      labelKey: fact.labelKey,
      kind: fact.kind === "date" ? "datetime" : fact.kind === "weight" ? "weight" : "text",
      requiredKey: fact.kind === "date" ? "admin.offer.required.date" : keyUnder("admin.offer.required.", fact.field),
    });
  }
  for (const price of card.prices) {
    fields.push({
      name: price.field,
      labelKey: price.labelKey,
      kind: price.format === "money" ? "money" : price.format,
      requiredKey: keyUnder("admin.offer.required.", price.field),
    });
  }
  if ("field" in mode.currency) {
    fields.push({
      name: "currency",
      labelKey: "admin.offer.field.currency",
      kind: "currency",
      requiredKey: "admin.offer.required.currency",
    });
  }
  // The validity date goes last, as on the card.
  const date = fields.findIndex((field) => field.kind === "datetime");
  if (date >= 0) fields.push(...fields.splice(date, 1));
  return fields;
}

/** The currency a card of this mode is shown in (rail: the card's own). */
export function fixedCurrency(mode: ModeDescription): string | null {
  return "fixed" in mode.currency ? mode.currency.fixed : null;
}
