// What an import reports (issue 22 items 1, 2 (headers), 3 and 9): unknown
// and misspelt headers, the screen's own labels as headers, long date-error
// lists, formula cells without values, zip bombs that lie about their size.
import * as XLSX from "@e965/xlsx";
import { beforeAll, describe, expect, it } from "vitest";
import * as fcl from "~/routes/backoffice/data-area";
import * as rail from "~/routes/backoffice/data-area";
import { fclArea, railArea } from "~/domain/data-areas";
import type { DataArea } from "~/domain/data-areas/types";
import { createLiteI18n } from "~/i18n/lite";
import { resources } from "~/i18n/resources.server";
import { prisma } from "~/utils/db.server";
import { withTestDb } from "../support/db";
import { loginAs } from "../support/requests";
import { flashOf, headers, rowOf, sheetBytes, uploadTo } from "./helpers";

let cookie: string;
beforeAll(async () => {
  cookie = await loginAs("data@example.com");
});

type Failure = {
  intent: "import";
  problems: { key: string; values?: Record<string, string | number> }[];
  badRows: number[];
  dateErrorIds?: number[];
};
const tableSnapshot = (table: string) => withTestDb(async (db) => (await db.query(`SELECT * FROM ${table} ORDER BY id`)).rows);
const fclRow = (values: Record<string, unknown>) =>
  rowOf(fclArea, { pol: "SHANGHAI", pod: "LOS ANGELES", "20GP_T0": 100, valid_fm: "2026-01-01", valid_to: "2026-02-01", ...values });

describe("unknown and misspelt headers (issue 22.1)", () => {
  it("a misspelt price header (20GP-T0) is refused, naming the expected header and the one found; nothing written", async () => {
    const before = await tableSnapshot("fcl_rates");
    const head = headers(fclArea).map((h) => (h === "20GP_T0" ? "20GP-T0" : h));
    const result = await uploadTo(fcl, "/fclbyseaData", cookie, sheetBytes([head, fclRow({ id: 820_001 })]), "fcl.xlsx");
    expect(result.status).toBe(400);
    expect((result.data as Failure).problems).toEqual([
      { key: "data.import.misspeltPrice", values: { expected: "20GP_T0", found: "20GP-T0" } },
    ]);
    expect(await tableSnapshot("fcl_rates")).toEqual(before);
  });

  it("columns that matched nothing are named in the result; the rest is imported", async () => {
    const head = [...headers(fclArea), "remarks", "承运商备注"];
    const row = [...fclRow({ id: 820_002 }), "x", "y"];
    const result = await uploadTo(fcl, "/fclbyseaData", cookie, sheetBytes([head, row]), "fcl.xlsx");
    expect(result.status).toBe(302);
    expect(await flashOf(result, cookie)).toMatchObject({
      type: "warning",
      key: "data.msg.importedUnmatched",
      values: { rows: 1, inserted: 1, updated: 0, columns: "remarks, 承运商备注" },
    });
    expect(await prisma.fclRate.count({ where: { id: 820_002 } })).toBe(1);
  });

  it("a missing required column names the closest header found", async () => {
    const head = headers(fclArea).map((h) => (h === "pod" ? "podd" : h));
    const result = await uploadTo(fcl, "/fclbyseaData", cookie, sheetBytes([head, fclRow({ id: 820_003 })]), "fcl.xlsx");
    expect(result.status).toBe(400);
    expect((result.data as Failure).problems).toEqual([
      { key: "data.import.missingColumns", values: { columns: "pod" } },
      { key: "data.import.closestHeader", values: { expected: "pod", found: "podd" } },
    ]);
  });
});

