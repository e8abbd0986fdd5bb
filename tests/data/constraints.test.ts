// Column constraints (issue 18, findings 5 and 6): the data-area
// descriptions (app/domain/data-areas/) are the one place the edit forms and
// the imports read a column's rules from, and they must say what the
// database says (prisma/schema.prisma): NOT NULL, precision and scale, and
// no negative prices. So the database never refuses a value a form or an
// import accepted, and a refused value gets a message, never a 500.
import fs from "node:fs";
import path from "node:path";
import { dataAreas, type DataArea } from "~/domain/data-areas";
import { decimalBounds, editColumns, type AreaColumn } from "~/domain/data-areas/types";
import { prisma } from "~/utils/db.server";
import { api, tokenOf } from "../api/helpers";
import { loginAs } from "../support/requests";
import { importRouteNamed } from "../support/routes";
import { flashOf, post, rowOf, sheetBytes, uploadTo } from "./helpers";

type SchemaField = {
  name: string;
  type: string;
  optional: boolean;
  hasDefault: boolean;
  decimal: { precision: number; scale: number } | null;
};

/** The scalar fields of each model of prisma/schema.prisma. */
function schemaModels(): Map<string, SchemaField[]> {
  const text = fs.readFileSync(path.resolve(process.cwd(), "prisma", "schema.prisma"), "utf8");
  const models = new Map<string, SchemaField[]>();
  for (const [, name, body] of text.matchAll(/^model (\w+) \{\n([\s\S]*?)^\}/gm)) {
    const fields: SchemaField[] = [];
    for (const line of body.split("\n")) {
      const match = /^\s+(\w+)\s+(\w+)(\??)(\[\])?\s*(.*)$/.exec(line);
      if (!match || line.trim().startsWith("//") || line.trim().startsWith("@@")) continue;
      const [, field, type, optional, list, attrs] = match;
      if (list || attrs.includes("@relation")) continue;
      const decimal = /@db\.Decimal\((\d+),\s*(\d+)\)/.exec(attrs);
      fields.push({
        name: field,
        type,
        optional: optional === "?",
        hasDefault: /@default\(|@updatedAt/.test(attrs),
        decimal: decimal ? { precision: Number(decimal[1]), scale: Number(decimal[2]) } : null,
      });
    }
    models.set(name, fields);
  }
  return models;
}

const modelOf = (area: DataArea) => area.model[0].toUpperCase() + area.model.slice(1);
const AREAS = Object.values(dataAreas);
const models = schemaModels();

describe("the data-area descriptions say what the Prisma schema says", () => {
  test.each(AREAS.map((a) => [a.key, a] as const))("%s", (_key, area) => {
    const fields = models.get(modelOf(area));
    expect(fields, modelOf(area)).toBeDefined();
    const byName = new Map(fields!.map((f) => [f.name, f]));
    for (const column of area.columns) {
      const field = byName.get(column.field);
      expect(field, `${area.key}.${column.field} is not a column of ${modelOf(area)}`).toBeDefined();
      if (column.kind === "id" || column.field === "updatedAt" || column.kind === "bool") continue;
      const where = `${area.key}.${column.field}`;
      // NOT NULL: the form and the import must refuse empty (an import may use the default).
      if (!field!.optional) expect(column.required, `${where} is NOT NULL: it must be required`).toBeTruthy();
      if (!field!.optional && field!.hasDefault) expect(column.sqlDefault, `${where} has a default: the import fills it`).toBeDefined();
      if (field!.optional) expect(column.required, `${where} may be NULL: it must not be required`).toBeFalsy();
      if (field!.decimal) {
        const { precision, scale } = field!.decimal;
        expect(column.kind, where).toBe("decimal");
        const bounds = decimalBounds(column);
        expect(bounds.scale, `${where} scale`).toBe(scale);
        expect(bounds.max, `${where} max`).toBeCloseTo(10 ** (precision - scale) - 10 ** -scale, scale);
        expect(bounds.min, `${where}: prices, weights and factors are never negative`).toBe(0);
      } else {
        expect(column.kind, `${where} is ${field!.type}`).not.toBe("decimal");
      }
    }
    // A NOT NULL column without a default that the area does not describe would make every insert fail.
    const described = new Set(area.columns.map((c) => c.field));
    for (const field of fields!) {
      if (!field.optional && !field.hasDefault)
        expect(described.has(field.name), `${modelOf(area)}.${field.name} is NOT NULL without a default`).toBe(true);
    }
  });
});

/** A value at a decimal column's upper bound ("9999999999.99", "9999999.9", "99.9999"). */
const atMax = (c: AreaColumn) => decimalBounds(c).max.toFixed(decimalBounds(c).scale);

/** Every edit column filled with a value the form accepts: decimals at their maximum. */
function boundaryForm(area: DataArea, row: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const c of editColumns(area)) {
    if (c.kind === "decimal") fields[c.field] = atMax(c);
    else if (c.kind === "date") fields[c.field] = "2099-12-31";
    else if (c.kind === "localDateTime") fields[c.field] = "2099-12-31T18:00";
    else if (c.kind === "bool") continue;
    else fields[c.field] = String(row[c.field] ?? "x");
  }
  return fields;
}

