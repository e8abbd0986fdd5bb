// Price confidentiality (issue 10, item 2; DESIGN.md "Who sees which price"):
// for every mode and every kind of viewer, the loader data AND the whole
// rendered document of every page that shows a rate (results, home tab,
// booking dialogs, entrustment records, confirmation) hold no price of a tier
// other than the viewer's, byte for byte, in any spelling the app uses
// ("1234.00", "1,234.00", "1234", "1234.5"). So that the test can fail, a
// priced viewer's own tier values must appear where the page shows prices.
// The staff exports hold every tier (by design) and refuse customers.
//
// HTML comes from the production build (tests/support/render.ts); loader
// data from the route modules.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { MODES, modeByKey, type ModeDescription, type ModeKey } from "~/domain/modes";
import { TIERS, type Tier } from "~/domain/pricing/visibility";
import { decimalText } from "~/domain/pricing/tier-columns";
import { expressQuote } from "~/domain/pricing/express";
import { formatMoney, trimDecimal } from "~/domain/pricing/format";
import { validToday } from "~/domain/rates/validity.server";
import { flushBackground } from "~/domain/rates/background.server";
import { readSnapshot } from "~/domain/booking/snapshot";
import { todayInShanghai } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { hydrationData, render, withoutHydrationStream } from "../support/render";
import { pdfText } from "../support/pdf";
import { callRoute, getRequest, postForm, type RouteResult } from "../support/requests";
import { newKey } from "../booking/helpers";
import { readSheet } from "../data/helpers";
import { cookieOf, type ViewerKey } from "./helpers";
import { api, tokenOf } from "../api/helpers";

type Loader = (args: LoaderFunctionArgs) => unknown;

/** The viewers of this test: every kind of customer, staff, a visitor and a frozen account. */
const VIEWERS: ViewerKey[] = ["visitor", "pending", "failed", "frozen", "t0", "t1", "t2", "salesGlobal", "admin"];
const TIER_OF: Partial<Record<ViewerKey, Tier>> = { t0: "T0", t1: "T1", t2: "T2" };

/** A searched lane per tiered mode: the results page query and the same rows in Prisma terms. */
const LANES: { mode: Exclude<ModeKey, "express">; query: Record<string, string>; where: Record<string, string> }[] = [
  { mode: "fcl", query: { pol: "SHANGHAI", pod: "BATAM" }, where: { pol: "SHANGHAI", pod: "BATAM" } },
  { mode: "lcl", query: { lclpol: "SHANGHAI", lclpod: "KOBE" }, where: { pol: "SHANGHAI", pod: "KOBE" } },
  { mode: "air", query: { airpol: "PVG", airpod: "ORD" }, where: { pol: "PVG", pod: "ORD" } },
  { mode: "rail", query: { pol: "西安", pod: "阿拉山口" }, where: { pol: "西安", pod: "阿拉山口" } },
  { mode: "trailer", query: { dock: "上海港", trailer_door_point: "上海浦东" }, where: { dock: "上海港", doorPoint: "上海浦东" } },
];

// ---------------------------------------------------------------------------
// Numbers and how they may be spelled.

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The spellings of a price: as stored ("1070.00"), as printed ("1,070.00")
 * and without trailing zeros ("1070", "24.5", a JSON number).
 */
function spellings(raw: string): string[] {
  return [...new Set([raw, formatMoney(raw)!, trimDecimal(raw)])];
}

/**
 * Where `number` occurs as a whole number in `text`: not inside a longer
 * number ("528.00" is not in "1,528.00", "528" not in "528.5" or "15280")
 * nor inside a word or an asset hash. A bare integer may follow a comma
 * (a JSON array "[468,822]"), since printed money always has decimals.
 */
function occurs(text: string, number: string): boolean {
  const integer = /^\d+$/.test(number);
  const before = integer ? "(?<![\\w.-])" : "(?<![\\d.])(?<!\\d,)";
  const after = integer ? "(?![\\w]|\\.\\d)" : "(?!\\d)";
  return new RegExp(`${before}${escape(number)}${after}`).test(text);
}

/** The spellings of `numbers` found in `text`. */
function found(text: string, numbers: Iterable<string>): string[] {
  return [...numbers].flatMap((n) =>
    spellings(n)
      .filter((s) => occurs(text, s))
      .map((s) => `${s} (${n})`),
  );
}

type TierValues = Record<Tier, Set<string>>;
type RateRow = { id: number; valid: boolean; paused: boolean; tiers: Record<Tier, string[]> };

const rateDelegate = (mode: ModeDescription) =>
  prisma[mode.model] as unknown as { findMany(args: object): Promise<Record<string, unknown>[]> };

/** The rows of `where` (any validity), with every tier's prices. */
async function rateRows(mode: ModeDescription, where: object): Promise<RateRow[]> {
  const select: Record<string, true> = { id: true, paused: true };
  for (const price of mode.prices) if (price.tiers) for (const tier of TIERS) select[price.tiers[tier]] = true;
  const today = todayInShanghai();
  const [rows, valid] = await Promise.all([
    rateDelegate(mode).findMany({ where, select, orderBy: { id: "asc" } }),
    rateDelegate(mode).findMany({ where: { ...where, ...validToday(today) }, select: { id: true } }),
  ]);
  const validIds = new Set(valid.map((r) => r.id as number));
  return rows.map((row) => {
    const tiers = { T0: [], T1: [], T2: [] } as Record<Tier, string[]>;
    for (const price of mode.prices) {
      if (!price.tiers) continue;
      for (const tier of TIERS) {
        const value = decimalText(row[price.tiers[tier]]);
        if (value !== null) tiers[tier].push(value);
      }
    }
    return { id: row.id as number, valid: validIds.has(row.id as number), paused: row.paused as boolean, tiers };
  });
}

function collect(rows: RateRow[], filter: (row: RateRow) => boolean = () => true): TierValues {
  const values: TierValues = { T0: new Set(), T1: new Set(), T2: new Set() };
  for (const row of rows.filter(filter)) for (const tier of TIERS) for (const v of row.tiers[tier]) values[tier].add(v);
  return values;
}

/** Values a viewer must never receive: every tier but theirs (all tiers without one), less their own values. */
function forbiddenFor(viewer: ViewerKey, values: TierValues): string[] {
  const own = TIER_OF[viewer];
  const ownValues = own ? values[own] : new Set<string>();
  return TIERS.filter((t) => t !== own)
    .flatMap((t) => [...values[t]])
    .filter((v) => !ownValues.has(v));
}

