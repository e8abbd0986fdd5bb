// Issue 22 item 8: LCL valid_to is a date-time (data-maintenance.md 3), held
// as Shanghai wall-clock time; a date alone means the end of that day, as it
// did when the column was a date. Migration, edit form, import, export, the
// customer search and the legacy API.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import * as lcl from "~/routes/backoffice/data-area";
import * as lclExport from "~/routes/backoffice/data-area-export";
import { lclArea } from "~/domain/data-areas";
import { modeByKey } from "~/domain/modes";
import { searchRates } from "~/domain/rates/search.server";
import { prisma } from "~/utils/db.server";
import { todayInShanghai } from "~/utils/dates";
import { callRoute, getRequest, loginAs } from "../support/requests";
import { api, tokenOf } from "../api/helpers";
import { headers, load, post, readSheet, rowOf, sheetBytes, uploadTo } from "./helpers";

let cookie: string;
beforeAll(async () => {
  cookie = await loginAs("data@example.com");
});

/** The stored wall-clock text of a row's valid_to. */
async function validToOf(id: number): Promise<string | null> {
  const [row] = await prisma.$queryRawUnsafe<{ v: string | null }[]>(
    `SELECT to_char(valid_to, 'YYYY-MM-DD HH24:MI:SS') AS v FROM lcl_rates WHERE id = $1`,
    id,
  );
  return row?.v ?? null;
}

const day = (offset: number) => new Date(todayInShanghai().getTime() + offset * 86_400_000).toISOString().slice(0, 10);

describe("the migration", () => {
  it("turns a date into the end of that day", async () => {
    const folder = fs.readdirSync("prisma/migrations").find((name) => name.endsWith("_lcl_valid_to_datetime"))!;
    const sql = fs.readFileSync(path.join("prisma/migrations", folder, "migration.sql"), "utf8");
    await prisma.$executeRawUnsafe(`CREATE TEMP TABLE lcl_migration_check (id int, valid_to date)`);
    await prisma.$executeRawUnsafe(`INSERT INTO lcl_migration_check VALUES (1, '2026-03-01'), (2, NULL)`);
    await prisma.$executeRawUnsafe(sql.replaceAll('"lcl_rates"', "lcl_migration_check"));
    const rows = await prisma.$queryRawUnsafe<{ id: number; v: string | null; type: string }[]>(
      `SELECT id, to_char(valid_to, 'YYYY-MM-DD HH24:MI:SS') AS v, pg_typeof(valid_to)::text AS type FROM lcl_migration_check ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: 1, v: "2026-03-01 23:59:59", type: "timestamp without time zone" },
      { id: 2, v: null, type: "timestamp without time zone" },
    ]);
  });

  it("the seeded rows end at 23:59:59 of their day", async () => {
    const [row] = await prisma.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM lcl_rates WHERE valid_to IS NOT NULL AND valid_to::time <> '23:59:59'`,
    );
    expect(Number(row.n)).toBe(0);
  });
});

describe("the edit form", () => {
  it("offers a datetime-local field with the stored time, and saves a new one", async () => {
    const row = await prisma.lclRate.findFirstOrThrow({ orderBy: { id: "asc" } });
    const page = await load(lcl, `/lclbyseaData?edit=${row.id}`, cookie);
    expect(page.status).toBe(200);
    const saved = await post(lcl, `/lclbyseaData?edit=${row.id}`, cookie, {
      intent: "save",
      id: row.id,
      pol: row.pol,
      pod: row.pod,
      validTo: "2026-12-01T18:30",
    });
    expect(saved.status).toBe(302);
    expect(await validToOf(row.id)).toBe("2026-12-01 18:30:00");
  });

  it("a date alone means the end of that day; a bad date-time is refused and changes nothing", async () => {
    const row = await prisma.lclRate.findFirstOrThrow({ orderBy: { id: "asc" }, skip: 1 });
    await post(lcl, `/lclbyseaData?edit=${row.id}`, cookie, {
      intent: "save",
      id: row.id,
      pol: row.pol,
      pod: row.pod,
      validTo: "2026-12-02",
    });
    expect(await validToOf(row.id)).toBe("2026-12-02 23:59:59");
    const bad = await post(lcl, `/lclbyseaData?edit=${row.id}`, cookie, {
      intent: "save",
      id: row.id,
      pol: row.pol,
      pod: row.pod,
      validTo: "2026-12-02T25:00",
    });
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.validTo).toEqual(["data.validation.dateTime"]);
    expect(await validToOf(row.id)).toBe("2026-12-02 23:59:59");
  });
});

