// The catalog (app/domain/catalog.ts) is the one list of the rate and
// reference tables (issue 19, item 1). This walks it and checks that every
// list derived from it covers every entry, so a seventh mode or a tenth area
// added to the catalog is either complete everywhere or fails here: its
// Prisma model and enum value, its customer mode, its data area at the
// catalog's path, its menu and its routes, its operations, its booking labels
// and transport type, the log filter, its special-offer card, its read-cache
// version row and trigger, and its translations in both languages.
import { TransportMode } from "~/generated/prisma/enums";
import { Prisma } from "~/generated/prisma/client";
import {
  AREA_KEYS,
  CATALOG_MODELS,
  MODE_KEYS,
  RATE_TABLES,
  REFERENCE_TABLES,
  TRANSPORT_TYPES,
  rateModel,
  transportOf,
} from "~/domain/catalog";
import { MODES, modeByKey } from "~/domain/modes";
import { dataAreas } from "~/domain/data-areas";
import { moduleKey, moduleName, transportKey } from "~/domain/booking/labels";
import { NO_CONTAINER_TYPES, orderSchema, usesContainers } from "~/domain/booking/schemas";
import { entrustmentTable } from "~/domain/logs/staff-records.server";
import { offerFormFields } from "~/domain/offers/cards";
import { OPERATIONS, isOperation } from "~/domain/permissions/operations.server";
import { parseTableQuery } from "~/domain/table/paging.server";
import { supportedLanguages } from "~/i18n/config";
import { resources } from "~/i18n/resources.server";
import { VERSIONED_TABLES } from "~/domain/rates/read-cache.server";
import { prisma } from "~/utils/db.server";
import { sqlTable } from "~/utils/sql-names.server";
import { routeManifest } from "../support/routes";

function translated(lng: (typeof supportedLanguages)[number], key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>(
      (node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined),
      resources[lng],
    );
}

