// The insights dashboard (issue 24) against a hand-made dataset in March 2020
// (far from the seed's logs): every figure, the staff view rules, who may
// open it, the .xlsx exports in both languages and the page without JavaScript.
import { beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "@e965/xlsx";
import { loader as pageLoader } from "~/routes/admin/insights";
import { loader as exportLoader } from "~/routes/admin/insights_.export";
import { loader as aliasLoader } from "~/routes/admin/portAliases";
import { refreshInsights } from "~/domain/insights/rollup.server";
import { prisma, sql } from "~/utils/db.server";
import * as fclScreen from "~/routes/backoffice/data-area";
import { ADMIN, DATA, load, NOPERM, SALES, SERVICE, submit } from "../admin/helpers";
import { getRequest, callRoute } from "../support/requests";
import { cookieOf } from "../admin/helpers";
import { fromShanghaiWallClock, todayInShanghai } from "~/utils/dates";

const PERIOD = { from: "2020-03-01", to: "2020-03-10" };
const UNKNOWN = "ZZ-NO-SUCH-PORT";
let P1: { origin: string; destination: string };
let P2: { origin: string; destination: string };
let P3: { origin: string; destination: string };
const ids = { a: 0, b: 0, c: 0 };

/** A Shanghai wall-clock time as the UTC instant the log stores. */
const at = fromShanghaiWallClock;
/** Shanghai's calendar day n days from today, as a DATE column holds it (UTC midnight). */
const day = (n: number) => new Date(todayInShanghai().getTime() + n * 86_400_000);

async function customer(name: string, salesId: number | null) {
  const user = await prisma.user.create({
    data: {
      email: `${name}@insights.test`,
      username: `insights-${name}`,
      phone: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
      passwordHash: "x",
      roleId: 20,
      customerRating: 2,
      audit: 2,
      salesId,
      company: `${name} 贸易有限公司`,
    },
  });
  return user.id;
}

async function search(userId: number, lane: { origin: string; destination: string }, when: string, times = 1) {
  for (let i = 0; i < times; i++)
    await prisma.queryLog.create({ data: { mode: "FCL", userId, pol: lane.origin, pod: lane.destination, operatedAt: at(when) } });
}

beforeAll(async () => {
  // Four known sea ports, two lanes; this file's database has no other rate on them.
  const names = (await sql<{ name: string }>(`SELECT name FROM sea_ports ORDER BY name LIMIT 4`)).map((r) => r.name);
  P1 = { origin: names[0], destination: names[1] };
  P3 = { origin: names[2], destination: names[3] };
  P2 = { origin: UNKNOWN, destination: names[1] };
  await prisma.fclRate.deleteMany({ where: { OR: [P1, P3].map((l) => ({ pol: l.origin, pod: l.destination })) } });
  const sales = await prisma.user.findUniqueOrThrow({ where: { email: SALES } });
  ids.a = await customer("a", sales.id);
  ids.b = await customer("b", sales.id);
  ids.c = await customer("c", null);

  // P1 had a rate until 2020-03-05 (and an older one); P3 has one from yesterday on; P2 never.
  const fcl = (lane: typeof P1, from: Date, to: Date, t0: number) =>
    prisma.fclRate.create({
      data: { pol: lane.origin, pod: lane.destination, validFrom: from, validTo: to, gp20T0: t0, gp20T1: t0 + 10, gp20T2: t0 + 20 },
    });
  await fcl(P1, new Date("2020-01-01"), new Date("2020-02-29"), 100);
  await fcl(P1, new Date("2020-03-01"), new Date("2020-03-05"), 90);
  await fcl(P3, day(-1), day(30), 300);

  await search(ids.a, P1, "2020-03-02T10:00:00", 2); // rate valid: met
  await search(ids.a, P1, "2020-03-07T10:00:00"); // unmet
  await search(ids.b, P1, "2020-03-07T11:00:00"); // unmet
  await search(ids.a, P2, "2020-03-03T09:00:00");
  await search(ids.a, P2, "2020-03-04T09:00:00");
  await search(ids.a, P2, "2020-03-08T09:00:00");
  await search(ids.c, P3, "2020-03-09T09:00:00", 2);
  await search(ids.c, P3, "2020-03-11T01:00:00"); // the day after the period (Shanghai)
  // The ten days before the period (growing lanes): P1 once, P3 five times, P2 never.
  await search(ids.a, P1, "2020-02-25T10:00:00");
  await search(ids.c, P3, "2020-02-27T10:00:00", 5);
  await prisma.entrustment.create({
    data: {
      kind: "ORDER",
      userId: ids.a,
      idempotencyKey: "insights-a-p1",
      mode: "FCL",
      moduleName: "FCL",
      sourceKind: "rate",
      sourceSnapshot: {},
      pol: P1.origin,
      pod: P1.destination,
      createdAt: at("2020-03-05T15:00:00"),
    },
  });
  await sql(`DELETE FROM insight_daily_searches`);
  await refreshInsights();
});

const dashboard = (as: string, query: Record<string, string> = {}) => load(pageLoader, "/insights", as, { ...PERIOD, ...query });
const lanes = (rows: Array<{ origin: string; destination: string }>) => rows.map((r) => `${r.origin}>${r.destination}`);
const key = (lane: { origin: string; destination: string }) => `${lane.origin}>${lane.destination}`;

describe("insights figures", () => {
  it("lists unmet demand: searches on days without a valid rate, customers, last search, rate now and the action", async () => {
    const { status, data } = await dashboard(ADMIN);
    expect(status).toBe(200);
    const unmet = data.data.unmet;
    expect(lanes(unmet)).toEqual([key(P2), key(P3), key(P1)]);
    expect(unmet.map((r: { searches: number; customers: number; rateNow: boolean }) => [r.searches, r.customers, r.rateNow])).toEqual([
      [3, 1, false],
      [2, 1, true],
      [2, 2, false],
    ]);
    expect(unmet[0].lastSearched).toBe(at("2020-03-08T09:00:00").toISOString());
    // An unknown end: only its mapping (no rate can be added for a name that is no port).
    expect(unmet[0].actions).toEqual([
      { kind: "alias", name: UNKNOWN, href: `/portAliases?name=${encodeURIComponent(UNKNOWN).replace(/%20/g, "+")}#port-aliases-form` },
    ]);
    // The alias screen opens with the unknown name as the new alias.
    expect((await load(aliasLoader, "/portAliases", ADMIN, { name: UNKNOWN })).data.newAlias).toBe(UNKNOWN);
    const onLane = new URLSearchParams({ pol: P1.origin, pod: P1.destination });
    expect(unmet[2].actions).toEqual([
      { kind: "area", href: `/fclbyseaData?${onLane}` },
      { kind: "addRate", href: `/fclbyseaData?${onLane}&add=1` },
    ]);
  });

  it("ranks lanes by searches and by bookings with the conversion", async () => {
    const { data } = await dashboard(ADMIN);
    const bySearches = data.data.topBySearches.filter((r: { origin: string }) => [P1.origin, P2.origin, P3.origin].includes(r.origin));
    expect(bySearches.map((r: object) => ({ ...r }))).toEqual([
      { ...P1, searches: 4, bookings: 1, conversion: 0.25 },
      { ...P2, searches: 3, bookings: 0, conversion: 0 },
      { ...P3, searches: 2, bookings: 0, conversion: 0 },
    ]);
    expect(data.data.topByBookings).toEqual([{ ...P1, searches: 4, bookings: 1, conversion: 0.25 }]);
  });

  it("counts searches and bookings per Shanghai day over the whole period", async () => {
    const { data } = await dashboard(ADMIN);
    const trend = data.data.trend as Array<{ day: string; searches: number; bookings: number }>;
    expect(trend.map((d) => d.day)).toEqual(Array.from({ length: 10 }, (_, i) => `2020-03-${String(i + 1).padStart(2, "0")}`));
    expect(Object.fromEntries(trend.filter((d) => d.searches || d.bookings).map((d) => [d.day, [d.searches, d.bookings]]))).toEqual({
      "2020-03-02": [2, 0],
      "2020-03-03": [1, 0],
      "2020-03-04": [1, 0],
      "2020-03-05": [0, 1],
      "2020-03-07": [2, 0],
      "2020-03-08": [1, 0],
      "2020-03-09": [2, 0],
    });
    expect(data.charts.trend.series.map((s: { d: string }) => s.d.startsWith("M"))).toEqual([true, true]);
  });

  it("shows a lane's tier prices over time", async () => {
    const { data } = await dashboard(ADMIN, P1);
    expect(
      data.data.prices.map((p: { validFrom: string; until: string; t0: number; t1: number; t2: number }) => [
        p.validFrom,
        p.until,
        p.t0,
        p.t1,
        p.t2,
      ]),
    ).toEqual([
      ["2020-01-01", "2020-02-29", 100, 110, 120],
      ["2020-03-01", "2020-03-05", 90, 100, 110],
    ]);
    // The chart: the lowest valid price of each day of the period; no valid rate after 5 March is a gap, not a line.
    expect(data.data.dailyPrices.map((d: { day: string; t0: number | null }) => [d.day.slice(8), d.t0])).toEqual([
      ["01", 90],
      ["02", 90],
      ["03", 90],
      ["04", 90],
      ["05", 90],
      ["06", null],
      ["07", null],
      ["08", null],
      ["09", null],
      ["10", null],
    ]);
    expect(data.charts.prices.series.map((s: { key: string }) => s.key)).toEqual(["T0", "T1", "T2"]);
    expect(data.charts.prices.series[0].points).toHaveLength(5);
  });

  it("lists customers who searched a lane several times without booking it, with a link to their details", async () => {
    const { data } = await dashboard(ADMIN);
    const idle = data.data.idle.filter((r: { userId: number }) => Object.values(ids).includes(r.userId));
    expect(
      idle.map((r: { userId: number; origin: string; searches: number; sales: string }) => [r.userId, r.origin, r.searches, r.sales]),
    ).toEqual([[ids.a, P2.origin, 3, "sales"]]);
    expect(idle[0].href).toBe(`/userList?q=insights-a&dialog=edit&id=${ids.a}`);
    const two = await dashboard(ADMIN, { min: "2" });
    const lanesOfTwo = two.data.data.idle
      .filter((r: { userId: number }) => Object.values(ids).includes(r.userId))
      .map((r: { userId: number; origin: string }) => [r.userId, r.origin]);
    expect(lanesOfTwo).toEqual([
      [ids.a, P2.origin],
      [ids.c, P3.origin],
    ]);
  });
});

describe("growing lanes, weekly trend, lanes still without a rate (issue 44 item 4)", () => {
  it("ranks the lanes whose searches grew against the as long period before", async () => {
    const { data } = await dashboard(ADMIN);
    expect(data.data.previous).toEqual({ from: "2020-02-20", to: "2020-02-29" });
    // P1: 4 against 1; P2: 3 against none (a new lane); P3 fell from 5 to 2 and is not listed.
    expect(data.data.growth).toEqual([
      { ...P1, searches: 4, previous: 1, change: 3, growth: 3 },
      { ...P2, searches: 3, previous: 0, change: 3, growth: null },
    ]);
    expect(data.charts.growth.bars.map((b: { value: number }) => b.value)).toEqual([3, 3]);
  });

  it("groups the trend by week (Monday first; the first week starts with the period)", async () => {
    const { data } = await dashboard(ADMIN, { group: "week" });
    expect(data.data.trend).toEqual([
      { day: "2020-03-01", searches: 0, bookings: 0 },
      { day: "2020-03-02", searches: 7, bookings: 1 },
      { day: "2020-03-09", searches: 2, bookings: 0 },
    ]);
    const sheet = await callRoute(
      exportLoader,
      getRequest("/insights/export", { ...PERIOD, table: "trend", group: "week", lng: "en-US" }, { cookie: await cookieOf(ADMIN) }),
    );
    const book = XLSX.read(new Uint8Array(await sheet.response!.arrayBuffer()), { type: "array" });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows).toEqual([
      ["Week of", "Searches", "Bookings"],
      ["2020-03-01", 0, 0],
      ["2020-03-02", 7, 1],
      ["2020-03-09", 2, 0],
    ]);
  });

  it("filters the unmet lanes to those still without a valid rate today", async () => {
    const { data } = await dashboard(ADMIN, { norate: "1" });
    expect(lanes(data.data.unmet)).toEqual([key(P2), key(P1)]);
    expect(data.data.unmet.every((r: { rateNow: boolean }) => !r.rateNow)).toBe(true);
  });
});

