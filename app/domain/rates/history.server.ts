// Recent searches per mode (spec 3 "Search history"): the origins
// (historyquery_) and destinations (query_pod_) a user searched, newest
// first, kept as the spec's strings: "name/code/Chinese name" entries (';'
// between the parts for air) joined by '|'. Five are offered.
import type { ModeDescription } from "~/domain/modes";
import type { CountryOption } from "~/domain/reference/countries.server";
import type { PortOption } from "~/domain/reference/ports.server";
import { prepared, sql } from "~/utils/db.server";

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

const HISTORY_STATEMENT = prepared(`SELECT queries, destinations FROM search_history WHERE user_id = $1 AND mode = $2::transport_mode`);

export type History = { from: string[]; to: string[] };

/** The entries shown of a stored row (none yet: empty lists). */
export function historyFrom(row: { queries: string | null; destinations: string | null } | undefined): History {
  return {
    from: splitHistory(row?.queries).slice(0, HISTORY_SHOWN),
    to: splitHistory(row?.destinations).slice(0, HISTORY_SHOWN),
  };
}

export async function readHistory(userId: number, mode: ModeDescription): Promise<History> {
  const [row] = await sql<{ queries: string; destinations: string }>(HISTORY_STATEMENT, [userId, mode.enumValue]);
  return historyFrom(row);
}

export type HistoryUpdate = {
  userId: number;
  mode: ModeDescription;
  /** Searched endpoints, oldest first (null: that side unchanged). */
  from: (string | null | undefined)[];
  to: (string | null | undefined)[];
};

/** '|'-joined, newest first, each entry once. */
function newestFirst(entries: (string | null | undefined)[]): string {
  const seen = new Set<string>();
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i]) seen.add(entries[i]!);
  return [...seen].join("|");
}

// One text for any number of users (array parameters): a prepared statement (decision 609).
const SAVE_HISTORY_STATEMENT = prepared(`
    INSERT INTO search_history (user_id, mode, queries, destinations, updated_at)
    SELECT b.user_id, b.mode::transport_mode, merge_history(b.queries, NULL, $5::int), merge_history(b.destinations, NULL, $5::int), now()
    FROM unnest($1::int[], $2::text[], $3::text[], $4::text[]) AS b(user_id, mode, queries, destinations)
    ON CONFLICT (user_id, mode) DO UPDATE SET
      queries = merge_history(EXCLUDED.queries, search_history.queries, $5::int),
      destinations = merge_history(EXCLUDED.destinations, search_history.destinations, $5::int),
      updated_at = now()`);

/**
 * Puts the searched endpoints first in the users' lists, without an earlier
 * copy, keeping HISTORY_KEPT (SQL function merge_history). One atomic
 * statement for any number of users and modes, one row each: no
 * read-modify-write race between two searches of the same user.
 */
export async function saveHistories(updates: HistoryUpdate[]): Promise<void> {
  const merged = new Map<string, HistoryUpdate>();
  for (const u of updates) {
    const key = `${u.userId}|${u.mode.enumValue}`;
    const known = merged.get(key);
    if (known) merged.set(key, { ...known, from: [...known.from, ...u.from], to: [...known.to, ...u.to] });
    else merged.set(key, u);
  }
  if (merged.size === 0) return;
  const rows = [...merged.values()];
  await sql(SAVE_HISTORY_STATEMENT, [
    rows.map((r) => r.userId),
    rows.map((r) => r.mode.enumValue),
    rows.map((r) => newestFirst(r.from)),
    rows.map((r) => newestFirst(r.to)),
    HISTORY_KEPT,
  ]);
}

export async function saveHistory(
  userId: number,
  mode: ModeDescription,
  entries: { from?: string | null; to?: string | null },
): Promise<void> {
  await saveHistories([{ userId, mode, from: [entries.from], to: [entries.to] }]);
}
