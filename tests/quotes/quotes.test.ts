// Quotes (issue 25 item 3, decision 402): saved from a results row by a POST
// form (no JavaScript), a number and a snapshot recomputed on the server for
// the customer's tier, validity = min(rate valid_to, exchange rate's end),
// the shared page by an unguessable token (no login, no other tier), the
// personal-centre list, expiry with requote; bad input refused in both languages.
import { beforeAll, describe, expect, it } from "vitest";
import * as quotes from "~/routes/account/quotes";
import * as shared from "~/routes/site/quote.$token";
import { prisma } from "~/utils/db.server";
import { callRoute, getRequest, postForm } from "../support/requests";
import { render, visibleText } from "../support/render";
import { cookieOf } from "../search/helpers";
import { embeddedFonts, pdfText } from "../support/pdf";
import { api, tokenOf } from "../api/helpers";

let t1: string;
let rateId: number;
const FROM = "/fclbysea?pol=SHANGHAI&pod=BATAM&qty_gp20=2&qty_hq40=1&cur=CNY&sort=total";

beforeAll(async () => {
  t1 = await cookieOf("t1");
  const results = await callRoute((await import("~/routes/site/mode-results")).loader, getRequest(FROM, undefined, { cookie: t1 }));
  const totals = results.data.shipment.totals as Record<string, { incomplete: boolean }>;
  rateId = Number(Object.entries(totals).find(([, t]) => !t.incomplete)![0]);
});

const save = (cookie: string, from: string, id: number | string, lng = "zh-CN") =>
  callRoute(quotes.action, postForm(`/quotes?lng=${lng}`, { intent: "create", from, id }, { cookie }));

/** One results page per mode with a shipment (express: its destination and weight), as a T1 customer searches. */
const MODE_SEARCHES: [string, string][] = [
  ["fcl", "/fclbysea?pol=SHANGHAI&pod=BATAM&qty_gp20=1"],
  ["lcl", "/lclbysea?lclpol=SHANGHAI&lclpod=KOBE&cbm=2.5&kg=800"],
  ["air", "/byair?airpol=PVG&airpod=ORD&kg=120&cbm=0.5"],
  ["rail", "/railroad?pol=西安&pod=阿拉山口&qty_coc40=1"],
  ["trailer", "/trailer?dock=上海港&trailer_door_point=上海浦东&qty_gp20=1"],
  ["express", "/express?pod=US-W&num=2.5"],
];

describe("every mode with a total can be quoted", () => {
  it.each(MODE_SEARCHES)("%s: the quote keeps the total the results page shows", async (mode, from) => {
    const results = await callRoute((await import("~/routes/site/mode-results")).loader, getRequest(from, undefined, { cookie: t1 }));
    type Row = { id: number; paused: boolean; prices: Record<string, string | null> | null };
    const rows = results.data.results.rows as Row[];
    const totals = results.data.shipment?.totals as Record<number, { sums: { currency: string; amount: string }[] }> | null;
    // The row's total on the results page: the shipment's total, or express's total column.
    const shown = (row: Row) =>
      mode === "express"
        ? row.prices?.total
          ? [{ currency: "USD", amount: row.prices.total }]
          : null
        : totals?.[row.id]?.sums.length
          ? totals[row.id].sums
          : null;
    const row = rows.find((r) => !r.paused && shown(r));
    expect(row, `a row with a total on ${from}`).toBeTruthy();
    const result = await save(t1, from, row!.id);
    expect(result.status, JSON.stringify(result.data)).toBe(302);
    const token = result.headers.get("location")!.replace("/quote/", "");
    const quote = await prisma.quote.findUniqueOrThrow({ where: { token } });
    expect(quote).toMatchObject({ mode, rateId: row!.id, tier: "T1" });
    expect((quote.snapshot as { total: { sums: unknown } }).total.sums).toEqual(shown(row!));
    const page = visibleText((await render(`/quote/${token}`, { lng: "en-US" })).html);
    expect(page).toContain(`Quote ${quote.number}`);
  });
});