describe("import and export", () => {
  it("imports a date (the end of that day) or a date-time, and exports the date-time", async () => {
    const row = (values: Record<string, unknown>) => rowOf(lclArea, { pol: "SHANGHAI", pod: "ZZ-LCL-TIME", ...values });
    const bytes = sheetBytes([
      headers(lclArea),
      row({ id: 9801, valid_to: "2026-03-01" }),
      row({ id: 9802, valid_to: "2026-03-01 08:15:00" }),
      row({ id: 9803, valid_to: "2026/3/2 17:45" }),
    ]);
    const result = await uploadTo(lcl, "/lclbyseaData", cookie, bytes, "lcl.xlsx");
    expect(result.status).toBe(302);
    expect([await validToOf(9801), await validToOf(9802), await validToOf(9803)]).toEqual([
      "2026-03-01 23:59:59",
      "2026-03-01 08:15:00",
      "2026-03-02 17:45:00",
    ]);

    const file = await callRoute(lclExport.loader, getRequest("/lclbyseaData/export", { pod: "ZZ-LCL-TIME" }, { cookie }));
    const sheet = readSheet(new Uint8Array(await (file.response as Response).clone().arrayBuffer()));
    const at = sheet[0].indexOf("valid_to");
    const exported = Object.fromEntries(sheet.slice(1).map((r) => [r[0], r[at]]));
    expect(exported).toMatchObject({ 9801: "2026-03-01 23:59:59", 9802: "2026-03-01 08:15:00", 9803: "2026-03-02 17:45:00" });
  });

  it("refuses a row whose valid_to is no date-time with the spec's date error", async () => {
    const bytes = sheetBytes([
      headers(lclArea),
      rowOf(lclArea, { id: 9811, pol: "SHANGHAI", pod: "ZZ-LCL-TIME", valid_to: "2026-03-01 25:00" }),
    ]);
    const result = await uploadTo(lcl, "/lclbyseaData", cookie, bytes, "lcl.xlsx");
    expect(result.status).toBe(400);
    expect(await prisma.lclRate.findUnique({ where: { id: 9811 } })).toBeNull();
  });
});

describe("customers", () => {
  it("a row valid to a time today is listed all of today with its time; one that ended yesterday is not", async () => {
    const today = todayInShanghai();
    const base = { pol: "SHANGHAI", pod: "ZZ-LCL-DAY", freightCbmT2: "11.00", freightTonT2: "12.00" };
    await prisma.lclRate.createMany({
      data: [
        { id: 9821, ...base, validTo: new Date(`${day(0)}T00:30:00.000Z`) },
        { id: 9822, ...base, validTo: new Date(`${day(-1)}T23:59:59.000Z`) },
        { id: 9823, ...base, validTo: new Date(`${day(3)}T23:59:59.000Z`) },
      ],
    });
    const page = await searchRates({
      mode: modeByKey("lcl"),
      match: { pol: "SHANGHAI", pod: "ZZ-LCL-DAY" },
      tier: "T2",
      sort: "validity",
      page: 1,
      today,
    });
    const shown = Object.fromEntries(page.rows.map((r) => [r.id, r.validTo]));
    expect(shown).toEqual({ 9821: `${day(0)} 00:30`, 9823: day(3) });

    // The API's valid_to is the date-time (Shanghai wall-clock time).
    const rows = page.rows.map((r) => r.validToTime);
    expect(rows).toEqual(expect.arrayContaining([`${day(0)} 00:30:00`, `${day(3)} 23:59:59`]));
  });

  it("the staff API reads and edits valid_to as a date-time; a date alone is the end of that day", async () => {
    const token = await tokenOf("data@example.com");
    const row = await prisma.lclRate.findFirstOrThrow({ orderBy: { id: "desc" }, where: { id: { lt: 9000 } } });
    const read = await api("GET", `/data/lcl/${row.id}`, { token });
    expect(read.body.status).toBe(0);
    expect(read.body.data.valid_to).toMatch(/^\d{4}-\d{2}-\d{2} 23:59:59$/);
    const edited = await api("PUT", "/data/editlcl", { token, json: true, body: { ...read.body.data, valid_to: "2026-12-24 09:00:00" } });
    expect(edited.body.status).toBe(0);
    expect(await validToOf(row.id)).toBe("2026-12-24 09:00:00");
    const dayOnly = await api("PUT", "/data/editlcl", { token, json: true, body: { ...read.body.data, valid_to: "2026-12-25" } });
    expect(dayOnly.body.status).toBe(0);
    expect(await validToOf(row.id)).toBe("2026-12-25 23:59:59");
    expect((await api("GET", `/data/lcl/${row.id}`, { token })).body.data.valid_to).toBe("2026-12-25 23:59:59");
  });
});
