// Every page of the route table, opened with JavaScript by the user who
// would open it, must hydrate without a page error or a console error (the
// fixtures fail the test on either). Each screen's own spec opens its page;
// this walk is what catches a screen nobody listed: a table or helper from a
// `.server` module used at module level, which the browser build empties,
// once broke /exchangeRates and /portAliases with "… is not a function" only
// once the browser ran the route's module.
//
// The pages come from the route table (tests/support/routes.ts), so a new
// route is walked without being listed here; a route with parameters needs
// its sample URLs below, or this spec fails and says so.
import type { Page } from "@playwright/test";
import { routeManifest, type ManifestRoute } from "../support/routes";
import { login, sql } from "./db-helpers";
import { expect, hydrated, test } from "./fixtures";

type Viewer = "visitor" | "customer" | "admin";

/** Who opens a page: the back office as the administrator, customer pages as the T1 customer, sign-in as a visitor. */
function viewerOf(route: ManifestRoute): Viewer {
  if (route.id.startsWith("routes/_bo")) return "admin";
  if (route.id === "routes/login") return "visitor";
  return "customer";
}

/** A search per results page that shows bookable rows in the demo data. */
const SEARCHES: Record<string, string> = {
  "/fclbysea": "pol=SHANGHAI&pod=BATAM",
  "/lclbysea": "lclpol=SHANGHAI&lclpod=KOBE",
  "/byair": "airpol=PVG&airpod=ORD",
  "/railroad": "pol=西安&pod=阿拉山口",
  "/trailer": "dock=上海港&trailer_door_point=上海浦东",
  "/express": "pod=US-W&num=2.5",
};

/** The first booking link of each results page, as the customer sees it (read once: both booking routes use them). */
let bookingLinksRead: string[] | undefined;
async function bookingLinks(page: Page): Promise<string[]> {
  if (bookingLinksRead) return bookingLinksRead;
  const links: string[] = [];
  for (const [path, query] of Object.entries(SEARCHES)) {
    await page.goto(`${path}?${query}`);
    const href = await page.locator('a[href^="/booking/"]').first().getAttribute("href");
    expect(href, `a booking link on ${path}?${query}`).toBeTruthy();
    links.push(href!);
  }
  bookingLinksRead = links;
  return links;
}

/** Sample URLs of the routes with parameters, read from the data the customer can reach. */
const SAMPLES: Record<string, (page: Page) => Promise<string[]>> = {
  "routes/$": async () => ["/no-such-page/不存在"],
  "routes/_site.booking.$mode.$id": async (page) => [...(await bookingLinks(page)), await quoteBooking(page)],
  "routes/_site.booking.$mode.$id_.order": async (page) =>
    [...(await bookingLinks(page)), await quoteBooking(page)].map((href) => {
      const url = new URL(href, "http://x");
      return `${url.pathname}/order${url.search}`;
    }),
  "routes/_site.booking.done.$id": async () => (await customerEntrustments()).map((id) => `/booking/done/${id}`),
  "routes/_site.entrustment_.$id": async () => (await customerEntrustments()).map((id) => `/entrustment/${id}`),
  "routes/_site.quote.$token": async (page) => [`/quote/${await savedQuote(page)}`],
  "routes/_bo.priceDesk_.$id": async () => [`/priceDesk/${await openPriceRequest()}`],
};

/** An open FCL price request of the T1 customer (the demo data has none): the desk's page of one request. */
async function openPriceRequest(): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `WITH r AS (
       INSERT INTO price_requests (number, user_id, mode, origin, destination, cargo, currency, state, opened_at, due_at)
       SELECT 'R00000000-' || lpad(nextval(pg_get_serial_sequence('price_requests', 'id'))::text, 6, '0'), u.id, 'FCL',
              'SHANGHAI', '蒙巴萨', '{"kind":"containers","counts":{"gp20":1}}', 'USD', 'OPEN', now(), now() + interval '2 hours'
       FROM users u WHERE u.email = 't1@example.com' RETURNING id)
     SELECT id FROM r`,
  );
  return row.id;
}

/** Booking from the customer's saved quote (decision 402): /booking/quote/<id>. */
async function quoteBooking(page: Page): Promise<string> {
  const token = await savedQuote(page);
  const [quote] = await sql<{ id: number }>("SELECT id FROM quotes WHERE token = $1", [token]);
  return `/booking/quote/${quote.id}`;
}

/** The token of a quote the customer saves from an FCL results row with a shipment (the shared link; saved once). */
let savedQuoteToken: string | undefined;
async function savedQuote(page: Page): Promise<string> {
  if (savedQuoteToken) return savedQuoteToken;
  await page.goto(`/fclbysea?${SEARCHES["/fclbysea"]}&qty_gp20=1`);
  await hydrated(page);
  const latest = () =>
    sql<{ id: number; token: string }>(
      "SELECT q.id, q.token FROM quotes q JOIN users u ON u.id = q.user_id WHERE u.email = 't1@example.com' ORDER BY q.id DESC LIMIT 1",
    );
  const before = (await latest())[0]?.id ?? 0;
  await page.getByRole("button", { name: "保存报价" }).first().click();
  await expect.poll(async () => (await latest())[0]?.id ?? 0, { message: "the customer's quote was saved" }).toBeGreaterThan(before);
  const [quote] = await latest();
  savedQuoteToken = quote.token;
  return quote.token;
}

async function customerEntrustments(): Promise<number[]> {
  const rows = await sql<{ id: number }>(
    "SELECT e.id FROM entrustments e JOIN users u ON u.id = e.user_id WHERE u.email = 't1@example.com' ORDER BY e.id LIMIT 1",
  );
  expect(rows.length, "the T1 customer has an entrustment in the demo data").toBe(1);
  return rows.map((r) => r.id);
}

/** Pages whose bare URL answers 404 on purpose (and still renders its message). */
const NOT_FOUND = new Set(["routes/$", "routes/_site.watch.unsubscribe"]);

const PAGES = routeManifest().filter((r) => r.document && !r.pathless && r.id !== "routes/bench.trivial");
const hasParameters = (route: ManifestRoute) => /[:*]/.test(route.url);

test.describe("every page of the route table hydrates without an error", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "page errors need JavaScript");

  test("every route with parameters has sample URLs", () => {
    const missing = PAGES.filter((r) => hasParameters(r) && !SAMPLES[r.id]).map((r) => `${r.id} (${r.url})`);
    expect(missing, "add sample URLs to SAMPLES in tests/e2e/route-walk.spec.ts").toEqual([]);
  });

  for (const viewer of ["visitor", "customer", "admin"] as const) {
    const routes = PAGES.filter((r) => viewerOf(r) === viewer);
    test(`as ${viewer}: ${routes.length} routes`, async ({ page, consoleProblems }) => {
      test.setTimeout(30_000 + routes.length * 8_000);
      if (viewer === "customer") await login(page, "t1@example.com");
      if (viewer === "admin") await login(page, "admin@example.com");
      for (const route of routes) {
        const sample = SAMPLES[route.id];
        const urls = sample ? await sample(page) : [SEARCHES[route.url] ? `${route.url}?${SEARCHES[route.url]}` : route.url];
        for (const url of urls) {
          const response = await page.goto(url);
          const status = response?.status() ?? 0;
          expect(status, url).toBe(NOT_FOUND.has(route.id) ? 404 : 200);
          // The route's modules have loaded and run once the page has hydrated; what
          // lazy route discovery fetches later still reaches consoleProblems by the test's end.
          await hydrated(page);
          expect(consoleProblems, `${url} as ${viewer}`).toEqual([]);
        }
      }
    });
  }
});
