// Issue 22, data maintenance items 4-8 on the generated screens: search
// ignores the default date range, export all / filtered, the rows just
// written after an import or an add, the column choice, typed filters,
// a refused markup keeping its selection, 导出所选 without rows keeping the
// filters.
import { beforeAll, describe, expect, it } from "vitest";
import * as screen from "~/routes/backoffice/data-area";
import * as exporter from "~/routes/backoffice/data-area-export";
import * as selectedExporter from "~/routes/backoffice/data-area-export-selected";
import { dataAreas } from "~/domain/data-areas";
import { prisma } from "~/utils/db.server";
import { callRoute, getRequest, loginAs, postForm } from "../support/requests";
import { flashOf, load, post, readSheet, rowOf, sheetBytes, headers, uploadTo } from "./helpers";

let cookie: string;
let viewerId: number;
beforeAll(async () => {
  cookie = await loginAs("data@example.com");
  viewerId = (await prisma.user.findFirstOrThrow({ where: { email: "data@example.com" }, select: { id: true } })).id;
});

async function download(path: string, query?: Record<string, string>) {
  const result = await callRoute(exporter.loader, getRequest(path, query, { cookie }));
  expect(result.status).toBe(200);
  return readSheet(new Uint8Array(await result.response!.arrayBuffer()));
}

describe("item 4: search and export of ports ignore the default date range", () => {
  it("an old sea port is found by name or code; the plain list keeps the 365-day default", async () => {
    const old = await prisma.seaPort.create({
      data: { code: "ZZOLD", name: "Old Harbour Zz", nameZh: "旧港", updatedAt: new Date("2020-01-01T00:00:00Z") },
    });
    const list = await load(screen, "/port", cookie, { size: 200 });
    expect(list.data.rows.map((r: { id: number }) => r.id)).not.toContain(old.id);
    for (const q of ["ZZOLD", "old harbour"]) {
      const found = await load(screen, "/port", cookie, { q });
      expect(found.data.rows.map((r: { id: number }) => r.id)).toContain(old.id);
      expect(found.data.page.range).toEqual({ from: null, to: null });
    }
    // A range the user chose still applies to a search.
    const chosen = await load(screen, "/port", cookie, { q: "ZZOLD", from: "2024-01-01", to: "2024-12-31" });
    expect(chosen.data.page.total).toBe(0);
    // The export of that search has the port too.
    const sheet = await download("/port/export", { q: "ZZOLD" });
    expect(sheet.slice(1).map((row) => row[1])).toEqual(["ZZOLD"]);
  });

  it("export offers the filtered rows and all rows, with their numbers", async () => {
    const pol = (await prisma.fclRate.findFirstOrThrow({ select: { pol: true } })).pol;
    const all = await prisma.fclRate.count();
    const filtered = await prisma.fclRate.count({ where: { pol } });
    expect(filtered).toBeLessThan(all);
    const page = await load(screen, "/fclbyseaData", cookie, { pol });
    expect(page.data.allRows).toBe(all);
    expect(page.data.page.total).toBe(filtered);
    expect((await download("/fclbyseaData/export", { pol })).length - 1).toBe(filtered);
    expect((await download("/fclbyseaData/export", { pol, scope: "all" })).length - 1).toBe(all);
  });
});

