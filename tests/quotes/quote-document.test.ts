// A quote as its reader gets it (issue 45 item 5): the shared page and the
// PDF carry the forwarder's name, address and contact; air prices are named
// by their weight break; the fees are printed once; the rate's facts are in
// the reader's language; "saved on" is Shanghai's calendar day; and an LCL
// results page offers "save quote" in the original currencies like the other
// modes (no JavaScript).
import { beforeAll, describe, expect, it } from "vitest";
import * as quotes from "~/routes/account/quotes";
import { prisma } from "~/utils/db.server";
import { callRoute, getRequest, postForm } from "../support/requests";
import { render, visibleText } from "../support/render";
import { cookieOf } from "../search/helpers";
import { pdfText } from "../support/pdf";

let t1: string;
let airToken: string;
const AIR = "/byair?airpol=PVG&airpod=LAX&kg=500";
const FEE = "燃油 RMB 5.2/KG；安检 RMB 0.3/KG";

const count = (text: string, part: string) => text.split(part).length - 1;

beforeAll(async () => {
  t1 = await cookieOf("t1");
  const results = await callRoute((await import("~/routes/site/mode-results")).loader, getRequest(AIR, undefined, { cookie: t1 }));
  type Row = { id: number; paused: boolean; facts: Record<string, string | null> };
  const row = (results.data.results.rows as Row[]).find((r) => !r.paused && r.facts.addPrice === FEE);
  expect(row, "the seed's PVG → LAX row with its surcharges").toBeTruthy();
  const saved = await callRoute(quotes.action, postForm("/quotes", { intent: "create", from: AIR, id: String(row!.id) }, { cookie: t1 }));
  expect(saved.status).toBe(302);
  airToken = saved.headers.get("location")!.replace("/quote/", "");
  // Saved at 01:30 in Shanghai, still the day before in UTC.
  await prisma.quote.update({ where: { token: airToken }, data: { createdAt: new Date("2026-11-20T17:30:00.000Z") } });
});

const LANGUAGES = [
  {
    lng: "zh-CN",
    company: ["环宇通达国际物流有限公司", "上海市浦东新区民生路1199弄", "电话 400-820-0000", "邮箱 info@example.com"],
    breaks: ["散货 +45", "散货 +500", "托盘 +1000"],
    facts: ["美国", "直飞", "3天"],
    notFacts: [] as string[],
  },
  {
    lng: "en-US",
    company: ["Globalink Freight Co., Ltd.", "1199 Minsheng Road", "Phone 400-820-0000", "E-mail info@example.com"],
    breaks: ["Bulk +45", "Bulk +500", "Tray +1000"],
    facts: ["United States", "Non-stop", "3 days"],
    notFacts: ["美国", "直飞", "3天"],
  },
] as const;

describe("the shared page and the PDF of an air quote", () => {
  it.each(LANGUAGES)("$lng: forwarder, break labels, fees once, facts in the reader's language, Shanghai's day", async (lang) => {
    const page = await render(`/quote/${airToken}`, { lng: lang.lng });
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex");
    const pdfResponse = await (
      await import("~/routes/resources/quote.$token.pdf")
    ).loader({
      request: getRequest(`/quote/${airToken}/pdf`, { lng: lang.lng }),
      params: { token: airToken },
      context: {},
    });
    const pdfWords = await pdfText(new Uint8Array(await pdfResponse.arrayBuffer()));
    const pageWords = visibleText(page.html);
    for (const [what, text] of [
      ["page", pageWords],
      ["pdf", pdfWords.replace(/\s+/g, " ")],
    ] as const) {
      for (const line of lang.company) expect(text, `${what}: ${line}`).toContain(line);
      for (const label of lang.breaks) expect(text, `${what}: ${label}`).toContain(label);
      expect(count(text, FEE), `${what}: the surcharges once`).toBe(1);
      for (const fact of lang.facts) expect(text, `${what}: ${fact}`).toContain(fact);
      for (const fact of lang.notFacts) expect(text, `${what}: no ${fact}`).not.toContain(fact);
      expect(text, `${what}: saved on Shanghai's day`).toContain("2026-11-21");
      expect(text).not.toContain("2026-11-20");
      expect(text).not.toMatch(/quotes\.quote|\{\{|\uFFFD/);
      expect(text).not.toContain("\u0000");
    }
  });

  it("the personal centre's list shows Shanghai's day too", async () => {
    const list = visibleText((await render("/quotes", undefined, { cookie: t1 })).html);
    expect(list).toContain("2026-11-21");
    expect(list).not.toContain("2026-11-20");
  });
});

describe("LCL offers save quote in its original currencies", () => {
  it.each(["zh-CN", "en-US"])("%s: the results document has the form; its POST saves the calculator's total", async (lng) => {
    const from = `/lclbysea?lclpol=SHANGHAI&lclpod=KOBE&cbm=2.5&kg=800&lng=${lng}`;
    const page = await render(from, undefined, { cookie: t1 });
    expect(page.status).toBe(200);
    const forms = [
      ...page.html.matchAll(
        /<form method="post" action="\/quotes"><input type="hidden" name="from" value="[^"]*"\/><input type="hidden" name="id" value="(\d+)"/g,
      ),
    ];
    expect(forms.length).toBeGreaterThan(0);
    const saved = await callRoute(quotes.action, postForm("/quotes", { intent: "create", from, id: forms[0][1] }, { cookie: t1 }));
    expect(saved.status).toBe(302);
    const quote = await prisma.quote.findUniqueOrThrow({ where: { token: saved.headers.get("location")!.replace("/quote/", "") } });
    expect(quote.currency).toBe("");
    const snapshot = quote.snapshot as { total: { sums: { currency: string; amount: string }[] } };
    expect(snapshot.total.sums.length).toBeGreaterThan(0);
  });
});