describe("saving a quote", () => {
  it("numbers it, snapshots the T1 row, shipment, fees, rate and total, and opens its shared page", async () => {
    const result = await save(t1, FROM, rateId);
    expect(result.status).toBe(302);
    const token = result.headers.get("location")!.replace("/quote/", "");
    expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const quote = await prisma.quote.findUniqueOrThrow({ where: { token } });
    expect(token).not.toBe(String(quote.id));
    expect(quote.number).toMatch(new RegExp(`^Q\\d{8}-${String(quote.id).padStart(6, "0")}$`));
    expect(quote).toMatchObject({ tier: "T1", mode: "fcl", rateId, currency: "CNY" });
    const snap = quote.snapshot as {
      prices: { key: string; value: string }[];
      shipment: Record<string, string>;
      total: { sums: { currency: string }[]; conversion: { validUntil: string } };
      validTo: string;
    };
    const row = await prisma.fclRate.findUniqueOrThrow({ where: { id: rateId } });
    expect(snap.prices.find((p) => p.key === "gp20")?.value).toBe(row.gp20T1!.toFixed(2));
    expect(JSON.stringify(snap)).not.toContain(`"${row.gp20T0!.toFixed(2)}"`);
    expect(snap.shipment).toMatchObject({ qty_gp20: "2", qty_hq40: "1" });
    expect(snap.total.sums.map((s) => s.currency)).toEqual(["CNY"]);
    // Valid until the earlier of the rate's valid_to and the exchange rate's end.
    const expected = [snap.validTo, snap.total.conversion.validUntil].sort()[0];
    expect(quote.validUntil!.toISOString().slice(0, 10)).toBe(expected);

    // The shared page: no login, the quote's figures.
    const page = await callRoute(shared.loader, getRequest(`/quote/${token}`), { params: { token } });
    expect(page.status).toBe(200);
    expect(page.data.number).toBe(quote.number);
    expect(page.data.rateUsed).toMatch(/1 USD = [\d.]+ CNY/);
    const doc = visibleText((await render(`/quote/${token}`, { lng: "en-US" })).html);
    expect(doc).toContain(`Quote ${quote.number}`);
    expect(doc).toContain("Breakdown of the total");

    // Listed in the owner's personal centre only.
    const list = await callRoute(quotes.loader, getRequest("/quotes", undefined, { cookie: t1 }));
    expect(list.data.rows.map((r: { number: string }) => r.number)).toContain(quote.number);
    const other = await callRoute(quotes.loader, getRequest("/quotes", undefined, { cookie: await cookieOf("t2") }));
    expect(other.data.rows.map((r: { number: string }) => r.number)).not.toContain(quote.number);
  });

  it("an expired quote says so and offers a requote at today's price", async () => {
    const result = await save(t1, FROM, rateId);
    const token = result.headers.get("location")!.replace("/quote/", "");
    await prisma.quote.update({ where: { token }, data: { validUntil: new Date("2020-01-31T00:00:00Z") } });
    const page = await callRoute(shared.loader, getRequest(`/quote/${token}`), { params: { token } });
    expect(page.data.expired).toBe(true);
    const requote = new URL(page.data.requoteHref, "http://x");
    expect(requote.pathname).toBe("/fclbysea");
    expect(Object.fromEntries(requote.searchParams)).toMatchObject({
      pol: "SHANGHAI",
      pod: "BATAM",
      qty_gp20: "2",
      qty_hq40: "1",
      cur: "CNY",
      sort: "total",
    });
    const zh = visibleText((await render(`/quote/${token}`)).html);
    expect(zh).toContain("此报价已于 2020-01-31 过期");
    expect(zh).toContain("按今日价格重新报价");
  });

  it.each([
    ["zh-CN", "/fclbysea?pol=SHANGHAI&pod=BATAM", "请先填写货物信息"],
    ["en-US", "/fclbysea?pol=SHANGHAI&pod=BATAM&qty_gp20=1&cur=XYZ", "No exchange rate is valid today"],
    ["en-US", "/nowhere?qty_gp20=1", "This rate no longer exists"],
  ])("refuses bad input in %s with a clear message and saves nothing", async (lng, from, text) => {
    const before = await prisma.quote.count();
    const result = await save(t1, from, rateId, lng);
    expect([400, 404]).toContain(result.status);
    const { resources } = await import("~/i18n/resources.server");
    const messages = resources[lng as "zh-CN" | "en-US"].quotes as { quote: { error: Record<string, string> } };
    expect(messages.quote.error[result.data.error.split(".").pop()]).toContain(text);
    expect(await prisma.quote.count()).toBe(before);
  });

  it("is not for visitors or customers without a tier; an unknown token is 404", async () => {
    const before = await prisma.quote.count();
    expect((await save(await cookieOf("pending"), FROM, rateId)).status).toBe(400);
    expect([302, 401]).toContain((await save("", FROM, rateId)).status);
    expect(await prisma.quote.count()).toBe(before);
    const missing = await callRoute(shared.loader, getRequest("/quote/AAAAAAAAAAAAAAAAAAAAAAAA"), {
      params: { token: "AAAAAAAAAAAAAAAAAAAAAAAA" },
    });
    expect(missing.status).toBe(404);
  });
});

