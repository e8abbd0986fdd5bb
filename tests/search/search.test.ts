// The search itself: parameters and their validation messages, server-side
// resolution with "did you mean", validity, paused rows, sorting, paging,
// query logs and search history.
import { loader as fclLoader } from "~/routes/site/mode-results";
import { loader as lclLoader } from "~/routes/site/mode-results";
import { loader as airLoader } from "~/routes/site/mode-results";
import { loader as railLoader } from "~/routes/site/mode-results";
import { loader as trailerLoader } from "~/routes/site/mode-results";
import { loader as expressLoader } from "~/routes/site/mode-results";
import { pool, prisma } from "~/utils/db.server";
import { allowConsoleError, withTestDb } from "../support/db";
import { render, visibleText } from "../support/render";
import { callRoute, getRequest } from "../support/requests";
import { VALID_TODAY_SQL, cookieOf, flushBackground } from "./helpers";

afterEach(async () => {
  await flushBackground();
});

const call = async (loader: typeof fclLoader, path: string, query: Record<string, string>, cookie = "") =>
  callRoute(loader, getRequest(path, query, { cookie }));

describe("validation (spec 5), in the user's language", () => {
  test("no parameters: the empty form, no messages", async () => {
    const result = await call(fclLoader, "/fclbysea", {});
    expect(result.status).toBe(200);
    expect(result.data.status).toBe("idle");
    expect(result.data.fields.every((f: { error: string | null }) => f.error === null)).toBe(true);
    expect(result.data.results).toBeNull();
  });

  test("both sea ports are required", async () => {
    const result = await call(fclLoader, "/fclbysea", { pol: "", pod: "" });
    expect(result.status).toBe(400);
    expect(result.data.fields.map((f: { error: string }) => f.error)).toEqual(["search.validation.pol", "search.validation.pod"]);
    const zh = visibleText((await render("/fclbysea", { pol: "", pod: "" })).html);
    expect(zh).toContain("请选择起运港！");
    expect(zh).toContain("请选择目的港！");
    const en = visibleText((await render("/fclbysea", { pol: "SHANGHAI", pod: "", lng: "en-US" })).html);
    expect(en).toContain("Please select the port of destination!");
    expect(en).not.toContain("Please select the port of departure!");
  });

  test("trailer: port area and door address", async () => {
    const en = visibleText((await render("/trailer", { dock: "", trailer_door_point: "", lng: "en-US" })).html);
    expect(en).toContain("Please select the port area!");
    expect(en).toContain("Please select the door address!");
  });

  test.each([
    [{ pod: "", num: "1" }, "Please select your destination!"],
    [{ pod: "US-W", num: "" }, "Please select weight!"],
    [{ pod: "US-W", num: "0" }, "Please select weight!"],
    [{ pod: "US-W", num: "300" }, "No more than 299KG!"],
    [{ pod: "US-W", num: "2.55" }, "At most one decimal"],
  ])("express %o", async (query, message) => {
    const page = await render("/express", { ...query, lng: "en-US" });
    expect(page.status).toBe(400);
    expect(visibleText(page.html)).toContain(message);
  });

  test("express messages in Chinese", async () => {
    const zh = visibleText((await render("/express", { pod: "", num: "300" })).html);
    expect(zh).toContain("请选择目的地！");
    expect(zh).toContain("不能超过299KG！");
  });
});

