// One currency for the totals (issue 25 item 2, decision 402): the exact
// conversion against hand-worked figures, and the results pages: the
// customer's choice (a GET parameter, kept in the page's links), the original
// currencies and the rate used beside each total, the order by the converted
// total, and a clear message instead of a wrong total when a rate is missing.
import type { T } from "~/i18n/keys";
import { afterEach, describe, expect, test } from "vitest";
import { loader } from "~/routes/site/mode-results";
import { convertSums, type ExchangeRateUsed } from "~/domain/pricing/currency";
import { divide, parseFixed, compare } from "~/domain/pricing/decimal";
import type { ShipmentTotal } from "~/domain/pricing/shipment";
import { convertTotals, rowTotals } from "~/domain/rates/totals.server";
import { modeByKey } from "~/domain/modes";
import { prisma } from "~/utils/db.server";
import { render, visibleText } from "../support/render";
import { callRoute, getRequest } from "../support/requests";
import { cookieOf, flushBackground } from "./helpers";

afterEach(async () => {
  await flushBackground();
});

const RATES = new Map<string, ExchangeRateUsed>([
  ["USD", { currency: "USD", rate: "7.1", validUntil: "2026-12-24" }],
  ["EUR", { currency: "EUR", rate: "7.7", validUntil: "2026-12-20" }],
]);
const SUMS = [
  { currency: "USD", amount: "4665.00" },
  { currency: "CNY", amount: "4370.00" },
];

describe("conversion (by hand)", () => {
  test("4,665.00 USD + 4,370.00 CNY at 1 USD = 7.1 CNY", () => {
    // 4665 × 7.1 = 33121.50; + 4370 = 37491.50 CNY
    expect(convertSums(SUMS, "CNY", RATES)).toEqual({
      ok: true,
      currency: "CNY",
      amount: "37491.50",
      rates: [RATES.get("USD")],
      validUntil: "2026-12-24",
    });
    // 37491.50 / 7.1 = 5280.4929… → 5280.49 USD
    expect(convertSums(SUMS, "USD", RATES)).toMatchObject({ ok: true, amount: "5280.49" });
    // 37491.50 / 7.7 = 4869.0259… → 4869.03 EUR; both rates used, valid until the earlier day
    expect(convertSums(SUMS, "EUR", RATES)).toMatchObject({
      ok: true,
      amount: "4869.03",
      rates: [RATES.get("USD"), RATES.get("EUR")],
      validUntil: "2026-12-20",
    });
  });

  test("a total already in the chosen currency uses no rate", () => {
    expect(convertSums([{ currency: "USD", amount: "10.50" }], "USD", new Map())).toEqual({
      ok: true,
      currency: "USD",
      amount: "10.50",
      rates: [],
      validUntil: null,
    });
  });

  test("a currency without a rate gives no amount and is named", () => {
    expect(convertSums(SUMS, "JPY", RATES)).toEqual({ ok: false, currency: "JPY", missing: ["JPY"] });
    expect(convertSums([{ currency: "HKD", amount: "1.00" }], "CNY", RATES)).toEqual({ ok: false, currency: "CNY", missing: ["HKD"] });
  });

  test("division rounds half away from zero to cents", () => {
    expect(divide(parseFixed("1")!, parseFixed("8")!, 2)).toEqual(parseFixed("0.13"));
    expect(divide(parseFixed("-1")!, parseFixed("8")!, 2)).toEqual(parseFixed("-0.13"));
    expect(divide(parseFixed("2")!, parseFixed("3")!, 2)).toEqual(parseFixed("0.67"));
    expect(divide(parseFixed("1")!, parseFixed("0")!, 2)).toBeNull();
  });

  test("converted totals keep the original sums and say the rate used; a missing rate makes the row incomplete", () => {
    const fcl = modeByKey("fcl");
    const row = {
      id: 1,
      paused: false,
      facts: { bookingFee: "USD 30/票", doc: "RMB 450/票" },
      validFrom: null,
      validTo: null,
      prices: { gp20: "1000.00" },
      currency: "USD",
    };
    const totals = rowTotals(fcl, { kind: "containers", counts: { gp20: 1 } }, [row]);
    const t: T = (key, values) => `${String(key)}${JSON.stringify(values ?? {})}`;
    const cny = convertTotals(totals, "CNY", RATES, t)[1];
    // (1000 + 30) × 7.1 + 450 = 7763.00
    expect(cny.sums).toEqual([{ currency: "CNY", amount: "7763.00" }]);
    expect(cny.original).toEqual([
      { currency: "USD", amount: "1030.00" },
      { currency: "CNY", amount: "450.00" },
    ]);
    expect(cny.note).toContain("1,030.00 USD + 450.00 CNY");
    expect(cny.note).toMatch(/quotes\.currency\.rate.*USD.*7\.1.*2026-12-24/);
    const jpy = convertTotals(totals, "JPY", RATES, t)[1];
    expect(jpy).toMatchObject({ incomplete: true, sums: [] });
    expect(jpy.note).toContain('"currencies":"JPY"');
  });
});

type Data = {
  results: { rows: { id: number }[]; sort: string };
  shipment: {
    values: Record<string, string>;
    errors: Record<string, string>;
    totals: Record<number, ShipmentTotal> | null;
    currencies: string[];
  } | null;
};
const call = async (path: string, query: Record<string, string>, cookie: string) => {
  const result = await callRoute(loader, getRequest(path, query, { cookie }));
  return { status: result.status, data: result.data as Data };
};
const FCL = { pol: "SHANGHAI", pod: "BATAM" };
const SHIP = { qty_gp20: "2", qty_hq40: "1" };

