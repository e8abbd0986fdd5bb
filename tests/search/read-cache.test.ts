// The results pages' read cache (app/utils/data-cache.server.ts,
// app/domain/rates/read-cache.server.ts): a repeated search does not read the
// rates again, and every change of rates, ports or the company contact (made
// here through a connection of its own, as another app process or an import
// would) shows on the very next request.
import { loader as fclLoader } from "~/routes/site/mode-results";
import { loader as railLoader } from "~/routes/site/mode-results";
import { loader as homeLoader } from "~/routes/site/home";
import { flushBackground } from "~/domain/rates/background.server";
import { modeByKey } from "~/domain/modes";
import { recordSearch } from "~/domain/rates/query-log.server";
import { clearDataCaches, dataCache, readVersions } from "~/utils/data-cache.server";
import { prisma, sql } from "~/utils/db.server";
import { withTestDb } from "../support/db";
import { callRoute, getRequest } from "../support/requests";
import { cookieOf, VALID_TODAY_SQL } from "./helpers";

const search = async (query: Record<string, string>, cookie = "") => callRoute(fclLoader, getRequest("/fclbysea", query, { cookie }));

/** The first row's 20GP price as a T1 customer sees it. */
async function firstPrice(query: Record<string, string>): Promise<{ id: number; gp20: string } | null> {
  const result = await search({ ...query, sort: "validity" }, await cookieOf("t1"));
  const row = result.data.results?.rows[0];
  return row ? { id: row.id, gp20: row.prices.gp20 } : null;
}

beforeEach(() => clearDataCaches());

test("a repeated search is served from the cache: the rate table is not read again", async () => {
  const findMany = vi.spyOn(prisma.fclRate, "findMany");
  const count = vi.spyOn(prisma.fclRate, "count");
  try {
    const first = await search({ pol: "SHANGHAI", pod: "BATAM" }, await cookieOf("t1"));
    const second = await search({ pol: "SHANGHAI", pod: "BATAM" }, await cookieOf("t1"));
    expect(second.data.results).toEqual(first.data.results);
    expect(first.data.results.rows.length).toBeGreaterThan(0);
    expect(findMany).toHaveBeenCalledTimes(1);
    expect(count).toHaveBeenCalledTimes(1);
    // Another tier is another entry: never the T1 rows for a T2 customer.
    const t2 = await search({ pol: "SHANGHAI", pod: "BATAM" }, await cookieOf("t2"));
    expect(findMany).toHaveBeenCalledTimes(2);
    expect(t2.data.tier).toBe("T2");
    expect(t2.data.results.rows[0].prices).not.toEqual(first.data.results.rows[0].prices);
  } finally {
    findMany.mockRestore();
    count.mockRestore();
  }
});

test("an edited price shows on the next search", async () => {
  const before = await firstPrice({ pol: "SHANGHAI", pod: "BATAM" });
  expect(before).not.toBeNull();
  await withTestDb((db) => db.query("UPDATE fcl_rates SET gp20_t1 = gp20_t1 + 111 WHERE id = $1", [before!.id]));
  const after = await firstPrice({ pol: "SHANGHAI", pod: "BATAM" });
  expect(after!.id).toBe(before!.id);
  expect(Number(after!.gp20)).toBeCloseTo(Number(before!.gp20) + 111, 2);
});

test("deleted rates disappear and inserted ones appear on the next search", async () => {
  const ids = await withTestDb(async (db) =>
    (await db.query(`SELECT id FROM fcl_rates WHERE pol = 'SHANGHAI' AND pod = 'BATAM' AND ${VALID_TODAY_SQL}`)).rows.map((r) => r.id),
  );
  expect((await search({ pol: "SHANGHAI", pod: "BATAM" })).data.results.total).toBe(ids.length);
  await withTestDb((db) => db.query("DELETE FROM fcl_rates WHERE id = ANY($1)", [ids.slice(1)]));
  expect((await search({ pol: "SHANGHAI", pod: "BATAM" })).data.results.total).toBe(1);
  await withTestDb((db) =>
    db.query(`INSERT INTO fcl_rates (id, pol, pod, carrier, valid_from, valid_to, gp20_t0, gp20_t1, gp20_t2)
              VALUES (990001, 'SHANGHAI', 'BATAM', 'NEWLINE', current_date - 1, current_date + 30, 1, 2, 3)`),
  );
  const result = await search({ pol: "SHANGHAI", pod: "BATAM" });
  expect(result.data.results.total).toBe(2);
  expect(result.data.carriers).toContain("NEWLINE");
});