type Page = { name: string; text: string };

/** Every primitive of a value, one per " | " (numbers of a JSON array stand apart). */
function leaves(value: unknown): string {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (v === null || v === undefined) return;
    if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === "object") Object.values(v as object).forEach(walk);
    else out.push(String(v));
  };
  walk(value);
  return out.join(" | ");
}

/** Loader data as sent (JSON) and leaf by leaf. */
const dataText = (data: unknown) => `${JSON.stringify(data)}\n${leaves(data)}`;

function leaksIn(pages: Page[], forbidden: string[]): string[] {
  return pages.flatMap((page) => found(page.text, forbidden).map((hit) => `${page.name}: ${hit}`));
}

async function loaderPage(name: string, loader: Loader, url: string, cookie: string, params: Record<string, string> = {}) {
  const result: RouteResult = await callRoute(loader as never, getRequest(url, undefined, { cookie }), { params });
  return { result, page: { name: `${name} loader data`, text: dataText(result.data) } };
}

async function documentPage(name: string, url: string, cookie: string) {
  const { pathname, search } = new URL(url, "http://x");
  const page = await render(pathname, Object.fromEntries(new URLSearchParams(search)), { cookie });
  // The hydration data decoded (its raw stream's reference numbers are not prices) beside the rest of the document.
  const text = `${withoutHydrationStream(page.html)}\n${dataText(await hydrationData(page.html))}`;
  return { status: page.status, location: page.location, page: { name: `${name} document`, text } };
}

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;

const resultsRoute: Record<ModeKey, () => Promise<{ loader: Loader }>> = {
  fcl: () => import("~/routes/site/mode-results") as never,
  lcl: () => import("~/routes/site/mode-results") as never,
  air: () => import("~/routes/site/mode-results") as never,
  rail: () => import("~/routes/site/mode-results") as never,
  trailer: () => import("~/routes/site/mode-results") as never,
  express: () => import("~/routes/site/mode-results") as never,
};
const homeRoute = () => import("~/routes/site/home") as Promise<{ loader: Loader }>;
const step1Route = () => import("~/routes/site/booking.$mode.$id") as Promise<{ loader: Loader; action: Loader }>;
const step2Route = () => import("~/routes/site/booking.$mode.$id_.order") as Promise<{ loader: Loader }>;
const listRoute = () => import("~/routes/site/entrustment") as Promise<{ loader: Loader }>;
const detailRoute = () => import("~/routes/site/entrustment_.$id") as Promise<{ loader: Loader }>;
const doneRoute = () => import("~/routes/site/booking.done.$id") as Promise<{ loader: Loader }>;

/**
 * Every page of a mode a viewer can open about `rateId`: results, home tab,
 * both booking dialogs. Loader data and document of each.
 */
async function modePages(
  mode: ModeDescription,
  query: Record<string, string>,
  rateId: number,
  cookie: string,
  bookingQuery: Record<string, string> = {},
) {
  const pages: Page[] = [];
  const statuses: string[] = [];
  const resultsUrl = withQuery(mode.path, query);
  const homeUrl = withQuery("/home", { tab: mode.homeTab, ...query });
  const step1Url = withQuery(`/booking/${mode.key}/${rateId}`, bookingQuery);
  const step2Url = withQuery(`/booking/${mode.key}/${rateId}/order`, bookingQuery);
  const params = { mode: mode.key, id: String(rateId) };
  const loaders: [string, Loader, string, Record<string, string>][] = [
    ["results", (await resultsRoute[mode.key]()).loader, resultsUrl, {}],
    ["home", (await homeRoute()).loader, homeUrl, {}],
    ["booking", (await step1Route()).loader, step1Url, params],
    ["order", (await step2Route()).loader, step2Url, params],
  ];
  for (const [name, loader, url, routeParams] of loaders) {
    const { result, page } = await loaderPage(`${name} ${url}`, loader, url, cookie, routeParams);
    statuses.push(`${name} loader ${result.status}${result.headers.get("Location") ? ` ${result.headers.get("Location")}` : ""}`);
    pages.push(page);
    const doc = await documentPage(`${name} ${url}`, url, cookie);
    statuses.push(`${name} document ${doc.status}${doc.location ? ` ${doc.location}` : ""}`);
    pages.push(doc.page);
  }
  return { pages, statuses };
}

afterAll(async () => {
  await flushBackground();
});

describe.each(LANES)("$mode: results, home, booking dialogs", (lane) => {
  const mode = modeByKey(lane.mode);
  let rows: RateRow[];
  let bookable: RateRow;

  beforeAll(async () => {
    rows = await rateRows(mode, lane.where);
    bookable = rows.find((r) => r.valid && !r.paused)!;
  });

  test("the lane has bookable rows whose three tiers differ", () => {
    expect(bookable).toBeDefined();
    const values = collect(rows);
    for (const tier of TIERS) expect(values[tier].size).toBeGreaterThan(0);
    // Distinct tiers (the seed's promise): otherwise absence would prove nothing.
    for (const v of values.T0) expect(values.T1.has(v) || values.T2.has(v)).toBe(false);
    for (const v of values.T1) expect(values.T2.has(v)).toBe(false);
  });

  test.each(VIEWERS)("as %s", async (viewer) => {
    const cookie = await cookieOf(viewer);
    const { pages, statuses } = await modePages(mode, lane.query, bookable.id, cookie);
    if (viewer === "frozen") {
      // Signed out on the first request, sent to /freeze; nothing else is sent.
      expect(statuses[0]).toBe("results loader 302 /freeze");
    } else {
      expect(statuses.filter((s) => !/ 200$/.test(s))).toEqual([]);
    }
    const values = collect(rows);
    expect(leaksIn(pages, forbiddenFor(viewer, values))).toEqual([]);

    const tier = TIER_OF[viewer];
    if (tier) {
      // The viewer's own tier is there: results show every valid row's prices, the dialogs the booked row's.
      const shown = [...collect(rows, (r) => r.valid)[tier]];
      // In the printed document (not only in the data it carries).
      const byName = (prefix: string) => pages.find((p) => p.name.startsWith(prefix) && p.name.endsWith(" document"))!.text;
      const missing = (text: string, numbers: string[], spell: (n: string) => string) => numbers.filter((n) => !occurs(text, spell(n)));
      expect(
        missing(byName("results"), shown, (n) => formatMoney(n)!),
        "own prices on the results page",
      ).toEqual([]);
      for (const dialog of ["booking", "order"]) {
        expect(
          missing(byName(dialog), bookable.tiers[tier], (n) => formatMoney(n)!),
          `own prices in the ${dialog} dialog`,
        ).toEqual([]);
      }
    }
  });
});