describe("resolution without JavaScript", () => {
  test.each(["SHANGHAI", "shanghai", "CNSHA", "cnsha", "上海", "SHANGHAI/CNSHA/上海"])("sea %s → SHANGHAI", async (pol) => {
    const result = await call(fclLoader, "/fclbysea", { pol, pod: "batam" });
    expect(result.data.status).toBe("ok");
    expect(result.data.query).toEqual({ pol: "SHANGHAI", pod: "BATAM" });
    expect(result.data.results.total).toBe(3);
  });

  test("ambiguous text gets a 'did you mean' list of links", async () => {
    // Three ports are named Manzanillo (Mexico, the Dominican Republic, Panama).
    const result = await call(fclLoader, "/fclbysea", { pol: "manz", pod: "BATAM" });
    expect(result.status).toBe(200);
    expect(result.data.status).toBe("invalid");
    const field = result.data.fields[0];
    expect(field.error).toBe("search.validation.didYouMean");
    expect(field.candidates[0].value).toBe("MANZANILLO");
    expect(field.candidates.length).toBeLessThanOrEqual(10);
    const html = (await render("/fclbysea", { pol: "manz", pod: "BATAM" })).html;
    expect(html).toContain('href="/fclbysea?pol=MANZANILLO&amp;pod=BATAM"');
  });

  test("unknown text says so", async () => {
    const result = await call(fclLoader, "/fclbysea", { pol: "zzqqxx", pod: "BATAM" });
    expect(result.data.fields[0].error).toBe("search.validation.notFound");
    expect(result.data.fields[0].candidates).toBeNull();
    expect(visibleText((await render("/fclbysea", { pol: "zzqqxx", pod: "BATAM", lng: "en-US" })).html)).toContain(
      'Nothing matches "zzqqxx"',
    );
  });

  test("a misspelling gets near spellings as 'did you mean'", async () => {
    const result = await call(fclLoader, "/fclbysea", { pol: "shanghia", pod: "BATAM" });
    expect(result.data.fields[0].error).toBe("search.validation.notFound");
    expect(result.data.fields[0].candidates.map((c: { value: string }) => c.value)).toContain("SHANGHAI");
    const express = await call(expressLoader, "/express", { pod: "germny", num: "1" });
    expect(express.data.fields[0].candidates.map((c: { hint: string }) => c.hint)).toContain("Germany (DE)");
  });

  test("air ports by IATA code or name", async () => {
    const result = await call(airLoader, "/byair", { airpol: "pvg", airpod: "芝加哥奥黑尔" });
    expect(result.data.query).toEqual({ airpol: "PVG", airpod: "ORD" });
    expect(result.data.results.total).toBe(3);
  });

  test("railway and trailer lists, case-insensitive contains", async () => {
    const rail = await call(railLoader, "/railroad", { pol: "西安", pod: "阿拉山口" });
    expect(rail.data.results.total).toBeGreaterThan(0);
    expect(rail.data.lists.from.map((o: { value: string }) => o.value)).toContain("西安");
    const trailer = await call(trailerLoader, "/trailer", { dock: "上海", trailer_door_point: "上海" });
    // One port area contains 上海 (resolved); many door addresses do (did you mean).
    expect(trailer.data.fields[0].value).toBe("上海港");
    expect(trailer.data.fields[1].error).toBe("search.validation.didYouMean");
    expect(trailer.data.fields[1].candidates.map((c: { value: string }) => c.value)).toContain("上海浦东");
  });

  test.each(["US-W", "us-w", "美国西部", "United States (West)"])("express country %s → zone F", async (pod) => {
    const result = await call(expressLoader, "/express", { pod, num: "2.3" });
    expect(result.data.express).toMatchObject({ zoneCode: "F", weight: "2.3", chargeable: "2.5" });
    expect(result.data.results.total).toBe(4);
  });
});

