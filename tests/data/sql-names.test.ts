// SQL names come from the schema (issue 19, item 1): utils/sql-names.server.ts
// reads them from the data model Prisma generates from prisma/schema.prisma,
// where the import, range delete, markup and checks used to guess them back
// from the field name by a regex (with a special case for zone_1/zone_2).
// Every column of every catalog table, as the data areas and the customer
// modes name it, must name a real column of the real database.
import { CATALOG_MODELS } from "~/domain/catalog";
import { dataAreas } from "~/domain/data-areas";
import { MODES } from "~/domain/modes";
import { prisma } from "~/utils/db.server";
import { scalarFields, sqlColumn, sqlTable } from "~/utils/sql-names.server";

async function databaseColumns(): Promise<Map<string, Set<string>>> {
  const rows = await prisma.$queryRaw<{ table: string; column: string }[]>`
    SELECT table_name AS table, column_name AS column FROM information_schema.columns WHERE table_schema = current_schema()`;
  const tables = new Map<string, Set<string>>();
  for (const row of rows) tables.set(row.table, (tables.get(row.table) ?? new Set()).add(row.column));
  return tables;
}

describe("SQL names from the schema", () => {
  it("every field of every catalog model names a column of its table in the database", async () => {
    const tables = await databaseColumns();
    for (const model of CATALOG_MODELS) {
      const columns = tables.get(sqlTable(model));
      expect(columns, model).toBeDefined();
      for (const field of scalarFields(model)) expect(columns!.has(sqlColumn(model, field)), `${model}.${field}`).toBe(true);
    }
  });

  it("every column, filter and check of the data areas and every search column of the modes is a field of its model", () => {
    for (const area of Object.values(dataAreas)) {
      const fields = new Set(scalarFields(area.model));
      const named = [
        ...area.columns.map((c) => c.field),
        ...area.filters.flatMap((f) => (f.kind === "select" ? [f.field] : f.fields)),
        ...(area.dateFilter ? [area.dateFilter.field] : []),
        ...(area.spaceCheckField ? [area.spaceCheckField] : []),
      ];
      for (const field of named) expect(fields.has(field), `${area.key}.${field}`).toBe(true);
    }
    for (const mode of MODES) {
      const fields = new Set(scalarFields(mode.model));
      const named = [
        ...mode.fields.flatMap((f) => (f.column ? [f.column] : [])),
        ...mode.facts.flatMap((f) => (f.kind === "validity" ? ["validFrom", "validTo"] : [f.field, ...(f.fallback ? [f.fallback] : [])])),
        ...mode.prices.flatMap((p) => (p.tiers ? Object.values(p.tiers) : [])),
      ];
      for (const field of named) expect(fields.has(field), `${mode.key}.${field}`).toBe(true);
    }
  });

  it("follows @map where a guess would not: express zones 1 and 2", () => {
    expect(sqlColumn("expressRate", "zone1")).toBe("zone_1");
    expect(sqlColumn("expressRate", "zoneT1")).toBe("zone_t1");
    expect(sqlTable("seaPort")).toBe("sea_ports");
    expect(() => sqlColumn("fclRate", "nope")).toThrow(/unknown field/);
  });
});