describe("the screen's labels are header aliases (issue 22.2)", () => {
  const labelled = (area: DataArea, lng: "zh-CN" | "en-US") => {
    const { t } = createLiteI18n(lng, resources[lng]);
    return area.columns.map((c) => t(c.labelKey, c.labelValues ?? {}));
  };

  it.each(["zh-CN", "en-US"] as const)("an FCL sheet headed with the %s labels (ID, 起运港, 目的港 …) imports", async (lng) => {
    const id = lng === "zh-CN" ? 820_010 : 820_011;
    const head = labelled(fclArea, lng);
    expect(head).toContain(lng === "zh-CN" ? "起运港" : "Origin");
    const result = await uploadTo(fcl, "/fclbyseaData", cookie, sheetBytes([head, fclRow({ id, "40GP_T1": 222 })]), "fcl.xlsx");
    expect(result.status).toBe(302);
    expect(await flashOf(result, cookie)).toMatchObject({ type: "success", key: "data.msg.imported" });
    const row = await prisma.fclRate.findUniqueOrThrow({ where: { id } });
    expect([row.pol, row.pod, Number(row.gp20T0), Number(row.gp40T1)]).toEqual(["SHANGHAI", "LOS ANGELES", 100, 222]);
  });

  it("a rail sheet headed ID, 起运港, 目的港, 40COC T0 imports (the issue's example)", async () => {
    const head = labelled(railArea, "zh-CN");
    expect(head).toEqual(expect.arrayContaining(["ID", "起运港", "目的港", "40COC T0"]));
    const values: Record<string, unknown> = {
      id: 820_020,
      pol: "CHENGDU",
      pod: "WARSAW",
      "40coc_T0": 3000,
      valid_fm: "2026-01-01",
      valid_to: "2026-02-01",
    };
    const row = railArea.columns.map((c) => (c.header in values ? values[c.header] : null));
    const result = await uploadTo(rail, "/railRoadData", cookie, sheetBytes([head, row]), "rail.xlsx");
    expect(result.status).toBe(302);
    const saved = await prisma.railRate.findUniqueOrThrow({ where: { id: 820_020 } });
    expect([saved.pol, saved.pod]).toEqual(["CHENGDU", "WARSAW"]);
  });
});

describe("long date-error lists (issue 22.3)", () => {
  it("shows the count and the first 20 ids; the whole list comes with the refusal for download", async () => {
    const rows: unknown[][] = [headers(fclArea)];
    for (let i = 1; i <= 45; i++) rows.push(fclRow({ id: 830_000 + i, valid_to: "2026-02-30" }));
    const result = await uploadTo(fcl, "/fclbyseaData", cookie, sheetBytes(rows), "fcl.xlsx");
    expect(result.status).toBe(400);
    const data = result.data as Failure;
    const ids = Array.from({ length: 45 }, (_, i) => 830_001 + i);
    expect(data.problems[0]).toEqual({ key: "data.import.dateErrorMany", values: { count: 45, ids: ids.slice(0, 20).join(",") } });
    expect(data.dateErrorIds).toEqual(ids);
  });
});

describe("formula cells and lying zips (issue 22.9)", () => {
  it("formula cells saved without a value are named, not imported as empty", async () => {
    const sheet = XLSX.utils.aoa_to_sheet([headers(fclArea), fclRow({ id: 840_001 })]);
    const priceColumn = headers(fclArea).indexOf("20GP_T0");
    const address = XLSX.utils.encode_cell({ r: 1, c: priceColumn });
    sheet[address] = { t: "n", f: "100+20" };
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, "sheet1");
    const bytes = new Uint8Array(XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer);
    const result = await uploadTo(fcl, "/fclbyseaData", cookie, bytes, "fcl.xlsx");
    expect(result.status).toBe(400);
    expect((result.data as Failure).problems).toEqual([{ key: "data.import.formulaNoValue", values: { count: 1, cells: address } }]);
    expect(await prisma.fclRate.count({ where: { id: 840_001 } })).toBe(0);
  });

  it("an .xlsx whose entries inflate beyond their declared size is refused as a zip bomb", async () => {
    const rows: unknown[][] = [headers(fclArea)];
    for (let i = 1; i <= 200; i++) rows.push(fclRow({ id: 850_000 + i }));
    const bytes = sheetBytes(rows);
    // Falsify the declared size of every entry (central directory and local headers).
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i + 4 <= bytes.length; i++) {
      const signature = view.getUint32(i, true);
      if (signature === 0x02014b50) view.setUint32(i + 24, 16, true);
      else if (signature === 0x04034b50) view.setUint32(i + 22, 16, true);
    }
    const result = await uploadTo(fcl, "/fclbyseaData", cookie, bytes, "bomb.xlsx");
    expect(result.status).toBe(400);
    expect((result.data as Failure).problems).toEqual([{ key: "data.import.zipBomb" }]);
  });
});
