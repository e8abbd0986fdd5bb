// Exchange rates (issue 25 item 2, decision 402): the /exchangeRates screen
// (menu 26, exchangeRate.*): add, edit, delete with an operation log entry;
// bad input refused in the user's language with nothing changed; refused to
// staff without the menu and to customers.
import { beforeAll, describe, expect, it } from "vitest";
import * as screen from "~/routes/admin/exchangeRates";
import { ratesOn } from "~/domain/reference/exchange-rates.server";
import { prisma } from "~/utils/db.server";
import { todayInShanghai } from "~/utils/dates";
import { callRoute, getRequest, loginAs, postForm } from "../support/requests";
import { flashOf } from "./helpers";

let staff: string;
beforeAll(async () => {
  staff = await loginAs("data@example.com");
});

const post = (cookie: string, fields: Record<string, string | number>, lng = "zh-CN") =>
  callRoute(screen.action, postForm(`/exchangeRates?lng=${lng}`, fields, { cookie }));
const day = (offset: number) => new Date(todayInShanghai().getTime() + offset * 86_400_000).toISOString().slice(0, 10);

describe("/exchangeRates", () => {
  it("lists the seeded rates and adds, edits and deletes a rate, each logged", async () => {
    const page = await callRoute(screen.loader, getRequest("/exchangeRates", {}, { cookie: staff }));
    expect(page.status).toBe(200);
    expect(page.data.rows.map((r: { currency: string }) => r.currency)).toEqual(expect.arrayContaining(["USD", "EUR", "HKD"]));

    const added = await post(staff, { intent: "save", currency: "gbp", rate: "9.123456", validUntil: day(10) });
    expect(added.status).toBe(302);
    expect(await flashOf(added, staff)).toMatchObject({ type: "success", key: "quotes.rates.msg.saved", values: { currency: "GBP" } });
    const row = await prisma.exchangeRate.findFirstOrThrow({ where: { currency: "GBP" } });
    expect(row.rateCny.toString()).toBe("9.123456");
    expect((await ratesOn(todayInShanghai())).get("GBP")).toEqual({ currency: "GBP", rate: "9.123456", validUntil: day(10) });

    const edited = await post(staff, { intent: "save", id: row.id, currency: "GBP", rate: "9.2", validUntil: day(12) });
    expect(edited.status).toBe(302);
    expect((await ratesOn(todayInShanghai())).get("GBP")).toEqual({ currency: "GBP", rate: "9.20", validUntil: day(12) });

    const deleted = await post(staff, { intent: "delete", id: row.id });
    expect(deleted.status).toBe(302);
    expect(await prisma.exchangeRate.findUnique({ where: { id: row.id } })).toBeNull();
    expect((await ratesOn(todayInShanghai())).has("GBP")).toBe(false);

    const logs = await prisma.operationLog.findMany({
      where: { operation: "exchangeRates", targetIds: String(row.id) },
      orderBy: { id: "asc" },
    });
    expect(logs.map((l) => l.module)).toEqual(["add", "edit", "delete"]);
    expect(logs[1].params).toContain("rate: 9.123456 → 9.20");
  });

  it("uses, on a day, each currency's rate with the earliest end not yet passed", async () => {
    await prisma.exchangeRate.createMany({
      data: [
        { currency: "SGD", rateCny: "5.0", validUntil: new Date(`${day(-1)}T00:00:00Z`) },
        { currency: "SGD", rateCny: "5.3", validUntil: new Date(`${day(40)}T00:00:00Z`) },
        { currency: "SGD", rateCny: "5.2", validUntil: new Date(`${day(0)}T00:00:00Z`) },
      ],
    });
    expect((await ratesOn(todayInShanghai())).get("SGD")).toMatchObject({ rate: "5.20", validUntil: day(0) });
    expect((await ratesOn(new Date(`${day(1)}T00:00:00Z`))).get("SGD")).toMatchObject({ rate: "5.30" });
    expect((await ratesOn(new Date(`${day(41)}T00:00:00Z`))).has("SGD")).toBe(false);
  });

  it.each([
    ["zh-CN", { currency: "US", rate: "7", validUntil: day(3) }, "currency", "货币：三位字母"],
    ["en-US", { currency: "CNY", rate: "1", validUntil: day(3) }, "currency", "CNY is the base currency"],
    ["zh-CN", { currency: "JPY", rate: "0", validUntil: day(3) }, "rate", "大于 0 的数字"],
    ["en-US", { currency: "JPY", rate: "0.0479123", validUntil: day(3) }, "rate", "at most 6 decimals"],
    ["zh-CN", { currency: "JPY", rate: "abc", validUntil: day(3) }, "rate", "汇率："],
    ["en-US", { currency: "JPY", rate: "0.0479", validUntil: "2026-02-30" }, "validUntil", "YYYY-MM-DD"],
    ["zh-CN", { currency: "USD", rate: "7.3", validUntil: "SEED_USD_DAY" }, "validUntil", "已有在这一天到期的汇率"],
  ])("refuses bad input in %s with a clear message and changes nothing", async (lng, fields, field, text) => {
    const usd = await prisma.exchangeRate.findFirstOrThrow({ where: { currency: "USD" }, orderBy: { validUntil: "asc" } });
    const typed = {
      ...fields,
      validUntil: fields.validUntil === "SEED_USD_DAY" ? usd.validUntil.toISOString().slice(0, 10) : fields.validUntil,
    };
    const before = await prisma.exchangeRate.findMany({ orderBy: { id: "asc" } });
    const result = await post(staff, { intent: "save", ...typed }, lng);
    expect(result.status).toBe(400);
    expect(result.data.field).toBe(field);
    const { resources } = await import("~/i18n/resources.server");
    const messages = resources[lng as "zh-CN" | "en-US"].quotes as { rates: { error: Record<string, string> } };
    expect(messages.rates.error[result.data.error.split(".").pop()]).toContain(text);
    expect(result.data.typed).toMatchObject({ rate: typed.rate });
    expect(await prisma.exchangeRate.findMany({ orderBy: { id: "asc" } })).toEqual(before);
  });

  it("is refused to staff without menu 26 and to customers (loader and every intent)", async () => {
    const customer = await loginAs("t1@example.com");
    const sales = await loginAs("sales@example.com");
    for (const cookie of [customer, sales]) {
      const page = await callRoute(screen.loader, getRequest("/exchangeRates", {}, { cookie }));
      expect([302, 403, 404]).toContain(page.status);
      for (const intent of ["save", "delete"]) {
        const before = await prisma.exchangeRate.findMany({ orderBy: { id: "asc" } });
        const result = await post(cookie, { intent, id: before[0].id, currency: "USD", rate: "1", validUntil: day(5) });
        expect([302, 403, 404]).toContain(result.status);
        expect(await prisma.exchangeRate.findMany({ orderBy: { id: "asc" } })).toEqual(before);
      }
    }
  });
});