test("a port added after a failed search resolves on the next one", async () => {
  const missing = await search({ pol: "SHANGHAI", pod: "ZZCACHEPORT" });
  expect(missing.data.status).toBe("invalid");
  expect(missing.data.fields[1].error).toBe("search.validation.notFound");
  await withTestDb((db) => db.query("INSERT INTO sea_ports (code, name, name_zh) VALUES ('ZZCHP', 'ZZCACHEPORT', '缓存港')"));
  const found = await search({ pol: "SHANGHAI", pod: "ZZCACHEPORT" });
  expect(found.data.status).toBe("ok");
  expect(found.data.fields[1].error).toBeNull();
});

test("rail lists follow the rates: a new origin is offered on the next request", async () => {
  const before = await callRoute(railLoader, getRequest("/railroad"));
  expect(before.data.lists.from.map((o: { value: string }) => o.value)).not.toContain("缓存站");
  await withTestDb((db) =>
    db.query(`INSERT INTO rail_rates (id, pol, pod, valid_from, valid_to)
              VALUES (990002, '缓存站', '阿拉山口', current_date - 1, current_date + 30)`),
  );
  const after = await callRoute(railLoader, getRequest("/railroad"));
  expect(after.data.lists.from.map((o: { value: string }) => o.value)).toContain("缓存站");
});

test("/home's rail tab and contact card follow their tables too", async () => {
  const before = await callRoute(homeLoader, getRequest("/home", { tab: "railway" }));
  expect(before.data.lists.from.map((o: { value: string }) => o.value)).not.toContain("首页站");
  await withTestDb((db) =>
    db.query(`INSERT INTO rail_rates (id, pol, pod, valid_from, valid_to)
              VALUES (990003, '首页站', '阿拉山口', current_date - 1, current_date + 30);
              UPDATE site_settings SET value_zh = jsonb_set(value_zh::jsonb, '{phone}', '"400-000-5678"')::text WHERE key = 'company_contact'`),
  );
  const after = await callRoute(homeLoader, getRequest("/home", { tab: "railway" }));
  expect(after.data.lists.from.map((o: { value: string }) => o.value)).toContain("首页站");
  expect(after.data.contact.company.phone).toBe("400-000-5678");
});

test("the company contact shown to visitors follows its setting", async () => {
  const before = await search({});
  expect(before.data.contact.kind).toBe("company");
  await withTestDb((db) =>
    db.query(
      `UPDATE site_settings SET value_zh = jsonb_set(value_zh::jsonb, '{phone}', '"400-000-1234"')::text WHERE key = 'company_contact'`,
    ),
  );
  const after = await search({});
  expect(after.data.contact.company.phone).toBe("400-000-1234");
});

test("every statement that writes a cached table changes its version, in its own transaction", async () => {
  const before = await readVersions();
  expect(Object.keys(before).sort()).toEqual(
    [
      "air_rates",
      "airports",
      "express_countries",
      "express_rates",
      "fcl_rates",
      "lcl_rates",
      "rail_rates",
      "sea_ports",
      "site_settings",
      "trailer_rates",
      // Read by anonymous pages, for the page cache (decision 607).
      "special_offers",
      "home_contents",
      "home_categories",
      // The day's exchange rates of the totals (decision 402).
      "exchange_rates",
      // The port typeahead's answers (decision 205).
      "port_aliases",
    ].sort(),
  );
  await withTestDb(async (db) => {
    await db.query("BEGIN");
    await db.query("UPDATE lcl_rates SET remark = remark WHERE id = (SELECT min(id) FROM lcl_rates)");
    // Not visible before the commit: a request meanwhile keeps the old version.
    expect((await readVersions()).lcl_rates).toBe(before.lcl_rates);
    await db.query("COMMIT");
  });
  const after = await readVersions();
  expect(after.lcl_rates).not.toBe(before.lcl_rates);
  expect(after.fcl_rates).toBe(before.fcl_rates);
});