const EDITABLE = AREAS.filter((a) => a.edit);
const route = (area: DataArea) =>
  importRouteNamed<{ loader: (args: any) => unknown; action: (args: any) => unknown }>(`_bo${area.path.replace("/", ".")}`);
const delegate = (area: DataArea) =>
  prisma[area.model as "fclRate"] as unknown as {
    findFirstOrThrow(args: object): Promise<Record<string, unknown> & { id: number }>;
    findUniqueOrThrow(args: object): Promise<Record<string, unknown>>;
  };

describe("edit forms: what the form accepts the database stores; what it cannot store is refused with a message", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await loginAs("data@example.com");
  });

  test.each(EDITABLE.map((a) => [a.key, a] as const))("%s: every number at its maximum is saved", async (_key, area) => {
    const row = await delegate(area).findFirstOrThrow({ orderBy: { id: "asc" } });
    const result = await post(await route(area), area.path, cookie, { intent: "save", id: row.id, ...boundaryForm(area, row) });
    expect(await flashOf(result, cookie), JSON.stringify(result.data)).toMatchObject({ type: "success" });
  });

  test.each(EDITABLE.map((a) => [a.key, a] as const))("%s: a negative number is refused, nothing saved", async (_key, area) => {
    const row = await delegate(area).findFirstOrThrow({ orderBy: { id: "desc" } });
    for (const c of editColumns(area).filter((c) => c.kind === "decimal")) {
      const result = await post(await route(area), area.path, cookie, {
        intent: "save",
        id: row.id,
        ...boundaryForm(area, row),
        [c.field]: "-1",
      });
      expect(result.status, `${area.key}.${c.field}`).toBe(400);
      expect(result.data.result.error[c.field], `${area.key}.${c.field}`).toEqual(["data.validation.negative"]);
    }
    expect(await delegate(area).findUniqueOrThrow({ where: { id: row.id } })).toEqual(row);
  });

  test.each(EDITABLE.map((a) => [a.key, a] as const))(
    "%s: every NOT NULL column left empty is refused, nothing saved",
    async (_key, area) => {
      const row = await delegate(area).findFirstOrThrow({ orderBy: { id: "desc" } });
      for (const c of editColumns(area).filter((c) => c.required)) {
        const result = await post(await route(area), area.path, cookie, {
          intent: "save",
          id: row.id,
          ...boundaryForm(area, row),
          [c.field]: "",
        });
        expect(result.status, `${area.key}.${c.field}`).toBe(400);
        expect(result.data.result.error[c.field], `${area.key}.${c.field}`).toEqual([c.required]);
      }
      expect(await delegate(area).findUniqueOrThrow({ where: { id: row.id } })).toEqual(row);
    },
  );

  test("the finding: clearing 币种 of a rail rate is refused on the page and through the API, the row unchanged", async () => {
    const row = await prisma.railRate.findFirstOrThrow({ orderBy: { id: "asc" } });
    const page = await post(await route(dataAreas.rail), "/railRoadData", cookie, {
      intent: "save",
      id: row.id,
      pol: row.pol,
      pod: row.pod,
      currency: "",
    });
    expect(page.status).toBe(400);
    expect(page.data.result.error.currency).toEqual(["data.validation.required"]);
    const viaApi = await api("PUT", "/data/editrailroad", {
      token: await tokenOf("data@example.com"),
      body: { id: row.id, pol: row.pol, pod: row.pod, currency: "" },
    });
    expect(viaApi.http).toBe(400);
    expect(viaApi.body.message).toBe("此项为必填项");
    expect(await prisma.railRate.findUniqueOrThrow({ where: { id: row.id } })).toEqual(row);
  });

  test("the finding: a negative price through the API edit is refused", async () => {
    const row = await prisma.fclRate.findFirstOrThrow({ orderBy: { id: "asc" } });
    const viaApi = await api("PUT", "/data/editfcl", {
      token: await tokenOf("data@example.com"),
      body: { id: row.id, pol: row.pol, pod: row.pod, "20GP_T0": "-100" },
    });
    expect(viaApi.http).toBe(400);
    expect(viaApi.body.message).toBe("不能为负数");
    expect(await prisma.fclRate.findUniqueOrThrow({ where: { id: row.id } })).toEqual(row);
  });

  test("a markup that would take a price past what its column holds is refused whole", async () => {
    const [a, b] = await prisma.fclRate.findMany({ orderBy: { id: "asc" }, take: 2 });
    await prisma.fclRate.update({ where: { id: b.id }, data: { gp20T1: "9999999999.00" } });
    const before = await prisma.fclRate.findMany({ where: { id: { in: [a.id, b.id] } }, orderBy: { id: "asc" } });
    const result = await post(await route(dataAreas.fcl), "/fclbyseaData", cookie, { intent: "markup", ids: [a.id, b.id], gp20T1: "1" });
    // Refused on the page, the rows still selected (issue 22 item 8).
    expect(result).toMatchObject({ status: 400, data: { intent: "markup", key: "data.fcl.markupTooLarge", ids: [a.id, b.id] } });
    expect(await prisma.fclRate.findMany({ where: { id: { in: [a.id, b.id] } }, orderBy: { id: "asc" } })).toEqual(before);
  });
});