describe("express: results and booking dialogs", () => {
  // United States (West) is zone F; 2.3 kg is charged at the 2.5 kg break (express is not tiered).
  const query = { pod: "US-W", num: "2.3" };
  const mode = modeByKey("express");
  let numbers: string[];
  let rateId: number;

  beforeAll(async () => {
    const rows = await prisma.expressRate.findMany({
      where: { weight: { gte: 2.3 }, ...validToday(todayInShanghai()) },
      orderBy: [{ category: "asc" }, { weight: "asc" }, { id: "asc" }],
      distinct: ["category"],
      select: { id: true, zoneF: true, fuel: true, discount: true, paused: true },
    });
    expect(rows.length).toBeGreaterThan(0);
    numbers = rows.flatMap((r) => {
      const q = expressQuote({ price: decimalText(r.zoneF)!, fuel: decimalText(r.fuel), discount: decimalText(r.discount, 4) });
      return [q.total, q.price, q.fuelAmount].filter((v): v is string => !!v && Number(v) > 0);
    });
    rateId = rows.find((r) => !r.paused)!.id;
  });

  test.each(VIEWERS)("as %s", async (viewer) => {
    const cookie = await cookieOf(viewer);
    const { pages } = await modePages(mode, query, rateId, cookie, query);
    if (TIER_OF[viewer]) {
      const results = pages
        .filter((p) => p.name.startsWith("results"))
        .map((p) => p.text)
        .join("\n");
      expect(found(results, numbers).length).toBeGreaterThan(0);
    } else {
      // No price of any kind for visitors, unaudited customers, staff and frozen accounts.
      expect(leaksIn(pages, numbers)).toEqual([]);
    }
  });
});

describe("entrustment records and confirmations", () => {
  /** Per customer: their entrustments with the rate rows they were booked from. */
  const booked = new Map<ViewerKey, number[]>();

  beforeAll(async () => {
    const { action } = await step1Route();
    for (const viewer of ["t0", "t1", "t2"] as ViewerKey[]) {
      const cookie = await cookieOf(viewer);
      const ids: number[] = [];
      for (const lane of LANES) {
        const mode = modeByKey(lane.mode);
        const row = (await rateRows(mode, lane.where)).find((r) => r.valid && !r.paused)!;
        const url = `/booking/${mode.key}/${row.id}`;
        const result = await callRoute(action as never, postForm(url, { idempotencyKey: newKey() }, { cookie }), {
          params: { mode: mode.key, id: String(row.id) },
        });
        const match = /^\/booking\/done\/(\d+)$/.exec(result.headers.get("Location") ?? "");
        if (!match) throw new Error(`booking ${url} as ${viewer} failed: ${result.status}`);
        ids.push(Number(match[1]));
      }
      booked.set(viewer, ids);
    }
  });

  /** The tier values of the rate rows behind a customer's entrustments (from their snapshots). */
  async function sourceValues(
    userId: number,
  ): Promise<{ values: TierValues; snapshots: { id: number; tier: string | null; mode: string; prices: string[] }[] }> {
    const rows = await prisma.entrustment.findMany({ where: { userId }, select: { id: true, sourceSnapshot: true } });
    const values: TierValues = { T0: new Set(), T1: new Set(), T2: new Set() };
    const snapshots = [];
    for (const row of rows) {
      const snapshot = readSnapshot(row.sourceSnapshot);
      if (!snapshot) continue;
      snapshots.push({ id: row.id, tier: snapshot.tier, mode: snapshot.mode, prices: snapshot.prices.map((p) => p.value) });
      if (snapshot.source !== "rate" || snapshot.mode === "express") continue;
      const [source] = await rateRows(modeByKey(snapshot.mode), { id: snapshot.id });
      if (source) for (const tier of TIERS) for (const v of source.tiers[tier]) values[tier].add(v);
    }
    return { values, snapshots };
  }

  test.each(["t0", "t1", "t2"] as ViewerKey[])("as %s: the list, every record and every confirmation", async (viewer) => {
    const tier = TIER_OF[viewer]!;
    const cookie = await cookieOf(viewer);
    const user = await prisma.user.findUniqueOrThrow({ where: { email: `${viewer}@example.com` }, select: { id: true } });
    const { values, snapshots } = await sourceValues(user.id);
    // Every stored snapshot of theirs carries their tier, or no price at all (contact about an offer).
    expect(snapshots.filter((s) => s.prices.length > 0 && s.tier !== tier && s.mode !== "express")).toEqual([]);

    const pages: Page[] = [];
    const list = await loaderPage("list", (await listRoute()).loader, "/entrustment?size=100", cookie);
    expect(list.result.status).toBe(200);
    pages.push(list.page, (await documentPage("list", "/entrustment", cookie)).page);
    const ids = booked.get(viewer)!;
    for (const id of ids) {
      const detail = await loaderPage(`record ${id}`, (await detailRoute()).loader, `/entrustment/${id}`, cookie, { id: String(id) });
      expect(detail.result.status).toBe(200);
      const doc = await documentPage(`record ${id}`, `/entrustment/${id}`, cookie);
      expect(doc.status).toBe(200);
      const done = await loaderPage(`done ${id}`, (await doneRoute()).loader, `/booking/done/${id}`, cookie, { id: String(id) });
      expect(done.result.status).toBe(200);
      pages.push(detail.page, doc.page, done.page, (await documentPage(`done ${id}`, `/booking/done/${id}`, cookie)).page);
      // The record shows the price the customer booked at: their tier's.
      const snapshot = snapshots.find((s) => s.id === id)!;
      expect(snapshot.prices.length).toBeGreaterThan(0);
      for (const price of snapshot.prices) expect(doc.page.text).toContain(formatMoney(price)!);
    }
    expect(leaksIn(pages, forbiddenFor(viewer, values))).toEqual([]);
  });
});

