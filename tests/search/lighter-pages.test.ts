// Issue 26 item 3 (decision 608): the logged-in pages got lighter without a
// visible change. The menu is in the document once (CSS shows it in the
// header line or as the drawer), the current section is marked as NavLink
// marked it, the header's and the results' links are Remix links that route
// discovery picks up, and the results page's hydration data leaves out empty
// facts and the home page's parts of the mode description.
import { loader as fclLoader } from "~/routes/site/mode-results";
import { prisma } from "~/utils/db.server";
import { render } from "../support/render";
import { callRoute, getRequest } from "../support/requests";
import { cookieOf, flushBackground } from "./helpers";

afterEach(async () => {
  await flushBackground();
});

const count = (html: string, pattern: RegExp) => (html.match(pattern) ?? []).length;
/** The opening tags <a …> of `html` that have every attribute of `attributes` (in any order). */
const anchorsWith = (html: string, ...attributes: string[]) =>
  [...html.matchAll(/<a( [^>]*)>/g)].map((m) => m[1]).filter((tag) => attributes.every((a) => tag.includes(` ${a}`)));
/** The <header> of the site layout. */
const headerOf = (html: string) => /<header class="site-header">[\s\S]*?<\/header>/.exec(html)?.[0] ?? "";

describe("the site menu, rendered once", () => {
  test.each([
    ["visitor", "zh-CN", "主导航"],
    ["t1", "en-US", "Main navigation"],
  ] as const)("%s, %s: one main navigation, after the drawer toggle that opens it", async (viewer, lng, label) => {
    const cookie = await cookieOf(viewer);
    const page = await render("/fclbysea", { pol: "SHANGHAI", pod: "BATAM", lng }, { cookie });
    expect(page.status).toBe(200);
    const header = headerOf(page.html);
    expect(count(header, new RegExp(`<nav [^>]*aria-label="${label}"`, "g"))).toBe(1);
    // The drawer's toggle comes right before the menu: `.nav-drawer[open] ~ .site-nav` shows it on narrow screens without JavaScript.
    expect(header).toMatch(/<details class="nav-drawer">[\s\S]*?<\/details><nav class="nav site-nav"/);
    // Each menu entry once: home, the six modes, about, contact (and, logged in, entrustment and personal centre).
    expect(count(header, /href="\/home\?tab=/g)).toBe(6);
    expect(count(header, /href="\/us"/g)).toBe(1);
    expect(count(header, /href="\/entrustment"/g)).toBe(viewer === "t1" ? 1 : 0);
  });

  test("the current section is marked as NavLink marked it (class active, aria-current page), and only it", async () => {
    const cookie = await cookieOf("t1");
    const header = headerOf((await render("/userAllInfo", {}, { cookie })).html);
    expect(
      anchorsWith(header, 'href="/userAllInfo"', 'data-discover="true"', 'class="nav__link active"', 'aria-current="page"'),
    ).toHaveLength(1);
    expect(count(header, /aria-current="page"/g)).toBe(1);
    const home = headerOf((await render("/home", {}, {})).html);
    expect(anchorsWith(home, 'href="/home"', 'data-discover="true"', 'class="nav__link active"', 'aria-current="page"')).toHaveLength(1);
    expect(count(home, /aria-current="page"/g)).toBe(1);
  });

  test("header and results links are links the client router picks up (data-discover), with the same targets", async () => {
    const cookie = await cookieOf("t1");
    const page = await render("/fclbysea", { pol: "SHANGHAI", pod: "BATAM" }, { cookie });
    const booking = anchorsWith(page.html, 'data-discover="true"', 'class="button button--primary"')
      .map((tag) => /href="\/booking\/fcl\/(\d+)"/.exec(tag)?.[1])
      .filter(Boolean);
    expect(booking.length).toBeGreaterThan(0);
    // The same rows the loader found, in order.
    const data = await callRoute(fclLoader, getRequest("/fclbysea", { pol: "SHANGHAI", pod: "BATAM" }, { cookie }));
    const ids = (data.data.results.rows as { id: number; paused: boolean }[]).filter((r) => !r.paused).map((r) => String(r.id));
    expect(booking).toEqual(ids);
    // Every link in the header to a page of the site is discoverable by the router.
    const links = anchorsWith(headerOf(page.html), 'href="/');
    expect(links.length).toBeGreaterThanOrEqual(10);
    for (const tag of links) expect(tag).toContain('data-discover="true"');
    // A visitor's "log in to book" link comes back to the same results.
    const visitor = await render("/fclbysea", { pol: "SHANGHAI", pod: "BATAM" });
    const loginHref = `href="/login?redirectTo=${encodeURIComponent("/fclbysea?pol=SHANGHAI&pod=BATAM").replace(/&/g, "&amp;")}"`;
    expect(anchorsWith(visitor.html, loginHref, 'data-discover="true"').length).toBeGreaterThan(0);
  });
});

describe("the results page's hydration data", () => {
  test("rows carry no empty (null) facts; the table still shows '-' for them", async () => {
    const cookie = await cookieOf("t1");
    // A row without a destination dock.
    const target = await prisma.fclRate.findFirstOrThrow({
      where: { pol: "SHANGHAI", pod: "BATAM", paused: false },
      orderBy: { id: "asc" },
    });
    await prisma.fclRate.update({ where: { id: target.id }, data: { destinationDock: null } });
    const data = await callRoute(fclLoader, getRequest("/fclbysea", { pol: "SHANGHAI", pod: "BATAM" }, { cookie }));
    const rows = data.data.results.rows as { id: number; facts: Record<string, string | null> }[];
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) for (const [key, value] of Object.entries(row.facts)) expect(value, key).not.toBeNull();
    const row = rows.find((r) => r.id === target.id)!;
    expect(row.facts).not.toHaveProperty("destinationDock");
    expect(row.facts.carrier).toBe(target.carrier);
    // The page shows "-" in that row's destination dock cell.
    const html = (await render("/fclbysea", { pol: "SHANGHAI", pod: "BATAM" }, { cookie })).html;
    expect(html).toContain('<td data-label="目的港码头">-</td>');
  });

  test("the mode description leaves out the home page's parts (offer card, home tab, currency rule)", async () => {
    const data = await callRoute(fclLoader, getRequest("/fclbysea", { pol: "SHANGHAI", pod: "BATAM" }));
    expect(data.data.mode).toMatchObject({ key: "fcl", path: "/fclbysea" });
    for (const key of ["card", "homeTab", "currency"]) expect(data.data.mode).not.toHaveProperty(key);
  });
});

describe("the root's hydration data", () => {
  test("carries the footer's part of the company identity only: no e-mail, QQ or WeChat (no client code reads them)", async () => {
    const hydrationOf = (html: string) =>
      [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)].map((m) => JSON.parse(m[1]) as string).join("");
    const page = await render("/us", {}, { cookie: await cookieOf("t1") });
    const hydration = hydrationOf(page.html);
    // The demo identity (prisma/seed): the footer's fields are there, the rest is not.
    for (const shown of ["400-820-0000", "www.example.com", "https://www.example.com"]) expect(hydration).toContain(shown);
    for (const left of ["info@example.com", "800820000", "globalink-freight"]) expect(hydration).not.toContain(left);
    expect(page.html).toContain("400-820-0000");
  });
});

describe("a hostile query in the results page's data", () => {
  test("a value with </script> or <!-- in it stays data: no script of its own in the document", async () => {
    const hostile = "</script><script>alert(1)</script><!--";
    const page = await render("/fclbysea", { pol: hostile, pod: "BATAM", lng: "en-US" }, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.html).not.toContain("<script>alert(1)");
    expect(page.html).not.toContain(hostile);
    // In the hydration data it is escaped (turbo-stream's \u003c, \u003e).
    expect(page.html).toContain(hostile.replace(/</g, "\\u003c").replace(/>/g, "\\u003e"));
  });
});
