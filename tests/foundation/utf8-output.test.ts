// Every page and every e-mail leaves the server as clean UTF-8: no NUL byte
// and no U+FFFD, in both languages.
//
// React 18.3's streaming writer (react-dom-server.node) wrote its whole 2 KB
// buffer when a multi-byte character did not fit at the end of it, zeros
// included (react/react#31134): "海运\0拼箱数据" on /userList, data-label="\0目的港"
// on a results page, NUL bytes in Chinese e-mails. patches/react-dom+18.3.1.patch
// fixes the writer; without it this file fails.
//
// The pages are enumerated from the route tree (tests/support/route-manifest.ts),
// so a new page is rendered here without anyone listing it; a new route with
// parameters fails until SAMPLES says which URL to render. Resource routes
// (no default export) do not go through React and are not rendered here.
// The e-mails are every `render…` export of app/emails.
import fs from "node:fs";
import path from "node:path";
import { MODES, type ModeKey } from "~/domain/modes";
import { flushBackground } from "~/domain/rates/background.server";
import { i18n } from "~/i18n/i18n.server";
import { supportedLanguages as LANGUAGES } from "~/i18n/config";
import { render } from "../support/render";
import { loginAs } from "../support/requests";
import { APP_DIR, routeManifest, type ManifestRoute } from "../support/route-manifest";
import { bookableRate, doneId, orderFields, postOrder, pdfFile, validOffer } from "../booking/helpers";
import { orderEmailData } from "../booking/email-fixture";
import { ROUTES as SEARCHES } from "../search/helpers";

type Viewer = "visitor" | "t1" | "admin";
type Fixtures = { rates: Record<ModeKey, number>; offer: number; entrustment: number };

/** The searches that show rows, per results route (the sea, air, rail and trailer routes of the search tests, and express). */
const RESULT_QUERIES: Record<string, Record<string, string>> = Object.fromEntries([
  ...SEARCHES.map((s) => [s.path, s.query]),
  ["/express", { pod: "US-W", num: "2.5" }],
]);

const expressQuery = "?pod=US-W&num=2.5";

/** URLs of the routes with parameters. A new such route fails until it has an entry. */
const SAMPLES: Record<string, (f: Fixtures) => string[]> = {
  "routes/$": () => ["/no-such-page/不存在"],
  "routes/_site.booking.$mode.$id": (f) => [
    ...MODES.map((m) => `/booking/${m.key}/${f.rates[m.key]}${m.key === "express" ? expressQuery : ""}`),
    `/booking/offer/${f.offer}`,
  ],
  "routes/_site.booking.$mode.$id_.order": (f) => [
    ...MODES.map((m) => `/booking/${m.key}/${f.rates[m.key]}/order${m.key === "express" ? expressQuery : ""}`),
    `/booking/fcl/${f.rates.fcl}/order?tab=file`,
    `/booking/offer/${f.offer}/order`,
  ],
  "routes/_site.booking.done.$id": (f) => [`/booking/done/${f.entrustment}`],
  "routes/_site.entrustment_.$id": (f) => [`/entrustment/${f.entrustment}`],
};

/** Who opens a page: back office as the administrator, customer pages as a T1 customer, public pages as both. */
function viewersOf(route: ManifestRoute): Viewer[] {
  if (route.id.startsWith("routes/_bo")) return ["admin"];
  if (/^routes\/_site\.(_account|entrustment|booking)/.test(route.id)) return ["t1"];
  if (route.id === "routes/login") return ["visitor"];
  return ["visitor", "t1"];
}

function urlsOf(route: ManifestRoute, fixtures: Fixtures): string[] {
  const sample = SAMPLES[route.id];
  if (sample) return sample(fixtures);
  if (/[:*]/.test(route.url)) throw new Error(`${route.id} (${route.url}) has parameters: add the URLs to render to SAMPLES`);
  const query = RESULT_QUERIES[route.url];
  return query ? [route.url, `${route.url}?${new URLSearchParams(query)}`] : [route.url];
}

function problems(text: string): string[] {
  const found: string[] = [];
  for (const [name, char] of [["NUL", "\0"], ["U+FFFD", "\uFFFD"]] as const) {
    let at = text.indexOf(char);
    while (at !== -1 && found.length < 5) {
      found.push(`${name} at ${at}: …${JSON.stringify(text.slice(Math.max(0, at - 20), at + 20))}…`);
      at = text.indexOf(char, at + 1);
    }
  }
  return found;
}

const PAGES = routeManifest().filter((r) => r.document);
const LAYOUTS = PAGES.filter((r) => r.pathless);
const LEAVES = PAGES.filter((r) => !r.pathless);

let fixtures: Fixtures;
const cookies: Record<Viewer, string> = { visitor: "", t1: "", admin: "" };

