// The results table as one string (decision 609): what a user reads in it is
// escaped text, never markup from the data, and each kind of viewer gets the
// cells and links the page always gave them.
import { describe, expect, test } from "vitest";
import { pageT } from "~/i18n/i18n.server";
import { modeByKey, resultsModeView } from "~/domain/modes";
import type { RateRow } from "~/domain/rates/search.server";
import { ratesTableHtml, ratesTableHtmlOnce } from "~/components/search/rates-table-html";

const fcl = resultsModeView(modeByKey("fcl"));
const row = (id: number, over: Partial<RateRow> = {}): RateRow => ({
  id,
  paused: false,
  facts: { pol: "SHANGHAI", pod: "BATAM", carrier: "KMTC", remark: "运价含BAF", thc: "RMB 1050" },
  validFrom: "2026-11-01",
  validTo: "2026-12-31",
  prices: { gp20: "1070.00", gp40: "2000.00", hq40: null },
  currency: "USD",
  ...over,
});
/** The cells of the table's rows (their opening tag and content), in order. */
const cells = (html: string) => [...html.matchAll(/<td([^>]*)>(.*?)<\/td>/g)].map((m) => ({ attributes: m[1], content: m[2] }));

describe("ratesTableHtml", () => {
  test("data and the URL are text and attribute values, never markup", () => {
    const hostile = '<img src=x onerror="alert(1)">&"\'';
    const html = ratesTableHtml(
      {
        mode: fcl,
        rows: [row(1, { facts: { pol: hostile, remark: "</td></tr><script>alert(2)</script>", thc: hostile }, currency: '"><b>' })],
        access: "visitor",
        here: '/fclbysea?pol="><script>alert(3)</script>',
      },
      pageT("zh-CN"),
    );
    expect(html).not.toMatch(/<(script|img|b)[\s>]/);
    const escaped = "&#60;img src=x onerror=&#34;alert(1)&#34;&#62;&#38;&#34;&#39;";
    expect(cells(html)[0]).toEqual({ attributes: ' data-label="起运港"', content: escaped });
    expect(html).toContain('<td data-label="备注">&#60;/td&#62;&#60;/tr&#62;&#60;script&#62;alert(2)&#60;/script&#62;</td>');
    expect(html).toContain(`<dd>${escaped}</dd>`);
    // The visitor's login link comes back to this very URL.
    expect(html).toContain(
      `<a href="/login?redirectTo=${encodeURIComponent('/fclbysea?pol="><script>alert(3)</script>')}" data-discover="true">登录后订舱</a>`,
    );
  });

  test("prices for a priced viewer, the reason instead for the others, in the page's language", () => {
    const priced = ratesTableHtml(
      { mode: fcl, rows: [row(7), row(8, { paused: true })], access: "priced", here: "/fclbysea?pol=SHANGHAI&pod=BATAM" },
      pageT("en-US"),
    );
    const [first, paused] = priced.split('<tr class="rates__row').slice(1);
    expect(cells(first).filter((c) => c.attributes.startsWith(' class="price"'))).toEqual([
      { attributes: ' class="price" data-label="20GP"', content: '1,070.00 <span class="currency">USD</span>' },
      { attributes: ' class="price" data-label="40GP"', content: '2,000.00 <span class="currency">USD</span>' },
      { attributes: ' class="price" data-label="40HQ"', content: "-" },
    ]);
    expect(first).toContain('<a href="/booking/fcl/7" data-discover="true" class="button button--primary">');
    expect(cells(first)[0].attributes).toBe(' data-label="POL"');
    // A paused row: its badge, no booking link.
    expect(paused.startsWith(' rates__row--paused">')).toBe(true);
    expect(paused).toContain('<span class="badge badge--paused">');
    expect(paused.split("</tr>")[0]).not.toContain("<a ");

    const t = pageT("zh-CN");
    const pending = ratesTableHtml({ mode: fcl, rows: [row(7, { prices: null })], access: "pending", here: "/fclbysea" }, t);
    const hidden = cells(pending).filter((c) => c.attributes.startsWith(' class="price price--hidden"'));
    expect(hidden.map((c) => c.content)).toEqual(Array(3).fill(t("search.price.pendingReview")));
    expect(pending).not.toMatch(/1,?070/);
  });

  test("a table kept for a row list is the one for this language, price access and URL", () => {
    // The search's cache hands every request of a route the same row list; the table written from it is kept.
    const rows = [row(7)];
    const zh = pageT("zh-CN");
    const en = pageT("en-US");
    const here = "/fclbysea?pol=SHANGHAI&pod=BATAM";
    const cases = [
      { access: "priced", here, t: zh, lng: "zh-CN" },
      { access: "priced", here, t: en, lng: "en-US" },
      { access: "visitor", here, t: zh, lng: "zh-CN" },
      { access: "visitor", here: "/fclbysea?pol=CNSHA&pod=IDBTM", t: zh, lng: "zh-CN" },
      { access: "pending", here, t: zh, lng: "zh-CN" },
    ] as const;
    for (let round = 0; round < 2; round++) {
      for (const { access, here, t, lng } of cases) {
        const input = { mode: fcl, rows, access, here };
        expect(ratesTableHtmlOnce(input, t, lng)).toBe(ratesTableHtml(input, t));
      }
    }
    expect(ratesTableHtmlOnce({ mode: fcl, rows, access: "visitor", here }, zh, "zh-CN")).toContain(
      `redirectTo=${encodeURIComponent(here)}`,
    );
    // However many URLs ask (a bounded number of tables is kept), each visitor's table returns to its own.
    for (let i = 0; i < 600; i++) {
      const url = `/fclbysea?pol=SHANGHAI&pod=BATAM&n=${i % 300}`;
      expect(ratesTableHtmlOnce({ mode: fcl, rows, access: "visitor", here: url }, zh, "zh-CN")).toContain(
        `redirectTo=${encodeURIComponent(url)}`,
      );
    }
    // A shipment's totals belong to what the viewer typed: written for that request.
    const totals = { 7: { text: "USD 1,070.00", sums: [], lines: [], excluded: [], incomplete: false, note: null, air: null } };
    const withTotals = ratesTableHtmlOnce({ mode: fcl, rows, access: "priced", here, totals }, en, "en-US");
    expect(withTotals).toContain("<strong>USD 1,070.00</strong>");
    expect(ratesTableHtmlOnce({ mode: fcl, rows, access: "priced", here }, en, "en-US")).not.toContain("USD 1,070.00</strong>");
  });
});