describe("results", () => {
  test("only rows valid today (expired and future rows hidden)", async () => {
    const ids = await withTestDb(async (db) => {
      const { rows } = await db.query(`SELECT id, ${VALID_TODAY_SQL} AS valid FROM fcl_rates WHERE pol = 'SHANGHAI' AND pod = 'BATAM'`);
      return rows as { id: number; valid: boolean }[];
    });
    expect(ids.some((r) => !r.valid)).toBe(true);
    const result = await call(fclLoader, "/fclbysea", { pol: "SHANGHAI", pod: "BATAM" });
    expect(result.data.results.rows.map((r: { id: number }) => r.id).sort()).toEqual(
      ids
        .filter((r) => r.valid)
        .map((r) => r.id)
        .sort(),
    );
  });

  test("a paused row has the badge and no booking link", async () => {
    const route = await withTestDb(async (db) => {
      const { rows } = await db.query(
        `SELECT id, dock, door_point FROM trailer_rates WHERE paused AND ${VALID_TODAY_SQL} ORDER BY id LIMIT 1`,
      );
      return rows[0] as { id: number; dock: string; door_point: string };
    });
    expect(route).toBeDefined();
    const query = { dock: route.dock, trailer_door_point: route.door_point };
    const cookie = await cookieOf("t1");
    const result = await call(trailerLoader, "/trailer", query, cookie);
    const rows = result.data.results.rows as { id: number; paused: boolean }[];
    expect(rows.find((r) => r.id === route.id)?.paused).toBe(true);
    const html = (await render("/trailer", query, { cookie })).html;
    expect(html).toContain("badge--paused");
    expect(html).not.toContain(`/booking/trailer/${route.id}"`);
    for (const row of rows.filter((r) => !r.paused)) expect(html).toContain(`/booking/trailer/${row.id}"`);
  });

  test("visitors get a login link instead of booking", async () => {
    const html = (await render("/fclbysea", { pol: "SHANGHAI", pod: "BATAM" })).html;
    expect(html).not.toContain("/booking/fcl/");
    expect(html).toContain("/login?redirectTo=%2Ffclbysea%3Fpol%3DSHANGHAI%26pod%3DBATAM");
  });

  test("sort by the tier's price or by validity; visitors only by validity", async () => {
    const cookie = await cookieOf("t1");
    const byPrice = await call(fclLoader, "/fclbysea", { pol: "SHANGHAI", pod: "BATAM" }, cookie);
    const prices = byPrice.data.results.rows.map((r: { prices: { gp20: string } }) => Number(r.prices.gp20));
    expect(byPrice.data.results.sort).toBe("price");
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const byValidity = await call(fclLoader, "/fclbysea", { pol: "SHANGHAI", pod: "BATAM", sort: "validity" }, cookie);
    const ends = byValidity.data.results.rows.map((r: { validTo: string }) => r.validTo);
    expect(ends).toEqual([...ends].sort().reverse());
    const visitor = await call(fclLoader, "/fclbysea", { pol: "SHANGHAI", pod: "BATAM", sort: "price" });
    expect(visitor.data.results.sort).toBe("validity");
  });

  test("paging: 20 rows a page, page links in the URL", async () => {
    await withTestDb((db) =>
      db.query(
        `INSERT INTO lcl_rates (pol, pod, freight_cbm_t0, freight_cbm_t1, freight_cbm_t2, valid_from, valid_to, updated_at)
         SELECT 'QINGDAO', 'HAIPHONG', 10 + g, 11 + g, 12 + g, NULL, NULL, now() FROM generate_series(1, 45) g`,
      ),
    );
    const cookie = await cookieOf("t2");
    const first = await call(lclLoader, "/lclbysea", { lclpol: "QINGDAO", lclpod: "HAIPHONG" }, cookie);
    expect(first.data.results).toMatchObject({ total: expect.any(Number), page: 1 });
    const total = first.data.results.total;
    expect(total).toBeGreaterThanOrEqual(45);
    expect(first.data.results.rows).toHaveLength(20);
    const last = Math.ceil(total / 20);
    const page = await call(lclLoader, "/lclbysea", { lclpol: "QINGDAO", lclpod: "HAIPHONG", page: "99" }, cookie);
    expect(page.data.results.page).toBe(last);
    expect(page.data.results.rows).toHaveLength(total - (last - 1) * 20);
    const html = (await render("/lclbysea", { lclpol: "QINGDAO", lclpod: "HAIPHONG" }, { cookie })).html;
    expect(html).toContain('href="/lclbysea?lclpol=QINGDAO&amp;lclpod=HAIPHONG&amp;sort=price&amp;page=2"');
  });

  test("LCL calculator totals for priced viewers only", async () => {
    const cookie = await cookieOf("t1");
    const query = { lclpol: "SHANGHAI", lclpod: "KOBE", cbm: "2.5", kg: "800" };
    const priced = await call(lclLoader, "/lclbysea", query, cookie);
    const row = priced.data.results.rows[0];
    const charge = priced.data.calculator.charges[row.id];
    expect(charge.revenueTons).toBe("2.5000");
    expect(charge.total).toBeTruthy();
    const visitor = await call(lclLoader, "/lclbysea", query);
    expect(visitor.data.calculator.charges).toBeNull();
    const bad = await call(lclLoader, "/lclbysea", { ...query, cbm: "1.23456" }, cookie);
    expect(bad.data.calculator.errors.cbm).toBe("search.calculator.errors.cbmFormat");
  });

  test("no matching quotation: the message and the contact card", async () => {
    const pod = await withTestDb(async (db) => {
      const { rows } = await db.query(
        "SELECT name FROM sea_ports WHERE name NOT IN (SELECT pod FROM fcl_rates) AND name ~ '^[A-Z]+$' ORDER BY name LIMIT 1",
      );
      return rows[0].name as string;
    });
    const page = await render("/fclbysea", { pol: "SHANGHAI", pod, lng: "en-US" });
    const text = visibleText(page.html);
    expect(text).toContain("No matching quotation goods, please contact your exclusive customer service...");
    expect(page.html).toContain("contact-card--inline");
  });

  test("carrier filter", async () => {
    const cookie = await cookieOf("t1");
    const all = await call(fclLoader, "/fclbysea", { pol: "SHANGHAI", pod: "BATAM" }, cookie);
    const carrier = all.data.carriers[0];
    const filtered = await call(fclLoader, "/fclbysea", { pol: "SHANGHAI", pod: "BATAM", carrier }, cookie);
    expect(filtered.data.results.rows.every((r: { facts: { carrier: string } }) => r.facts.carrier === carrier)).toBe(true);
    expect(filtered.data.results.total).toBeLessThan(all.data.results.total);
  });
});

