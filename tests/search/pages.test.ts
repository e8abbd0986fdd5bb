// The home tabs, special-price cards, the contact card, the picker lookups
// and what crawlers get (meta, canonical, robots.txt, sitemap.xml).
import { loader as homeLoader } from "~/routes/site/home";
import { loader as portsLoader } from "~/routes/resources/resources.ports";
import { loader as countriesLoader } from "~/routes/resources/resources.express-countries";
import { withTestDb } from "../support/db";
import { render, visibleText } from "../support/render";
import { callRoute, getRequest } from "../support/requests";
import { cookieOf, flushBackground, foundNumbers, ROUTES, tierNumbers } from "./helpers";

afterEach(async () => {
  await flushBackground();
});

describe("/home", () => {
  test("six tabs as links; the active tab is in the URL", async () => {
    const page = await render("/home");
    expect(page.status).toBe(200);
    for (const tab of ["fcl", "lcl", "air", "railway", "car", "delivery"]) expect(page.html).toContain(`href="/home?tab=${tab}"`);
    expect(page.html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/home\?tab=fcl"|<a[^>]*href="\/home\?tab=fcl"[^>]*aria-current="page"/,
    );
    // The fcl form: a GET form to /fclbysea with pol and pod.
    expect(page.html).toMatch(/<form[^>]*method="get"[^>]*action="\/fclbysea"/);
    expect(page.html).toContain('name="pol"');
    expect(page.html).toContain('name="pod"');
  });

  test.each([
    ["lcl", "/lclbysea", ["lclpol", "lclpod"]],
    ["air", "/byair", ["airpol", "airpod"]],
    ["railway", "/railroad", ["pol", "pod"]],
    ["car", "/trailer", ["dock", "trailer_door_point"]],
    ["delivery", "/express", ["pod", "num"]],
  ])("tab %s searches %s with %j", async (tab, action, names) => {
    const page = await render("/home", { tab });
    expect(page.html).toMatch(new RegExp(`<form[^>]*action="${action}"`));
    for (const name of names) expect(page.html).toContain(`name="${name}"`);
  });

  test("suggestion links prefill the form without JavaScript", async () => {
    const page = await render("/home", { tab: "fcl" });
    expect(page.html).toContain('href="/home?tab=fcl&amp;pol=SHANGHAI"');
    const prefilled = await callRoute(homeLoader, getRequest("/home", { tab: "fcl", pol: "SHANGHAI" }));
    expect(prefilled.data.values).toEqual({ pol: "SHANGHAI", pod: "" });
    expect(prefilled.data.meta).toContainEqual({ name: "robots", content: "noindex" });
  });

  test("the maintenance notice, in both languages", async () => {
    expect(visibleText((await render("/home")).html)).toContain("系统维护通知");
    expect(visibleText((await render("/home", { lng: "en-US" })).html)).toContain("System maintenance");
  });

  test("special-price cards of the active tab, public prices, booking needs a login", async () => {
    const visitor = await callRoute(homeLoader, getRequest("/home", { tab: "fcl" }));
    expect(visitor.data.offers.length).toBeGreaterThan(6);
    const offer = visitor.data.offers[0];
    expect(offer.prices.gp20).toMatch(/^\d+\.50$/);
    const html = (await render("/home", { tab: "fcl" })).html;
    expect(html).toContain(`/login?redirectTo=${encodeURIComponent(`/booking/offer/${offer.id}`)}`);
    expect(visibleText(html)).toContain("请注册/登录您的账户！");
    const customer = (await render("/home", { tab: "fcl" }, { cookie: await cookieOf("t1") })).html;
    expect(customer).toContain(`href="/booking/offer/${offer.id}"`);
    // Only the active mode's cards.
    const air = await callRoute(homeLoader, getRequest("/home", { tab: "air" }));
    expect(air.data.offers.every((o: { facts: Record<string, unknown> }) => "carrier" in o.facts)).toBe(true);
  });

  test("no cards: the empty-state message", async () => {
    await withTestDb((db) => db.query("DELETE FROM special_offers WHERE mode = 'RAIL'"));
    const page = await render("/home", { tab: "railway", lng: "en-US" });
    expect(visibleText(page.html)).toContain("No matching quotation goods, please contact your exclusive customer service...");
  });

  test("the home page carries no tier price", async () => {
    const fcl = ROUTES.find((r) => r.mode === "fcl")!;
    const { numbers } = await tierNumbers(fcl);
    const html = (await render("/home", { tab: "fcl" }, { cookie: await cookieOf("t2") })).html;
    expect(foundNumbers(html, [...numbers.T0, ...numbers.T1, ...numbers.T2])).toEqual([]);
  });
});

