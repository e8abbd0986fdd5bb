// Set-based insert for the big tables (ports, airports, rates): one statement
// per chunk that lets PostgreSQL turn a JSON array into rows, instead of
// Prisma's per-row createMany processing (several times slower for thousands
// of wide rows). Column names follow the schema's convention: camelCase field
// → snake_case column (gp20T0 → gp20_t0, zone1 → zone_1).
import type { Tx } from "./types.ts";

export function columnName(field: string): string {
  return field.replace(/^zone(\d)$/, "zone_$1").replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export async function bulkInsert(tx: Tx, table: string, rows: object[], chunkSize = 2000): Promise<void> {
  if (rows.length === 0) return;
  const fields = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const columns = fields.map((f) => `"${columnName(f)}"`).join(", ");
  for (let i = 0; i < rows.length; i += chunkSize) {
    const chunk = rows.slice(i, i + chunkSize).map((row) => {
      const r = row as Record<string, unknown>;
      return Object.fromEntries(fields.map((f) => [columnName(f), r[f] ?? null]));
    });
    await tx.$executeRawUnsafe(
      `INSERT INTO "${table}" (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::"${table}", $1::json)`,
      JSON.stringify(chunk),
    );
  }
}