describe("staff exports: every tier for staff, nothing for customers", () => {
  const EXPORTS: { mode: Exclude<ModeKey, "express">; path: string; route: () => Promise<{ loader: Loader }> }[] = [
    { mode: "fcl", path: "/fclbyseaData/export", route: () => import("~/routes/backoffice/data-area-export") as never },
    { mode: "lcl", path: "/lclbyseaData/export", route: () => import("~/routes/backoffice/data-area-export") as never },
    { mode: "trailer", path: "/trailerData/export", route: () => import("~/routes/backoffice/data-area-export-selected") as never },
  ];

  test.each(EXPORTS)("$path", async ({ mode: key, path, route }) => {
    const lane = LANES.find((l) => l.mode === key)!;
    const rows = await rateRows(modeByKey(key), lane.where);
    const values = collect(rows);
    const { loader } = await route();
    const filter = key === "trailer" ? { dock: lane.where.dock } : { pol: lane.where.pol, pod: lane.where.pod };

    // Data staff: the workbook holds all three tiers of the lane.
    const staff = await callRoute(loader as never, getRequest(path, filter, { cookie: await cookieOf("data") }));
    expect(staff.status).toBe(200);
    const sheet = leaves(readSheet(new Uint8Array(await staff.response!.arrayBuffer())));
    for (const tier of TIERS) expect(found(sheet, values[tier]).length, `${tier} in the staff export`).toBeGreaterThan(0);

    // Everyone else is refused, with a body that holds no price.
    for (const viewer of ["visitor", "pending", "failed", "frozen", "t0", "t1", "t2", "sales", "service"] as ViewerKey[]) {
      const result = await callRoute(loader as never, getRequest(path, filter, { cookie: await cookieOf(viewer) }));
      const want = viewer === "visitor" ? 302 : viewer === "frozen" ? 302 : 403;
      expect(result.status, viewer).toBe(want);
      const body = result.response ? await result.response.clone().text() : JSON.stringify(result.data);
      expect(leaksIn([{ name: `${path} as ${viewer}`, text: body }], forbiddenFor("visitor", values))).toEqual([]);
    }
  });
});

// ---------------------------------------------------------------------------
// Escalation attempts (issue 17): each one is refused, and afterwards every
// customer still receives exactly its own tier, on the results page (loader
// data and document) and through the API, and no customer reaches an export.

describe("after every refused escalation attempt, each customer still gets exactly its own tier", () => {
  const CUSTOMERS: ViewerKey[] = ["t0", "t1", "t2"];
  const lane = LANES.find((l) => l.mode === "fcl")!;
  const mode = modeByKey("fcl");
  const USER = { t0: 10, t1: 11, t2: 12, admin: 1 } as const;
  const page =
    (
      as: ViewerKey,
      fields: Record<string, string | number | Array<string | number>>,
      route: () => Promise<{ action: Loader }>,
      url: string,
    ) =>
    async () => {
      const { action } = await route();
      return (await callRoute(action as never, postForm(url, fields, { cookie: await cookieOf(as) }))).status;
    };
  const viaApi = (as: string, method: "POST" | "PUT", path: string, body: Record<string, string | number>) => async () =>
    (await api(method, path, { token: await tokenOf(as), body })).http;
  const userList = () => import("~/routes/admin/userList") as Promise<{ action: Loader }>;
  const roleList = () => import("~/routes/admin/roleList") as Promise<{ action: Loader }>;
  const t2Edit = async (roleId: number, customerRating = 3) => {
    const t2 = await prisma.user.findUniqueOrThrow({ where: { id: USER.t2 } });
    return {
      intent: "update",
      id: t2.id,
      username: t2.username,
      phone: t2.phone,
      businessAddress: t2.businessAddress!,
      company: t2.company!,
      salesId: 2,
      customerServiceId: 4,
      roleId,
      customerRating,
    };
  };

  const ATTEMPTS: { name: string; attempt: () => Promise<number> }[] = [
    { name: "sales gives t2 the data staff role (page)", attempt: async () => page("sales", await t2Edit(14), userList, "/userList")() },
    {
      name: "sales gives t1 the administrator role (POST /my/saverole)",
      attempt: viaApi("sales@example.com", "POST", "/my/saverole", { id: USER.t1, rid: 1 }),
    },
    {
      name: "sales.global makes itself administrator (POST /my/saverole)",
      attempt: viaApi("sales.global@example.com", "POST", "/my/saverole", { id: 3, rid: 1 }),
    },
    {
      name: "the manager freezes the administrator (PUT /my/updatestate)",
      attempt: viaApi("manager@example.com", "PUT", "/my/updatestate", { id: USER.admin, statesw: 2 }),
    },
    {
      name: "t2 gives itself tier T0 (POST /my/saveuserlevel)",
      attempt: viaApi("t2@example.com", "POST", "/my/saveuserlevel", { id: USER.t2, customer_rating: 1 }),
    },
    { name: "t2 gives itself the administrator role (page)", attempt: async () => page("t2", await t2Edit(1, 1), userList, "/userList")() },
    {
      name: "t1 grants its role the FCL data screen (page)",
      attempt: page("t1", { intent: "permissions", id: 20, menuId: [9] }, roleList, "/roleList"),
    },
    {
      name: "the administrator grants the FCL data screen to t2's customer role (POST /my/saverightsroles)",
      attempt: viaApi("admin@example.com", "POST", "/my/saverightsroles", { rid: 21, pid: "5,9" }),
    },
  ];

  /** The FCL results page (loader data and document) and /query/wholebysea as `viewer`: exactly their tier. */
  async function ownTierOnly(viewer: ViewerKey) {
    const rows = await rateRows(mode, lane.where);
    const values = collect(rows);
    const tier = TIER_OF[viewer]!;
    const cookie = await cookieOf(viewer);
    const url = withQuery(mode.path, lane.query);
    const loaded = await loaderPage("results", (await resultsRoute.fcl()).loader, url, cookie);
    const doc = await documentPage("results", url, cookie);
    const json = await api("GET", "/query/wholebysea", { token: await tokenOf(`${viewer}@example.com`), query: lane.query });
    const pages = [loaded.page, doc.page, { name: "/query/wholebysea", text: dataText(json.body) }];
    expect(leaksIn(pages, forbiddenFor(viewer, values)), `${viewer}: another tier`).toEqual([]);
    const own = [...collect(rows, (r) => r.valid)[tier]];
    expect(
      own.filter((n) => !occurs(doc.page.text, formatMoney(n)!)),
      `${viewer}: own tier on the page`,
    ).toEqual([]);
    expect(found(dataText(json.body), own).length, `${viewer}: own tier in the API`).toBeGreaterThan(0);
    const exported = await api("GET", "/data/exportfcl", { token: await tokenOf(`${viewer}@example.com`) });
    expect(exported.http, `${viewer}: export`).toBe(403);
  }

  test.each(ATTEMPTS)("$name", async ({ attempt }) => {
    const before = await prisma.user.findMany({
      where: { id: { in: Object.values(USER) } },
      select: { id: true, roleId: true, customerRating: true, state: true },
      orderBy: { id: "asc" },
    });
    const grants = await prisma.rolePermission.count({ where: { roleId: { in: [20, 21, 22] } } });
    expect(await attempt()).toBe(403);
    expect(
      await prisma.user.findMany({
        where: { id: { in: Object.values(USER) } },
        select: { id: true, roleId: true, customerRating: true, state: true },
        orderBy: { id: "asc" },
      }),
    ).toEqual(before);
    expect(await prisma.rolePermission.count({ where: { roleId: { in: [20, 21, 22] } } })).toBe(grants);
    for (const viewer of CUSTOMERS) await ownTierOnly(viewer);
  });
});

