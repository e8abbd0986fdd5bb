// What crawlers (and people sharing a link) get (issue 45 item 9): /home
// has its own title and description, a lane page's H1 names its lane, lane
// pages are reachable by links (popular lanes on /home and the results
// pages, the sitemap's own lanes), indexable pages carry Open Graph tags,
// and a 404 is titled as one. Documents as the server renders them, in both
// languages, through the built app.
import { describe, expect, it } from "vitest";
import { render } from "../support/render";

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;
const metaOf = (html: string, attr: "name" | "property", key: string) =>
  new RegExp(`<meta ${attr}="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`).exec(html)?.[1] ?? null;
const h1Of = (html: string) =>
  /<h1[^>]*>([\s\S]*?)<\/h1>/
    .exec(html)?.[1]
    .replace(/<[^>]+>/g, "")
    .trim() ?? null;
const decode = (text: string) => text.replace(/&amp;/g, "&");
const popularLinks = (html: string) => {
  const nav = /<nav class="popular-lanes"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
  return [...nav.matchAll(/href="([^"]+)"/g)].map((m) => decode(m[1]));
};

const LANGUAGES = [
  { lng: "zh-CN", app: "环球货运运价平台", notFound: "页面不存在", locale: "zh_CN" },
  { lng: "en-US", app: "Global Freight Rate Portal", notFound: "Page not found", locale: "en_US" },
] as const;

describe.each(LANGUAGES)("$lng", ({ lng, app, notFound, locale }) => {
  it("/home has its own title and description, not the FCL results page's, and Open Graph tags", async () => {
    const home = await render("/home", { lng });
    const fcl = await render("/fclbysea", { lng });
    expect(titleOf(home.html)).toContain(app);
    expect(titleOf(home.html)).not.toBe(titleOf(fcl.html));
    expect(metaOf(home.html, "name", "description")).not.toBe(metaOf(fcl.html, "name", "description"));
    expect(metaOf(home.html, "property", "og:title")).toBe(titleOf(home.html));
    expect(metaOf(home.html, "property", "og:description")).toBe(metaOf(home.html, "name", "description"));
    expect(metaOf(home.html, "property", "og:url")).toMatch(/^https?:\/\/[^/]+\/home/);
    expect(metaOf(home.html, "property", "og:site_name")).toBe(app);
    expect(metaOf(home.html, "property", "og:locale")).toBe(locale);
    // A tab is a page of its own too.
    const air = await render("/home", { tab: "air", lng });
    expect(titleOf(air.html)).not.toBe(titleOf(home.html));
  });

  it("a lane page's H1 names the lane; the page has Open Graph tags", async () => {
    const lane = await render("/fclbysea", { pol: "SHANGHAI", pod: "ROTTERDAM", lng });
    expect(lane.status).toBe(200);
    expect(h1Of(lane.html)).toContain("SHANGHAI → ROTTERDAM");
    expect(metaOf(lane.html, "property", "og:title")).toContain("SHANGHAI → ROTTERDAM");
    expect(metaOf(lane.html, "property", "og:url")).toContain("pol=SHANGHAI");
    // Without a search the H1 stays the mode's.
    expect(h1Of((await render("/fclbysea", { lng })).html)).not.toContain("→");
  });

  it("lane pages are reached by links: popular lanes on /home and on the results pages, all sitemap lanes", async () => {
    const sitemap = decode((await render("/sitemap.xml")).html);
    const home = popularLinks((await render("/home", { lng })).html);
    expect(home.length).toBeGreaterThan(0);
    const results = await render("/fclbysea", { pol: "SHANGHAI", pod: "ROTTERDAM", lng });
    const fromResults = popularLinks(results.html);
    expect(fromResults.length).toBeGreaterThan(0);
    for (const href of [...home, ...fromResults]) {
      const url = new URL(href, "http://localhost:3000");
      expect(url.pathname).toBe("/fclbysea");
      // English pages link to English pages; the sitemap lists each lane (its zh-CN URL without lng).
      expect(url.searchParams.get("lng")).toBe(lng === "en-US" ? "en-US" : null);
      url.searchParams.delete("lng");
      expect(sitemap).toContain(`${url.pathname}${url.search}</loc>`);
    }
    // The page does not list itself.
    expect(fromResults.some((href) => href.includes("pol=SHANGHAI&pod=ROTTERDAM"))).toBe(false);
    // Every mode's tab and results page links its own lanes.
    const express = popularLinks((await render("/home", { tab: "delivery", lng })).html);
    expect(express.every((href) => href.startsWith("/express?"))).toBe(true);
  });

  it("a 404 is titled and not indexed: an unknown path, a quote that does not exist", async () => {
    for (const path of ["/no-such-page", "/quote/AAAAAAAAAAAAAAAAAAAAAAAA"]) {
      const page = await render(path, { lng });
      expect(page.status, path).toBe(404);
      expect(titleOf(page.html), path).toBe(`${notFound} | ${app}`);
      expect(metaOf(page.html, "name", "robots"), path).toBe("noindex");
    }
  });
});