describe("query logs and history written in batches", () => {
  test("searches of several users and modes keep each user's order, newest first, each entry once", async () => {
    const fcl = modeByKey("fcl");
    const air = modeByKey("air");
    const logsBefore = await prisma.queryLog.count();
    const at = (userId: number, from: string, to: string, mode = fcl) =>
      recordSearch({ userId, mode, log: { pol: from, pod: to }, history: { from, to } });
    at(11, "A/AAA/甲", "X/XXX/子");
    at(12, "B/BBB/乙", "Y/YYY/丑");
    at(11, "C/CCC/丙", "X/XXX/子");
    at(11, "A/AAA/甲", "Z/ZZZ/寅");
    at(11, "PVG;PVG;浦东", "ORD;ORD;芝加哥", air);
    await flushBackground();
    expect(await prisma.queryLog.count()).toBe(logsBefore + 5);
    const history = async (userId: number, mode: "FCL" | "AIR") =>
      prisma.searchHistory.findUnique({ where: { userId_mode: { userId, mode } } });
    const h11 = await history(11, "FCL");
    expect(h11!.queries.split("|").slice(0, 2)).toEqual(["A/AAA/甲", "C/CCC/丙"]);
    expect(h11!.destinations.split("|").slice(0, 2)).toEqual(["Z/ZZZ/寅", "X/XXX/子"]);
    expect(h11!.queries.split("|").filter((e) => e === "A/AAA/甲")).toHaveLength(1);
    expect(h11!.queries.split("|").length).toBeLessThanOrEqual(10);
    expect((await history(12, "FCL"))!.queries.split("|")[0]).toBe("B/BBB/乙");
    expect((await history(11, "AIR"))!.queries.split("|")[0]).toBe("PVG;PVG;浦东");
    // The log keeps the order and time of the searches.
    const logs = await prisma.queryLog.findMany({ where: { userId: 11, mode: "FCL" }, orderBy: { id: "desc" }, take: 3 });
    expect(logs.map((l) => l.pol)).toEqual(["A/AAA/甲", "C/CCC/丙", "A/AAA/甲"]);
    expect(Math.abs(logs[0].operatedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });
});

test("what a page may show a moment late (its popular lanes) is served as read before while the changed tables are read anew; prices never", async () => {
  const cache = dataCache<string>(4);
  const [v1, v2] = [{ fcl_rates: "1" }, { fcl_rates: "2" }];
  let loads = 0;
  const load = (value: string | Promise<string>) => () => (loads++, Promise.resolve(value));
  expect(await cache.getStale(v1, ["fcl_rates"], "lanes", load("read at version 1"))).toBe("read at version 1");
  // The rates changed: the request gets the lanes read before at once, and the new ones load beside it.
  let release: (value: string) => void = () => {};
  const slow = new Promise<string>((resolve) => (release = resolve));
  expect(await cache.getStale(v2, ["fcl_rates"], "lanes", load(slow))).toBe("read at version 1");
  expect(loads).toBe(2);
  release("read at version 2");
  // The next request gets them, without reading again.
  expect(await cache.getStale(v2, ["fcl_rates"], "lanes", load("not read"))).toBe("read at version 2");
  expect(loads).toBe(2);
  // A first read waits for its load; `get` (prices, counts) never serves a value of other versions.
  expect(await cache.getStale(v1, ["fcl_rates"], "other", load("first read"))).toBe("first read");
  expect(await cache.get({ fcl_rates: "3" }, ["fcl_rates"], "lanes", load("read at version 3"))).toBe("read at version 3");
});

test("emptied as after a data change, the caches a page may show a moment late keep what they hold; the others are read anew", async () => {
  const [lanes, prices] = [dataCache<string>(4), dataCache<string>(4)];
  const versions = { fcl_rates: "1" };
  let loads = 0;
  const load = (value: string) => () => (loads++, Promise.resolve(value));
  await lanes.getStale(versions, ["fcl_rates"], "lanes", load("lanes"));
  await prices.get(versions, ["fcl_rates"], "page", load("prices"));
  clearDataCaches({ keepStale: true });
  expect(await lanes.getStale(versions, ["fcl_rates"], "lanes", load("lanes read again"))).toBe("lanes");
  expect(await prices.get(versions, ["fcl_rates"], "page", load("prices read again"))).toBe("prices read again");
  expect(loads).toBe(3);
  // Emptied for good, both are read anew.
  clearDataCaches();
  expect(await lanes.getStale(versions, ["fcl_rates"], "lanes", load("lanes read again"))).toBe("lanes read again");
});

test("times read through the pool are UTC, as Prisma writes them", async () => {
  const session = await prisma.session.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
  const [row] = await sql<{ expires_at: Date }>("SELECT expires_at FROM sessions WHERE id = $1", [session.id]);
  expect(row.expires_at.getTime()).toBe(session.expiresAt.getTime());
});