test("every mode is covered", () => {
  expect([...LANES.map((l) => l.mode), "express"].sort()).toEqual(MODES.map((m) => m.key).sort());
});

// ---------------------------------------------------------------------------
// All-in totals (issue 25 item 1): a total is a sum of the viewer's tier
// prices and the row's fees. For each lane, the totals every tier would get
// for the same shipment are computed from that tier's prices; a viewer's page
// (loader data and document, sorted by total) holds its own tier's totals and
// no other tier's total or price. Visitors and unaudited customers get none.
describe("all-in totals", () => {
  const SHIPMENT: Record<Exclude<ModeKey, "express">, Record<string, string>> = {
    fcl: { qty_gp20: "2", qty_hq40: "1" },
    lcl: { cbm: "3.2", kg: "1800" },
    air: { kg: "120", cbm: "1.5" },
    rail: { qty_coc40: "2", qty_soc20: "1" },
    trailer: { qty_gp20: "1", qty_gp40: "2" },
  };

  /** Each tier's totals on the lane's valid rows (sum texts, per currency). */
  async function tierTotals(lane: (typeof LANES)[number], currency?: string): Promise<Record<Tier, Set<string>>> {
    const mode = modeByKey(lane.mode);
    const { toRateRow } = await import("~/domain/rates/search.server");
    const { readShipment, rowTotals, convertTotals } = await import("~/domain/rates/totals.server");
    const { ratesOn } = await import("~/domain/reference/exchange-rates.server");
    const rates = await ratesOn(todayInShanghai());
    const { checkLclInput } = await import("~/domain/pricing/lcl");
    const params = new URLSearchParams(SHIPMENT[lane.mode]);
    const lcl = mode.calculator ? (checkLclInput(params.get("cbm"), params.get("kg")) as { cbm: string; kg: string }) : null;
    const shipment = readShipment(mode, params, lcl).shipment!;
    const select: Record<string, true> = { id: true, paused: true, validFrom: true, validTo: true, currency: true };
    for (const fact of mode.facts)
      if (fact.kind !== "validity") Object.assign(select, { [fact.field]: true }, fact.fallback ? { [fact.fallback]: true } : {});
    for (const price of mode.prices) if (price.tiers) for (const tier of TIERS) select[price.tiers[tier]] = true;
    if (!("field" in mode.currency)) delete select.currency;
    const raw = await rateDelegate(mode).findMany({ where: { ...lane.where, ...validToday(todayInShanghai()) }, select });
    const out = { T0: new Set<string>(), T1: new Set<string>(), T2: new Set<string>() } as Record<Tier, Set<string>>;
    for (const tier of TIERS) {
      const original = rowTotals(
        mode,
        shipment,
        raw.map((r) => toRateRow(mode, tier, r)),
      );
      // In a chosen currency (decision 402): the converted totals, and the original sums printed beside them.
      const totals = currency ? convertTotals(original, currency, rates, (key) => String(key)) : original;
      for (const total of Object.values(totals)) for (const sum of [...total.sums, ...(total.original ?? [])]) out[tier].add(sum.amount);
    }
    return out;
  }

  describe.each(
    LANES.flatMap((lane) => [
      { ...lane, currency: undefined },
      { ...lane, currency: lane.mode === "lcl" ? "USD" : "CNY" },
    ]),
  )("$mode $currency", (lane) => {
    const mode = modeByKey(lane.mode);
    test.each(["visitor", "pending", "t0", "t1", "t2"] as ViewerKey[])("as %s", async (viewer) => {
      const [rows, totals] = await Promise.all([rateRows(mode, lane.where), tierTotals(lane, lane.currency)]);
      const cookie = await cookieOf(viewer);
      const url = withQuery(mode.path, {
        ...lane.query,
        ...SHIPMENT[lane.mode],
        sort: "total",
        ...(lane.currency ? { cur: lane.currency } : {}),
      });
      const { result, page } = await loaderPage(`results ${url}`, (await resultsRoute[mode.key]()).loader, url, cookie);
      const doc = await documentPage(`results ${url}`, url, cookie);
      expect(result.status).toBe(200);
      const tier = TIER_OF[viewer];
      const own = tier ? totals[tier] : new Set<string>();
      // Another tier's total is forbidden unless it happens to equal one of the viewer's own.
      const otherTotals = TIERS.filter((t) => t !== tier)
        .flatMap((t) => [...totals[t]])
        .filter((v) => !own.has(v));
      expect(otherTotals.length, "the tiers' totals differ").toBeGreaterThan(0);
      expect(leaksIn([page, doc.page], [...forbiddenFor(viewer, collect(rows)), ...otherTotals])).toEqual([]);
      const data = result.data as { shipment: { totals: Record<number, unknown> | null } | null };
      if (!tier) {
        expect(data.shipment?.totals ?? null).toBeNull();
        return;
      }
      expect(Object.keys(data.shipment!.totals!).length).toBeGreaterThan(0);
      // The viewer's own totals are printed (the test can fail).
      const printed = [...own].filter((v) => occurs(doc.page.text, formatMoney(v)!));
      expect(printed.length).toBeGreaterThan(0);
    });
  });

  // Quotes (decision 402): a T2 customer saves the quote of a row (its total in a chosen currency); the
  // quote's shared page (loader data, document and its .data request), its PDF's text and the customer's
  // list, and the legacy API's quote calls hold no T0 or T1 price, total or converted total. The T2 total itself
  // is printed (the test can fail).
  describe.each(LANES.map((lane) => ({ ...lane, currency: lane.mode === "lcl" ? "USD" : "CNY" })))(
    "a T2 quote: $mode in $currency",
    (lane) => {
      /** The T2 customer saves the quote of the lane's first row with a total; every tier's totals for the same shipment. */
      async function savedQuote() {
        const mode = modeByKey(lane.mode);
        const [rows, converted, original] = await Promise.all([
          rateRows(mode, lane.where),
          tierTotals(lane, lane.currency),
          tierTotals(lane),
        ]);
        const cookie = await cookieOf("t2");
        const from = withQuery(mode.path, { ...lane.query, ...SHIPMENT[lane.mode], cur: lane.currency });
        const results = await callRoute((await resultsRoute[mode.key]()).loader as never, getRequest(from, undefined, { cookie }));
        const totals = (results.data as { shipment: { totals: Record<string, { incomplete: boolean }> } }).shipment.totals;
        const rowId = Object.entries(totals).find(([, t]) => !t.incomplete)![0];
        const quotes = await import("~/routes/account/quotes");
        const saved = await callRoute(quotes.action as never, postForm("/quotes", { from, id: rowId }, { cookie }));
        expect(saved.status).toBe(302);
        const token = saved.headers.get("location")!.replace("/quote/", "");
        const stored = await prisma.quote.findUniqueOrThrow({ where: { token } });
        const own = new Set([...converted.T2, ...original.T2]);
        const otherTotals = (["T0", "T1"] as Tier[]).flatMap((t) => [...converted[t], ...original[t]]).filter((v) => !own.has(v));
        expect(otherTotals.length, "the tiers' totals differ").toBeGreaterThan(0);
        const snapshot = stored.snapshot as { total: { sums: { amount: string }[] } };
        return { mode, rows, cookie, rowId, quotes, token, stored, otherTotals, total: formatMoney(snapshot.total.sums[0].amount)! };
      }

      test("shared page, .data, PDF and list", async () => {
        const { rows, cookie, rowId, quotes, token, stored, otherTotals, total } = await savedQuote();
        // The legacy API's answers (decision 501): the list, the one quote, and a quote saved by a script.
        const apiToken = await tokenOf("t2@example.com");
        const apiList = await api("GET", "/my/getquote", { token: apiToken });
        const apiOne = await api("GET", `/my/getquote/${stored.id}`, { token: apiToken });
        const apiSaved = await api("POST", "/my/savequote", {
          token: apiToken,
          body: { transport_mode: lane.mode, id: rowId, cur: lane.currency, ...SHIPMENT[lane.mode] },
        });
        expect([apiList.body.status, apiOne.body.status, apiSaved.body.status]).toEqual([0, 0, 0]);

        const shared = await import("~/routes/site/quote.$token");
        const pdfRoute = await import("~/routes/resources/quote.$token.pdf");
        const pdf = (await pdfRoute.loader({ request: getRequest(`/quote/${token}/pdf`), params: { token }, context: {} })) as Response;
        const single = await render(`/quote/${token}.data`, undefined, { cookie });
        expect(single.status).toBe(200);
        const pages: Page[] = [
          (await loaderPage("quote page", shared.loader as Loader, `/quote/${token}`, "", { token })).page,
          (await documentPage("quote page", `/quote/${token}`, "")).page,
          { name: "quote page .data", text: single.html },
          { name: "quote PDF", text: await pdfText(new Uint8Array(await pdf.arrayBuffer())) },
          (await loaderPage("quotes list", quotes.loader as Loader, "/quotes", cookie)).page,
          (await documentPage("quotes list", "/quotes", cookie)).page,
          { name: "API quote list", text: dataText(apiList.body) },
          { name: "API quote", text: dataText(apiOne.body) },
          { name: "API saved quote", text: dataText(apiSaved.body) },
        ];
        expect(leaksIn(pages, [...forbiddenFor("t2", collect(rows)), ...otherTotals])).toEqual([]);
        // The quote's own T2 total is in each of its views.
        for (const name of ["quote page document", "quote PDF", "quotes list document", "API quote"])
          expect(occurs(pages.find((p) => p.name === name)!.text, total), name).toBe(true);
      });

      // Booking from the quote (issue 25 item 3): the booking steps, the records, their .data, the
      // e-mails in the outbox and the API's booking and entrustment answers.
      test("the entrustment booked from it: booking pages, records, .data, e-mails, API", async () => {
        const { rows, cookie, stored, otherTotals, total } = await savedQuote();
        const base = `/booking/quote/${stored.id}`;
        const params = { mode: "quote", id: String(stored.id) };
        const { action } = await step1Route();
        const booked = await callRoute(action as never, postForm(base, { idempotencyKey: newKey() }, { cookie }), { params });
        const id = Number(/^\/booking\/done\/(\d+)$/.exec(booked.headers.get("Location") ?? "")?.[1]);
        expect(id, `booking ${base}: ${booked.status}`).toBeGreaterThan(0);
        const apiToken = await tokenOf("t2@example.com");
        const apiBooked = await api("POST", "/query/contact", {
          token: apiToken,
          body: { quote_no: stored.number, idempotencyKey: newKey() },
        });
        expect(apiBooked.body.status, JSON.stringify(apiBooked.body)).toBe(0);
        const apiList = await api("GET", "/my/getentrustment", { token: apiToken });
        const apiOne = await api("GET", `/my/getentrustment/${id}`, { token: apiToken });
        const apiOther = await api("GET", `/my/getentrustment/${apiBooked.body.data.id}`, { token: apiToken });
        const mails = await prisma.emailOutbox.findMany({
          where: { entrustmentId: { in: [id, apiBooked.body.data.id as number] } },
          select: { toAddress: true, subject: true, html: true, text: true },
        });
        expect(mails.length).toBeGreaterThan(0);
        const pages: Page[] = [
          (await loaderPage("quote booking", (await step1Route()).loader, base, cookie, params)).page,
          (await documentPage("quote booking", base, cookie)).page,
          (await loaderPage("quote booking order", (await step2Route()).loader, `${base}/order`, cookie, params)).page,
          (await documentPage("quote booking order", `${base}/order`, cookie)).page,
          { name: "quote booking .data", text: (await render(`${base}.data`, undefined, { cookie })).html },
          (await loaderPage("records", (await listRoute()).loader, "/entrustment?size=100", cookie)).page,
          (await documentPage("records", "/entrustment", cookie)).page,
          { name: "records .data", text: (await render("/entrustment.data", undefined, { cookie })).html },
          (await loaderPage("record", (await detailRoute()).loader, `/entrustment/${id}`, cookie, { id: String(id) })).page,
          (await documentPage("record", `/entrustment/${id}`, cookie)).page,
          { name: "record .data", text: (await render(`/entrustment/${id}.data`, undefined, { cookie })).html },
          ...mails.map((m, i) => ({ name: `e-mail ${i} to ${m.toAddress}`, text: `${m.subject}\n${m.html}\n${m.text}` })),
          { name: "API booking", text: dataText(apiBooked.body) },
          { name: "API entrustments", text: dataText(apiList.body) },
          { name: "API entrustment", text: dataText(apiOne.body) },
          { name: "API entrustment booked by API", text: dataText(apiOther.body) },
        ];
        expect(leaksIn(pages, [...forbiddenFor("t2", collect(rows)), ...otherTotals])).toEqual([]);
        // The quote's own T2 total is the entrustment's: in the booking dialog, the record, the customer's e-mail, the API.
        const customerMail = mails.find((m) => m.toAddress === "t2@example.com")!;
        for (const page of [
          ...pages.filter((p) => /^(quote booking|record) (document|loader data)$/.test(p.name)),
          { name: "customer e-mail", text: customerMail.text },
        ])
          expect(occurs(page.text, total), page.name).toBe(true);
        expect(occurs(dataText(apiOne.body), stored.number), "API entrustment names the quote").toBe(true);
      });
    },
  );
});

