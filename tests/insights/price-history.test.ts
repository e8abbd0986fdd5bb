// The price history of a lane on the insights dashboard (issue 24) from the
// import history: rows imported through the real data-area screen, then
// re-imported with lower prices; the batches' before-images keep the old
// prices, dated up to the re-import. Batch times are set back to fixed past
// instants (what the import would have recorded on those days).
import { beforeAll, describe, expect, it } from "vitest";
import { loader as pageLoader } from "~/routes/admin/insights";
import { loader as exportLoader } from "~/routes/admin/insights_.export";
import * as screen from "~/routes/backoffice/data-area";
import { fclArea } from "~/domain/data-areas";
import { prisma, sql } from "~/utils/db.server";
import * as XLSX from "@e965/xlsx";
import { ADMIN, cookieOf, load } from "../admin/helpers";
import { callRoute, getRequest, loginAs } from "../support/requests";
import { headers, post, rowOf, sheetBytes, uploadTo } from "../data/helpers";
import { fromShanghaiWallClock } from "~/utils/dates";

let cookie: string;
let LANE: { origin: string; destination: string };
/** A Shanghai wall-clock time as the UTC instant the database stores. */
const at = fromShanghaiWallClock;

async function importRows(rows: Array<Record<string, unknown>>, name: string, when: string) {
  const bytes = sheetBytes([headers(fclArea), ...rows.map((values) => rowOf(fclArea, values))]);
  const result = await uploadTo(screen, "/fclbyseaData", cookie, bytes, name);
  expect(result.status, JSON.stringify(result.data)).toBe(302);
  const batch = await prisma.importBatch.findFirstOrThrow({ where: { area: "fcl" }, orderBy: { id: "desc" } });
  await prisma.importBatch.update({ where: { id: batch.id }, data: { createdAt: at(when) } });
  return batch.id;
}

const rate = (values: Record<string, unknown>) => ({
  pol: LANE.origin,
  pod: LANE.destination,
  valid_fm: "2021-01-01",
  valid_to: "2021-12-31",
  ...values,
});
const prices = (t0: number) => ({ "20GP_T0": t0, "20GP_T1": t0 + 10, "20GP_T2": t0 + 20 });

const history = async () => (await load(pageLoader, "/insights", ADMIN, { from: "2021-03-01", to: "2021-03-31", ...LANE })).data;

beforeAll(async () => {
  cookie = await loginAs("data@example.com");
  const names = (await sql<{ name: string }>(`SELECT name FROM sea_ports ORDER BY name OFFSET 6 LIMIT 2`)).map((r) => r.name);
  LANE = { origin: names[0], destination: names[1] };
  await prisma.fclRate.deleteMany({ where: { pol: LANE.origin, pod: LANE.destination } });
});

