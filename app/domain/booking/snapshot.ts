// The rate or card as the customer saw it when booking (entrustments.source_snapshot).
// Browser-safe types: the dialogs, the record page and the e-mails read it.
import type { TranslationKey } from "~/i18n/keys";
import type { ModeKey, PriceFormat } from "~/domain/modes";
import type { ShipmentTotal } from "~/domain/pricing/shipment";
import type { Tier } from "~/domain/pricing/visibility";
import type { SourceKind } from "./labels";

export type SnapshotFact = { key: string; labelKey: TranslationKey; value: string };
export type SnapshotPrice = { key: string; labelKey: TranslationKey; value: string; format: PriceFormat };

/** JSON stored in entrustments.source_snapshot (and shown in the dialogs, the record and the e-mails). */
export type SourceSnapshot = {
  source: SourceKind;
  mode: ModeKey;
  id: number;
  /** The tier whose prices are included; null when none were shown (offers: public prices). */
  tier: Tier | null;
  from: string | null;
  to: string | null;
  facts: SnapshotFact[];
  prices: SnapshotPrice[];
  currency: string | null;
  validFrom: string | null;
  validTo: string | null;
  /** Express rows: the destination (English and Chinese name) and weight the price was computed for. */
  express?: { country: string; countryZh?: string; zoneCode: string; weight: string } | null;
  /** Booked from a saved quote (issue 25 item 3, decision 402): its number and its total, which is the entrustment's. */
  quote?: QuoteRef | null;
  /** Booked from a results page where the customer sized the shipment (issue 45 item 3): that shipment and the total shown. */
  shipment?: ShipmentRef | null;
};

/** The shipment sized on the results page and its total, as that page showed it (the viewer's tier only). */
export type ShipmentRef = {
  /** The page's shipment parameters (qty_gp20 …, kg, cbm, pack; cur). */
  values: Record<string, string>;
  /** The total with its parts; with the conversion and original sums when a currency was chosen. */
  total: ShipmentTotal;
};

/** The quote an entrustment was booked from, as it was saved (the quote's tier only). */
export type QuoteRef = {
  id: number;
  number: string;
  tier: Tier;
  validUntil: string | null;
  /** The shipment form's values of the quote (counts, kg, cbm, pack). */
  shipment: Record<string, string>;
  /** The row's local fees as written. */
  fees: SnapshotFact[];
  /** The quote's total with its parts, its conversion and original sums. */
  total: ShipmentTotal;
};

/** What a booking from a quote shows of it (the dialogs, the record, the e-mails), in the reader's language. */
export type QuoteRefWords = {
  number: string;
  validUntil: string | null;
  totalText: string;
  /** The original sums and the exchange rates used, or null (no currency chosen). */
  rateUsed: string | null;
  /** The parts of the total, one sentence each. */
  breakdown: string[];
};

/** What a booking sized on the results page shows of its total (dialogs, record, e-mails), in the reader's language. */
export type ShipmentRefWords = Omit<QuoteRefWords, "number" | "validUntil">;

/** Reads a stored snapshot defensively (older rows, seed data): unknown shapes give null. */
export function readSnapshot(value: unknown): SourceSnapshot | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const s = value as Partial<SourceSnapshot>;
  if (!Array.isArray(s.facts) || !Array.isArray(s.prices)) return null;
  return s as SourceSnapshot;
}
