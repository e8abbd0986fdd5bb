// How a typed endpoint resolves (shared by the pickers' server-side fallback
// and the results pages): one match, a "did you mean" list, or nothing.
import { blankControlCharacters } from "~/utils/control-characters";
export type Resolution<T> =
  | { status: "found"; option: T }
  | { status: "ambiguous"; candidates: T[] }
  /** Nothing matches; `similar` holds near spellings (trigram similarity), if any. */
  | { status: "notFound"; similar?: T[] };

/** Suggestions are capped at 10 (customer-portal.md 9). */
export const SUGGESTION_LIMIT = 10;

/** Search text as typed: trimmed, inner whitespace collapsed, bounded. */
export function cleanQuery(text: string | null | undefined): string {
  // Control characters mean nothing in a search, and a NUL makes PostgreSQL fail the query.
  return blankControlCharacters(text ?? "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 60);
}

/**
 * A history entry pasted into the box ("SHANGHAI/CNSHA/上海" or the air form
 * with ';') stands for its code.
 */
export function historyCode(text: string): string | null {
  const parts = text.split(/[/;]/);
  return parts.length === 3 && parts[1].trim() ? parts[1].trim() : null;
}

/** Resolution from exact matches first, then contains matches. */
export function resolveFrom<T>(
  exact: T[],
  contains: () => Promise<T[]>,
  key: (option: T) => string,
): Promise<Resolution<T>> | Resolution<T> {
  const unique = dedupe(exact, key);
  if (unique.length === 1) return { status: "found", option: unique[0] };
  if (unique.length > 1) return { status: "ambiguous", candidates: unique.slice(0, SUGGESTION_LIMIT) };
  return contains().then((found) => {
    const list = dedupe(found, key);
    if (list.length === 1) return { status: "found", option: list[0] } as const;
    if (list.length > 1) return { status: "ambiguous", candidates: list.slice(0, SUGGESTION_LIMIT) } as const;
    return { status: "notFound" } as const;
  });
}

function dedupe<T>(list: T[], key: (option: T) => string): T[] {
  const seen = new Set<string>();
  return list.filter((item) => !seen.has(key(item)) && !!seen.add(key(item)));
}