describe("item 5: after an import or an add the list shows the rows just written", () => {
  it("an add redirects to the new row, which the list shows with the notice", async () => {
    const result = await post(screen, "/port?add=1&page=3", cookie, {
      intent: "save",
      code: "ZZADD",
      name: "Added Port Zz",
      nameZh: "新加港",
    });
    const created = await prisma.seaPort.findFirstOrThrow({ where: { code: "ZZADD" } });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe(`/port?written=${created.id}`);
    expect(await flashOf(result, cookie)).toMatchObject({ type: "success", key: "data.msg.added" });
    const shown = await load(screen, "/port", cookie, { written: String(created.id) });
    expect(shown.data.rows.map((r: { id: number }) => r.id)).toEqual([created.id]);
    expect(shown.data.written).toBe(1);
  });

  it("an import redirects to the imported rows (ranges), not to the page the user was on", async () => {
    const area = dataAreas.lcl;
    const rows = [0, 1, 2].map((i) => rowOf(area, { pol: "NINGBO", pod: `WRITTEN-${i}`, valid_to: "2030-01-31" }));
    const result = await uploadTo(screen, "/lclbyseaData?page=3", cookie, sheetBytes([headers(area), ...rows]));
    expect(result.status, JSON.stringify(result.data)).toBe(302);
    const ids = (
      await prisma.lclRate.findMany({ where: { pod: { startsWith: "WRITTEN-" } }, select: { id: true }, orderBy: { id: "asc" } })
    ).map((r) => r.id);
    expect(ids).toHaveLength(3);
    const location = result.headers.get("Location")!;
    expect(location).toBe(`/lclbyseaData?written=${ids[0]}-${ids[2]}`);
    const shown = await load(screen, "/lclbyseaData", cookie, { written: `${ids[0]}-${ids[2]}` });
    expect(shown.data.rows.map((r: { id: number }) => r.id).sort()).toEqual(ids);
    expect(shown.data.written).toBe(3);
    // A junk value is no filter.
    expect((await load(screen, "/lclbyseaData", cookie, { written: "1-x" })).data.written).toBeNull();
  });
});

describe("item 6: the chosen columns are remembered per user and area", () => {
  it("a GET choice stores a cookie and redirects; the rows then carry only the chosen columns", async () => {
    const choice = await load(screen, "/byAirData", cookie, { columns: "1", show: "pol", pol: "x" });
    expect(choice.status).toBe(302);
    expect(choice.headers.get("Location")).toBe("/byAirData?pol=x");
    const setCookie = choice.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^dcols\.air=/);
    const withChoice = `${cookie}; ${setCookie.split(";")[0]}`;
    const page = await load(screen, "/byAirData", withChoice, { from: "", to: "" });
    expect(Object.keys(page.data.rows[0]).sort()).toEqual(["id", "pol"]);
    expect(page.data.hidden).toContain("pod");
    // Another area, and another user's cookie, are not affected.
    expect((await load(screen, "/fclbyseaData", withChoice)).data.hidden).toEqual([]);
    const other = await loginAs("admin@example.com");
    expect((await load(screen, "/byAirData", `${other}; ${setCookie.split(";")[0]}`)).data.hidden).toEqual([]);
    // show=* brings every column back.
    const reset = await load(screen, "/byAirData", withChoice, { columns: "1", show: "*" });
    expect(decodeURIComponent(reset.headers.get("Set-Cookie")!.split(";")[0])).toBe(`dcols.air=${viewerId}:`);
  });
});

describe("item 7: select filters typed as text", () => {
  it("an exact value filters on it; other text matches values containing it", async () => {
    const pods = (await prisma.fclRate.findMany({ distinct: ["pod"], select: { pod: true } })).map((r) => r.pod);
    const pod = pods.find((p) => p.length > 4)!;
    const part = pod.slice(1, 4).toLowerCase();
    const exact = await load(screen, "/fclbyseaData", cookie, { pod });
    expect(exact.data.page.total).toBe(await prisma.fclRate.count({ where: { pod } }));
    const typed = await load(screen, "/fclbyseaData", cookie, { pod: part });
    const expected = await prisma.fclRate.count({ where: { pod: { contains: part, mode: "insensitive" } } });
    expect(expected).toBeGreaterThan(0);
    expect(typed.data.page.total).toBe(expected);
  });
});

describe("item 8: small things", () => {
  it("a markup refused for missing amounts answers on the page and keeps the selection", async () => {
    const [a, b] = await prisma.fclRate.findMany({ take: 2, select: { id: true } });
    const result = await post(screen, "/fclbyseaData?pol=x", cookie, { intent: "markup", ids: [a.id, b.id] });
    expect(result.status).toBe(400);
    expect(result.data).toEqual({ intent: "markup", key: "data.fcl.markupNoPrice", ids: [a.id, b.id] });
  });

  it("导出所选 with nothing selected goes back to the list with its filters", async () => {
    const result = await callRoute(selectedExporter.action!, postForm("/trailerData/export?dock=A&page=2", {}, { cookie }));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/trailerData?dock=A&page=2");
    expect(await flashOf(result, cookie)).toMatchObject({ type: "warning", key: "data.msg.selectRows" });
  });
});
