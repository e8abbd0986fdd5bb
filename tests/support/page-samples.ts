// Every page of the route tree with the URLs to render it at and who opens
// it (tests that must cover every page: UTF-8 output, titles). A route with
// parameters needs its sample URLs here, or those tests fail: new pages are
// covered without anyone listing them.
import { MODES, type ModeKey } from "~/domain/modes";
import { bookableRate, doneId, orderFields, pdfFile, postOrder, validOffer } from "../booking/helpers";
import { ROUTES as SEARCHES } from "../search/helpers";
import { callRoute, loginAs, postForm } from "./requests";
import { routeManifest, type ManifestRoute } from "./routes";

export type PageViewer = "visitor" | "t1" | "admin";
export type PageFixtures = {
  rates: Record<ModeKey, number>;
  offer: number;
  entrustment: number;
  quote: string;
  /** The same quote's id: its booking pages (/booking/quote/<id>). */
  quoteId: number;
  /** Two price requests of t1 (issue 43): one open, one answered (its quote and "make it a rate"). */
  priceRequests: { open: number; answered: number };
  cookies: Record<PageViewer, string>;
};

/** The searches that show rows, per results route (the sea, air, rail and trailer routes of the search tests, and express). */
const RESULT_QUERIES: Record<string, Record<string, string>> = Object.fromEntries([
  ...SEARCHES.map((s) => [s.path, s.query]),
  ["/express", { pod: "US-W", num: "2.5" }],
]);

const expressQuery = "?pod=US-W&num=2.5";

/** URLs of the routes with parameters. A new such route fails until it has an entry. */
const SAMPLES: Record<string, (f: PageFixtures) => string[]> = {
  "routes/$": () => ["/no-such-page/不存在"],
  "routes/_site.booking.$mode.$id": (f) => [
    ...MODES.map((m) => `/booking/${m.key}/${f.rates[m.key]}${m.key === "express" ? expressQuery : ""}`),
    `/booking/offer/${f.offer}`,
    `/booking/quote/${f.quoteId}`,
  ],
  "routes/_site.booking.$mode.$id_.order": (f) => [
    ...MODES.map((m) => `/booking/${m.key}/${f.rates[m.key]}/order${m.key === "express" ? expressQuery : ""}`),
    `/booking/fcl/${f.rates.fcl}/order?tab=file`,
    `/booking/offer/${f.offer}/order`,
    `/booking/quote/${f.quoteId}/order`,
  ],
  "routes/_site.booking.done.$id": (f) => [`/booking/done/${f.entrustment}`],
  "routes/_site.entrustment_.$id": (f) => [`/entrustment/${f.entrustment}`],
  "routes/_site.quote.$token": (f) => [`/quote/${f.quote}`],
  "routes/_bo.priceDesk_.$id": (f) => [`/priceDesk/${f.priceRequests.open}`, `/priceDesk/${f.priceRequests.answered}`],
};

/** Who opens a page: back office as the administrator, customer pages as a T1 customer, public pages as both. */
export function viewersOf(route: ManifestRoute): PageViewer[] {
  if (route.id.startsWith("routes/_bo")) return ["admin"];
  if (/^routes\/_site\.(_account|entrustment|booking)/.test(route.id)) return ["t1"];
  if (route.id === "routes/login") return ["visitor"];
  return ["visitor", "t1"];
}

export function urlsOf(route: ManifestRoute, fixtures: PageFixtures): string[] {
  const sample = SAMPLES[route.id];
  if (sample) return sample(fixtures);
  if (/[:*]/.test(route.url)) throw new Error(`${route.id} (${route.url}) has parameters: add the URLs to render to SAMPLES`);
  const query = RESULT_QUERIES[route.url];
  return query ? [route.url, `${route.url}?${new URLSearchParams(query)}`] : [route.url];
}

/** `url` in a language (?lng= picks it before the cookie does). */
export const inLanguage = (url: string, lng: string) => `${url}${url.includes("?") ? "&" : "?"}lng=${lng}`;

const PAGES = routeManifest().filter((r) => r.document);
/** Layouts (pathless) render only through the pages under them. */
export const LAYOUTS = PAGES.filter((r) => r.pathless);
export const LEAVES = PAGES.filter((r) => !r.pathless);

/** Sign-ins, one bookable rate per mode, a card and an entrustment of t1 (call in beforeAll). */
export async function pageFixtures(): Promise<PageFixtures> {
  const cookies: Record<PageViewer, string> = {
    visitor: "",
    t1: await loginAs("t1@example.com"),
    admin: await loginAs("admin@example.com"),
  };
  const rates = Object.fromEntries(await Promise.all(MODES.map(async (m) => [m.key, await bookableRate(m.key)] as const))) as Record<
    ModeKey,
    number
  >;
  const entrustment = doneId(
    await postOrder({ mode: "fcl", id: rates.fcl }, cookies.t1, { ...orderFields(), attachment: pdfFile("托单.pdf") }),
  );
  const quote = await savedQuote(rates.fcl, cookies.t1);
  const { prisma } = await import("~/utils/db.server");
  const { id: quoteId } = await prisma.quote.findUniqueOrThrow({ where: { token: quote }, select: { id: true } });
  const priceRequests = { open: await priceRequest(cookies.t1), answered: await priceRequest(cookies.t1) };
  const { action: answer } = await import("~/routes/admin/priceDesk_.$id");
  const answered = await callRoute(
    answer,
    postForm(
      `/priceDesk/${priceRequests.answered}`,
      { intent: "answer", currency: "USD", rate_gp20: "999", qty_gp20: "1", fee0_label: "码头费", fee0_rate: "30", validTo: "2099-12-31" },
      { cookie: cookies.admin },
    ),
    { params: { id: String(priceRequests.answered) } },
  );
  if (answered.status !== 302) throw new Error(`price request not answered: ${answered.status} ${JSON.stringify(answered.data)}`);
  return { rates, offer: await validOffer("FCL"), entrustment, quote, quoteId, priceRequests, cookies };
}

/** A price request t1 sends from the form (issue 43): its id. */
async function priceRequest(cookie: string): Promise<number> {
  const { action } = await import("~/routes/site/priceRequest");
  const result = await callRoute(
    action,
    postForm("/priceRequest", { mode: "fcl", origin: "SHANGHAI", destination: "汉堡", qty_gp20: "1" }, { cookie }),
  );
  if (result.status !== 302) throw new Error(`no price request: ${result.status} ${JSON.stringify(result.data)}`);
  const { prisma } = await import("~/utils/db.server");
  return (await prisma.priceRequest.findFirstOrThrow({ orderBy: { id: "desc" }, select: { id: true } })).id;
}

/** A quote t1 saves from an FCL row (decision 402): the token of its shared page. */
export async function savedQuote(rateId: number, cookie: string): Promise<string> {
  const { action } = await import("~/routes/account/quotes");
  const from = `/fclbysea?pol=SHANGHAI&pod=BATAM&qty_gp20=1&cur=CNY`;
  const result = await callRoute(action, postForm("/quotes", { intent: "create", from, id: rateId }, { cookie }));
  const location = result.headers.get("location") ?? "";
  if (!location.startsWith("/quote/")) throw new Error(`no quote saved for fcl ${rateId}: ${result.status} ${JSON.stringify(result.data)}`);
  return location.slice("/quote/".length);
}
