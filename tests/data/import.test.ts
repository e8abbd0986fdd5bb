// Excel import (data-maintenance.md 5) through the real route actions, with
// real .xls and .xlsx files built here with SheetJS.
import { beforeAll, describe, expect, it } from "vitest";
import * as fcl from "~/routes/backoffice/data-area";
import * as lcl from "~/routes/backoffice/data-area";
import * as air from "~/routes/backoffice/data-area";
import * as port from "~/routes/backoffice/data-area";
import * as expressCountry from "~/routes/backoffice/data-area";
import * as rail from "~/routes/backoffice/data-area";
import { airArea, expressCountryArea, fclArea, lclArea, portArea, railArea } from "~/domain/data-areas";
import { parseSheetInWorker, SheetWorkerError } from "~/domain/import-export/sheet-worker.server";
import { prisma } from "~/utils/db.server";
import { allowConsoleError, withTestDb } from "../support/db";
import { callRoute, fileOf, loginAs, postMultipart } from "../support/requests";
import { fakeZip, flashOf, headers, rowOf, sheetBytes, uploadTo, type Book } from "./helpers";

let cookie: string;
beforeAll(async () => {
  cookie = await loginAs("data@example.com");
});

type Failure = { intent: "import"; problems: { key: string; values?: Record<string, string | number> }[]; badRows: number[] };
const keys = (data: Failure) => data.problems.map((p) => p.key);
const tableSnapshot = (table: string) => withTestDb(async (db) => (await db.query(`SELECT * FROM ${table} ORDER BY id`)).rows);

const fclRow = (values: Record<string, unknown>) =>
  rowOf(fclArea, { pol: "SHANGHAI", pod: "LOS ANGELES", "20GP_T0": 100, valid_fm: "2026-01-01", valid_to: "2026-02-01", ...values });

describe.each<Book>(["xlsx", "xls"])("FCL import from .%s", (book) => {
  const name = `fcl.${book}`;
  const base = book === "xlsx" ? 700_000 : 710_000;

  it("normalises serial numbers, Date cells and 2026/1/5, 2026-01-05, 2026.1.5 to YYYY-MM-DD", async () => {
    const bytes = sheetBytes(
      [
        headers(fclArea),
        fclRow({ id: base + 1, valid_fm: "2026/1/5", valid_to: "2026.2.5" }),
        fclRow({ id: base + 2, valid_fm: "2026-01-05", valid_to: 46_058 }),
        fclRow({ id: base + 3, valid_fm: new Date(Date.UTC(2026, 0, 5)), valid_to: "2026年3月1日" }),
      ],
      book,
    );
    const result = await uploadTo(fcl, "/fclbyseaData", cookie, bytes, name);
    expect(result.status).toBe(302);
    expect(await flashOf(result, cookie)).toMatchObject({
      type: "success",
      key: "data.msg.imported",
      values: { rows: 3, inserted: 3, updated: 0 },
    });
    const rows = await prisma.fclRate.findMany({ where: { id: { gt: base, lte: base + 3 } }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.validFrom?.toISOString().slice(0, 10), r.validTo?.toISOString().slice(0, 10)])).toEqual([
      ["2026-01-05", "2026-02-05"],
      ["2026-01-05", "2026-02-05"],
      ["2026-01-05", "2026-03-01"],
    ]);
  });

  it("one bad date anywhere leaves the table unchanged and names the ids (ID为{ids}日期错误) and rows", async () => {
    const before = await tableSnapshot("fcl_rates");
    const rows: unknown[][] = [headers(fclArea)];
    for (let i = 1; i <= 300; i++) rows.push(fclRow({ id: i, "20GP_T0": 1 }));
    rows[150] = fclRow({ id: 150, "20GP_T0": 1, valid_to: "2026-02-30" });
    rows[299] = fclRow({ id: 299, "20GP_T0": 1, valid_fm: "" });
    rows.push(fclRow({ id: null, "20GP_T0": 1, valid_to: "someday" }));
    const result = await uploadTo(fcl, "/fclbyseaData", cookie, sheetBytes(rows, book), name);
    expect(result.status).toBe(400);
    const data = result.data as Failure;
    expect(data.problems[0]).toEqual({ key: "data.import.dateError", values: { ids: "150,299" } });
    expect(data.problems[1]).toEqual({ key: "data.import.dateErrorRows", values: { rows: "302" } });
    expect(data.badRows).toEqual([151, 300, 302]);
    expect(await tableSnapshot("fcl_rates")).toEqual(before);
  });

  it("reports every bad row: numbers, flags, missing pol, repeated ids", async () => {
    const before = await tableSnapshot("fcl_rates");
    const bytes = sheetBytes(
      [
        headers(fclArea),
        fclRow({ id: base + 10, "20GP_T0": "abc" }),
        fclRow({ id: base + 11, yes_no: "maybe" }),
        fclRow({ id: base + 12, pol: null }),
        fclRow({ id: base + 12 }),
        fclRow({ id: "x1" }),
      ],
      book,
    );
    const result = await uploadTo(fcl, "/fclbyseaData", cookie, bytes, name);
    expect(result.status).toBe(400);
    const data = result.data as Failure;
    expect(keys(data)).toEqual([
      "data.import.badNumber",
      "data.import.badFlag",
      "data.import.missing",
      "data.import.duplicateId",
      "data.import.badId",
    ]);
    expect(data.problems[0].values).toMatchObject({ row: 2, column: "20GP_T0" });
    expect(data.badRows).toEqual([2, 3, 4, 5, 6]);
    expect(await tableSnapshot("fcl_rates")).toEqual(before);
  });
});