// Issue 25 items 4 and 5: the lane-watch digest, the watch list and the
// booking-status e-mails and calls. Every customer watches every tiered lane;
// the watches are reset so that the day's run reports every lane (its lowest
// price of the watcher's tier, the rates counted as new), and each customer's
// digest must carry their own lowest price and no other tier's value.
describe("lane-watch digest e-mails, the watch list and booking-status e-mails", () => {
  const CUSTOMERS: ViewerKey[] = ["t0", "t1", "t2"];
  const laneEnds = (lane: (typeof LANES)[number]) => Object.values(lane.where) as [string, string];

  test.each(CUSTOMERS)("as %s: the digest holds only their tier's prices", async (viewer) => {
    const { addWatch } = await import("~/domain/watches/watches.server");
    const { runWatchDigest } = await import("~/domain/watches/digest.server");
    const { loadViewer } = await import("~/domain/accounts/viewer.server");
    const email = `${viewer}@example.com`;
    const user = await prisma.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
    const customer = (await loadViewer(user.id))!;
    for (const lane of LANES) {
      const [pol, pod] = laneEnds(lane);
      const added = await addWatch(customer, { mode: lane.mode, pol, pod, lng: "zh-CN" });
      expect(added.ok, `${lane.mode} watch`).toBe(true);
    }
    // As if nothing had been seen yet: every lane is news today.
    await prisma.$executeRawUnsafe(`UPDATE lane_watches SET last_price = NULL, last_count = 0`);
    await prisma.$executeRawUnsafe(`DELETE FROM watch_digest_runs`);
    const report = await runWatchDigest();
    expect(report.ran).toBe(true);
    const mails = await prisma.emailOutbox.findMany({ where: { kind: "watch_digest", toAddress: email } });
    expect(mails.length).toBeGreaterThan(0);
    const mail = mails[mails.length - 1];
    const pages: Page[] = [{ name: `digest to ${viewer}`, text: `${mail.subject}\n${mail.text}\n${mail.html}` }];

    // The watch list (page and API) names lanes, never prices.
    const list = await loaderPage(
      "watches",
      (await import("~/routes/account/userWatches")).loader as Loader,
      "/userWatches",
      await cookieOf(viewer),
    );
    expect(list.result.status).toBe(200);
    pages.push(list.page, (await documentPage("watches", "/userWatches", await cookieOf(viewer))).page);
    const listed = await api("GET", "/my/lanewatches", { token: await tokenOf(email) });
    expect(listed.body.status).toBe(0);
    pages.push({ name: "API /my/lanewatches", text: dataText(listed.body) });

    const tier = TIER_OF[viewer]!;
    for (const lane of LANES) {
      const mode = modeByKey(lane.mode);
      const rows = await rateRows(mode, lane.where);
      expect(leaksIn(pages, forbiddenFor(viewer, collect(rows))), lane.mode).toEqual([]);
      // Their own lowest price of the lane is in the mail (the test can fail).
      const sortPrice = mode.prices.find((p) => p.key === mode.sortPrice)!;
      const own = rows.filter((r) => r.valid && !r.paused).map((r) => r.tiers[tier][mode.prices.filter((p) => p.tiers).indexOf(sortPrice)]);
      const lowest = own.filter((v) => v !== undefined).sort((a, b) => Number(a) - Number(b))[0];
      if (lowest) expect(mail.text, `${lane.mode} lowest ${tier} price`).toContain(lowest);
    }
  });

  test.each(CUSTOMERS)("as %s: the status e-mails and the status call of their entrustments", async (viewer) => {
    const { changeEntrustmentStatus } = await import("~/domain/orders/status.server");
    const { loadViewer } = await import("~/domain/accounts/viewer.server");
    const { action } = await step1Route();
    const email = `${viewer}@example.com`;
    const cookie = await cookieOf(viewer);
    const admin = (await loadViewer(
      (await prisma.user.findUniqueOrThrow({ where: { email: "admin@example.com" }, select: { id: true } })).id,
    ))!;
    const token = await tokenOf(email);
    const pages: Page[] = [];
    const values: TierValues = { T0: new Set(), T1: new Set(), T2: new Set() };
    for (const lane of LANES) {
      const mode = modeByKey(lane.mode);
      const rows = await rateRows(mode, lane.where);
      for (const tier of TIERS) for (const v of collect(rows)[tier]) values[tier].add(v);
      const row = rows.find((r) => r.valid && !r.paused)!;
      const booked = await callRoute(
        action as never,
        postForm(`/booking/${mode.key}/${row.id}`, { idempotencyKey: newKey() }, { cookie }),
        { params: { mode: mode.key, id: String(row.id) } },
      );
      const id = Number(/^\/booking\/done\/(\d+)$/.exec(booked.headers.get("Location") ?? "")![1]);
      expect((await changeEntrustmentStatus("staff", admin, { id, to: "CONFIRMED" })).ok).toBe(true);
      const status = await api("GET", `/my/getentrustment/${id}/status`, { token });
      expect(status.body.status, JSON.stringify(status.body)).toBe(0);
      pages.push({ name: `API status ${id}`, text: dataText(status.body) });
    }
    const mails = await prisma.emailOutbox.findMany({ where: { kind: "order_status", toAddress: email } });
    expect(mails.length).toBeGreaterThanOrEqual(LANES.length);
    for (const mail of mails) pages.push({ name: `status mail ${mail.id}`, text: `${mail.subject}\n${mail.text}\n${mail.html}` });
    expect(leaksIn(pages, forbiddenFor(viewer, values))).toEqual([]);
  });
});