beforeAll(async () => {
  cookies.t1 = await loginAs("t1@example.com");
  cookies.admin = await loginAs("admin@example.com");
  const rates = Object.fromEntries(await Promise.all(MODES.map(async (m) => [m.key, await bookableRate(m.key)] as const))) as Record<ModeKey, number>;
  const fcl = { mode: "fcl", id: rates.fcl };
  const entrustment = doneId(await postOrder(fcl, cookies.t1, { ...orderFields(), attachment: pdfFile("托单.pdf") }));
  fixtures = { rates, offer: await validOffer("FCL"), entrustment };
});

afterAll(async () => {
  await flushBackground();
});

test("every page module is rendered here: layouts through their pages", () => {
  expect(LEAVES.length).toBeGreaterThan(40);
  for (const layout of LAYOUTS) {
    if (layout.id === "root") continue;
    expect(LEAVES.some((r) => r.parentId === layout.id), `${layout.id} has no page under it`).toBe(true);
  }
});

describe.each([...LANGUAGES])("pages in %s", (lng) => {
  test.each(LEAVES.map((r) => [r.id, r] as const))("%s", async (_id, route) => {
    for (const viewer of viewersOf(route)) {
      for (const url of urlsOf(route, fixtures)) {
        // ?lng= picks the language before the cookie does (the build's cookie name is the production one).
        const page = await render(`${url}${url.includes("?") ? "&" : "?"}lng=${lng}`, undefined, { cookie: cookies[viewer] });
        expect([200, 404], `${viewer} ${url}: status`).toContain(page.status);
        expect(page.html, `${viewer} ${url}: a document`).toMatch(/^<!DOCTYPE html>/i);
        expect(page.html, `${viewer} ${url}: language`).toContain(`<html lang="${lng}"`);
        expect(problems(page.html), `${viewer} ${url}`).toEqual([]);
      }
    }
  });
});

// ---------------------------------------------------------------------------
// E-mails

type MailRenderer = (options: never) => Promise<{ subject: string; html: string; text: string }>;

/** Arguments of each e-mail renderer; `filler` lengthens the Chinese texts (other chunk boundaries). */
const MAIL_SAMPLES: Record<string, (t: Awaited<ReturnType<typeof i18n.getFixedT>>, lang: string, filler: number) => unknown[]> = {
  renderVerificationCodeEmail: (t, lang) => [{ t, lang, purpose: "register", code: "123456", minutes: 10 }],
  renderOrderConfirmation: (t, lang, filler) => [{ t, lang, data: orderEmailData(filler) }],
  renderOrderNotification: (t, lang, filler) => [{ t, lang, data: orderEmailData(filler) }],
};

async function mailRenderers(): Promise<[string, MailRenderer][]> {
  const dir = path.join(APP_DIR, "emails");
  const found: [string, MailRenderer][] = [];
  for (const file of fs.readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts"))) {
    const module = (await import(/* @vite-ignore */ path.join(dir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      // renderEmail is the shared step every renderer goes through.
      if (name.startsWith("render") && name !== "renderEmail" && typeof value === "function") found.push([name, value as MailRenderer]);
    }
  }
  return found;
}

test("every e-mail renderer has sample arguments here", async () => {
  const names = (await mailRenderers()).map(([name]) => name);
  expect(names.length).toBeGreaterThan(2);
  expect(names.filter((n) => !(n in MAIL_SAMPLES))).toEqual([]);
});

test.each([...LANGUAGES])("every e-mail in %s, short and long", async (lng) => {
  const t = await i18n.getFixedT(lng);
  for (const [name, renderMail] of await mailRenderers()) {
    for (let filler = 1; filler <= 40; filler += 3) {
      const mail = await (renderMail as (...args: unknown[]) => ReturnType<MailRenderer>)(...MAIL_SAMPLES[name](t, lng, filler));
      expect(problems(mail.subject + mail.html + mail.text), `${name} ${lng} filler ${filler}`).toEqual([]);
    }
  }
});

test("the writer itself: a Chinese text across the 2 KB boundary comes out whole", async () => {
  // Both builds of the writer (NODE_ENV=production loads the minified one).
  const { PassThrough } = await import("node:stream");
  const { text } = await import("node:stream/consumers");
  const React = await import("react");
  for (const file of ["react-dom-server.node.production.min.js", "react-dom-server.node.development.js"]) {
    const server = (await import(/* @vite-ignore */ path.join(process.cwd(), "node_modules/react-dom/cjs", file))) as typeof import("react-dom/server");
    for (let pad = 0; pad < 24; pad++) {
      // Many short texts fill the 2 KB buffer a few bytes at a time; the padding moves where the Chinese texts fall.
      const rows = Array.from({ length: 400 }, (_, i) => React.createElement("b", { key: i }, i % 5 === 0 ? "海运拼箱数据" : "xyz"));
      const element = React.createElement("p", null, "x".repeat(pad), rows);
      const html = await new Promise<string>((resolve, reject) => {
        const out = new PassThrough();
        const { pipe } = server.renderToPipeableStream(element, { onAllReady: () => { pipe(out); text(out).then(resolve, reject); }, onError: reject });
      });
      expect(problems(html), `${file} pad ${pad}`).toEqual([]);
      expect(html).toContain("海运拼箱数据");
    }
  }
});