describe("import semantics: upsert by id, append without id", () => {
  it("updates existing ids, appends rows without an id after the largest id, and logs the import", async () => {
    const existing = await prisma.fclRate.findFirstOrThrow({ orderBy: { id: "asc" } });
    const bytes = sheetBytes([
      headers(fclArea),
      fclRow({ id: existing.id, pol: existing.pol, pod: existing.pod, "20GP_T0": 4321, carrier: "NEWCARRIER" }),
      fclRow({ id: 900_000, pod: "DURBAN" }),
      fclRow({ pod: "SANTOS" }),
    ]);
    const result = await uploadTo(fcl, "/fclbyseaData", cookie, bytes);
    expect(result.status).toBe(302);
    const updated = await prisma.fclRate.findUniqueOrThrow({ where: { id: existing.id } });
    expect(updated.gp20T0?.toString()).toBe("4321");
    expect(updated.carrier).toBe("NEWCARRIER");
    const appended = await prisma.fclRate.findFirstOrThrow({ where: { pod: "SANTOS", gp20T0: 100 } });
    expect(appended.id).toBeGreaterThan(900_000);
    const log = await prisma.operationLog.findFirstOrThrow({ where: { module: "import", operation: "fclRates" }, orderBy: { id: "desc" } });
    expect(log).toMatchObject({ userId: 6, username: "datastaff" });
    expect(log.targetIds).toContain(String(existing.id));
    expect(JSON.parse(log.params ?? "{}")).toMatchObject({ rows: 3, inserted: 2, updated: 1 });
  });
});

