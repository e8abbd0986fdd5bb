// Who sees which price, for EVERY mode and EVERY kind of viewer: in the
// loader data and in the whole rendered document. A customer's response
// holds exactly their tier's numbers and none of the other tiers'.
import { loader as fclLoader } from "~/routes/site/mode-results";
import { loader as lclLoader } from "~/routes/site/mode-results";
import { loader as airLoader } from "~/routes/site/mode-results";
import { loader as railLoader } from "~/routes/site/mode-results";
import { loader as trailerLoader } from "~/routes/site/mode-results";
import { loader as expressLoader } from "~/routes/site/mode-results";
import { expressQuote } from "~/domain/pricing/express";
import { formatMoney } from "~/domain/pricing/format";
import { prisma } from "~/utils/db.server";
import { clearDataCaches } from "~/utils/data-cache.server";
import { withTestDb } from "../support/db";
import { render, visibleText } from "../support/render";
import { callRoute, getRequest } from "../support/requests";
import {
  ROUTES,
  TIER_OF,
  VALID_TODAY_SQL,
  VIEWERS,
  cookieOf,
  flushBackground,
  foundNumbers,
  tierNumbers,
  type TierNumbers,
  type ViewerKey,
} from "./helpers";

const LOADERS = { fcl: fclLoader, lcl: lclLoader, air: airLoader, rail: railLoader, trailer: trailerLoader };
/** What a viewer without prices reads where the prices would be. */
const NOTICE_ZH: Record<ViewerKey, string | null> = {
  visitor: "登录后查看价格",
  // The account notice of the site layout says why; the price cells say it too.
  pending: "审核通过后可见",
  failed: "审核通过后可见",
  t0: null,
  t1: null,
  t2: null,
  frozen: null,
};

afterEach(async () => {
  await flushBackground();
});

const all = (n: TierNumbers) => [...n.T0, ...n.T1, ...n.T2];

describe.each(ROUTES)("$mode $path", (route) => {
  let expected: { ids: number[]; numbers: TierNumbers };
  beforeAll(async () => {
    expected = await tierNumbers(route);
  });

  test("the demo route has valid rows with distinct tier prices", () => {
    expect(expected.ids.length).toBeGreaterThan(0);
    const { T0, T1, T2 } = expected.numbers;
    expect(T0.length).toBeGreaterThan(0);
    for (const n of T0) expect(T1.includes(n) || T2.includes(n)).toBe(false);
    for (const n of T1) expect(T2.includes(n)).toBe(false);
  });

  test.each(VIEWERS)("%s", async (viewer) => {
    const cookie = await cookieOf(viewer);
    const tier = TIER_OF[viewer];
    const request = getRequest(route.path, route.query, { cookie });
    const result = await callRoute(LOADERS[route.mode], request);

    if (viewer === "frozen") {
      expect(result.status).toBe(302);
      expect(result.headers.get("Location")).toBe("/freeze");
      const page = await render(route.path, route.query, { cookie: await cookieOf("frozen") });
      expect(page.status).toBe(302);
      expect(page.location).toBe("/freeze");
      expect(foundNumbers(page.html, all(expected.numbers))).toEqual([]);
      return;
    }

    // Loader data: the rows of the route, and only the viewer's tier.
    expect(result.status).toBe(200);
    const data = result.data;
    expect(data.results.rows.map((r: { id: number }) => r.id).sort()).toEqual([...expected.ids].sort());
    const json = JSON.stringify(data);
    const own = tier ? expected.numbers[tier] : [];
    const others = all(expected.numbers).filter((n) => !own.includes(n));
    for (const n of own) expect(json).toContain(`"${n}"`);
    expect(foundNumbers(json, others)).toEqual([]);
    if (!tier) for (const row of data.results.rows) expect(row.prices).toBeNull();

    // The whole document: printed prices of the tier (with currency), nothing of the others.
    const page = await render(route.path, route.query, { cookie });
    expect(page.status).toBe(200);
    const text = visibleText(page.html);
    for (const n of own) expect(text).toContain(formatMoney(n));
    expect(foundNumbers(page.html, others)).toEqual([]);
    if (NOTICE_ZH[viewer]) expect(text).toContain(NOTICE_ZH[viewer]);
    if (tier) expect(text).toMatch(route.mode === "trailer" ? /\d CNY/ : /\d (USD|CNY)/);
  });
});

describe("express /express", () => {
  // United States (West) is zone F; 2.3 kg is charged at the 2.5 kg break.
  const query = { pod: "US-W", num: "2.3" };
  let quotes: { id: number; total: string; price: string; fuelAmount: string }[];

  beforeAll(async () => {
    const rows = await withTestDb(async (db) => {
      const { rows } = await db.query(
        `SELECT DISTINCT ON (category) id, category, weight::text AS break, zone_f::text AS price, fuel::text, discount::text
         FROM express_rates WHERE weight >= 2.3 AND ${VALID_TODAY_SQL} ORDER BY category, express_rates.weight, id`,
      );
      return rows;
    });
    expect(rows.length).toBe(4);
    for (const r of rows) expect(r.break).toBe("2.5");
    quotes = rows.map((r) => ({ id: r.id, ...expressQuote({ price: r.price, fuel: r.fuel, discount: r.discount }) }));
  });

  test.each(VIEWERS)("%s", async (viewer) => {
    const cookie = await cookieOf(viewer);
    const result = await callRoute(expressLoader, getRequest("/express", query, { cookie }));
    if (viewer === "frozen") {
      expect(result.headers.get("Location")).toBe("/freeze");
      return;
    }
    const priced = TIER_OF[viewer] !== null;
    const numbers = quotes.flatMap((q) => [q.total, q.price, q.fuelAmount]);
    const json = JSON.stringify(result.data);
    const page = await render("/express", query, { cookie });
    expect(page.status).toBe(200);
    expect(result.data.results.rows).toHaveLength(4);
    if (priced) {
      // Express is not tiered: every audited customer gets the same totals.
      for (const q of quotes) {
        const row = result.data.results.rows.find((r: { id: number }) => r.id === q.id);
        expect(row.prices.total).toBe(q.total);
        expect(visibleText(page.html)).toContain(`${formatMoney(q.total)} USD`);
      }
    } else {
      expect(foundNumbers(json, numbers)).toEqual([]);
      expect(foundNumbers(page.html, numbers)).toEqual([]);
      for (const row of result.data.results.rows) expect(row.prices).toBeNull();
    }
  });
});

test("the rate query selects only the viewer's tier columns", async () => {
  // Earlier searches of this route may be cached: read it anew.
  clearDataCaches();
  const spy = vi.spyOn(prisma.fclRate, "findMany");
  try {
    const cookie = await cookieOf("t2");
    await callRoute(fclLoader, getRequest("/fclbysea", { pol: "SHANGHAI", pod: "BATAM" }, { cookie }));
    await callRoute(fclLoader, getRequest("/fclbysea", { pol: "SHANGHAI", pod: "BATAM" }));
    const selects = spy.mock.calls.map(([args]) => Object.keys((args as { select: object }).select));
    expect(selects).toHaveLength(2);
    expect(selects[0]).toEqual(expect.arrayContaining(["gp20T2", "gp40T2", "hq40T2", "thc"]));
    expect(selects[0].filter((k) => /T[01]$/.test(k))).toEqual([]);
    // Visitors: no price and no fee column at all.
    expect(selects[1].filter((k) => /T\d$/.test(k) || k === "thc")).toEqual([]);
  } finally {
    spy.mockRestore();
  }
});
