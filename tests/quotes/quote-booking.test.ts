// Booking from a saved quote (issue 25 item 3, last point; decision 402):
// "Book" on the owner's quote page and on /quotes opens the booking steps at
// /booking/quote/<id> with the quote's snapshot carried in (the tier price it
// was made at, the shipment, fees, exchange rate and total); the entrustment
// records the quote and its total. Nobody books another customer's quote. An
// expired quote, another tier, or a rate whose total for the shipment changed
// is refused by the server (plain POSTs, as without JavaScript) with the
// message in the reader's language and the requote at today's price.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as quotes from "~/routes/account/quotes";
import * as shared from "~/routes/site/quote.$token";
import { prisma } from "~/utils/db.server";
import { callRoute, getRequest, postForm } from "../support/requests";
import { render, visibleText } from "../support/render";
import { api, tokenOf } from "../api/helpers";
import { cookieOf, doneId, getStep1, getStep2, newKey, orderFields, postContact, postOrder, type Source } from "../booking/helpers";
import * as records from "~/routes/site/entrustment";
import * as detail from "~/routes/site/entrustment_.$id";

const FROM = "/fclbysea?pol=SHANGHAI&pod=BATAM&qty_gp20=2&qty_hq40=1&cur=CNY&sort=total";

/** Today's price for the same search, shipment and currency, ordered by total. */
const REQUOTE = "/fclbysea?cur=CNY&pod=BATAM&pol=SHANGHAI&qty_gp20=2&qty_hq40=1&sort=total";

let t2: string;
let t1: string;
let rateId: number;
type Saved = {
  id: number;
  number: string;
  token: string;
  snapshot: { prices: unknown; total: { sums: { currency: string; amount: string }[] } };
};

async function saveQuote(cookie: string, from = FROM, id = rateId): Promise<Saved> {
  const result = await callRoute(quotes.action, postForm("/quotes", { intent: "create", from, id }, { cookie }));
  expect(result.status, JSON.stringify(result.data)).toBe(302);
  const token = result.headers.get("location")!.replace("/quote/", "");
  return (await prisma.quote.findUniqueOrThrow({ where: { token } })) as unknown as Saved;
}

const source = (quote: { id: number }): Source => ({ mode: "quote", id: quote.id });
const entrustmentsOfQuote = (id: number) => prisma.entrustment.count({ where: { quoteId: id } });

beforeAll(async () => {
  [t2, t1] = await Promise.all([cookieOf("t2@example.com"), cookieOf("t1@example.com")]);
  const results = await callRoute((await import("~/routes/site/mode-results")).loader, getRequest(FROM, undefined, { cookie: t2 }));
  const totals = results.data.shipment.totals as Record<string, { incomplete: boolean }>;
  rateId = Number(Object.entries(totals).find(([, t]) => !t.incomplete)![0]);
});

describe("the Book offer", () => {
  it("the owner's quote page links to the booking of the quote; a visitor and another customer get none", async () => {
    const quote = await saveQuote(t2);
    const owner = await callRoute(shared.loader, getRequest(`/quote/${quote.token}`, undefined, { cookie: t2 }), {
      params: { token: quote.token },
    });
    expect(owner.data.book).toEqual({
      kind: "owner",
      href: `/booking/quote/${quote.id}?back=${encodeURIComponent(`/quote/${quote.token}`)}`,
    });
    const html = (await render(`/quote/${quote.token}`, { lng: "en-US" }, { cookie: t2 })).html;
    expect(visibleText(html)).toContain("Book at this quote");
    expect(html).toContain(`href="/booking/quote/${quote.id}?back=`);

    const visitor = await render(`/quote/${quote.token}`, { lng: "zh-CN" });
    expect(visibleText(visitor.html)).toContain("保存此报价的客户登录后可按此报价下单");
    expect(visitor.html).not.toContain("/booking/quote/");
    const other = await render(`/quote/${quote.token}`, { lng: "zh-CN" }, { cookie: t1 });
    expect(visibleText(other.html)).toContain("此报价属于另一位客户，您不能以其名义下单");
    expect(other.html).not.toContain("/booking/quote/");
  });

  it("/quotes has Book on a valid quote and the requote on an expired one", async () => {
    const valid = await saveQuote(t2);
    const expired = await saveQuote(t2);
    await prisma.quote.update({ where: { id: expired.id }, data: { validUntil: new Date("2020-01-01T00:00:00Z") } });
    const list = await callRoute(quotes.loader, getRequest("/quotes", undefined, { cookie: t2 }));
    type Row = { number: string; bookHref: string | null; requoteHref: string };
    const rows = list.data.rows as Row[];
    expect(rows.find((r) => r.number === valid.number)!.bookHref).toBe(`/booking/quote/${valid.id}?back=%2Fquotes`);
    expect(rows.find((r) => r.number === expired.number)!.bookHref).toBeNull();
    expect(rows.find((r) => r.number === expired.number)!.requoteHref).toMatch(/^\/fclbysea\?.*sort=total/);
  });
});