describe("upload rules", () => {
  it("no file: 请上传附件！", async () => {
    const result = await uploadTo(fcl, "/fclbyseaData", cookie, null);
    expect(result.status).toBe(400);
    expect(keys(result.data)).toEqual(["data.import.noFile"]);
  });

  it("wrong extension or not a spreadsheet: 附件格式错误，请重新上传！", async () => {
    for (const [bytes, name] of [
      [sheetBytes([["a"], [1]]), "rates.csv"],
      [new TextEncoder().encode("id,pol\n1,SHANGHAI\n"), "rates.xlsx"],
      [new TextEncoder().encode("<html></html>"), "rates.xls"],
    ] as const) {
      const result = await uploadTo(fcl, "/fclbyseaData", cookie, bytes, name);
      expect(result.status).toBe(400);
      expect(keys(result.data)).toEqual(["data.import.badType"]);
    }
  });

  it("over 2 MB: 该文件大小不能超过2MB… (stops reading at the limit)", async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    const result = await uploadTo(fcl, "/fclbyseaData", cookie, big, "big.xlsx");
    expect(result.status).toBe(400);
    expect(keys(result.data)).toEqual(["data.import.tooLarge"]);
    // A declared body far over the limit is refused before reading.
    const request = postMultipart(
      "/fclbyseaData",
      { intent: "import", file: fileOf(big, "big.xlsx") },
      { cookie, headers: { "Content-Length": String(10 * 1024 * 1024) } },
    );
    const declared = await callRoute(fcl.action, request);
    expect(keys(declared.data)).toEqual(["data.import.tooLarge"]);
  });

  it("refuses zip bombs and unreadable files without touching the table", async () => {
    const bomb = await uploadTo(fcl, "/fclbyseaData", cookie, fakeZip(3, 200 * 1024 * 1024), "bomb.xlsx");
    expect(keys(bomb.data)).toEqual(["data.import.tooComplex"]);
    const before = await tableSnapshot("fcl_rates");
    const zipGarbage = new Uint8Array(4096).fill(7);
    zipGarbage.set([0x50, 0x4b, 0x03, 0x04]);
    const unreadable = await uploadTo(fcl, "/fclbyseaData", cookie, zipGarbage, "garbage.xlsx");
    expect(unreadable.status).toBe(400);
    expect(keys(unreadable.data)).toEqual(["data.import.unreadable"]);
    const oleGarbage = new Uint8Array(4096).fill(7);
    oleGarbage.set([0xd0, 0xcf, 0x11, 0xe0]);
    const refused = await uploadTo(fcl, "/fclbyseaData", cookie, oleGarbage, "garbage.xls");
    expect(refused.status).toBe(400);
    expect(await tableSnapshot("fcl_rates")).toEqual(before);
  });

  it("the parsing worker is stopped at its time limit", async () => {
    const rows = [headers(fclArea), ...Array.from({ length: 2000 }, (_, i) => fclRow({ id: i + 1 }))];
    await expect(
      parseSheetInWorker(sheetBytes(rows), { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 48, timeoutMs: 5 }),
    ).rejects.toThrow(SheetWorkerError);
  });

  it("reports missing columns by their headers", async () => {
    const result = await uploadTo(
      fcl,
      "/fclbyseaData",
      cookie,
      sheetBytes([
        ["id", "pol", "valid_fm"],
        [1, "SHANGHAI", "2026-01-01"],
      ]),
    );
    expect(result.data.problems).toEqual([{ key: "data.import.missingColumns", values: { columns: "pod" } }]);
  });
});

describe("LCL import: every row needs a pod and a valid validity date", () => {
  it("blocks the import with ID为{ids}日期错误", async () => {
    const before = await tableSnapshot("lcl_rates");
    const row = (values: Record<string, unknown>) => rowOf(lclArea, { pol: "SHANGHAI", pod: "TOKYO", valid_to: "2026-03-01", ...values });
    const bytes = sheetBytes(
      [headers(lclArea), row({ id: 801 }), row({ id: 802, valid_to: null }), row({ id: 803, valid_to: "2026/2/31" })],
      "xls",
    );
    const result = await uploadTo(lcl, "/lclbyseaData", cookie, bytes, "lcl.xls");
    expect(result.status).toBe(400);
    expect(result.data.problems[0]).toEqual({ key: "data.import.dateError", values: { ids: "802,803" } });
    expect(await tableSnapshot("lcl_rates")).toEqual(before);
  });
});

