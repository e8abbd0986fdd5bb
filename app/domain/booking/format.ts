// Printing booking values (server and browser alike, deterministic).
import { formatPrice } from "~/domain/pricing/format";
import type { SnapshotPrice } from "./snapshot";

export { formatDateTime } from "~/utils/dates";

/** A snapshot price with its currency for money ("592.00 USD"), as a percentage or a factor otherwise. */
export function formatSnapshotPrice(price: Pick<SnapshotPrice, "value" | "format">, currency: string | null): string {
  const text = formatPrice(price.value, price.format) ?? price.value;
  return price.format === "money" && currency ? `${text} ${currency}` : text;
}

/** Human-readable file size: 1536 → "1.5 KB". */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(2)} MB`;
}
