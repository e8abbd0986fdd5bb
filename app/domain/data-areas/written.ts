// The rows just written (issue 22 item 5): after an import or an add the
// list shows exactly those rows, addressed by the URL parameter `written`
// (the ids as ranges, "101-600,702"), with a notice and a "show all" link.
// Plain functions, shared by the server (showWrittenRows) and the screen.

export const WRITTEN_PARAM = "written";
/** Longest `written` value; a longer id list is shown as its whole span (first-last). */
const MAX_TEXT = 1500;
const MAX_RANGES = 500;
const INT_MAX = 2_147_483_647;

export type IdSpan = { start: number; end: number };

/** Ids → "1-500,502" (sorted, consecutive ids joined): the operation log's target ids too. */
export function compressIds(ids: readonly number[]): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i];
    while (i + 1 < sorted.length && sorted[i + 1] === sorted[i] + 1) i++;
    parts.push(start === sorted[i] ? String(start) : `${start}-${sorted[i]}`);
  }
  return parts.join(",");
}

/** The `written` value of ids: their ranges, or their whole span when the list would be too long for a URL. */
export function writtenParam(ids: readonly number[]): string {
  const text = compressIds(ids);
  if (text.length <= MAX_TEXT) return text;
  const min = ids.reduce((a, b) => Math.min(a, b));
  const max = ids.reduce((a, b) => Math.max(a, b));
  return `${min}-${max}`;
}

/** The `written` parameter → id spans, or null when it is absent or not a list of ids. */
export function parseWritten(text: string | null): IdSpan[] | null {
  if (!text || text.length > MAX_TEXT || !/^\d+(-\d+)?(,\d+(-\d+)?)*$/.test(text)) return null;
  const spans = text.split(",").map((part) => {
    const [a, b = a] = part.split("-").map(Number);
    return { start: Math.min(a, b), end: Math.max(a, b) };
  });
  if (spans.length > MAX_RANGES || spans.some((s) => s.start < 1 || s.end > INT_MAX)) return null;
  return spans;
}
