// The rows of a file that are a rate already stored (issue 40 item 2): a
// carrier's weekly sheet names no ids, and a row with the same lane, carrier,
// validity and priced containers as exactly one stored rate is that rate's
// update, not a second copy. The preview stages such rows with the stored id
// and counts them; the direct import (no preview) writes them as updates and
// says how many rows it updated.
import type { DataArea } from "~/domain/data-areas/types";
import { TIERS } from "~/domain/pricing/visibility";
import { prisma } from "~/utils/db.server";
import { sqlColumn, sqlTable } from "~/utils/sql-names.server";
import { withHashJoins } from "./batches.server";
import type { PreparedImport } from "./import.server";
import { ROWS_PER_SLICE, yieldToEventLoop } from "./slices";

/** SQL: whether row `alias` prices container `base` in some tier (the container part of the same-rate rule). */
export const containerPricedSql = (area: DataArea, alias: string, base: string) =>
  `(${TIERS.map((tier) => `${alias}."${sqlColumn(area.model, `${base}${tier}`)}" IS NOT NULL`).join(" OR ")})`;

/**
 * The rows without an id that are a stored rate (issue 40 item 2), by row
 * index → the stored row's id, set-based: the key fields of the area's
 * `sameRate` rule (lane, carrier, validity …; an optional one left empty
 * matches a stored rate where it is empty too) and, per container
 * base, whether some tier of it is priced, as arrays; one statement joins them
 * to the table (a hash join: one read of the table, whatever its size). A row
 * is matched only when exactly one stored row has its key and no other row of
 * the file has it (which of two copies is meant is not for the import to
 * guess), and never to a stored row the file also names by its id. `values`:
 * the write columns' values as they will be written (the preview's have port
 * names resolved); the prepared ones by default.
 */
export async function sameRateIds(area: DataArea, prepared: PreparedImport, values = prepared.values): Promise<Map<number, number>> {
  const { columns } = prepared;
  const rule = area.import.sameRate;
  const found = new Map<number, number>();
  if (!rule) return found;
  const at = rule.fields.map((f) => columns.findIndex((c) => c.field === f));
  if (at.some((i) => i < 0)) return found;
  const bases = (rule.containers ?? []).flatMap((base) => {
    const tiers = columns.flatMap((c, i) =>
      c.field.length === base.length + 2 && c.field.startsWith(base) && /T[0-2]$/.test(c.field) ? [i] : [],
    );
    return tiers.length ? [{ base, tiers }] : [];
  });
  // The keys as one JSON text (one parameter: 100,000 rows in several arrays took the driver half a second of the
  // event loop), made in slices with the event loop let through between them.
  const filled = (v: unknown) => v !== null && v !== undefined;
  // A required key field is always filled (validation refuses the row otherwise); an optional one (carrier, validity)
  // may be empty on both sides: compared as text with '' for empty, which keeps the join a hash join.
  const optional = at.map((i) => {
    const column = columns[i];
    return !area.columns.find((a) => a.field === column.field)?.required && (column.type === "text" || column.type === "date");
  });
  const parts: string[] = [];
  let count = 0;
  for (let from = 0; from < prepared.rowCount; from += ROWS_PER_SLICE) {
    const slice: unknown[][] = [];
    for (let r = from; r < Math.min(prepared.rowCount, from + ROWS_PER_SLICE); r++) {
      if (prepared.ids[r] !== null || !at.every((i, k) => optional[k] || filled(values[i][r]))) continue;
      slice.push([r, ...at.map((i) => values[i][r]), ...bases.map(({ tiers }) => tiers.some((i) => filled(values[i][r])))]);
    }
    if (slice.length) parts.push(JSON.stringify(slice).slice(1, -1));
    count += slice.length;
    await yieldToEventLoop();
  }
  if (count === 0) return found;
  const table = `"${sqlTable(area.model)}"`;
  const keyNames = at.map((_, k) => `k${k}`);
  const baseNames = bases.map((_, b) => `b${b}`);
  const fields = [
    `(e->>0)::int AS row`,
    ...at.map((i, k) => `(e->>${k + 1})::${columns[i].type} AS ${keyNames[k]}`),
    ...bases.map((_, b) => `(e->>${at.length + b + 1})::boolean AS ${baseNames[b]}`),
  ];
  const conditions = [
    ...at.map((i, k) => {
      const stored = `t."${sqlColumn(area.model, columns[i].field)}"`;
      return optional[k] ? `COALESCE(${stored}::text, '') = COALESCE(f.${keyNames[k]}::text, '')` : `${stored} = f.${keyNames[k]}`;
    }),
    ...bases.map(({ base }, b) => `${containerPricedSql(area, "t", base)} = f.${baseNames[b]}`),
  ];
  // Nested loops off (withHashJoins): the planner guesses 100 rows for the JSON and fewer after `copies = 1`, and
  // then probes the lane index once per row; a lane holds thousands of rates (carriers, validities), so 100,000 rows
  // took minutes instead of one hash join's second (bench:import-carrier, the next week).
  const matches = await prisma.$transaction(
    (tx) =>
      withHashJoins(tx, () =>
        tx.$queryRawUnsafe<{ row: number; id: number }[]>(
          `WITH f AS (
       SELECT u.*, count(*) OVER (PARTITION BY ${[...keyNames, ...baseNames].join(", ")}) AS copies
       FROM (SELECT ${fields.join(", ")} FROM jsonb_array_elements($1::jsonb) AS e) u
     ), m AS (
       SELECT f.row, t.id, count(*) OVER (PARTITION BY f.row) AS hits FROM f JOIN ${table} t ON ${conditions.join(" AND ")} WHERE f.copies = 1
     )
     SELECT row, id FROM m WHERE hits = 1`,
          `[${parts.join(",")}]`,
        ),
      ),
    { timeout: 600_000, maxWait: 30_000 },
  );
  const named = new Set(prepared.ids.filter((rowId): rowId is number => rowId !== null));
  for (const m of matches) if (!named.has(Number(m.id))) found.set(Number(m.row), Number(m.id));
  return found;
}