describe("contact card", () => {
  test("visitors: the company's contacts", async () => {
    const text = visibleText((await render("/home")).html);
    expect(text).toContain("400-820-0000");
    expect(text).toContain("info@example.com");
  });

  test("T1 (customer_rating 2): customer service and sales, both without JavaScript", async () => {
    const result = await callRoute(homeLoader, getRequest("/home", {}, { cookie: await cookieOf("t1") }));
    expect(result.data.contact).toMatchObject({
      kind: "personal",
      toggle: true,
      service: { name: "陈静" },
      sales: { name: "王晓明" },
    });
    const text = visibleText((await render("/fclbysea", {}, { cookie: await cookieOf("t1") })).html);
    expect(text).toContain("13800000004");
    expect(text).toContain("13800000002");
    expect(text).toContain("800001004");
  });

  test("T0 (customer_rating 1): customer service only", async () => {
    const result = await callRoute(homeLoader, getRequest("/home", {}, { cookie: await cookieOf("t0") }));
    expect(result.data.contact).toMatchObject({
      kind: "personal",
      toggle: false,
      sales: null,
      service: { name: "陈静" },
    });
  });
});

describe("picker lookups", () => {
  const ports = async (query: Record<string, string>) => (await callRoute(portsLoader, getRequest("/resources/ports", query))).data;

  test("sea ports: contains over code, English and Chinese names, exact first, at most 10", async () => {
    expect((await ports({ kind: "sea", q: "shanghai" })).options[0]).toEqual({
      value: "SHANGHAI",
      label: "SHANGHAI",
      hint: "CNSHA 上海",
    });
    expect((await ports({ kind: "sea", q: "上海" })).options[0].value).toBe("SHANGHAI");
    expect((await ports({ kind: "sea", q: "cnsha" })).options[0].value).toBe("SHANGHAI");
    expect((await ports({ kind: "sea", q: "an" })).options).toHaveLength(10);
    expect((await ports({ kind: "sea", q: "" })).options).toEqual([]);
    expect((await ports({ kind: "sea", q: "%" })).options).toEqual([]);
  });

  test("airports keyed by code", async () => {
    const { options } = await ports({ kind: "air", q: "pvg" });
    expect(options[0]).toMatchObject({ value: "PVG", label: "PVG 上海浦东" });
    expect((await ports({ kind: "air", q: "chicago" })).options.map((o: { value: string }) => o.value)).toContain("ORD");
  });

  test("bad kind is a 400", async () => {
    const result = await callRoute(portsLoader, getRequest("/resources/ports", { kind: "moon", q: "x" }));
    expect(result.status).toBe(400);
  });

  test("express countries", async () => {
    const { options } = (await callRoute(countriesLoader, getRequest("/resources/express-countries", { q: "美国" }))).data;
    expect(options.map((o: { value: string }) => o.value)).toEqual(expect.arrayContaining(["美国西部", "美国东部"]));
    const en = (await callRoute(countriesLoader, getRequest("/resources/express-countries", { q: "japan", lng: "en-US" }))).data;
    expect(en.options[0]).toMatchObject({ value: "Japan" });
  });
});