describe("the quote's PDF", () => {
  const pdfOf = async (token: string, lng?: string) => {
    const { loader } = await import("~/routes/resources/quote.$token.pdf");
    const query = lng ? `?lng=${lng}` : "";
    return (await loader({ request: getRequest(`/quote/${token}/pdf${query}`), params: { token }, context: {} })) as Response;
  };

  it("prints the quote's figures and validity in the reader's language, in an embedded CJK font", async () => {
    const token = (await save(t1, FROM, rateId)).headers.get("location")!.replace("/quote/", "");
    const quote = await prisma.quote.findUniqueOrThrow({ where: { token } });
    const page = await callRoute(shared.loader, getRequest(`/quote/${token}`), { params: { token } });
    const validUntil = quote.validUntil!.toISOString().slice(0, 10);

    const zh = await pdfOf(token, "zh-CN");
    expect(zh.status).toBe(200);
    expect(zh.headers.get("content-type")).toBe("application/pdf");
    expect(zh.headers.get("content-disposition")).toContain(`${quote.number}.pdf`);
    const zhBytes = new Uint8Array(await zh.arrayBuffer());
    // The Chinese font is embedded (a subset), no standard font stands in for it.
    expect(embeddedFonts(zhBytes)).toEqual(["NotoSansSC-Regular"]);
    const zhText = (await pdfText(zhBytes)).replace(/\s+/g, " ");
    expect(zhText).toContain(`报价单 ${quote.number}`);
    expect(zhText).toContain(`有效期至 ${validUntil}`);
    expect(zhText).toContain("合计");
    expect(zhText).toContain(page.data.totalText);
    expect(zhText).toContain("SHANGHAI → BATAM");
    expect(zhText).toContain("总价明细");
    expect(zhText).toMatch(/1 USD = [\d.]+ CNY/);

    const en = (await pdfText(new Uint8Array(await (await pdfOf(token, "en-US")).arrayBuffer()))).replace(/\s+/g, " ");
    expect(en).toContain(`Quote ${quote.number}`);
    expect(en).toContain(`Valid until ${validUntil}`);
    expect(en).toContain(page.data.totalText);
    expect(en).toContain("Breakdown of the total");
    expect(en).not.toContain("报价单");
  });

  it("of an expired quote says so; linked from the shared page and the owner's list; unknown token 404", async () => {
    const token = (await save(t1, FROM, rateId)).headers.get("location")!.replace("/quote/", "");
    await prisma.quote.update({ where: { token }, data: { validUntil: new Date("2020-01-31T00:00:00Z") } });
    const text = (await pdfText(new Uint8Array(await (await pdfOf(token, "zh-CN")).arrayBuffer()))).replace(/\s+/g, " ");
    expect(text).toContain("此报价已于 2020-01-31 过期");
    expect((await render(`/quote/${token}`)).html).toContain(`href="/quote/${token}/pdf"`);
    expect((await render("/quotes", undefined, { cookie: t1 })).html).toContain(`href="/quote/${token}/pdf"`);
    await expect(pdfOf("AAAAAAAAAAAAAAAAAAAAAAAA")).rejects.toMatchObject({ status: 404 });
  });
});

