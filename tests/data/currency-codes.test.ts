// Currencies at the boundary (issue 40 item 4): an ISO 4217 code on the
// exchange-rate screen and in imports (full-width and padded codes made
// plain, three letters that name no currency refused), and an exchange rate
// past its last day not offered to customers on the results pages.
import { beforeAll, describe, expect, it } from "vitest";
import * as screen from "~/routes/admin/exchangeRates";
import { loader as results } from "~/routes/site/mode-results";
import { railArea } from "~/domain/data-areas";
import { importSpreadsheet } from "~/domain/import-export/import.server";
import { currencyCode, normalizeText } from "~/utils/normalize";
import { prisma } from "~/utils/db.server";
import { todayInShanghai } from "~/utils/dates";
import { callRoute, getRequest, loginAs, postForm } from "../support/requests";
import { cookieOf } from "../search/helpers";
import { headers, rowOf, sheetBytes, type Who, whoIs } from "./helpers";

let staff: string;
let viewer: Who;
beforeAll(async () => {
  staff = await loginAs("data@example.com");
  viewer = await whoIs("data@example.com");
});

const day = (offset: number) => new Date(todayInShanghai().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const save = (fields: Record<string, string>) =>
  callRoute(screen.action, postForm("/exchangeRates", { intent: "save", ...fields }, { cookie: staff }));

describe("currency codes", () => {
  it("are ISO 4217 codes, written as carriers and clerks type them", () => {
    expect(["USD  ", "ｕｓｄ", " eur", "RMB", "人民币", "￥"].map(currencyCode)).toEqual(["USD", "USD", "EUR", "CNY", "CNY", "CNY"]);
    expect(["XYZ", "US", "DOLLAR", ""].map(currencyCode)).toEqual([null, null, null, null]);
    expect(normalizeText("name", "  ＣＯＳＣＯ   Shipping ")).toBe("COSCO Shipping");
    expect(normalizeText("none", " SPACE PORT ")).toBe(" SPACE PORT ");
  });

  it("the exchange-rate screen refuses three letters that name no currency and takes full-width letters as typed", async () => {
    const refused = await save({ currency: "XYZ", rate: "1.5", validUntil: day(5) });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ error: "quotes.rates.error.currency", field: "currency" });
    expect(await prisma.exchangeRate.count({ where: { currency: "XYZ" } })).toBe(0);
    const saved = await save({ currency: "ＳＧＤ ", rate: "5.1", validUntil: day(6) });
    expect(saved.status).toBe(302);
    expect(await prisma.exchangeRate.count({ where: { currency: "SGD", validUntil: new Date(`${day(6)}T00:00:00Z`) } })).toBe(1);
  });

  it("the rail import refuses a currency that is none and writes padded or full-width codes plainly", async () => {
    const sheet = (currency: string, id: number) =>
      sheetBytes([headers(railArea), rowOf(railArea, { id, pol: "CHENGDU", pod: "HAMBURG", "40coc_T0": 5000, currency })]);
    expect(await importSpreadsheet(railArea, viewer, sheet("DOLLARS", 915_001), { fileName: "rail.xlsx" })).toMatchObject({
      ok: false,
      problems: [{ key: "data.import.badCurrency", values: { row: 2, value: "DOLLARS" } }],
    });
    expect(await importSpreadsheet(railArea, viewer, sheet("ｅｕｒ  ", 915_002), { fileName: "rail2.xlsx" })).toMatchObject({ ok: true });
    expect((await prisma.railRate.findUniqueOrThrow({ where: { id: 915_002 } })).currency).toBe("EUR");
  });

  it("an exchange rate past its last day is not offered on the results pages", async () => {
    await prisma.exchangeRate.deleteMany({ where: { currency: { in: ["SGD", "JPY"] } } });
    await prisma.exchangeRate.createMany({
      data: [
        { currency: "SGD", rateCny: "5.3", validUntil: new Date(`${day(-1)}T00:00:00Z`) },
        { currency: "JPY", rateCny: "0.048", validUntil: new Date(`${day(2)}T00:00:00Z`) },
      ],
    });
    const cookie = await cookieOf("t1");
    const result = await callRoute(
      results,
      getRequest("/fclbysea", { pol: "SHANGHAI", pod: "BATAM", qty_gp20: "1", cur: "SGD" }, { cookie }),
    );
    expect(result.status).toBe(200);
    const shipment = (result.data as { shipment: { currencies: string[]; values: Record<string, string> } }).shipment;
    expect(shipment.currencies).toContain("JPY");
    expect(shipment.currencies).not.toContain("SGD");
    // Asked for by its code, the expired currency is not used either.
    expect(shipment.values.cur).not.toBe("SGD");
  });
});
