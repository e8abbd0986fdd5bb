// The shipment sized on the results page is the one booked (issue 45 item 3):
// the container counts, volume and weight a customer types for the all-in
// total ride along the "Book" link through both booking steps, fill in the
// order form, and the order records the total the results page showed (its
// parts and its currency), on the record, for staff and in the mails. As a
// browser without JavaScript sees it, in both languages.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { readSnapshot } from "~/domain/booking/snapshot";
import { send, visibleText } from "../support/render";
import { callRoute, getRequest } from "../support/requests";
import { cookieOf, doneId, orderFields, step2 } from "./helpers";
import { postMultipart } from "../support/requests";

const decode = (text: string) => text.replace(/&amp;|&#38;/g, "&").replace(/&quot;/g, '"');

type Case = {
  mode: string;
  search: string;
  /** The order form's fields the shipment fills in, and their values. */
  filled: Record<string, string>;
};

const CASES: Case[] = [
  { mode: "fcl", search: "/fclbysea?pol=SHANGHAI&pod=BATAM&qty_gp20=2&qty_hq40=1", filled: { gp20Count: "2", hq40Count: "1" } },
  { mode: "fcl", search: "/fclbysea?pol=SHANGHAI&pod=BATAM&qty_gp40=3&cur=CNY", filled: { gp40Count: "3" } },
  { mode: "lcl", search: "/lclbysea?lclpol=SHANGHAI&lclpod=KOBE&cbm=2.5&kg=800", filled: { volume: "2.5 CBM", grossWeight: "800 KG" } },
  { mode: "air", search: "/byair?airpol=PVG&airpod=LAX&kg=500&cbm=1.2", filled: { grossWeight: "500 KG", volume: "1.2 CBM" } },
  { mode: "rail", search: "/railroad?pol=西安&pod=阿拉山口&qty_coc40=2&qty_soc20=1", filled: { gp40Count: "2", gp20Count: "1" } },
];

/** The results document of a search as T1 sees it, the first bookable row with a total, its Book link and its total's words. */
async function resultsRow(search: string, lng: string, cookie: string) {
  const url = `${search}&lng=${lng}`;
  const { loader } = await import("~/routes/site/mode-results");
  const data = (await callRoute(loader, getRequest(url, undefined, { cookie }))).data;
  const page = await send(getRequest(url, undefined, { cookie }));
  expect(page.status).toBe(200);
  const links = [...page.html.matchAll(/href="(\/booking\/\w+\/(\d+)[^"]*)"/g)].map((m) => ({ href: decode(m[1]), id: Number(m[2]) }));
  const totalOf = (id: number): { text: string; sums: unknown } | undefined => {
    const total = data.shipment?.totals?.[id];
    if (total && !total.incomplete) return { text: total.text, sums: total.sums };
    const charge = data.calculator?.charges?.[id];
    return charge?.total ? { text: charge.total, sums: null } : undefined;
  };
  const row = links.find((link) => totalOf(link.id));
  expect(row, `a bookable row with a total on ${url}`).toBeTruthy();
  return { ...row!, total: totalOf(row!.id)! };
}

describe.each(["zh-CN", "en-US"])("%s", (lng) => {
  it.each(CASES)("$search: Book carries the shipment, the order is filled in and records the total shown", async ({ search, filled }) => {
    const cookie = await cookieOf("t1@example.com");
    const row = await resultsRow(search, lng, cookie);
    const params = new URL(search, "http://x").searchParams;
    const link = new URL(row.href, "http://x").searchParams;
    for (const [name, value] of params) if (/^(qty_|kg$|cbm$|cur$)/.test(name)) expect(link.get(name), name).toBe(value);

    // Step 1: the shipment and its total, then the link to the order form.
    const step1 = await send(getRequest(`${row.href}${row.href.includes("?") ? "&" : "?"}lng=${lng}`, undefined, { cookie }));
    expect(step1.status).toBe(200);
    expect(step1.html).toContain('data-testid="booking-shipment"');
    expect(visibleText(step1.html)).toContain(
      lng === "zh-CN" ? "您在查询页填写的货物与总价" : "Your shipment as sized on the results page",
    );
    const chooseOrder = /<a[^>]*data-testid="choose-order"[^>]*>/.exec(step1.html)?.[0] ?? "";
    const orderHref = decode(/href="([^"]*)"/.exec(chooseOrder)?.[1] ?? "");
    expect(orderHref).toContain("/order?");

    // Step 2: the order form already holds the shipment.
    const step2Page = await send(getRequest(orderHref, undefined, { cookie }));
    expect(step2Page.status).toBe(200);
    for (const [field, value] of Object.entries(filled)) {
      expect(step2Page.html, field).toMatch(
        new RegExp(
          `name="${field}"[^>]*value="${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"|value="${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*name="${field}"`,
        ),
      );
    }

    // The order, posted as the form would (its fields as filled in), records the total shown.
    const source = new URL(orderHref, "http://x");
    const { action } = await step2();
    const fields = orderFields({
      transportType: row.href.split("/")[2].toUpperCase(),
      gp20Count: "0",
      gp40Count: "0",
      hq40Count: "0",
      ...filled,
    });
    const result = await callRoute(action, postMultipart(`${source.pathname}${source.search}`, fields, { cookie }), {
      params: { mode: row.href.split("/")[2], id: String(row.id) },
    });
    const id = doneId(result);
    const entrustment = await prisma.entrustment.findUniqueOrThrow({ where: { id } });
    const snapshot = readSnapshot(entrustment.sourceSnapshot)!;
    expect(snapshot.shipment, "the booked shipment").toBeTruthy();
    if (row.total.sums) expect(snapshot.shipment!.total.sums).toEqual(row.total.sums);
    for (const [name, value] of params) if (/^(qty_|kg$|cbm$|cur$)/.test(name)) expect(snapshot.shipment!.values[name], name).toBe(value);

    // The customer's record and mail say the total; staff see it on /app-order.
    const record = visibleText((await send(getRequest(`/entrustment/${id}`, { lng }, { cookie }))).html);
    const totalText = /<strong>([^<]*)<\/strong>/.exec(
      (await send(getRequest(`/entrustment/${id}`, { lng }, { cookie }))).html.split('data-testid="booking-shipment"')[1] ?? "",
    )?.[1];
    expect(totalText, "the record's total").toBeTruthy();
    if (row.total.sums) expect(totalText).toBe(row.total.text);
    expect(record).not.toMatch(/booking\.shipment|\{\{/);
    const mail = await prisma.emailOutbox.findFirstOrThrow({ where: { entrustmentId: id, kind: "order_customer" } });
    expect(mail.text).toContain(totalText!);
    const staff = await prisma.emailOutbox.findFirstOrThrow({ where: { entrustmentId: id, kind: "order_staff" } });
    expect(staff.text).toContain("您在查询页填写的货物与总价");
  });
});

describe("without a shipment typed", () => {
  it("the Book link carries none and the order records no total (as before)", async () => {
    const cookie = await cookieOf("t1@example.com");
    const page = await send(getRequest("/fclbysea?pol=SHANGHAI&pod=BATAM", undefined, { cookie }));
    const href = decode(/href="(\/booking\/fcl\/\d+[^"]*)"/.exec(page.html)![1]);
    expect(href).not.toMatch(/qty_|cur=/);
    const step2Page = await send(getRequest(href.replace(/(\/\d+)/, "$1/order"), undefined, { cookie }));
    expect(step2Page.html).not.toContain('data-testid="booking-shipment"');
  });

  it("a forged total in the link is not a price: the server recomputes from the row (the viewer's tier)", async () => {
    const cookie = await cookieOf("t2@example.com");
    const { loader } = await step2();
    const rate = await prisma.fclRate.findFirstOrThrow({ where: { pol: "SHANGHAI", pod: "BATAM", paused: false }, orderBy: { id: "asc" } });
    const result = await callRoute(loader, getRequest(`/booking/fcl/${rate.id}/order?qty_gp20=1&total=1.00`, undefined, { cookie }), {
      params: { mode: "fcl", id: String(rate.id) },
    });
    const words = JSON.stringify(result.data.source.shipment);
    expect(words).not.toMatch(/(^|[^\d,])1\.00 USD/);
    expect(String(rate.gp20T2)).not.toBe("");
  });
});