describe("acting on an unmet lane (issue 44 item 5)", () => {
  it("opens the rate area's add dialog filled with the lane, and the rate saved there is valid on the lane", async () => {
    const { data } = await dashboard(DATA);
    const add = data.data.unmet
      .find((r: { origin: string }) => r.origin === P1.origin)
      .actions.find((a: { kind: string }) => a.kind === "addRate");
    const opened = await load(
      fclScreen.loader,
      add.href.split("?")[0],
      DATA,
      Object.fromEntries(new URL(add.href, "http://x").searchParams),
    );
    expect(opened.status).toBe(200);
    expect(opened.data.dialog).toEqual({ kind: "add", prefill: { pol: P1.origin, pod: P1.destination } });
    const saved = await submit(fclScreen.action, add.href, DATA, {
      intent: "save",
      pol: P1.origin,
      pod: P1.destination,
      validFrom: "2020-03-01",
      validTo: "2099-12-31",
      gp20T0: "95",
      gp20T1: "105",
      gp20T2: "115",
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(302);
    const rows = await prisma.fclRate.findMany({ where: { pol: P1.origin, pod: P1.destination, validTo: new Date("2099-12-31") } });
    expect(rows.map((r) => Number(r.gp20T0))).toEqual([95]);
    const after = (await dashboard(ADMIN)).data.data.unmet.find((r: { origin: string }) => r.origin === P1.origin);
    expect(after.rateNow).toBe(true);
    await prisma.fclRate.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
    // A salesperson cannot open it.
    expect((await load(fclScreen.loader, "/fclbyseaData", SALES, { add: "1" })).status).toBe(403);
  });
});

describe("insights view rules and authority", () => {
  it("shows every holder of the right the lane figures of all customers, and a view-2 salesperson only their customers' rows", async () => {
    const admin = (await dashboard(ADMIN)).data.data;
    const { data } = await dashboard(SALES);
    // Lane totals name no customer (issue 44 item 1): the same for the salesperson as for the administrator.
    const figures = (d: typeof admin) => ({
      ...d,
      idle: null,
      unmet: d.unmet.map(({ actions: _, ...row }: { actions: unknown }) => row),
    });
    expect(figures(data.data)).toEqual(figures(admin));
    expect(lanes(data.data.unmet)).toEqual([key(P2), key(P3), key(P1)]);
    expect(data.data.trend.reduce((n: number, d: { searches: number }) => n + d.searches, 0)).toBe(9);
    // The customers' own rows stay within the view.
    expect(data.data.idle.map((r: { userId: number }) => r.userId)).toEqual([ids.a]);
    const service = await dashboard(SERVICE);
    expect(service.status).toBe(403);
  });

  it("shows the rate desk (staff without customers or views) every lane figure (issue 44 item 1)", async () => {
    const { status, data } = await dashboard(DATA);
    expect(status).toBe(200);
    expect(lanes(data.data.unmet)).toEqual([key(P2), key(P3), key(P1)]);
    expect(data.data.topBySearches.length).toBeGreaterThan(0);
    expect(data.data.trend.reduce((n: number, d: { searches: number }) => n + d.searches, 0)).toBe(9);
    // Nobody is their customer: the follow-up table is empty.
    expect(data.data.idle).toEqual([]);
  });

  it("offers each viewer only the links they may follow (issue 44 item 5)", async () => {
    const kinds = (rows: Array<{ actions: Array<{ kind: string }> }>) => rows.map((r) => r.actions.map((a) => a.kind).join("+"));
    // The rate desk maps names, opens and adds rates; customer details are not theirs to open.
    expect(kinds((await dashboard(DATA)).data.data.unmet)).toEqual(["alias", "area+addRate", "area+addRate"]);
    // A salesperson holds no data area and no alias screen: no action at all; their customers' details and contacts are theirs.
    const sales = (await dashboard(SALES)).data.data;
    expect(kinds(sales.unmet)).toEqual(["", "", ""]);
    expect(sales.idle[0]).toMatchObject({ href: `/userList?q=insights-a&dialog=edit&id=${ids.a}`, email: "a@insights.test" });
  });

  it("is refused to staff without the menu entry and to customers", async () => {
    expect((await dashboard(NOPERM)).status).toBe(403);
    expect((await dashboard("t1@example.com")).status).not.toBe(200);
    expect((await dashboard(DATA)).status).toBe(200);
    const anonymous = await callRoute(pageLoader, getRequest("/insights", PERIOD));
    expect(anonymous.status).toBe(302);
  });

  it("answers an unknown mode with 404 and bad periods with the default", async () => {
    expect((await dashboard(ADMIN, { mode: "express" })).status).toBe(404);
    const bad = await dashboard(ADMIN, { from: "2020-13-45", to: "x\u0000" });
    expect(bad.status).toBe(200);
    expect(bad.data.data.period.to).toBe(bad.data.page.today);
  });
});

describe("insights exports", () => {
  async function sheet(table: string, lng: string, as = ADMIN, extra: Record<string, string> = {}) {
    const result = await callRoute(
      exportLoader,
      getRequest("/insights/export", { ...PERIOD, table, lng, ...extra }, { cookie: await cookieOf(as) }),
    );
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const book = XLSX.read(new Uint8Array(await result.response!.arrayBuffer()), { type: "array" });
    return {
      rows: XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 }),
      disposition: result.headers.get("Content-Disposition") ?? "",
    };
  }

  it("exports each table as .xlsx with the page's rows, headers in the viewer's language", async () => {
    const zh = await sheet("unmet", "zh-CN");
    expect(zh.rows[0]).toEqual(["起运港", "目的港", "查询次数", "客户数", "最近查询", "现在有运价"]);
    expect(zh.rows.slice(1).map((r) => r.slice(0, 4).concat(r[5]))).toEqual([
      [P2.origin, P2.destination, 3, 1, "否"],
      [P3.origin, P3.destination, 2, 1, "是"],
      [P1.origin, P1.destination, 2, 2, "否"],
    ]);
    expect(zh.disposition).toContain("insights-unmet-fcl-2020-03-01_2020-03-10.xlsx");
    const en = await sheet("unmet", "en-US");
    expect(en.rows[0]).toEqual(["Port of loading", "Port of destination", "Searches", "Customers", "Last searched", "Rate now"]);
    expect(en.rows[1][5]).toBe("No");
    expect((await sheet("trend", "en-US")).rows.length).toBe(11);
    expect((await sheet("prices", "en-US", ADMIN, P1)).rows.slice(1).map((r) => r[6])).toEqual([100, 90]);
    const customers = await sheet("customers", "zh-CN", SALES);
    expect(customers.rows.slice(1).map((r) => r[0])).toEqual(["insights-a"]);
    expect((await sheet("topBookings", "zh-CN")).rows[1].slice(2)).toEqual([4, 1, "25.0%"]);
  });

  it("refuses an unknown table and staff without the entry", async () => {
    const bad = await callRoute(exportLoader, getRequest("/insights/export", { table: "users" }, { cookie: await cookieOf(ADMIN) }));
    expect(bad.status).toBe(404);
    const refused = await callRoute(exportLoader, getRequest("/insights/export", { table: "unmet" }, { cookie: await cookieOf(NOPERM) }));
    expect(refused.status).toBe(403);
  });
});

