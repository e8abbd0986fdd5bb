// infoString, the rows of the addmore* import calls (data-maintenance.md 5:
// "rows are sent as one joined string of quoted value tuples"). Two forms:
//
//   tuples  ('1','SHANGHAI','BATAM',NULL,''),('2','NINGBO','O''BRIEN, \'X\'',…)
//           positional, in the order of the area's columns (its export
//           headers); the old client's form
//   JSON    [{"pol":"SHANGHAI",…},…] keyed by the wire names, or [[…],[…]]
//           positional like the tuples
//
// The reading of the tuple form (docs/decisions/501-legacy-api.md):
//   - a value is quoted with ' or " and ends at the same quote; inside it a
//     doubled quote ('') or a backslash-escaped one (\') is a quote, \\ a
//     backslash, \n \r \t a newline, return and tab, \ before anything else
//     that character; commas, parentheses and the other quote are text
//   - NULL (unquoted, any case) is an empty cell; 'NULL' quoted is the text
//   - '' is an empty cell too (the import treats both alike)
//   - an unquoted value (a number, true) is its text; whitespace between
//     tokens is ignored; tuples are separated by commas, a final ; is allowed
//   - every tuple has exactly as many values as the area has columns
// The result is the shape a parsed spreadsheet has, so the file import's
// validation and set-based write do the rest. Pure: no server imports.
import type { Cell, ParsedSheet } from "~/domain/import-export/sheet-worker.server";

export type InfoStringProblem = { key: string; values?: Record<string, string | number> };
export type InfoStringResult = { ok: true; sheet: ParsedSheet } | ({ ok: false } & InfoStringProblem);

/** Most rows one call may carry (the 2 MB Excel limit holds far fewer). */
export const MAX_INFOSTRING_ROWS = 200_000;

class Syntax extends Error {
  constructor(readonly position: number) {
    super(`infoString syntax at ${position}`);
  }
}

const ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t" };

/** The tuples of the old client's string → rows of cells. */
export function parseTuples(text: string): Cell[][] {
  const rows: Cell[][] = [];
  let i = 0;
  const n = text.length;
  const space = () => {
    while (i < n && /\s/.test(text[i])) i++;
  };
  const value = (): Cell => {
    const quote = text[i];
    if (quote === "'" || quote === '"') {
      i++;
      let out = "";
      for (;;) {
        if (i >= n) throw new Syntax(i);
        const c = text[i];
        if (c === "\\" && i + 1 < n) {
          const next = text[i + 1];
          out += ESCAPES[next] ?? next;
          i += 2;
        } else if (c === quote) {
          if (text[i + 1] === quote) {
            out += quote;
            i += 2;
          } else {
            i++;
            return out === "" ? null : out;
          }
        } else {
          out += c;
          i++;
        }
      }
    }
    const start = i;
    while (i < n && !/[\s,()'"]/.test(text[i])) i++;
    if (i === start) throw new Syntax(i);
    const word = text.slice(start, i);
    return word.toUpperCase() === "NULL" ? null : word;
  };
  space();
  while (i < n) {
    if (text[i] !== "(") throw new Syntax(i);
    i++;
    const row: Cell[] = [];
    space();
    if (text[i] === ")") throw new Syntax(i);
    for (;;) {
      space();
      row.push(value());
      space();
      if (text[i] === ",") {
        i++;
        continue;
      }
      if (text[i] === ")") {
        i++;
        break;
      }
      throw new Syntax(i);
    }
    rows.push(row);
    if (rows.length > MAX_INFOSTRING_ROWS) throw new Syntax(i);
    space();
    if (i < n && text[i] === ",") {
      i++;
      space();
      if (i >= n) throw new Syntax(i);
    } else if (i < n && text[i] === ";") {
      i++;
      space();
      if (i < n) throw new Syntax(i);
    } else if (i < n) throw new Syntax(i);
  }
  return rows;
}

const isCell = (v: unknown): v is Cell => v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/**
 * infoString (every value of the field: a JSON body's array arrives as one
 * value per row) → a parsed sheet whose first row holds the headers.
 * `headers` is the positional order of tuples and JSON arrays of arrays.
 */
export function parseInfoString(texts: readonly string[], headers: readonly string[]): InfoStringResult {
  const keyed: Record<string, Cell>[] = [];
  const positional: Cell[][] = [];
  for (const raw of texts) {
    const text = raw.trim();
    if (!text) continue;
    if (text.startsWith("(")) {
      try {
        positional.push(...parseTuples(text));
      } catch (error) {
        if (error instanceof Syntax) return { ok: false, key: "api.infoString.syntax", values: { position: error.position + 1 } };
        throw error;
      }
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false, key: "api.badInfoString" };
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      if (Array.isArray(item) && item.every(isCell)) positional.push(item);
      else if (item && typeof item === "object" && !Array.isArray(item) && Object.values(item).every(isCell))
        keyed.push(item as Record<string, Cell>);
      else return { ok: false, key: "api.badInfoString" };
    }
  }
  if (keyed.length && positional.length) return { ok: false, key: "api.badInfoString" };
  if (keyed.length + positional.length > MAX_INFOSTRING_ROWS) return { ok: false, key: "api.badInfoString" };
  if (positional.length) {
    const wrong = positional.findIndex((row) => row.length !== headers.length);
    if (wrong >= 0)
      return {
        ok: false,
        key: "api.infoString.arity",
        values: { row: wrong + 1, got: positional[wrong].length, expected: headers.length },
      };
    return { ok: true, sheet: { firstRow: 1, rows: [[...headers], ...positional] } };
  }
  if (!keyed.length) return { ok: false, key: "api.infoString.empty" };
  const names: string[] = [];
  const seen = new Set<string>();
  for (const row of keyed) {
    for (const key of Object.keys(row)) {
      if (!seen.has(key)) {
        seen.add(key);
        names.push(key);
      }
    }
  }
  return { ok: true, sheet: { firstRow: 1, rows: [names, ...keyed.map((row) => names.map((name) => row[name] ?? null))] } };
}