describe("air import: two variants", () => {
  const allHeaders = headers(airArea);
  const extra = new Set(airArea.import.air!.extraFields.map((f) => airArea.columns.find((c) => c.field === f)!.header));
  const plainHeaders = allHeaders.filter((h) => !extra.has(h));
  const row = (hs: string[], values: Record<string, unknown>) =>
    hs.map((h) => (h in values ? values[h] : h.startsWith("bulk_") || h.startsWith("tray_") ? 5.5 : null));
  const base = { pol: "PVG", pod: "FRA", yxq: "2026-01-01至2026-03-31" };

  it("the standard file must contain the +130/+2000/+3000 kg columns", async () => {
    const result = await uploadTo(
      air,
      "/byAirData",
      cookie,
      sheetBytes([plainHeaders, plainHeaders, row(plainHeaders, { ...base, id: 1 })]),
      "air.xlsx",
      "import",
    );
    expect(result.data.problems).toEqual([{ key: "data.air.missingExtra" }]);
  });

  it("the alternate file must not contain them", async () => {
    const result = await uploadTo(
      air,
      "/byAirData",
      cookie,
      sheetBytes([allHeaders, row(allHeaders, { ...base, id: 1 })]),
      "air.xlsx",
      "importPlain",
    );
    expect(result.data.problems).toEqual([{ key: "data.air.extraNotAllowed" }]);
  });

  it("drops the standard file's first data row and splits the validity on 至", async () => {
    const bytes = sheetBytes(
      [
        allHeaders,
        allHeaders.map((h) => `说明 ${h}`),
        row(allHeaders, { ...base, id: 95_001 }),
        row(allHeaders, { ...base, id: 95_002, yxq: "2026/2/1至2026/2/28" }),
      ],
      "xls",
    );
    const result = await uploadTo(air, "/byAirData", cookie, bytes, "air.xls", "import");
    expect(result.status).toBe(302);
    const rows = await prisma.airRate.findMany({ where: { id: { in: [95_001, 95_002] } }, orderBy: { id: "asc" } });
    expect(
      rows.map((r) => [
        r.validityText,
        r.validFrom?.toISOString().slice(0, 10),
        r.validTo?.toISOString().slice(0, 10),
        r.bulk130T0?.toString(),
      ]),
    ).toEqual([
      ["2026-01-01至2026-03-31", "2026-01-01", "2026-03-31", "5.5"],
      ["2026/2/1至2026/2/28", "2026-02-01", "2026-02-28", "5.5"],
    ]);
  });

  it("the alternate file keeps its first row and clears the +130/+2000/+3000 kg prices", async () => {
    const bytes = sheetBytes([plainHeaders, row(plainHeaders, { ...base, id: 95_001 })]);
    const result = await uploadTo(air, "/byAirData", cookie, bytes, "air.xlsx", "importPlain");
    expect(result.status).toBe(302);
    const saved = await prisma.airRate.findUniqueOrThrow({ where: { id: 95_001 } });
    expect([saved.bulk130T0, saved.tray3000T2, saved.bulk45T0?.toString()]).toEqual([null, null, "5.5"]);
  });

  it("a start after the end: ID为{id}的有效日期错误！, nothing imported", async () => {
    const before = await tableSnapshot("air_rates");
    const bytes = sheetBytes([
      plainHeaders,
      row(plainHeaders, { ...base, id: 96_001 }),
      row(plainHeaders, { ...base, id: 96_002, yxq: "2026-05-01至2026-04-01" }),
    ]);
    const result = await uploadTo(air, "/byAirData", cookie, bytes, "air.xlsx", "importPlain");
    expect(result.status).toBe(400);
    expect(result.data.problems).toEqual([{ key: "data.air.badRange", values: { id: 96_002, row: 3 } }]);
    expect(await tableSnapshot("air_rates")).toEqual(before);
  });
});