describe("booking from a quote", () => {
  it("carries the quote into both steps: its tier's prices, its total, its exchange rate and its shipment in the order form", async () => {
    const quote = await saveQuote(t2);
    const step1 = await getStep1(source(quote), t2);
    expect(step1.status).toBe(200);
    expect(step1.data.gate).toBeNull();
    expect(step1.data.source.snapshot.tier).toBe("T2");
    expect(step1.data.source.snapshot.prices).toEqual(quote.snapshot.prices);
    expect(step1.data.source.quote.number).toBe(quote.number);
    // The one amount in CNY and the rate used, as the quote's page prints them.
    const amount = Number(quote.snapshot.total.sums[0].amount).toLocaleString("en-US", { minimumFractionDigits: 2 });
    expect(step1.data.source.quote.totalText).toBe(`${amount} CNY`);
    expect(step1.data.source.quote.rateUsed).toMatch(/USD/);
    const step2 = await getStep2(source(quote), t2);
    expect(step2.data.defaults).toMatchObject({ transportType: "FCL", gp20Count: "2", hq40Count: "1" });

    const html = visibleText((await render(`/booking/quote/${quote.id}/order`, { lng: "en-US" }, { cookie: t2 })).html);
    expect(html).toContain(`Quote ${quote.number}`);
    expect(html).toContain(`${amount} CNY`);
  });

  it("the entrustment records the quote: its id, number and total (a shipping order)", async () => {
    const quote = await saveQuote(t2);
    const result = await postOrder(source(quote), t2, orderFields());
    const id = doneId(result);
    const row = await prisma.entrustment.findUniqueOrThrow({ where: { id } });
    expect(row.quoteId).toBe(quote.id);
    expect(row).toMatchObject({ sourceKind: "rate", sourceId: rateId, mode: "FCL" });
    const snapshot = row.sourceSnapshot as { tier: string; prices: unknown; quote: { number: string; total: unknown } };
    expect(snapshot.tier).toBe("T2");
    expect(snapshot.prices).toEqual(quote.snapshot.prices);
    expect(snapshot.quote.number).toBe(quote.number);
    expect(snapshot.quote.total).toEqual(quote.snapshot.total);
  });

  it("the contact request from a quote records it too", async () => {
    const quote = await saveQuote(t2);
    const id = doneId(await postContact(source(quote), t2));
    expect((await prisma.entrustment.findUniqueOrThrow({ where: { id } })).quoteId).toBe(quote.id);
  });

  it("nobody books another customer's quote: 404 for the page and a forged POST, nothing stored", async () => {
    const quote = await saveQuote(t2);
    expect((await getStep1(source(quote), t1)).status).toBe(404);
    expect((await postOrder(source(quote), t1, orderFields())).status).toBe(404);
    expect((await postContact(source(quote), t1)).status).toBe(404);
    expect(await entrustmentsOfQuote(quote.id)).toBe(0);
  });

  it("a visitor is sent to sign in and back", async () => {
    const quote = await saveQuote(t2);
    const result = await getStep1(source(quote), undefined);
    expect(result.status).toBe(302);
    expect(result.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`/booking/quote/${quote.id}`)}`);
    expect((await postContact(source(quote), undefined)).status).toBe(302);
    expect(await entrustmentsOfQuote(quote.id)).toBe(0);
  });
});

describe("a quote that can no longer be booked", () => {
  const restore: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const undo of restore.splice(0)) await undo();
  });

  async function expectRefused(quote: Saved, reason: "expired" | "changed" | "tier") {
    const page = await getStep1(source(quote), t2);
    expect(page.status).toBe(410);
    expect(page.data).toMatchObject({ unavailable: "quote", reason, number: quote.number });
    expect(page.data.searchHref).toBe(REQUOTE);
    // Forged POSTs of both steps, as a browser without JavaScript sends them: refused, nothing stored.
    expect((await postContact(source(quote), t2)).status).toBe(410);
    expect((await postOrder(source(quote), t2, orderFields({ idempotencyKey: newKey() }))).status).toBe(410);
    expect(await entrustmentsOfQuote(quote.id)).toBe(0);
  }

  it("expired: refused with the message in Chinese and English and the requote at today's price", async () => {
    const quote = await saveQuote(t2);
    await prisma.quote.update({ where: { id: quote.id }, data: { validUntil: new Date("2020-01-01T00:00:00Z") } });
    await expectRefused(quote, "expired");
    const zh = await render(`/booking/quote/${quote.id}`, { lng: "zh-CN" }, { cookie: t2 });
    expect(zh.status).toBe(410);
    expect(visibleText(zh.html)).toContain(`报价单 ${quote.number} 已过期`);
    expect(visibleText(zh.html)).toContain("按今日价格重新报价");
    expect(zh.html).toContain(`href="${REQUOTE.replace(/&/g, "&amp;")}"`);
    const en = await render(`/booking/quote/${quote.id}/order`, { lng: "en-US" }, { cookie: t2 });
    expect(en.status).toBe(410);
    expect(visibleText(en.html)).toContain(`Quote ${quote.number} has expired`);
    expect(visibleText(en.html)).toContain("Requote at today's price");
    expect(en.html).not.toMatch(/quoteBooking\.|\{\{/);
  });

  it("its rate's price for the shipment changed: refused; a change of a column the shipment does not use is not", async () => {
    const quote = await saveQuote(t2);
    const before = await prisma.fclRate.findUniqueOrThrow({ where: { id: rateId }, select: { gp20T2: true, gp40T2: true } });
    restore.push(() => prisma.fclRate.update({ where: { id: rateId }, data: before }));
    // 40GP is not in the shipment (2 × 20GP + 1 × 40HQ): the same total today, still bookable.
    await prisma.fclRate.update({ where: { id: rateId }, data: { gp40T2: Number(before.gp40T2 ?? 0) + 50 } });
    expect((await getStep1(source(quote), t2)).status).toBe(200);
    await prisma.fclRate.update({ where: { id: rateId }, data: { gp20T2: Number(before.gp20T2) - 10 } });
    await expectRefused(quote, "changed");
    const en = visibleText((await render(`/booking/quote/${quote.id}`, { lng: "en-US" }, { cookie: t2 })).html);
    expect(en).toContain(`The rate of quote ${quote.number} has changed`);
  });

  it("its rate paused or deleted: refused as changed", async () => {
    const quote = await saveQuote(t2);
    restore.push(() => prisma.fclRate.update({ where: { id: rateId }, data: { paused: false } }));
    await prisma.fclRate.update({ where: { id: rateId }, data: { paused: true } });
    await expectRefused(quote, "changed");
    await prisma.fclRate.update({ where: { id: rateId }, data: { paused: false } });
    await prisma.quote.update({ where: { id: quote.id }, data: { rateId: 2_000_000_000 } });
    await expectRefused(quote, "changed");
  });

  it("the customer's tier changed since the quote: refused, never booked at the old tier's price", async () => {
    const quote = await saveQuote(t2);
    const user = await prisma.user.findUniqueOrThrow({ where: { email: "t2@example.com" }, select: { id: true, customerRating: true } });
    restore.push(() => prisma.user.update({ where: { id: user.id }, data: { customerRating: user.customerRating } }));
    await prisma.user.update({ where: { id: user.id }, data: { customerRating: 2 } });
    await expectRefused(quote, "tier");
  });
});

describe("the quote on the records, for the customer and for staff", () => {
  let quote: Saved;
  let entrustmentId: number;
  let totalText: string;
  beforeAll(async () => {
    quote = await saveQuote(t2);
    entrustmentId = doneId(await postOrder(source(quote), t2, orderFields()));
    totalText = (await getStep1(source(quote), t2)).data.source.quote.totalText;
  });

  it("/entrustment lists the quote number and /entrustment/<id> shows the quote and its total", async () => {
    const list = await callRoute(records.loader, getRequest("/entrustment", undefined, { cookie: t2 }));
    expect((list.data.rows as { id: number; quoteNumber: string | null }[]).find((r) => r.id === entrustmentId)!.quoteNumber).toBe(
      quote.number,
    );
    const listHtml = visibleText((await render("/entrustment", { lng: "en-US" }, { cookie: t2 })).html);
    expect(listHtml).toContain("Quote no.");
    expect(listHtml).toContain(quote.number);
    const one = await callRoute(detail.loader, getRequest(`/entrustment/${entrustmentId}`, undefined, { cookie: t2 }), {
      params: { id: String(entrustmentId) },
    });
    expect(one.data.quote).toMatchObject({ number: quote.number, totalText });
    const zh = visibleText((await render(`/entrustment/${entrustmentId}`, { lng: "zh-CN" }, { cookie: t2 })).html);
    expect(zh).toContain(`报价单 ${quote.number}`);
    expect(zh).toContain(totalText);
  });

  it("/app-order shows the quote number in the list (and finds it) and the quote's total in the detail, within the view", async () => {
    const admin = await cookieOf("admin@example.com");
    const appOrder = await import("~/routes/admin/app-order");
    const list = await callRoute(appOrder.loader, getRequest("/app-order", { q: quote.number }, { cookie: admin }));
    expect(list.data.rows.map((r: { id: number; quoteNumber: string }) => [r.id, r.quoteNumber])).toEqual([[entrustmentId, quote.number]]);
    const dialog = await callRoute(appOrder.loader, getRequest("/app-order", { dialog: "view", id: entrustmentId }, { cookie: admin }));
    expect(dialog.data.detail.quote).toMatchObject({ number: quote.number, totalText });
    const html = visibleText((await render("/app-order", { dialog: "view", id: entrustmentId, lng: "zh-CN" }, { cookie: admin })).html);
    expect(html).toContain("报价单号");
    expect(html).toContain(quote.number);
    // A view-2 salesperson sees their own customer's (t2) booking, not another salesperson's customer's.
    const sales = await cookieOf("sales@example.com");
    const own = await callRoute(appOrder.loader, getRequest("/app-order", { q: quote.number }, { cookie: sales }));
    expect(own.data.rows.map((r: { id: number }) => r.id)).toEqual([entrustmentId]);
    const otherCookie = await cookieOf("other.t2@example.com");
    const foreignQuote = await saveQuote(otherCookie);
    const foreign = doneId(await postContact(source(foreignQuote), otherCookie));
    const hidden = await callRoute(appOrder.loader, getRequest("/app-order", { q: foreignQuote.number }, { cookie: sales }));
    expect(hidden.data.rows).toEqual([]);
    expect((await callRoute(appOrder.loader, getRequest("/app-order", { dialog: "view", id: foreign }, { cookie: sales }))).status).toBe(
      404,
    );
  });

  it("the booking e-mails name the quote and its total", async () => {
    const mails = await prisma.emailOutbox.findMany({ where: { entrustmentId }, select: { kind: true, text: true, html: true } });
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.text).toContain(quote.number);
      expect(mail.text).toContain(totalText);
      expect(mail.html).not.toMatch(/quoteBooking\.|\{\{/);
    }
  });
});

describe("the legacy API books from a quote by its number (quote_no)", () => {
  it("books, and the entrustment answers carry quote_no; another customer's number is 404; an expired one is refused with the requote", async () => {
    const quote = await saveQuote(t2);
    const token = await tokenOf("t2@example.com");
    const booked = await api("POST", "/query/contact", { token, body: { quote_no: quote.number, idempotencyKey: newKey() } });
    expect(booked.body.status, JSON.stringify(booked.body)).toBe(0);
    const id = booked.body.data.id as number;
    expect((await prisma.entrustment.findUniqueOrThrow({ where: { id } })).quoteId).toBe(quote.id);
    const list = await api("GET", "/my/getentrustment", { token });
    expect((list.body.data as { id: number; quote_no: string }[]).find((r) => r.id === id)!.quote_no).toBe(quote.number);
    const one = await api("GET", `/my/getentrustment/${id}`, { token });
    expect(one.body.data).toMatchObject({ quote_no: quote.number, snapshot: { quote: { number: quote.number } } });

    const other = await tokenOf("t1@example.com");
    expect((await api("POST", "/query/contact", { token: other, body: { quote_no: quote.number } })).http).toBe(404);
    expect((await api("POST", "/query/contact", { body: { quote_no: quote.number } })).http).toBe(401);

    await prisma.quote.update({ where: { id: quote.id }, data: { validUntil: new Date("2020-01-01T00:00:00Z") } });
    const refused = await api("POST", "/query/contact", { token, body: { quote_no: quote.number }, query: { lng: "en-US" } });
    expect(refused.http).toBe(410);
    expect(refused.body).toMatchObject({ status: 1, message: `Quote ${quote.number} has expired` });
    expect(refused.body.data).toEqual({ quote_no: quote.number, reason: "expired", requote_url: REQUOTE });
    expect(await entrustmentsOfQuote(quote.id)).toBe(1);
  });
});