describe("results pages", () => {
  test("FCL as T1 in CNY: each total is its original sums at today's seed rate, ordered by the CNY total", async () => {
    const cookie = await cookieOf("t1");
    const usd = await prisma.exchangeRate.findFirstOrThrow({ where: { currency: "USD" }, orderBy: { validUntil: "asc" } });
    const original = await call("/fclbysea", { ...FCL, ...SHIP, sort: "total" }, cookie);
    const { status, data } = await call("/fclbysea", { ...FCL, ...SHIP, sort: "total", cur: "cny" }, cookie);
    expect(status).toBe(200);
    expect(data.shipment!.currencies).toEqual(["CNY", "EUR", "HKD", "USD"]);
    expect(data.shipment!.values.cur).toBe("CNY");
    const totals = data.shipment!.totals!;
    const complete = data.results.rows.filter((r) => !totals[r.id].incomplete);
    expect(complete.length).toBeGreaterThan(1);
    for (const row of complete) {
      const before = original.data.shipment!.totals![row.id].sums;
      expect(totals[row.id].original).toEqual(before);
      // By hand: USD × rate + CNY, rounded to cents.
      const usdSum = Number(before.find((s) => s.currency === "USD")?.amount ?? 0);
      const cnySum = Number(before.find((s) => s.currency === "CNY")?.amount ?? 0);
      expect(totals[row.id].sums).toEqual([{ currency: "CNY", amount: (usdSum * Number(usd.rateCny) + cnySum).toFixed(2) }]);
      expect(totals[row.id].conversion).toMatchObject({
        ok: true,
        rates: [{ currency: "USD", validUntil: usd.validUntil.toISOString().slice(0, 10) }],
      });
    }
    const amounts = complete.map((r) => parseFixed(totals[r.id].sums[0].amount)!);
    for (let i = 1; i < amounts.length; i++) expect(compare(amounts[i - 1], amounts[i])).toBeLessThanOrEqual(0);
  });

  test("LCL: the calculator's total converted into USD", async () => {
    const cookie = await cookieOf("t2");
    const { data } = await call("/lclbysea", { lclpol: "SHANGHAI", lclpod: "KOBE", cbm: "3.2", kg: "1800", cur: "USD" }, cookie);
    const totals = Object.values(data.shipment!.totals!).filter((t) => !t.incomplete);
    expect(totals.length).toBeGreaterThan(0);
    for (const total of totals) expect(total.sums.map((s) => s.currency)).toEqual(["USD"]);
  });

  test("without JavaScript: a select in the GET form, the original currencies and the rate under each total, links keep the currency", async () => {
    const cookie = await cookieOf("t1");
    const zh = await render("/fclbysea", { ...FCL, ...SHIP, cur: "CNY" }, { cookie });
    expect(zh.status).toBe(200);
    expect(zh.html).toMatch(/<select[^>]*name="cur"/);
    expect(zh.html).toMatch(/<option selected="">CNY<\/option>/);
    const text = visibleText(zh.html);
    expect(text).toMatch(/原币种：[\d,]+\.\d\d USD \+ [\d,]+\.\d\d CNY；所用汇率：1 USD = 7\.10 CNY（有效期至 \d{4}-\d\d-\d\d）/);
    expect(zh.html).toMatch(/href="\/fclbysea\?[^"]*cur=CNY[^"]*sort=validity|href="\/fclbysea\?[^"]*sort=validity[^"]*cur=CNY/);
    const en = visibleText(
      (await render("/byair", { airpol: "PVG", airpod: "ORD", kg: "120", cbm: "1.5", cur: "EUR", lng: "en-US" }, { cookie })).html,
    );
    expect(en).toMatch(/Original: [\d,]+\.\d\d [A-Z]{3}.*; rate used: 1 [A-Z]{3} = [\d.]+ CNY \(valid until \d{4}-\d\d-\d\d\)/);
    expect(en).not.toMatch(/quotes\.currency|\{\{/);
  });

  test("an unknown currency: a message in the page's language, totals in their original currencies", async () => {
    const cookie = await cookieOf("t1");
    const { status, data } = await call("/fclbysea", { ...FCL, ...SHIP, cur: "XYZ" }, cookie);
    expect(status).toBe(200);
    expect(data.shipment!.errors).toEqual({ cur: "quotes.currency.unknown" });
    expect(data.shipment!.values.cur).toBeUndefined();
    expect(Object.values(data.shipment!.totals!).some((t) => t.sums.length === 2)).toBe(true);
    expect(visibleText((await render("/fclbysea", { ...FCL, ...SHIP, cur: "XYZ" }, { cookie })).html)).toContain("该货币今天没有有效汇率");
    expect(visibleText((await render("/fclbysea", { ...FCL, ...SHIP, cur: "XYZ", lng: "en-US" }, { cookie })).html)).toContain(
      "No exchange rate is valid today for this currency",
    );
  });

  test("a missing rate: no wrong total, a message naming the currency", async () => {
    const cookie = await cookieOf("t1");
    const { count } = await prisma.exchangeRate.deleteMany({ where: { currency: "USD" } });
    expect(count).toBeGreaterThan(0);
    const { data } = await call("/fclbysea", { ...FCL, ...SHIP, cur: "EUR", sort: "total" }, cookie);
    expect(data.shipment!.currencies).not.toContain("USD");
    const totals = Object.values(data.shipment!.totals!);
    expect(totals.length).toBeGreaterThan(0);
    for (const total of totals) {
      expect(total.incomplete).toBe(true);
      expect(total.sums).toEqual([]);
    }
    const text = visibleText((await render("/fclbysea", { ...FCL, ...SHIP, cur: "EUR", lng: "en-US" }, { cookie })).html);
    expect(text).toContain("No total in EUR: no exchange rate valid today for USD");
  });
});
