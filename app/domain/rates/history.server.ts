// Recent searches per mode (spec 3 "Search history"): the origins
// (historyquery_) and destinations (query_pod_) a user searched, newest
// first, kept as the spec's strings: "name/code/Chinese name" entries (';'
// between the parts for air) joined by '|'. Five are offered.
import type { ModeDescription } from "~/domain/modes";
import type { CountryOption } from "~/domain/reference/countries.server";
import type { PortOption } from "~/domain/reference/ports.server";
import { Prisma, prisma } from "~/utils/db.server";

export const HISTORY_SHOWN = 5;
/** Stored a little longer than shown, so the list stays full after duplicates. */
const HISTORY_KEPT = 10;

const clean = (text: string) => text.replace(/[|]/g, " ").trim();

export function portEntry(mode: ModeDescription, port: PortOption): string {
  const sep = mode.historySeparator;
  return [port.name, port.code, port.nameZh].map((p) => clean(p).replaceAll(sep, " ")).join(sep);
}

export function countryEntry(country: CountryOption): string {
  return [country.en, country.code, country.zh].map((p) => clean(p).replaceAll("/", " ")).join("/");
}

/** Entries of a '|'-joined list. */
export function splitHistory(list: string | null | undefined): string[] {
  return (list ?? "")
    .split("|")
    .map((e) => e.trim())
    .filter(Boolean);
}

export async function readHistory(userId: number, mode: ModeDescription): Promise<{ from: string[]; to: string[] }> {
  const row = await prisma.searchHistory.findUnique({ where: { userId_mode: { userId, mode: mode.enumValue } } });
  return {
    from: splitHistory(row?.queries).slice(0, HISTORY_SHOWN),
    to: splitHistory(row?.destinations).slice(0, HISTORY_SHOWN),
  };
}

/**
 * Puts the searched endpoints first in the user's lists, without an earlier
 * copy, keeping HISTORY_KEPT. One atomic upsert: no read-modify-write race
 * between two searches of the same user.
 */
export async function saveHistory(
  userId: number,
  mode: ModeDescription,
  entries: { from?: string | null; to?: string | null },
): Promise<void> {
  const KEPT = Prisma.raw(String(HISTORY_KEPT));
  const from = entries.from || null;
  const to = entries.to || null;
  await prisma.$executeRaw`
    INSERT INTO search_history (user_id, mode, queries, destinations, updated_at)
    VALUES (${userId}, ${mode.enumValue}::transport_mode, COALESCE(${from}::text, ''), COALESCE(${to}::text, ''), now())
    ON CONFLICT (user_id, mode) DO UPDATE SET
      queries = CASE WHEN ${from}::text IS NULL THEN search_history.queries ELSE array_to_string(
        (ARRAY[${from}::text] || array_remove(string_to_array(search_history.queries, '|'), ${from}::text))[1:${KEPT}], '|') END,
      destinations = CASE WHEN ${to}::text IS NULL THEN search_history.destinations ELSE array_to_string(
        (ARRAY[${to}::text] || array_remove(string_to_array(search_history.destinations, '|'), ${to}::text))[1:${KEPT}], '|') END,
      updated_at = now()`;
}
