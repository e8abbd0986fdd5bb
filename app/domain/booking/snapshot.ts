// The rate or card as the customer saw it when booking (entrustments.source_snapshot).
// Browser-safe types: the dialogs, the record page and the e-mails read it.
import type { TranslationKey } from "~/i18n/keys";
import type { ModeKey, PriceFormat } from "~/domain/modes";
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
};

/** Reads a stored snapshot defensively (older rows, seed data): unknown shapes give null. */
export function readSnapshot(value: unknown): SourceSnapshot | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const s = value as Partial<SourceSnapshot>;
  if (!Array.isArray(s.facts) || !Array.isArray(s.prices)) return null;
  return s as SourceSnapshot;
}