describe("the legacy API's quote calls (decision 501)", () => {
  it("saves, lists and reads the caller's own quotes with the pages' figures; another user's is 404", async () => {
    const token = await tokenOf("t1@example.com");
    const saved = await api("POST", "/my/savequote", {
      token,
      body: { transport_mode: "fcl", id: String(rateId), qty_gp20: "2", qty_hq40: "1", cur: "CNY" },
    });
    expect(saved.body.status, JSON.stringify(saved.body)).toBe(0);
    const row = saved.body.data as Record<string, unknown>;
    const quote = await prisma.quote.findUniqueOrThrow({ where: { id: row.id as number } });
    expect(row).toMatchObject({
      quote_no: quote.number,
      transport_mode: "fcl",
      pol: "SHANGHAI",
      pod: "BATAM",
      currency: "CNY",
      expired: false,
    });
    expect(row.share_url).toBe(`/quote/${quote.token}`);
    expect(row.pdf_url).toBe(`/quote/${quote.token}/pdf`);
    expect(row.valid_to).toBe(quote.validUntil!.toISOString().slice(0, 10));
    // The same total as the page saved from the same results page.
    const page = await callRoute(shared.loader, getRequest(`/quote/${quote.token}`), { params: { token: quote.token } });
    expect(row.total_price).toBe(page.data.totalText);

    const list = await api("GET", "/my/getquote", { token });
    expect((list.body.data as { quote_no: string }[]).map((q) => q.quote_no)).toContain(quote.number);
    const one = await api("GET", `/my/getquote/${quote.id}`, { token });
    expect((one.body.data as { snapshot: { shipment: Record<string, string> } }).snapshot.shipment).toMatchObject({
      qty_gp20: "2",
      qty_hq40: "1",
    });

    const other = await tokenOf("t2@example.com");
    expect((await api("GET", `/my/getquote/${quote.id}`, { token: other })).http).toBe(404);
    expect((await api("GET", "/my/getquote", { token: other })).body.data).not.toContainEqual(
      expect.objectContaining({ quote_no: quote.number }),
    );
  });

  it.each([
    ["zh-CN", { transport_mode: "fcl", qty_gp20: "1" }, "该运价已不存在"],
    ["en-US", { transport_mode: "fcl", qty_gp20: "1", cur: "XYZ" }, "No exchange rate is valid today"],
    ["en-US", { transport_mode: "fcl" }, "Enter your shipment first"],
  ])("refuses bad input in %s with its message and saves nothing", async (lng, body, text) => {
    const before = await prisma.quote.count();
    const id =
      "id" in body
        ? undefined
        : String(body.transport_mode === "fcl" && "cur" in body ? rateId : "qty_gp20" in body ? 2_000_000_000 : rateId);
    const result = await api("POST", "/my/savequote", {
      token: await tokenOf("t1@example.com"),
      query: { lng },
      body: { ...body, id: id! },
    });
    expect([1, 404]).toContain(result.body.status);
    expect(String(result.body.message)).toContain(text);
    expect(await prisma.quote.count()).toBe(before);
  });
});
