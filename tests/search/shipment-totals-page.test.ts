// All-in totals on the results pages (issue 25 item 1), through the loader and
// the built document: the viewer's own tier in the freight parts, order by
// total across pages, messages in both languages, a plain GET form (no JavaScript).
import { loader } from "~/routes/site/mode-results";
import { parseFixed, compare } from "~/domain/pricing/decimal";
import { formatPrice } from "~/domain/pricing/format";
import type { TotalView } from "~/domain/rates/totals.server";
import { withTestDb } from "../support/db";
import { render, visibleText } from "../support/render";
import { callRoute, getRequest } from "../support/requests";
import { VALID_TODAY_SQL, cookieOf, flushBackground } from "./helpers";

afterEach(async () => {
  await flushBackground();
});

type Data = {
  results: { rows: { id: number }[]; sort: string; pageCount: number };
  shipment: { values: Record<string, string>; errors: Record<string, string>; totals: Record<number, TotalView> | null } | null;
};
const call = async (path: string, query: Record<string, string>, cookie = "") => {
  const result = await callRoute(loader, getRequest(path, query, { cookie }));
  return { status: result.status, data: result.data as Data };
};

const FCL = { pol: "SHANGHAI", pod: "BATAM" };

test("FCL as T2: the freight parts are count × the T2 price of each row, the page is ordered by total", async () => {
  const cookie = await cookieOf("t2");
  const { status, data } = await call("/fclbysea", { ...FCL, qty_gp20: "2", qty_hq40: "1", sort: "total" }, cookie);
  expect(status).toBe(200);
  expect(data.results.sort).toBe("total");
  const totals = data.shipment!.totals!;
  const prices = await withTestDb(async (db) => {
    const { rows } = await db.query(
      `SELECT id, gp20_t2, hq40_t2 FROM fcl_rates WHERE pol = 'SHANGHAI' AND pod = 'BATAM' AND ${VALID_TODAY_SQL}`,
    );
    return new Map(rows.map((r) => [r.id as number, r as { gp20_t2: string | null; hq40_t2: string | null }]));
  });
  expect(data.results.rows.length).toBeGreaterThan(1);
  for (const row of data.results.rows) {
    const db = prices.get(row.id)!;
    const lines = totals[row.id].lines;
    if (db.gp20_t2 === null || db.hq40_t2 === null) {
      expect(totals[row.id].incomplete).toBe(true);
      continue;
    }
    // Hand rule: 2 × 20GP and 1 × 40HQ at the T2 price, the freight lines first, worded by the server.
    const money = (n: number) => formatPrice(n.toFixed(2), "money");
    expect(lines[0]).toMatch(new RegExp(`^20GP.*：2 箱 × ${money(Number(db.gp20_t2))} USD = ${money(2 * Number(db.gp20_t2))} USD$`));
    expect(lines[1]).toMatch(new RegExp(`^40HQ.*：1 箱 × ${money(Number(db.hq40_t2))} USD = ${money(Number(db.hq40_t2))} USD$`));
  }
  // Ascending by the USD total (every FCL total has USD freight).
  const usd = data.results.rows
    .filter((r) => !totals[r.id].incomplete)
    .map((r) => parseFixed(totals[r.id].sums.find((s) => s.currency === "USD")!.amount)!);
  for (let i = 1; i < usd.length; i++) expect(compare(usd[i - 1], usd[i])).toBeLessThanOrEqual(0);
  // Sorting by price shows the same rows of the route.
  const byPrice = await call("/fclbysea", { ...FCL, qty_gp20: "2", qty_hq40: "1" }, cookie);
  expect(new Set(byPrice.data.results.rows.map((r) => r.id))).toEqual(new Set(data.results.rows.map((r) => r.id)));
});

test("visitors and unaudited customers get the form's values back but no totals", async () => {
  for (const viewer of ["visitor", "pending"] as const) {
    const { data } = await call("/fclbysea", { ...FCL, qty_gp20: "1", sort: "total" }, await cookieOf(viewer));
    expect(data.shipment!.totals).toBeNull();
    expect(data.results.sort).not.toBe("total");
  }
});

test("bad counts and weights: a message in the page's language, no totals, nothing else changes", async () => {
  const cookie = await cookieOf("t1");
  const { status, data } = await call("/fclbysea", { ...FCL, qty_gp20: "2.5" }, cookie);
  expect(status).toBe(200);
  expect(data.shipment!.errors).toEqual({ qty_gp20: "quotes.shipment.errors.count" });
  expect(data.shipment!.totals).toBeNull();
  const zh = visibleText((await render("/fclbysea", { ...FCL, qty_gp20: "2.5" }, { cookie })).html);
  expect(zh).toContain("箱量：0 到 999 的整数");
  const en = visibleText((await render("/byair", { airpol: "PVG", airpod: "ORD", kg: "1.25", lng: "en-US" }, { cookie })).html);
  expect(en).toContain("Weight: a number with at most 1 decimal");
  expect(en).not.toMatch(/quotes\.shipment|\{\{/);
});

test("without JavaScript: a GET form to the results path, totals and breakdown printed by the server", async () => {
  const cookie = await cookieOf("t0");
  const page = await render("/byair", { airpol: "PVG", airpod: "ORD", kg: "120", cbm: "1.5" }, { cookie });
  expect(page.status).toBe(200);
  expect(page.html).toMatch(/<form[^>]*method="get"[^>]*action="\/byair"[^>]*class="calculator shipment"/);
  const text = visibleText(page.html);
  expect(text).toContain("全包总价");
  expect(text).toContain("计费重 250.5 公斤");
  const fcl = visibleText((await render("/fclbysea", { ...FCL, qty_gp20: "1", lng: "en-US" }, { cookie })).html);
  expect(fcl).toContain("Breakdown of the total");
  expect(fcl).toMatch(/20GP[^:]*: 1 box\(es\) × [\d,]+\.\d\d USD = [\d,]+\.\d\d USD/);
});

test("the sort links name the order by total in both languages, never by its key", async () => {
  const cookie = await cookieOf("t0");
  const zh = (await render("/fclbysea", { ...FCL, qty_gp20: "1" }, { cookie })).html;
  expect(zh).toMatch(/class="toolbar__sort"[^>]*>总价<\/a>/);
  const en = (await render("/fclbysea", { ...FCL, qty_gp20: "1", lng: "en-US" }, { cookie })).html;
  expect(en).toMatch(/class="toolbar__sort"[^>]*>Total<\/a>/);
  for (const html of [zh, en]) expect(visibleText(html)).not.toContain("search.sort");
});