describe("insights default period (materialised by the rollup)", () => {
  it("reads the past 90 days from insight_period_searches with the same figures as the daily rollup", async () => {
    // Searches of today (Shanghai) on two lanes, one of them never quoted.
    const now = new Date();
    for (const [userId, lane, times] of [
      [ids.a, P1, 4],
      [ids.b, P2, 3],
      [ids.c, P3, 2],
    ] as const) {
      for (let i = 0; i < times; i++)
        await prisma.queryLog.create({
          data: { mode: "FCL", userId, pol: lane.origin, pod: lane.destination, operatedAt: new Date(now.getTime() - i * 1000) },
        });
    }
    await refreshInsights();
    const [state] = await sql<{ period_from: Date; period_to: Date }>(
      `SELECT period_from, period_to FROM insight_rollup_state WHERE id = 1`,
    );
    const fromDefault = await load(pageLoader, "/insights", ADMIN);
    expect(fromDefault.status).toBe(200);
    const period = fromDefault.data.data.period;
    expect([state.period_from.toISOString().slice(0, 10), state.period_to.toISOString().slice(0, 10)]).toEqual([period.from, period.to]);
    const mine = (rows: Array<{ origin: string; destination: string }>) =>
      rows.filter((r) => [P1, P2, P3].some((l) => l.origin === r.origin && l.destination === r.destination));
    expect(lanes(mine(fromDefault.data.data.topBySearches))).toEqual([key(P1), key(P2), key(P3)]);

    // The same period from the daily rollup (the materialised period forgotten): the same figures, for both viewers.
    for (const as of [ADMIN, SALES]) {
      const materialised = (await load(pageLoader, "/insights", as)).data.data;
      await sql(`UPDATE insight_rollup_state SET period_from = NULL, period_to = NULL`);
      const daily = (await load(pageLoader, "/insights", as)).data.data;
      await sql(`UPDATE insight_rollup_state SET period_from = $1::date, period_to = $2::date`, [period.from, period.to]);
      const { refreshedAt: _a, ...left } = materialised;
      const { refreshedAt: _b, ...right } = daily;
      expect(left).toEqual(right);
    }

    // It is that table the default period reads: a change there shows; a refresh rebuilds it.
    await sql(`UPDATE insight_period_searches SET searches = searches + 1000 WHERE origin = $1 AND destination = $2`, [
      P3.origin,
      P3.destination,
    ]);
    const changed = (await load(pageLoader, "/insights", ADMIN)).data.data;
    expect(lanes(mine(changed.topBySearches))).toEqual([key(P3), key(P1), key(P2)]);
    await refreshInsights();
    expect(lanes(mine((await load(pageLoader, "/insights", ADMIN)).data.data.topBySearches))).toEqual([key(P1), key(P2), key(P3)]);
  });
});