describe("price history from the import history", () => {
  it("shows a price lowered by a re-import with its old value up to the import day and the new one from it", async () => {
    await importRows([rate(prices(500)), rate({ ...prices(800), valid_fm: "2021-02-01" })], "一月运价.xlsx", "2021-01-05T09:00:00");
    const ids = (
      await prisma.fclRate.findMany({ where: { pol: LANE.origin, pod: LANE.destination }, orderBy: { id: "asc" }, select: { id: true } })
    ).map((r) => r.id);
    expect(ids).toHaveLength(2);

    // Before any re-import: each row once, from its validity start.
    const first = await history();
    expect(
      first.data.prices.map((p: { id: number; day: string; until: string | null; t0: number }) => [p.id, p.day, p.until, p.t0]),
    ).toEqual([
      [ids[0], "2021-01-01", "2021-12-31", 500],
      [ids[1], "2021-02-01", "2021-12-31", 800],
    ]);

    // The re-import lowers the first row (same id) on 15 March; the second row is untouched.
    const batch = await importRows([rate({ id: ids[0], ...prices(450) })], "三月调价.xlsx", "2021-03-15T10:00:00");
    const { data, charts } = await history();
    const points = data.prices as Array<{
      id: number;
      day: string;
      until: string | null;
      validFrom: string;
      t0: number;
      t1: number;
      t2: number;
      replacedBy: { batchId: number; fileName: string; username: string } | null;
    }>;
    expect(points.map((p) => [p.id, p.day, p.until, p.validFrom, p.t0, p.t1, p.t2])).toEqual([
      [ids[0], "2021-01-01", "2021-03-15", "2021-01-01", 500, 510, 520],
      [ids[1], "2021-02-01", "2021-12-31", "2021-02-01", 800, 810, 820],
      [ids[0], "2021-03-15", "2021-12-31", "2021-01-01", 450, 460, 470],
    ]);
    expect(points[0].replacedBy).toMatchObject({ batchId: batch, fileName: "三月调价.xlsx", username: "datastaff" });
    expect(points[2].replacedBy).toBeNull();
    // The chart draws each day's lowest valid price: 500 up to the re-import, 450 from its day (not the 800 of the other row).
    expect(charts.prices.series.map((s: { points: unknown[] }) => s.points.length)).toEqual([31, 31, 31]);
    const t0 = (data.dailyPrices as Array<{ day: string; t0: number }>).map((d) => d.t0);
    expect(t0).toEqual([...Array(14).fill(500), ...Array(17).fill(450)]);

    // The export carries the same versions (headers in the viewer's language).
    const result = await callRoute(
      exportLoader,
      getRequest("/insights/export", { table: "prices", lng: "zh-CN", ...LANE }, { cookie: await cookieOf(ADMIN) }),
    );
    expect(result.status).toBe(200);
    const book = XLSX.read(new Uint8Array(await result.response!.arrayBuffer()), { type: "array" });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows[0].slice(0, 7)).toEqual(["运价编号", "承运人", "起始日", "截止日", "有效期从", "有效期至", "T0 价"]);
    expect(rows.slice(1).map((r) => [r[2], r[3] ?? null, r[6]])).toEqual([
      ["2021-01-01", "2021-03-15", 500],
      ["2021-02-01", "2021-12-31", 800],
      ["2021-03-15", "2021-12-31", 450],
    ]);
    expect(String(rows[1][9])).toContain("三月调价.xlsx (datastaff, ");
  });

  it("leaves out what an undone import wrote, and keeps a row moved off the lane by an import", async () => {
    const [row] = await prisma.fclRate.findMany({ where: { pol: LANE.origin, pod: LANE.destination, gp20T0: 800 }, select: { id: true } });
    // An import raises the second row, then is undone: the history is as before it.
    const raised = await importRows([rate({ id: row.id, ...prices(999), valid_fm: "2021-02-01" })], "错误.xlsx", "2021-03-20T10:00:00");
    const undone = await post(screen, "/fclbyseaData", cookie, { intent: "undo", batch: raised });
    expect(undone.status).toBe(302);
    const after = (await history()).data.prices as Array<{ id: number; t0: number }>;
    expect(after.filter((p) => p.id === row.id).map((p) => p.t0)).toEqual([800]);

    // An import moves the row to another destination: its version on this lane stays, up to that import.
    const elsewhere = (await sql<{ name: string }>(`SELECT name FROM sea_ports ORDER BY name OFFSET 8 LIMIT 1`))[0].name;
    await importRows([rate({ id: row.id, ...prices(800), valid_fm: "2021-02-01", pod: elsewhere })], "改港.xlsx", "2021-03-25T10:00:00");
    const moved = (await history()).data.prices as Array<{ id: number; day: string; until: string | null; t0: number }>;
    expect(moved.filter((p) => p.id === row.id).map((p) => [p.day, p.until, p.t0])).toEqual([["2021-02-01", "2021-03-25", 800]]);
  });

  it("draws the lowest valid price per day, per carrier when one is chosen, with days without a valid rate as gaps", async () => {
    const names = (await sql<{ name: string }>(`SELECT name FROM sea_ports ORDER BY name OFFSET 10 LIMIT 2`)).map((r) => r.name);
    const lane = { origin: names[0], destination: names[1] };
    await prisma.fclRate.deleteMany({ where: { pol: lane.origin, pod: lane.destination } });
    const fcl = (carrier: string, from: string, to: string, t0: number) =>
      prisma.fclRate.create({
        data: {
          pol: lane.origin,
          pod: lane.destination,
          carrier,
          validFrom: new Date(from),
          validTo: new Date(to),
          gp20T0: t0,
          gp20T1: t0 + 10,
          gp20T2: t0 + 20,
        },
      });
    await fcl("COSCO", "2021-03-01", "2021-03-10", 300);
    await fcl("MSK", "2021-03-05", "2021-03-20", 250);
    const period = { from: "2021-03-01", to: "2021-03-31" };
    const all = (await load(pageLoader, "/insights", ADMIN, { ...period, ...lane })).data;
    expect(all.data.carriers).toEqual(["COSCO", "MSK"]);
    const t0 = (d: Array<{ t0: number | null }>) => d.map((p) => p.t0);
    expect(t0(all.data.dailyPrices)).toEqual([...Array(4).fill(300), ...Array(16).fill(250), ...Array(11).fill(null)]);
    // The "until" column is filled: the end of each version's validity.
    expect(all.data.prices.map((p: { carrier: string; until: string }) => [p.carrier, p.until])).toEqual([
      ["COSCO", "2021-03-10"],
      ["MSK", "2021-03-20"],
    ]);
    const cosco = (await load(pageLoader, "/insights", ADMIN, { ...period, ...lane, carrier: "COSCO" })).data;
    expect(cosco.data.carrier).toBe("COSCO");
    expect(cosco.data.prices).toHaveLength(1);
    expect(t0(cosco.data.dailyPrices)).toEqual([...Array(10).fill(300), ...Array(21).fill(null)]);
    // Two stretches of the line: none is drawn across the gap.
    expect((cosco.charts.prices.series[0].d.match(/M/g) ?? []).length).toBe(1);
    expect((all.charts.prices.series[0].d.match(/M/g) ?? []).length).toBe(1);
    // An unknown carrier is every carrier.
    expect((await load(pageLoader, "/insights", ADMIN, { ...period, ...lane, carrier: "NOPE" })).data.data.carrier).toBeNull();
  });
});