describe("reference lists", () => {
  it("express-country times are YYYY-MM-DD HH:mm:ss (Shanghai)", async () => {
    const bytes = sheetBytes([
      headers(expressCountryArea),
      rowOf(expressCountryArea, {
        id: 5000,
        part_code: "Z",
        part: "测试区",
        country_code: "ZQ",
        country_zh: "测试国",
        country_en: "Testland",
        time: "2026/1/5 9:30:00",
      }),
      rowOf(expressCountryArea, {
        id: 5001,
        part_code: "Z",
        part: "测试区",
        country_code: "ZR",
        country_zh: "测试国二",
        country_en: "Testland Two",
        time: 46027.75,
      }),
    ]);
    const result = await uploadTo(expressCountry, "/expressCountry", cookie, bytes);
    expect(result.status).toBe(302);
    const rows = await prisma.expressCountry.findMany({ where: { id: { in: [5000, 5001] } }, orderBy: { id: "asc" } });
    expect(rows.map((r) => r.updatedAt.toISOString())).toEqual(["2026-01-05T01:30:00.000Z", "2026-01-05T10:00:00.000Z"]);
  });

  it("a duplicate port code in the file names both rows; one clashing with the table gives 海运港口代码重复！", async () => {
    const row = (values: Record<string, unknown>) => rowOf(portArea, { portname: "X", portzhname: "X", ...values });
    const inFile = await uploadTo(
      port,
      "/port",
      cookie,
      sheetBytes([headers(portArea), row({ portcode: "ZZAAA", portname: "A1" }), row({ portcode: "ZZAAA", portname: "A2" })]),
    );
    expect(inFile.data.problems).toEqual([{ key: "data.import.duplicateInFile", values: { row: 3, other: 2, column: "portcode" } }]);
    const taken = await prisma.seaPort.findFirstOrThrow();
    const clash = await uploadTo(
      port,
      "/port",
      cookie,
      sheetBytes([headers(portArea), row({ portcode: taken.code, portname: "Unique Name 1" })]),
    );
    expect(clash.status).toBe(400);
    expect(keys(clash.data)).toEqual(["data.port.dupCode", "data.import.conflict"]);
  });

  it("keeps stray spaces in names (the space checks exist to find them)", async () => {
    const result = await uploadTo(
      port,
      "/port",
      cookie,
      sheetBytes([headers(portArea), rowOf(portArea, { portcode: "ZZSPC", portname: " SPACE PORT ", portzhname: "空格港" })]),
    );
    expect(result.status).toBe(302);
    expect((await prisma.seaPort.findUniqueOrThrow({ where: { code: "ZZSPC" } })).name).toBe(" SPACE PORT ");
  });
});

describe("rail import", () => {
  it("fills the currency default and accepts headers in any order and case", async () => {
    const hs = ["POL", "Pod", "40coc_t0", "ID"];
    const result = await uploadTo(rail, "/railRoadData", cookie, sheetBytes([hs, ["CHENGDU", "HAMBURG", 5000, 97_001]]));
    expect(result.status).toBe(302);
    expect(await prisma.railRate.findUniqueOrThrow({ where: { id: 97_001 } })).toMatchObject({ currency: "USD", pol: "CHENGDU" });
    expect(railArea.columns.some((c) => c.header === "2_20soc_T0")).toBe(true);
  });
});

describe("a write the database refuses", () => {
  // A trigger makes PostgreSQL refuse the write as it would an out-of-range
  // number or a value of the wrong format that validation let through.
  const refuseWith = (sqlstate: string) =>
    withTestDb((db) =>
      db.query(`CREATE OR REPLACE FUNCTION test_refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN RAISE EXCEPTION 'internal detail fcl_rates_gp20 (secret)' USING ERRCODE = '${sqlstate}'; END $$;
                CREATE OR REPLACE TRIGGER test_refuse_write BEFORE INSERT OR UPDATE ON fcl_rates
                FOR EACH STATEMENT EXECUTE FUNCTION test_refuse_write();`),
    );
  const allowWrites = () =>
    withTestDb((db) => db.query("DROP TRIGGER IF EXISTS test_refuse_write ON fcl_rates; DROP FUNCTION IF EXISTS test_refuse_write()"));

  it.each([
    ["22003", "data.import.outOfRange"],
    ["22001", "data.import.tooLong"],
    ["23502", "data.import.missingValue"],
    ["22007", "data.import.badValue"],
    ["P0001", "data.import.failed"],
  ])("SQLSTATE %s: says %s in the user's language, never the database's text, and changes nothing", async (sqlstate, key) => {
    const logged = allowConsoleError();
    const before = await tableSnapshot("fcl_rates");
    await refuseWith(sqlstate);
    try {
      const bytes = sheetBytes([headers(fclArea), fclRow({ id: 720_001 }), fclRow({ id: null })], "xlsx");
      const result = await uploadTo(fcl, "/fclbyseaData", cookie, bytes, "fcl.xlsx");
      expect(keys(result.data as Failure)).toEqual([key]);
      expect(JSON.stringify(result.data)).not.toContain("secret");
      expect(await tableSnapshot("fcl_rates")).toEqual(before);
      // The server log keeps what the database said.
      expect(logged.some((args) => args.map(String).join(" ").includes("secret"))).toBe(true);
    } finally {
      await allowWrites();
    }
  });
});
