// Printing booking values (server and browser alike, deterministic).
import { formatPrice } from "~/domain/pricing/format";
import { modeByKey, type ModeKey } from "~/domain/modes";
import type { T } from "~/i18n/keys";
import type { SnapshotPrice } from "./snapshot";

export { formatDateTime } from "~/utils/dates";

/** A snapshot price with its currency for money ("592.00 USD"), as a percentage or a factor otherwise. */
export function formatSnapshotPrice(price: Pick<SnapshotPrice, "value" | "format">, currency: string | null): string {
  const text = formatPrice(price.value, price.format) ?? price.value;
  return price.format === "money" && currency ? `${text} ${currency}` : text;
}

/**
 * A snapshot price's label: its column's name, and for an air weight break
 * the break ("Bulk +45", "Tray +1000"): the sixteen air prices share two
 * names, so the name alone says nothing (issue 45 item 5).
 */
export function snapshotPriceLabel(t: T, mode: ModeKey, price: Pick<SnapshotPrice, "key" | "labelKey">): string {
  const breakLabel = modeByKey(mode).prices.find((column) => column.key === price.key)?.breakLabel;
  return breakLabel ? `${t(price.labelKey)} ${breakLabel}` : t(price.labelKey);
}

/** Human-readable file size: 1536 → "1.5 KB". */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(2)} MB`;
}