// Price requests (issue 43): a T2 customer asks on every tiered lane, the desk answers in the request's own
// prices and then writes the lane into the mode's table with a different price per tier. The customer's list,
// the answer's quote (page, .data, PDF), the answer e-mail, the lane's news e-mail and the API's request
// calls hold no T0 or T1 price, neither of the lane's rates nor of the one just written. The T2 answer and the
// T2 price written are in them (the test can fail).
describe("price requests", () => {
  const PUBLISHED: Record<Tier, string> = { T0: "7001.11", T1: "7002.22", T2: "7003.33" };
  const ANSWERED = "4321.09";
  test.each(LANES)("a T2 request answered and made a rate: $mode", async (lane) => {
    const mode = modeByKey(lane.mode);
    const rows = await rateRows(mode, lane.where);
    const cookie = await cookieOf("t2");
    const t2 = await prisma.user.findUniqueOrThrow({ where: { email: "t2@example.com" }, select: { id: true } });
    const [from, to] = [mode.fields.find((f) => f.role === "from")!, mode.fields.find((f) => f.role === "to")!];
    const fromValue = lane.where[from.column === "dock" ? "dock" : "pol"];
    const toValue = lane.where[to.column === "doorPoint" ? "doorPoint" : "pod"];
    const column = mode.prices.find((p) => p.tiers)!;
    const containers = mode.shipment === "containers";
    const ask = await import("~/routes/site/priceRequest");
    const asked = await callRoute(
      ask.action as never,
      postForm(
        "/priceRequest",
        {
          mode: mode.key,
          origin: fromValue,
          destination: toValue,
          ...(containers ? { [`qty_${column.key}`]: "1" } : { kg: "300", cbm: "1" }),
        },
        { cookie },
      ),
    );
    expect(asked.status, JSON.stringify(asked.data)).toBe(302);
    const request = await prisma.priceRequest.findFirstOrThrow({ where: { userId: t2.id }, orderBy: { id: "desc" } });
    // The customer searched the lane: the lane's news reaches them too.
    await prisma.queryLog.create({ data: { mode: mode.enumValue, userId: t2.id, [from.logColumn]: fromValue, [to.logColumn]: toValue } });

    const admin = await cookieOf("admin");
    const desk = await import("~/routes/admin/priceDesk_.$id");
    const post = (fields: Record<string, string>) =>
      callRoute(desk.action as never, postForm(`/priceDesk/${request.id}`, fields, { cookie: admin }), {
        params: { id: String(request.id) },
      });
    const answer = {
      intent: "answer",
      currency: "fixed" in mode.currency ? mode.currency.fixed : "USD",
      [`rate_${column.key}`]: ANSWERED,
      [`qty_${column.key}`]: "1",
      validTo: "2099-12-31",
    };
    expect((await post(answer)).status).toBe(302);
    const publish = Object.fromEntries(TIERS.map((tier) => [`price_${column.key}_${tier}`, PUBLISHED[tier]]));
    const done = await post({ intent: "publish", ...publish });
    expect(done.status, JSON.stringify(done.data)).toBe(302);

    const { quote } = await prisma.priceRequest.findUniqueOrThrow({ where: { id: request.id }, include: { quote: true } });
    const token = quote!.token;
    const shared = await import("~/routes/site/quote.$token");
    const pdfRoute = await import("~/routes/resources/quote.$token.pdf");
    const pdf = (await pdfRoute.loader({ request: getRequest(`/quote/${token}/pdf`), params: { token }, context: {} })) as Response;
    const list = await import("~/routes/account/userRequests");
    const mails = await prisma.emailOutbox.findMany({
      where: { toAddress: "t2@example.com", kind: { in: ["price_request_answer", "lane_news"] }, createdAt: { gte: request.createdAt } },
    });
    expect(mails.map((m) => m.kind).sort()).toEqual(["lane_news", "price_request_answer"]);
    const apiToken = await tokenOf("t2@example.com");
    const apiList = await api("GET", "/my/getpricerequest", { token: apiToken });
    const apiOne = await api("GET", `/my/getpricerequest/${request.id}`, { token: apiToken });
    expect([apiList.body.status, apiOne.body.status]).toEqual([0, 0]);
    const pages: Page[] = [
      (await loaderPage("requests", list.loader as Loader, "/userRequests", cookie)).page,
      (await documentPage("requests", "/userRequests", cookie)).page,
      (await loaderPage("quote page", shared.loader as Loader, `/quote/${token}`, "", { token })).page,
      (await documentPage("quote page", `/quote/${token}`, "")).page,
      { name: "quote page .data", text: (await render(`/quote/${token}.data`, undefined, { cookie })).html },
      { name: "quote PDF", text: await pdfText(new Uint8Array(await pdf.arrayBuffer())) },
      ...mails.map((m) => ({ name: `${m.kind} mail`, text: `${m.subject}\n${m.text}\n${m.html}` })),
      { name: "API request list", text: dataText(apiList.body) },
      { name: "API request", text: dataText(apiOne.body) },
    ];
    expect(leaksIn(pages, [...forbiddenFor("t2", collect(rows)), PUBLISHED.T0, PUBLISHED.T1])).toEqual([]);
    for (const name of ["quote page document", "quote PDF", "price_request_answer mail", "API request"])
      expect(
        occurs(pages.find((p) => p.name === name)!.text, formatMoney(ANSWERED)!) ||
          occurs(pages.find((p) => p.name === name)!.text, ANSWERED),
        name,
      ).toBe(true);
    expect(occurs(pages.find((p) => p.name === "lane_news mail")!.text, formatMoney(PUBLISHED.T2)!)).toBe(true);
  });
});