describe("for crawlers", () => {
  test("rate pages: title, description, canonical and alternates per language", async () => {
    const zh = (await render("/fclbysea", { pol: "shanghai", pod: "batam" })).html;
    expect(zh).toMatch(/<title>SHANGHAI → BATAM 海运整箱运价 \| 环球货运运价平台<\/title>/);
    expect(zh).toContain('<link rel="canonical" href="http://localhost:3000/fclbysea?pol=SHANGHAI&amp;pod=BATAM"/>');
    expect(zh).toMatch(/<meta name="description" content="[^"]+"/);
    const en = (await render("/fclbysea", { pol: "SHANGHAI", pod: "BATAM", lng: "en-US" })).html;
    expect(en).toContain('<link rel="canonical" href="http://localhost:3000/fclbysea?pol=SHANGHAI&amp;pod=BATAM&amp;lng=en-US"/>');
    expect(en).toContain("<title>SHANGHAI → BATAM Sea FCL rates | Global Freight Rate Portal</title>");
    const invalid = (await render("/fclbysea", { pol: "", pod: "" })).html;
    expect(invalid).toContain('<meta name="robots" content="noindex"/>');
  });

  test("a crawler is a visitor: no price", async () => {
    const fcl = ROUTES.find((r) => r.mode === "fcl")!;
    const { numbers } = await tierNumbers(fcl);
    const page = await render(fcl.path, fcl.query, {
      headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    expect(page.status).toBe(200);
    expect(foundNumbers(page.html, [...numbers.T0, ...numbers.T1, ...numbers.T2])).toEqual([]);
  });

  test("robots.txt", async () => {
    const page = await render("/robots.txt");
    expect(page.headers.get("Content-Type")).toContain("text/plain");
    expect(page.html).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    expect(page.html).toContain("Disallow: /resources/");
  });

  test("/us and /contact: title, description and canonical in the page's language", async () => {
    for (const [path, zhTitle, enTitle] of [
      ["/us", "公司简介", "About us"],
      ["/contact", "联系我们", "Contact us"],
    ]) {
      const zh = (await render(path)).html;
      expect(zh).toContain(`<title>${zhTitle} | 环球货运运价平台</title>`);
      expect(zh).toMatch(/<meta name="description" content="[^"]*[\u4e00-\u9fff][^"]*"/);
      expect(zh).toContain(`<link rel="canonical" href="http://localhost:3000${path}"/>`);
      const en = (await render(path, { lng: "en-US" })).html;
      expect(en).toContain(`<title>${enTitle} | Global Freight Rate Portal</title>`);
      expect(en).toContain(`<link rel="canonical" href="http://localhost:3000${path}?lng=en-US"/>`);
      expect(en).toContain(`hrefLang="zh-CN" href="http://localhost:3000${path}"`);
    }
  });

  test("every route URL of the sitemap is the canonical URL of the page it opens, in both languages (express too)", async () => {
    const page = await render("/sitemap.xml");
    const urls = [...page.html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, "&"));
    const express = urls.filter((u) => u.includes("/express?"));
    expect(express.length).toBeGreaterThan(0);
    // One route of each mode is enough to pin the form; express is the one that differed.
    const samples = [...express.slice(0, 3), ...["/fclbysea?", "/railroad?", "/trailer?"].map((p) => urls.find((u) => u.includes(p))!)];
    for (const loc of samples) {
      for (const lng of ["zh-CN", "en-US"]) {
        const target = new URL(loc);
        if (lng === "en-US") target.searchParams.set("lng", "en-US");
        const opened = await render(target.pathname, Object.fromEntries(target.searchParams));
        const canonical = /<link rel="canonical" href="([^"]+)"/.exec(opened.html)?.[1]?.replace(/&amp;/g, "&");
        expect(canonical, `${loc} (${lng})`).toBe(target.toString());
      }
    }
  });

  test("sitemap.xml lists the popular routes and never a price", async () => {
    const page = await render("/sitemap.xml");
    expect(page.headers.get("Content-Type")).toContain("application/xml");
    expect(page.html).toContain("<loc>http://localhost:3000/fclbysea?pol=SHANGHAI&amp;pod=BATAM</loc>");
    expect(page.html).toContain("/lclbysea?lclpol=SHANGHAI&amp;lclpod=KOBE");
    expect(page.html).toContain("/byair?airpol=PVG&amp;airpod=ORD");
    expect(page.html).toContain(`/trailer?dock=${encodeURIComponent("上海港")}`);
    expect(page.html).toContain('hreflang="en-US"');
    for (const route of ROUTES) {
      const { numbers } = await tierNumbers(route);
      expect(foundNumbers(page.html, [...numbers.T0, ...numbers.T1, ...numbers.T2])).toEqual([]);
    }
  });
});