describe("the catalog: one entry per table, every derived list covers it", () => {
  it("the TransportMode enum of the schema is exactly the catalog's modes", () => {
    expect([...TRANSPORT_TYPES].sort()).toEqual(Object.values(TransportMode).sort());
  });

  it("every mode has one customer description, in catalog order, on its own Prisma model", () => {
    expect(MODES.map((m) => m.key)).toEqual(MODE_KEYS);
    for (const entry of RATE_TABLES) {
      const mode = modeByKey(entry.key);
      expect(mode.model).toBe(rateModel(entry.key));
      expect(mode.enumValue).toBe(transportOf(entry.key));
      expect(mode.path).toBe(entry.path);
      expect(typeof (prisma as unknown as Record<string, { findMany?: unknown }>)[mode.model]?.findMany, mode.model).toBe("function");
    }
    expect(new Set(RATE_TABLES.map((t) => t.path)).size).toBe(RATE_TABLES.length);
    expect(new Set(RATE_TABLES.map((t) => t.homeTab)).size).toBe(RATE_TABLES.length);
  });

  it("every field a mode's description names is a column of that mode's own table (not merely of some rate table)", () => {
    const enums = Prisma as unknown as Record<string, Record<string, string> | undefined>;
    for (const mode of MODES) {
      const own = enums[`${mode.model[0].toUpperCase()}${mode.model.slice(1)}ScalarFieldEnum`];
      expect(own, mode.model).toBeDefined();
      const columns = new Set(Object.values(own ?? {}));
      const listed: (string | null | undefined)[] = [
        ...mode.fields.map((f) => f.column),
        ...mode.facts.flatMap((f) => [f.field === "validity" ? "validFrom" : f.field, f.fallback]),
        ...mode.prices.flatMap((p) => Object.values(p.tiers ?? {})),
        "field" in mode.currency ? mode.currency.field : null,
      ];
      const named = listed.filter((f): f is string => typeof f === "string");
      expect(named.length, mode.key).toBeGreaterThan(2);
      expect(
        named.filter((f) => !columns.has(f)),
        `${mode.key}: fields its table (${mode.model}) does not have`,
      ).toEqual([]);
    }
  });

  it("every table has one data area at the catalog's path, on its model, with its operations", () => {
    expect(Object.keys(dataAreas).sort()).toEqual([...AREA_KEYS].sort());
    const entries = [
      ...RATE_TABLES.map((t) => ({ key: t.key, dataPath: t.dataPath, model: rateModel(t.key) as string })),
      ...REFERENCE_TABLES,
    ];
    for (const entry of entries) {
      const area = dataAreas[entry.key];
      expect(area.key).toBe(entry.key);
      expect(area.path).toBe(entry.dataPath);
      expect(area.model).toBe(entry.model);
      for (const verb of ["read", "delete", "import"]) {
        const id = `data.${entry.key}.${verb}`;
        expect(isOperation(id), id).toBe(true);
        if (isOperation(id)) expect(OPERATIONS[id].path).toBe(entry.dataPath);
      }
    }
    expect(
      Object.values(dataAreas)
        .filter((a) => a.fclTierMarkup)
        .map((a) => a.key),
    ).toEqual(["fcl"]);
  });

  it("every customer page and every data screen of the catalog is a route", () => {
    const urls = new Set(routeManifest().map((r) => r.url));
    for (const entry of RATE_TABLES) {
      expect(urls.has(entry.path), entry.path).toBe(true);
      expect(urls.has(entry.dataPath), entry.dataPath).toBe(true);
    }
    for (const entry of REFERENCE_TABLES) expect(urls.has(entry.dataPath), entry.dataPath).toBe(true);
  });

  it("every mode can be booked, filtered in the entrustment log and offered as a card", () => {
    for (const entry of RATE_TABLES) {
      const type = transportOf(entry.key);
      expect(moduleName("rate", type)).toBe(`${entry.modulePrefix} rate`);
      expect(moduleName("offer", type)).toBe(`${entry.modulePrefix} special route`);
      expect(usesContainers(type)).toBe(entry.containers);
      expect(NO_CONTAINER_TYPES.includes(type)).toBe(!entry.containers);
      const order = orderSchema.safeParse({ transportType: type });
      const typeIssue = order.success ? undefined : order.error.issues.find((issue) => issue.path[0] === "transportType");
      expect(typeIssue, type).toBeUndefined();
      const log = parseTableQuery(new URL(`http://x/app-order?mode=${type}`), entrustmentTable);
      expect(log.filters.mode, type).toBe(type);
      expect(offerFormFields(modeByKey(entry.key)).length).toBeGreaterThan(1);
    }
  });

  it("every table's read caches follow its version row, which its trigger keeps", async () => {
    const rows = await prisma.$queryRaw<{ name: string }[]>`SELECT name FROM data_versions`;
    const triggers = await prisma.$queryRaw<{ table: string }[]>`
      SELECT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      JOIN pg_proc p ON p.oid = t.tgfoid WHERE p.proname = 'bump_data_version' AND NOT t.tgisinternal`;
    for (const model of CATALOG_MODELS) {
      const table = sqlTable(model);
      expect(VERSIONED_TABLES, model).toContain(table);
      expect(
        rows.map((r) => r.name),
        table,
      ).toContain(table);
      expect(
        triggers.map((t) => t.table),
        table,
      ).toContain(table);
    }
  });

  it("every mode and area is named in both languages", () => {
    for (const lng of supportedLanguages) {
      for (const entry of RATE_TABLES) {
        const type = transportOf(entry.key);
        for (const key of [entry.labelKey, transportKey(type), moduleKey("rate", type), moduleKey("offer", type)]) {
          expect(typeof translated(lng, key), `${lng} ${key}`).toBe("string");
        }
      }
      for (const key of AREA_KEYS)
        expect(typeof translated(lng, dataAreas[key].titleKey), `${lng} ${dataAreas[key].titleKey}`).toBe("string");
    }
  });
});