describe("query logs and search history", () => {
  const logsOf = (userId: number) =>
    withTestDb(async (db) => (await db.query("SELECT * FROM query_logs WHERE user_id = $1 ORDER BY id DESC", [userId])).rows);

  test("a logged-in search writes a QueryLog row and the history", async () => {
    const cookie = await cookieOf("t2"); // user 12
    const before = (await logsOf(12)).length;
    const result = await call(fclLoader, "/fclbysea", { pol: "cnngb", pod: "singapore" }, cookie);
    expect(result.status).toBe(200);
    await flushBackground();
    const logs = await logsOf(12);
    expect(logs.length).toBe(before + 1);
    expect(logs[0]).toMatchObject({ mode: "FCL", pol: "NINGBO", pod: "SINGAPORE", carrier: null });
    const history = await prisma.searchHistory.findUnique({ where: { userId_mode: { userId: 12, mode: "FCL" } } });
    expect(history?.queries.split("|")[0]).toBe("NINGBO/CNNGB/宁波");
    expect(history?.destinations.split("|")[0]).toBe("SINGAPORE/SGSIN/新加坡");
    // No duplicates: NINGBO was already in the list.
    expect(history?.queries.split("|").filter((e) => e.startsWith("NINGBO/"))).toHaveLength(1);
  });

  test("each mode logs its own columns", async () => {
    const cookie = await cookieOf("t1"); // user 11
    await call(trailerLoader, "/trailer", { dock: "上海港", trailer_door_point: "上海浦东" }, cookie);
    await flushBackground();
    expect((await logsOf(11))[0]).toMatchObject({ mode: "TRAILER", dock: "上海港", door_point: "上海浦东", pol: null });
    await call(expressLoader, "/express", { pod: "US-W", num: "2.3" }, cookie);
    await flushBackground();
    expect((await logsOf(11))[0]).toMatchObject({ mode: "EXPRESS", destination: "美国西部", weight: "2.3" });
    await call(airLoader, "/byair", { airpol: "PVG", airpod: "ORD", carrier: "UA" }, cookie);
    await flushBackground();
    expect((await logsOf(11))[0]).toMatchObject({ mode: "AIR", pol: "PVG", pod: "ORD", carrier: "UA" });
    const air = await prisma.searchHistory.findUnique({ where: { userId_mode: { userId: 11, mode: "AIR" } } });
    expect(air?.queries.split("|")[0]).toBe("SHANGHAI PUDONG INTERNATIONAL AIRPORT;PVG;上海浦东");
  });

  test("visitors and invalid searches write nothing", async () => {
    const count = async () => withTestDb(async (db) => Number((await db.query("SELECT count(*) FROM query_logs")).rows[0].count));
    const before = await count();
    await call(fclLoader, "/fclbysea", { pol: "SHANGHAI", pod: "BATAM" });
    await call(fclLoader, "/fclbysea", { pol: "SHANGHAI", pod: "" }, await cookieOf("t1"));
    await flushBackground();
    expect(await count()).toBe(before);
  });

  test("a failing log never fails the page", async () => {
    const logged = allowConsoleError();
    // The batch's insert fails (the log is written through the pool: decision 609); every other statement runs.
    const query = pool.query.bind(pool) as (config: unknown) => Promise<unknown>;
    const spy = vi
      .spyOn(pool, "query")
      .mockImplementation(((config: { text?: string }) =>
        String(config?.text).includes("INSERT INTO query_logs")
          ? Promise.reject(new Error("database down"))
          : query(config)) as unknown as typeof pool.query);
    try {
      const result = await call(fclLoader, "/fclbysea", { pol: "SHANGHAI", pod: "BATAM" }, await cookieOf("t1"));
      expect(result.status).toBe(200);
      await flushBackground();
      expect(logged.some((args) => String(args[0]).includes("query log fcl failed"))).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  test("suggestions: visitors get the defaults, customers their 5 latest searches", async () => {
    const visitor = await call(fclLoader, "/fclbysea", {});
    expect(visitor.data.suggestions.pol).toEqual({
      source: "defaults",
      options: [expect.objectContaining({ value: "SHANGHAI" })],
    });
    expect(visitor.data.suggestions.pod.options[0].value).toBe("BATAM");
    const air = await call(airLoader, "/byair", {});
    expect(air.data.suggestions.airpol.options[0].value).toBe("PVG");
    expect(air.data.suggestions.airpod.options[0].value).toBe("ORD");
    const lcl = await call(lclLoader, "/lclbysea", {});
    expect(lcl.data.suggestions.lclpod.options[0].value).toBe("KOBE");
    const rail = await call(railLoader, "/railroad", {});
    expect(rail.data.suggestions.pol.options).toHaveLength(5);
    expect(rail.data.suggestions.pod.options.map((o: { value: string }) => o.value)).toEqual(["阿拉山口"]);
    const express = await call(expressLoader, "/express", {});
    expect(express.data.suggestions.pod.options[0].value).toBe("美国西部");

    const cookie = await cookieOf("t1");
    for (const pod of ["KOBE", "BUSAN", "TOKYO", "SINGAPORE", "BATAM", "PENANG"]) {
      await call(fclLoader, "/fclbysea", { pol: "SHANGHAI", pod }, cookie);
      await flushBackground();
    }
    const customer = await call(fclLoader, "/fclbysea", {}, cookie);
    expect(customer.data.suggestions.pod.source).toBe("history");
    expect(customer.data.suggestions.pod.options.map((o: { value: string }) => o.value)).toEqual([
      "PENANG",
      "BATAM",
      "SINGAPORE",
      "TOKYO",
      "BUSAN",
    ]);
    const rail2 = await call(railLoader, "/railroad", {}, cookie);
    expect(rail2.data.suggestions.pol).toEqual({ source: "history", options: [] });
  });
});