describe("imports: the same rules as the forms", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await loginAs("data@example.com");
  });

  test.each(AREAS.filter((a) => a.columns.some((c) => c.kind === "decimal")).map((a) => [a.key, a] as const))(
    "%s: negative numbers are refused with their row, numbers at their maximum stored",
    async (_key, area) => {
      const record = (value: (c: AreaColumn) => unknown) =>
        Object.fromEntries(
          area.columns.map((c) => [
            c.header,
            c.kind === "decimal"
              ? value(c)
              : c.kind === "id"
                ? null
                : c.kind === "date" || c.kind === "localDateTime"
                  ? "2099-12-31"
                  : c.kind === "datetime" || c.kind === "bool"
                    ? null
                    : c.field === "validityText"
                      ? "2026-01-01至2099-12-31"
                      : // A currency is an ISO 4217 code (issue 40 item 4).
                        c.normalize === "currency"
                        ? "USD"
                        : `Z${c.field}`,
          ]),
        );
      const headers = area.columns.map((c) => c.header);
      const pad = area.import.air ? [headers] : [];
      const count = () => prisma[area.model as "fclRate"].count();
      const before = await count();
      const negative = await uploadTo(
        await route(area),
        area.path,
        cookie,
        sheetBytes([
          headers,
          ...pad,
          rowOf(
            area,
            record(() => -1),
          ),
        ]),
      );
      expect(negative.status, JSON.stringify(negative.data)).toBe(400);
      expect(negative.data.problems[0].key).toBe("data.import.negativeNumber");
      expect(await count()).toBe(before);
      const max = await uploadTo(
        await route(area),
        area.path,
        cookie,
        sheetBytes([
          headers,
          ...pad,
          rowOf(
            area,
            record((c) => Number(atMax(c))),
          ),
        ]),
        "max.xlsx",
      );
      expect(await flashOf(max, cookie), JSON.stringify(max.data)).toMatchObject({ type: "success" });
      expect(await count()).toBe(before + 1);
    },
  );
});
