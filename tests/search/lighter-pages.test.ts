// Issue 26 item 3 (decision 608): the logged-in pages got lighter without a
// visible change. The menu is in the document once (CSS shows it in the
// header line or as the drawer), the current section is marked as NavLink
// marked it, the header's and the results' links are plain anchors that
// route discovery and the root's click listener pick up, and the results
// page's hydration data leaves out empty facts and the home page's parts of
// the mode description.
import { loader as fclLoader } from "~/routes/site/mode-results";
import { isDocumentRequest } from "~/utils/document-data.server";
import { decode } from "turbo-stream";
import { prisma } from "~/utils/db.server";
import { render } from "../support/render";
import { callRoute, getRequest } from "../support/requests";
import { cookieOf, flushBackground } from "./helpers";

afterEach(async () => {
  await flushBackground();
});

const count = (html: string, pattern: RegExp) => (html.match(pattern) ?? []).length;
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
    expect(header).toContain('<a href="/userAllInfo" data-discover="true" class="nav__link active" aria-current="page">');
    expect(count(header, /aria-current="page"/g)).toBe(1);
    const home = headerOf((await render("/home", {}, {})).html);
    expect(home).toContain('<a href="/home" data-discover="true" class="nav__link active" aria-current="page">');
    expect(count(home, /aria-current="page"/g)).toBe(1);
  });

  test("header and results links are plain anchors the client router picks up (data-discover), with the same targets", async () => {
    const cookie = await cookieOf("t1");
    const page = await render("/fclbysea", { pol: "SHANGHAI", pod: "BATAM" }, { cookie });
    const booking = [...page.html.matchAll(/<a href="\/booking\/fcl\/(\d+)" data-discover="true" class="button button--primary">/g)];
    expect(booking.length).toBeGreaterThan(0);
    // The same rows the loader found, in order.
    const data = await callRoute(fclLoader, getRequest("/fclbysea", { pol: "SHANGHAI", pod: "BATAM" }, { cookie }));
    const ids = (data.data.results.rows as { id: number; paused: boolean }[]).filter((r) => !r.paused).map((r) => String(r.id));
    expect(booking.map((m) => m[1])).toEqual(ids);
    // Every link in the header to a page of the site is discoverable by the router.
    const links = [...headerOf(page.html).matchAll(/<a href="(\/[^"]*)"([^>]*)>/g)];
    expect(links.length).toBeGreaterThanOrEqual(10);
    for (const [, href, rest] of links) expect(rest, href).toContain('data-discover="true"');
    // A visitor's "log in to book" link comes back to the same results.
    const visitor = await render("/fclbysea", { pol: "SHANGHAI", pod: "BATAM" });
    expect(visitor.html).toContain(
      `<a href="/login?redirectTo=${encodeURIComponent("/fclbysea?pol=SHANGHAI&pod=BATAM").replace(/&/g, "&amp;")}" data-discover="true">`,
    );
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

/** The JSON of a document's data element (utils/document-data.tsx). */
function documentDataOf(html: string, id = "results-data") {
  const found = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`).exec(html);
  if (!found) throw new Error(`no ${id} element`);
  return JSON.parse(found[1]);
}

describe("a document's hydration data leaves the rows out (decision 609)", () => {
  const QUERY = { pol: "SHANGHAI", pod: "BATAM" };
  /** The hydration data (turbo-stream) of a document: the text of its enqueue calls. */
  const hydrationOf = (html: string) =>
    [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)].map((m) => JSON.parse(m[1]) as string).join("");

  test("a browser's page load: the table in the HTML, no row in the hydration data; the router's fetch of the same data has them", async () => {
    const cookie = await cookieOf("t1");
    // The rows the loader finds (a request that is no document: every row).
    const loaded = await callRoute(fclLoader, getRequest("/fclbysea", QUERY, { cookie }));
    const rows = (loaded.data.results.rows as { id: number; paused: boolean }[]).filter((r) => !r.paused);
    expect(rows.length).toBeGreaterThan(1);
    // A browser's navigation (both ways it can say so).
    const documents: Record<string, string>[] = [
      { "Sec-Fetch-Dest": "document", Accept: "*/*" },
      { Accept: "text/html,application/xhtml+xml" },
    ];
    for (const headers of documents) {
      const page = await render("/fclbysea", QUERY, { cookie, headers });
      expect(page.status).toBe(200);
      for (const { id } of rows) expect(page.html).toContain(`<a href="/booking/fcl/${id}" data-discover="true"`);
      const hydration = hydrationOf(page.html);
      // The route's data is in the document as JSON (the mode, the query, the count), its rows are not; the hydration stream says where.
      expect(hydration).toContain('"routes/_site.fclbysea"');
      expect(hydration).toContain('"inDocument","results-data"');
      expect(hydration).not.toContain('"rows"');
      const json = documentDataOf(page.html);
      expect(json.results.total).toBe(loaded.data.results.total);
      expect(json.results).not.toHaveProperty("rows");
    }
    // The client router's fetch (JavaScript navigations, revalidation): every row, even when it also accepts HTML.
    const fetches: Record<string, string>[] = [{}, { "Sec-Fetch-Dest": "empty", Accept: "text/html" }];
    for (const headers of fetches) {
      const data = await render("/fclbysea.data", QUERY, { cookie, headers });
      expect(data.status).toBe(200);
      expect(data.html).toContain('"rows"');
      for (const { id } of rows) expect(data.html).toMatch(new RegExp(`"id",${id}[,\\]]|,${id},`));
    }
  });

  test.each([
    [{ "Sec-Fetch-Dest": "document" }, true],
    [{ "Sec-Fetch-Dest": "iframe", Accept: "*/*" }, true],
    [{ "Sec-Fetch-Dest": "empty", Accept: "text/html" }, false],
    [{ Accept: "text/html,*/*;q=0.8" }, true],
    [{ Accept: "*/*" }, false],
    [{}, false],
  ] as const)("isDocumentRequest(%o) is %s", (headers, expected) => {
    expect(isDocumentRequest(getRequest("/fclbysea", QUERY, { headers }))).toBe(expected);
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

describe("a results or home document carries its route's data as JSON, not in the hydration stream (decision 609)", () => {
  const DOCUMENT = { "Sec-Fetch-Dest": "document", Accept: "text/html" };
  /** The router's fetch of a route's data (turbo-stream, as the browser decodes it). */
  async function fetched(path: string, query: Record<string, string>, cookie: string) {
    const response = await render(`${path}.data`, query, { cookie });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(response.html));
        controller.close();
      },
    });
    const decoded = await decode(stream);
    await decoded.done;
    const routes = decoded.value as Record<string, { data: Record<string, unknown> }>;
    const [entry] = Object.entries(routes).filter(([id]) => id.startsWith("routes/_site."));
    return entry[1].data;
  }
  const CASES: [string, Record<string, string>][] = [
    ["/fclbysea", { pol: "SHANGHAI", pod: "BATAM" }],
    ["/lclbysea", { lclpol: "SHANGHAI", lclpod: "KOBE" }],
    ["/byair", { airpol: "PVG", airpod: "ORD" }],
    ["/railroad", { pol: "西安", pod: "阿拉山口" }],
    ["/trailer", { dock: "上海港", trailer_door_point: "上海浦东" }],
    ["/express", { pod: "US-W", num: "12.5" }],
    ["/fclbysea", {}],
    ["/express", { pod: "US-W", num: "300" }],
    ["/home", {}],
    ["/home", { tab: "air", airpol: "PVG" }],
  ];

  test.each(
    CASES.flatMap(([path, query]) =>
      (["visitor", "t1"] as const).flatMap((viewer) => ["zh-CN", "en-US"].map((lng) => [path, query, viewer, lng] as const)),
    ),
  )("%s %o, %s, %s: the document's JSON is the data the router fetches, without the rows", async (path, query, viewer, lng) => {
    const cookie = await cookieOf(viewer);
    const page = await render(path, { ...query, lng }, { cookie, headers: DOCUMENT });
    const data = await fetched(path, { ...query, lng }, cookie);
    const { results, ...rest } = data as { results: { rows?: unknown[] } | null };
    const json = documentDataOf(page.html, path === "/home" ? "home-data" : "results-data");
    // Everything the page's script reads from its data arrives, and reads the same.
    expect(json).toEqual(results ? { ...rest, results: { ...results, rows: undefined } } : data);
    expect(Object.keys(json).length).toBeGreaterThan(10);
  });

  test("a value with </script> or <!-- in it stays inside the element and reads back as typed", async () => {
    const hostile = "</script><script>alert(1)</script><!--";
    const page = await render("/fclbysea", { pol: hostile, pod: "BATAM", lng: "en-US" }, { headers: DOCUMENT });
    const element = /<script type="application\/json" id="results-data">([\s\S]*?)<\/script>/.exec(page.html)![1];
    expect(element).not.toMatch(/<\/script|<!--/i);
    expect(JSON.stringify(documentDataOf(page.html))).toContain(JSON.stringify(hostile));
    expect(page.html).not.toContain("<script>alert(1)");
  });
});
