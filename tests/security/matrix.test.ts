// Authorization matrix (issue 10, item 1), generated from the route manifest:
// every route module of app/routes (as Remix's flat-routes convention reads
// the folder) has an entry below, and every loader and action is called as
// every seeded kind of viewer and compared with the expected outcome. A new
// route file without an entry fails the first test.
//
// Actions are posted an empty form (or an intent with a missing id): whoever
// may not act must be refused (403, or sent to /home or /freeze) BEFORE any
// validation; whoever may gets a validation answer, never a 500.
//
// The last part is object-level: customer A cannot read, download or act on
// customer B's entrustment, attachment, profile, avatar or search history by
// changing an id, and a staff member with a related view (view 2) cannot
// reach customers outside it.
import { prisma } from "~/utils/db.server";
import { createDbSession } from "~/domain/accounts/session.server";
import { sessionStorage } from "~/http/cookies.server";
import { flushBackground } from "~/domain/rates/background.server";
import { isOperation, OPERATIONS, type OperationId } from "~/domain/permissions/operations.server";
import { declaredOperations, type DeclaredOperations } from "~/http/auth.server";
import { cookieHeaderFrom, fileOf, getRequest, postForm, postMultipart } from "../support/requests";
import {
  API_DISPATCHERS,
  importRoute,
  importRouteNamed,
  matchesPattern,
  paramsOf,
  routeManifest,
  type ManifestRoute,
} from "../support/routes";
import { bookableRate, doneId, orderFields, pdfFile, postOrder } from "../booking/helpers";
import { PNG_BYTES } from "../admin/helpers";
import { savedQuote } from "../support/page-samples";
import { call, cookieOf, cookieOfEmail, OTHER_T2, outcomeOf, STAFF, USER_ID, VIEWERS, type RouteFn, type ViewerKey } from "./helpers";

// The legacy JSON API's splat routes (API_DISPATCHERS) are covered by
// tests/api/* (their own matrix, per API call), so left out here on purpose;
// nothing else may be left out.

// ---------------------------------------------------------------------------
// Who holds what (prisma/seed/data/access.ts), written out independently of
// the code under test; the first tests check the seed still says so.

const DATA_PATHS = [
  "/port",
  "/airport",
  "/expressCountry",
  "/fclbyseaData",
  "/lclbyseaData",
  "/byAirData",
  "/trailerData",
  "/railRoadData",
  "/expressData",
];
const ADMIN_PATHS = [
  "/userList",
  "/roleList",
  "/menuList",
  "/saleList",
  "/homeList",
  "/app-home",
  "/app-order",
  "/app-query",
  "/companyInfo",
  "/query-logs",
  "/log-list",
  "/insights",
  "/priceDesk",
];
const SERVICE_PATHS = ["/userList", "/query-logs", "/app-order", "/app-query", "/priceDesk"];

const PATHS: Record<ViewerKey, string[]> = {
  visitor: [],
  pending: [],
  failed: [],
  frozen: [],
  t0: [],
  t1: [],
  t2: [],
  service: SERVICE_PATHS,
  noperm: SERVICE_PATHS,
  sales: ["/userList", "/query-logs", "/insights", "/saleList", "/app-order", "/priceDesk"],
  salesGlobal: ["/userList", "/query-logs", "/insights", "/saleList", "/app-order", "/priceDesk"],
  manager: ["/userList", "/query-logs", "/log-list", "/insights", "/saleList", "/app-order", "/priceDesk"],
  data: [...DATA_PATHS, "/portAliases", "/exchangeRates", "/insights"],
  admin: [...ADMIN_PATHS, ...DATA_PATHS, "/portAliases", "/exchangeRates"],
};

const RIGHTS: Record<ViewerKey, number[]> = {
  visitor: [],
  pending: [],
  failed: [],
  frozen: [],
  t0: [],
  t1: [],
  t2: [],
  service: [73, 90, 97],
  noperm: [73, 90, 97],
  sales: [73, 75, 97],
  salesGlobal: [73, 75, 97],
  manager: [71, 73, 75, 86, 90, 96, 97],
  data: [],
  admin: [32, 33, 34, 71, 72, 73, 75, 86, 90, 96, 97, 98, 99],
};

// ---------------------------------------------------------------------------
// Expected outcomes. A rule maps a viewer to "200", "302 /home", "403" ...

type Rule = (viewer: ViewerKey) => string;

/** Visitors are sent to /home, a frozen account to /freeze (its sessions revoked). */
const signedOut = (v: ViewerKey): string | null => (v === "visitor" ? "302 /home" : v === "frozen" ? "302 /freeze" : null);
/** Back-office screens send a visitor to login and back (issue 22 item 8; outcomeHere checks the way back). */
const staffOut = (v: ViewerKey): string | null => (v === "visitor" ? "302 /login" : v === "frozen" ? "302 /freeze" : null);
/** The same for routes that read the session but let visitors in. */
const frozenOut = (v: ViewerKey): string | null => (v === "frozen" ? "302 /freeze" : null);

/** A back-office screen: its menu path, or 403. */
const screen =
  (screenPath: string, allowed = "200"): Rule =>
  (v) =>
    staffOut(v) ?? (PATHS[v].includes(screenPath) ? allowed : "403");
/** Anyone signed in. */
const signedIn =
  (allowed = "200"): Rule =>
  (v) =>
    signedOut(v) ?? allowed;
/** Public, but the session is read (a frozen account is sent away). */
const publicPage =
  (allowed = "200"): Rule =>
  (v) =>
    frozenOut(v) ?? allowed;
/** Public, and the session is never read. */
const always =
  (outcome: string): Rule =>
  () =>
    outcome;
/** Only the listed viewers get `allowed`; other signed-in viewers get `refused`. */
const only =
  (viewers: ViewerKey[], allowed: string, refused: string): Rule =>
  (v) =>
    signedOut(v) ?? (viewers.includes(v) ? allowed : refused);

/**
 * Booking a rate: visitors 401 (log in), unaudited customers 403 (pending /
 * failed audit), staff 403 (no customer tier); audited customers pass the gate
 * and then fail validation of the empty form (400).
 */
const bookingAction: Rule = (v) => {
  if (v === "frozen") return "302 /freeze";
  if (v === "visitor") return "401";
  if (v === "t0" || v === "t1" || v === "t2") return "400";
  return "403";
};

/** Staff who may open t2's records: /app-order with a view covering t2 (sales 2, service 4). */
const T2_RECORD_READERS: ViewerKey[] = ["t2", "service", "sales", "salesGlobal", "manager", "admin"];

type Fixtures = {
  fclRate: number;
  /** t2's own order with an attachment. */
  t2Order: number;
  /** other.t2's order with an attachment (salesperson 3, customer service 4). */
  otherOrder: number;
  avatar: string;
  wxCode: string;
  homeImage: string;
  /** t2's saved quote (the token of its shared page). */
  quoteToken: string;
  /** t2's price request (issue 43). */
  priceRequest: number;
};

type Entry = {
  /** The URL requested (with concrete parameters). */
  url: (f: Fixtures) => string;
  params?: (f: Fixtures) => Record<string, string>;
  /** Expected outcome of GET; absent: the module has no loader. */
  loader?: Rule;
  /** Expected outcome of POST with an empty form; absent: no action. */
  action?: Rule;
  /** A fresh session per call (the action signs the viewer out). */
  freshSession?: boolean;
};

const at = (url: string) => () => url;

/** One entry per route, or one per URL where one route serves several screens' URLs (`:area`). */
const MANIFEST: Record<string, Entry | Entry[]> = {
  root: { url: at("/home"), loader: publicPage() },
  "routes/$": { url: at("/no-such-page"), params: () => ({ "*": "no-such-page" }), loader: always("404") },
  "routes/_index": { url: at("/"), loader: always("302 /home") },
  "routes/freeze": { url: at("/freeze"), loader: always("200") },
  "routes/healthz": { url: at("/healthz"), loader: always("200") },
  "routes/robots[.]txt": { url: at("/robots.txt"), loader: always("200") },
  "routes/sitemap[.]xml": { url: at("/sitemap.xml"), loader: always("200") },
  "routes/locales.$file": { url: at("/locales/zh-CN.json"), params: () => ({ file: "zh-CN.json" }), loader: always("200") },
  "routes/resources.ports": { url: at("/resources/ports?kind=sea&q=SHA"), loader: always("200") },
  "routes/resources.express-countries": { url: at("/resources/express-countries?q=US"), loader: always("200") },
  // Benchmark baseline: only on a server started with BENCH_ROUTES=1 (never in tests), 404 otherwise.
  "routes/bench.trivial": { url: at("/bench/trivial"), loader: () => (process.env.BENCH_ROUTES === "1" ? "200" : "404") },
  // The legacy API's description: public (no data, no prices).
  "routes/api.openapi[.]json": { url: at("/api/openapi.json"), loader: always("200") },
  "routes/set-language": { url: at("/set-language"), loader: always("302 /home"), action: always("302 /home") },
  "routes/login": {
    url: at("/login"),
    // Signed-in viewers have nothing to do here.
    loader: (v) => frozenOut(v) ?? (v === "visitor" ? "200" : "302 /home"),
    // Public form: an empty one is a validation error for anyone.
    action: always("400"),
  },
  "routes/logout": { url: at("/logout"), loader: always("302 /home"), action: always("302 /home"), freshSession: true },
  "routes/norights": { url: at("/norights"), loader: publicPage() },
  "routes/tips": { url: at("/tips"), loader: publicPage() },
  "routes/avatars.$name": {
    // Public by design: the name is a random 128-bit capability.
    url: (f) => `/avatars/${f.avatar}`,
    params: (f) => ({ name: f.avatar }),
    loader: always("200"),
  },
  "routes/home-images.$name": { url: (f) => `/home-images/${f.homeImage}`, params: (f) => ({ name: f.homeImage }), loader: always("200") },
  "routes/wx-codes.$name": { url: (f) => `/wx-codes/${f.wxCode}`, params: (f) => ({ name: f.wxCode }), loader: signedIn() },
  "routes/entrustment.$id.attachment": {
    url: (f) => `/entrustment/${f.t2Order}/attachment`,
    params: (f) => ({ id: String(f.t2Order) }),
    // Everyone else, visitors included, gets 404: ids reveal nothing.
    loader: (v) => frozenOut(v) ?? (T2_RECORD_READERS.includes(v) ? "200" : "404"),
  },

  // The customer site.
  "routes/_site": { url: at("/home") },
  "routes/_site.home": { url: at("/home"), loader: publicPage() },
  "routes/_site.fclbysea": { url: at("/fclbysea?pol=SHANGHAI&pod=BATAM"), loader: publicPage() },
  "routes/_site.lclbysea": { url: at("/lclbysea?lclpol=SHANGHAI&lclpod=KOBE"), loader: publicPage() },
  "routes/_site.byair": { url: at("/byair?airpol=PVG&airpod=ORD"), loader: publicPage() },
  "routes/_site.railroad": { url: at("/railroad"), loader: publicPage() },
  "routes/_site.trailer": { url: at("/trailer"), loader: publicPage() },
  "routes/_site.express": { url: at("/express?pod=US-W&num=2.3"), loader: publicPage() },
  "routes/_site.contact": { url: at("/contact"), loader: publicPage() },
  "routes/_site.us": { url: at("/us"), loader: publicPage() },
  "routes/_site.booking.$mode.$id": {
    url: (f) => `/booking/fcl/${f.fclRate}`,
    params: (f) => ({ mode: "fcl", id: String(f.fclRate) }),
    // The dialog opens for everyone and says why booking is refused.
    loader: publicPage(),
    action: bookingAction,
  },
  "routes/_site.booking.$mode.$id_.order": {
    url: (f) => `/booking/fcl/${f.fclRate}/order`,
    params: (f) => ({ mode: "fcl", id: String(f.fclRate) }),
    loader: publicPage(),
    action: bookingAction,
  },
  "routes/_site.booking.done.$id": {
    url: (f) => `/booking/done/${f.t2Order}`,
    params: (f) => ({ id: String(f.t2Order) }),
    // Only the customer who booked (staff read records elsewhere).
    loader: only(["t2"], "200", "404"),
  },
  "routes/_site.entrustment": { url: at("/entrustment"), loader: signedIn() },
  "routes/_site.entrustment_.$id": {
    url: (f) => `/entrustment/${f.t2Order}`,
    params: (f) => ({ id: String(f.t2Order) }),
    loader: only(T2_RECORD_READERS, "200", "404"),
    // A post without the cancel intent is a bad request for whoever is signed in (the cancel itself: tests/booking/status.test.ts).
    action: signedIn("400"),
  },
  "routes/_site._account": { url: at("/userInfo"), loader: signedIn() },
  "routes/_site._account.userAllInfo": { url: at("/userAllInfo"), loader: signedIn() },
  // Quotes (decision 402): one's own list; saving without a row is a bad request for whoever is signed in.
  "routes/_site._account.quotes": { url: at("/quotes"), loader: signedIn(), action: signedIn("404") },
  // The shared link needs no login and never reads the session.
  "routes/_site.quote.$token": { url: (f) => `/quote/${f.quoteToken}`, params: (f) => ({ token: f.quoteToken }), loader: always("200") },
  // Its PDF, by the same token (no login).
  "routes/quote.$token.pdf": { url: (f) => `/quote/${f.quoteToken}/pdf`, params: (f) => ({ token: f.quoteToken }), loader: always("200") },
  "routes/_site._account.userInfo": { url: at("/userInfo"), loader: signedIn(), action: signedIn("400") },
  "routes/_site._account.userPwd": { url: at("/userPwd"), loader: signedIn(), action: signedIn("400") },
  "routes/_site._account.userAvatar": { url: at("/userAvatar"), loader: signedIn(), action: signedIn("400") },
  // Lane watches (issue 25 item 4): the customer's own list; an empty post has no intent (400).
  "routes/_site._account.userWatches": { url: at("/userWatches"), loader: signedIn(), action: signedIn("400") },
  // Price requests (issue 43): anyone asks (an empty form is a validation error), but an account that cannot see
  // prices (pending, failed, staff) is refused first; a customer lists their own.
  "routes/_site.priceRequest": {
    url: at("/priceRequest?mode=fcl"),
    loader: publicPage(),
    action: (v) => frozenOut(v) ?? (v === "visitor" || v === "t0" || v === "t1" || v === "t2" ? "400" : "403"),
  },
  "routes/_site._account.userRequests": { url: at("/userRequests"), loader: signedIn() },
  // The embeddable form (issue 43 item 6) reads no session: every request filed there is a visitor's (an empty one is
  // invalid); its documented endpoint sends the form back to that page with the problems named.
  "routes/embed.price-request": { url: at("/embed/price-request"), loader: always("200"), action: always("400") },
  "routes/embed.price-request_.post": {
    url: at("/embed/price-request/post"),
    action: always("303 /embed/price-request?lng=zh-CN&invalid=1"),
  },
  // The digest's unsubscribe link: public, no session read; without a valid signature 404.
  "routes/_site.watch.unsubscribe": { url: at("/watch/unsubscribe"), loader: always("404"), action: always("404") },

  // The back office: the layout lets in staff with any back-office menu.
  "routes/_bo": { url: at("/userList"), loader: (v) => staffOut(v) ?? (STAFF.includes(v) ? "200" : "403") },
  "routes/_bo.userList": { url: at("/userList"), loader: screen("/userList"), action: screen("/userList", "400") },
  "routes/_bo.roleList": { url: at("/roleList"), loader: screen("/roleList"), action: screen("/roleList", "400") },
  "routes/_bo.menuList": { url: at("/menuList"), loader: screen("/menuList"), action: screen("/menuList", "400") },
  "routes/_bo.saleList": { url: at("/saleList"), loader: screen("/saleList"), action: screen("/saleList", "400") },
  "routes/_bo.homeList": { url: at("/homeList"), loader: screen("/homeList"), action: screen("/homeList", "400") },
  "routes/_bo.app-home": { url: at("/app-home"), loader: screen("/app-home"), action: screen("/app-home", "400") },
  "routes/_bo.app-order": { url: at("/app-order"), loader: screen("/app-order"), action: screen("/app-order", "404") },
  "routes/_bo.portAliases": { url: at("/portAliases"), loader: screen("/portAliases"), action: screen("/portAliases", "400") },
  "routes/_bo.exchangeRates": { url: at("/exchangeRates"), loader: screen("/exchangeRates"), action: screen("/exchangeRates", "400") },
  "routes/_bo.app-query": { url: at("/app-query"), loader: screen("/app-query"), action: screen("/app-query", "400") },
  "routes/_bo.companyInfo": { url: at("/companyInfo"), loader: screen("/companyInfo"), action: screen("/companyInfo", "400") },
  "routes/_bo.query-logs": { url: at("/query-logs"), loader: screen("/query-logs") },
  "routes/_bo.log-list": { url: at("/log-list"), loader: screen("/log-list") },
  "routes/_bo.insights": { url: at("/insights"), loader: screen("/insights") },
  // The pricing desk (issue 43): its queue, and one request (t2's: outside the view of noperm, a view-2 member who is not t2's contact, 404).
  // Its "make it a rate" is the FCL table's import, so data staff pass the action's gate (then: no intent, 400).
  "routes/_bo.priceDesk": { url: at("/priceDesk"), loader: screen("/priceDesk") },
  "routes/_bo.priceDesk_.$id": {
    url: (f) => `/priceDesk/${f.priceRequest}`,
    params: (f) => ({ id: String(f.priceRequest) }),
    loader: (v) => (v === "noperm" ? "404" : screen("/priceDesk")(v)),
    action: (v) => (v === "data" ? "400" : screen("/priceDesk", "400")(v)),
  },
  "routes/_bo.insights_.export": { url: at("/insights/export?table=trend"), loader: screen("/insights") },
  // The nine data areas and their Excel exports (staff see every tier there, by design).
  ...Object.fromEntries(
    DATA_PATHS.map((p) => [`routes/_bo.${p.slice(1)}`, { url: at(p), loader: screen(p), action: screen(p, "400") } satisfies Entry]),
  ),
  // Every area's import template, and the original file of an import batch (none yet: 404), need the screen (decision 204):
  // one route for all areas, called at each area's URL.
  "routes/_bo.$area.template": DATA_PATHS.map((p) => ({ url: at(`${p}/template`), loader: screen(p) })),
  "routes/_bo.$area.import-file.$batch": DATA_PATHS.map((p) => ({ url: at(`${p}/import-file/1`), loader: screen(p, "404") })),
  // The report of an import preview (a preview only its maker sees; none here: 404), needs the import (issue 23 item 1).
  "routes/_bo.$area.preview-report.$preview": DATA_PATHS.map((p) => ({
    url: at(`${p}/preview-report/00000000-0000-4000-8000-000000000000`),
    loader: screen(p, "404"),
  })),
  "routes/_bo.port.export": { url: at("/port/export"), loader: screen("/port") },
  "routes/_bo.airport.export": { url: at("/airport/export"), loader: screen("/airport") },
  "routes/_bo.fclbyseaData.export": { url: at("/fclbyseaData/export"), loader: screen("/fclbyseaData") },
  "routes/_bo.lclbyseaData.export": { url: at("/lclbyseaData/export"), loader: screen("/lclbyseaData") },
  // Export of selected rows: without ids, back to the list with a warning.
  "routes/_bo.trailerData.export": {
    url: at("/trailerData/export"),
    loader: screen("/trailerData"),
    action: screen("/trailerData", "302 /trailerData"),
  },
  "routes/_bo.expressCountry.export": {
    url: at("/expressCountry/export"),
    loader: screen("/expressCountry"),
    action: screen("/expressCountry", "302 /expressCountry"),
  },
};

// ---------------------------------------------------------------------------
type RouteModule = { loader?: RouteFn; action?: RouteFn };

const MANIFEST_ROUTES = routeManifest().filter((r) => !API_DISPATCHERS.has(r.id));

/** A route's entries (one per URL it is called at). */
function entriesOf(id: string): Entry[] {
  const entry = MANIFEST[id];
  return entry === undefined ? [] : Array.isArray(entry) ? entry : [entry];
}

/** A session of a seeded user created directly (no login): for calls that sign out. */
async function freshCookie(viewer: ViewerKey): Promise<string> {
  if (viewer === "visitor") return "";
  const id = USER_ID[viewer as keyof typeof USER_ID];
  const sid = await createDbSession(id, getRequest("/home"));
  const session = await sessionStorage().getSession();
  session.set("sid", sid);
  return cookieHeaderFrom(await sessionStorage().commitSession(session));
}

// ---------------------------------------------------------------------------

let fixtures: Fixtures;
/** The last operation-log row after the fixtures were made: the matrix itself adds only refusals. */
let loggedAfterFixtures: bigint;

beforeAll(async () => {
  const fclRate = await bookableRate("fcl");
  const t2 = await cookieOfEmail("t2@example.com");
  const other = await cookieOfEmail(OTHER_T2);
  const t2Order = doneId(await postOrder({ mode: "fcl", id: fclRate }, t2, { ...orderFields(), attachment: pdfFile("t2-order.pdf") }));
  const otherOrder = doneId(
    await postOrder({ mode: "fcl", id: fclRate }, other, { ...orderFields(), attachment: pdfFile("other-order.pdf") }),
  );

  const { action: avatarAction } = await import("~/routes/account/userAvatar");
  await call(avatarAction as RouteFn, postMultipart("/userAvatar", { avatar: fileOf(PNG_BYTES, "me.png", "image/png") }, { cookie: t2 }));
  const avatar = (await prisma.user.findUniqueOrThrow({ where: { id: USER_ID.t2 } })).avatarPath!;

  const admin = await cookieOfEmail("admin@example.com");
  const { action: userAction } = await import("~/routes/admin/userList");
  await call(
    userAction as RouteFn,
    postMultipart("/userList", { intent: "wxCode", id: "2", wxCode: fileOf(PNG_BYTES, "card.png", "image/png") }, { cookie: admin }),
  );
  const wxCode = (await prisma.user.findUniqueOrThrow({ where: { id: USER_ID.sales } })).wxCodePath!;

  const { action: homeAction } = await import("~/routes/admin/homeList");
  await call(
    homeAction as RouteFn,
    postMultipart(
      "/homeList",
      { intent: "create", name: "安全测试图片", parentId: "0", level: "1", size: "B", image: fileOf(PNG_BYTES, "h.png", "image/png") },
      { cookie: admin },
    ),
  );
  const homeImage = (await prisma.homeContent.findFirstOrThrow({ where: { name: "安全测试图片" } })).imagePath!;

  const quoteToken = await savedQuote(fclRate, t2);
  const { action: askAction } = await import("~/routes/site/priceRequest");
  await call(
    askAction as RouteFn,
    postForm("/priceRequest", { mode: "fcl", origin: "SHANGHAI", destination: "BATAM", qty_gp20: "1" }, { cookie: t2 }),
  );
  const priceRequest = (await prisma.priceRequest.findFirstOrThrow({ where: { userId: USER_ID.t2 } })).id;
  fixtures = { fclRate, t2Order, otherOrder, avatar, wxCode, homeImage, quoteToken, priceRequest };
  loggedAfterFixtures = (await prisma.operationLog.aggregate({ _max: { id: true } }))._max.id ?? 0n;
  for (const [key, value] of Object.entries(fixtures)) if (!value) throw new Error(`fixture ${key} was not created`);
});

afterAll(async () => {
  await flushBackground();
});

describe("the route manifest", () => {
  test("every route module has an entry in the matrix, and every entry a route module", () => {
    const ids = MANIFEST_ROUTES.map((r) => r.id);
    expect(
      ids.filter((id) => !(id in MANIFEST)),
      "routes without an entry in MANIFEST",
    ).toEqual([]);
    expect(
      Object.keys(MANIFEST).filter((id) => !ids.includes(id)),
      "entries without a route",
    ).toEqual([]);
    expect(ids.length).toBeGreaterThan(60);
  });

  test("each entry expects exactly the loader and action its module exports, at a URL its path matches", async () => {
    const problems: string[] = [];
    for (const route of MANIFEST_ROUTES) {
      const mod = await importRoute<RouteModule>(route);
      for (const entry of entriesOf(route.id)) {
        for (const kind of ["loader", "action"] as const) {
          const has = typeof mod[kind] === "function";
          if (has !== !!entry[kind])
            problems.push(
              `${route.id}: the module ${has ? "has" : "has no"} ${kind}, the entry ${entry[kind] ? "expects one" : "does not"}`,
            );
        }
        const url = entry.url(fixtures);
        // Pathless layouts ("/") are entered through one of their children.
        if (route.url !== "/" && !matchesPattern(route.url, url)) problems.push(`${route.id}: ${url} does not match ${route.url}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test("the seed grants the paths and rights this matrix assumes", async () => {
    const users = await prisma.user.findMany({
      where: { id: { in: STAFF.map((v) => USER_ID[v as keyof typeof USER_ID]) } },
      select: {
        id: true,
        role: {
          select: { permissions: { where: { halfChecked: false }, select: { menu: { select: { id: true, path: true, level: true } } } } },
        },
      },
    });
    for (const viewer of STAFF) {
      const user = users.find((u) => u.id === USER_ID[viewer as keyof typeof USER_ID])!;
      const menus = user.role.permissions.map((p) => p.menu);
      const paths = menus.filter((m) => m.level === 2 && m.path).map((m) => m.path);
      expect(paths.sort(), viewer).toEqual([...PATHS[viewer]].sort());
      expect(
        menus
          .filter((m) => m.level === 3)
          .map((m) => m.id)
          .sort((a, b) => a - b),
        viewer,
      ).toEqual([...RIGHTS[viewer]].sort((a, b) => a - b));
    }
  });
});

/** The params Remix would give the route at `url` (from its URL pattern), and those the entry names. */
const paramsFor = (route: ManifestRoute, entry: Entry, url: string) => ({ ...paramsOf(route.url, url), ...entry.params?.(fixtures) });

describe("every loader and action as every kind of viewer", () => {
  for (const route of MANIFEST_ROUTES) {
    const entries = entriesOf(route.id);
    for (const [n, entry] of entries.entries()) {
      if (!entry.loader && !entry.action) continue;
      test(`${route.id} (${route.url})${entries.length > 1 ? ` #${n + 1}` : ""}`, async () => {
        const mod = await importRoute<RouteModule>(route);
        const url = entry.url(fixtures);
        const params = paramsFor(route, entry, url);
        const problems: string[] = [];
        for (const kind of ["loader", "action"] as const) {
          const rule = entry[kind];
          if (!rule || !mod[kind]) continue;
          for (const viewer of VIEWERS) {
            const cookie = entry.freshSession ? await freshCookie(viewer) : await cookieOf(viewer);
            const request = kind === "loader" ? getRequest(url, undefined, { cookie }) : postForm(url, {}, { cookie });
            const got = outcomeHere(outcomeOf(await call(mod[kind]!, request, params)), url);
            const want = rule(viewer);
            if (got !== want) problems.push(`${kind === "loader" ? "GET" : "POST"} ${url} as ${viewer}: ${got}, expected ${want}`);
          }
        }
        expect(problems).toEqual([]);
      });
    }
  }
});

// ---------------------------------------------------------------------------
// Actions declare their operations (issue 17): every route action of the
// manifest is built with operationAction, so a POST records what it may do
// (intent → operation of app/domain/permissions/operations.server.ts). Each
// declared intent is then posted as every kind of viewer: refused exactly when
// the viewer lacks the operation's screen or right (written out above, from
// the seed), before any validation. A new action, or a new intent, is covered
// the moment it exists; an action that declares nothing fails.

const MISSING_ID = "999999";

/** The operations a route action declares, found by posting it once. */
async function declarationOf(route: ManifestRoute): Promise<DeclaredOperations | undefined> {
  const [entry] = entriesOf(route.id);
  const mod = await importRoute<RouteModule>(route);
  const request = postForm(entry.url(fixtures), {}, { cookie: "" });
  await call(mod.action!, request, paramsFor(route, entry, entry.url(fixtures)));
  return declaredOperations(request);
}

/** May the viewer perform the operation, by the seed's grants as written out above (not by the code under test)? */
function holds(viewer: ViewerKey, id: OperationId): boolean {
  const spec = OPERATIONS[id];
  if (spec.who === "anyone") return true;
  if (viewer === "visitor" || viewer === "frozen") return false;
  if (spec.who === "signedIn") return true;
  return PATHS[viewer].includes(spec.path!) && (spec.right === undefined || RIGHTS[viewer].includes(spec.right));
}

/** "302 /login?redirectTo=<the URL asked for>" is "302 /login"; a login redirect elsewhere stays as it is (and fails). */
function outcomeHere(outcome: string, url: string): string {
  const prefix = "302 /login?redirectTo=";
  if (!outcome.startsWith(prefix)) return outcome;
  const back = decodeURIComponent(outcome.slice(prefix.length));
  const asked = new URL(url, "http://localhost");
  return back === `${asked.pathname}${asked.search}` ? "302 /login" : outcome;
}

function refused(outcome: string): boolean {
  return outcome === "403" || outcome === "302 /home" || outcome === "302 /login" || outcome === "302 /freeze";
}

const ACTION_ROUTES = () => MANIFEST_ROUTES.filter((r) => entriesOf(r.id).some((entry) => entry.action));

describe("every route action declares the operations it performs", () => {
  test("each action of the route tree records a declaration of registered operations", async () => {
    const problems: string[] = [];
    for (const route of ACTION_ROUTES()) {
      const declared = await declarationOf(route);
      if (!declared || Object.keys(declared).length === 0) problems.push(`${route.id}: its action declares no operation`);
      else
        for (const [intent, id] of Object.entries(declared))
          if (!isOperation(id)) problems.push(`${route.id} ${intent}: ${id} is not registered`);
    }
    expect(problems).toEqual([]);
    expect(ACTION_ROUTES().length).toBeGreaterThan(25);
  });
});

describe("every declared intent of the back office as every kind of viewer", () => {
  test.each(
    routeManifest()
      .filter((r) => r.id.startsWith("routes/_bo.") && entriesOf(r.id).some((entry) => entry.action))
      .map((r) => [r.id, r] as const),
  )("%s", async (_id, route) => {
    const mod = await importRoute<RouteModule>(route);
    const [entry] = entriesOf(route.id);
    const declared = (await declarationOf(route))!;
    const problems: string[] = [];
    for (const viewer of VIEWERS) {
      for (const [intent, id] of Object.entries(declared)) {
        const fields = intent === "*" ? {} : { intent, id: MISSING_ID };
        const got = outcomeOf(
          await call(
            mod.action!,
            postForm(entry.url(fixtures), fields, { cookie: await cookieOf(viewer) }),
            paramsFor(route, entry, entry.url(fixtures)),
          ),
        );
        if (got.startsWith("500")) problems.push(`POST ${route.id} ${intent} as ${viewer}: ${got}`);
        else if (refused(got) === holds(viewer, id))
          problems.push(`POST ${route.id} ${intent} (${id}) as ${viewer}: ${got}, expected ${holds(viewer, id) ? "allowed" : "refused"}`);
      }
    }
    expect(Object.keys(declared).length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});

// Dialogs: the right each one needs besides the screen path.
type Screen = { path: string; route: string; dialogs: Record<string, number | null> };

const DIALOG_SCREENS: Screen[] = [
  { path: "/userList", route: "_bo.userList", dialogs: { add: 71, edit: 73, audit: 73, profile: 90, view: 75, handover: 96, delete: 72 } },
  { path: "/menuList", route: "_bo.menuList", dialogs: { add: 32, edit: 33, delete: 34 } },
  { path: "/roleList", route: "_bo.roleList", dialogs: { add: null, edit: null, permissions: null, delete: null } },
  { path: "/homeList", route: "_bo.homeList", dialogs: { add: null, edit: null, delete: null } },
  { path: "/app-home", route: "_bo.app-home", dialogs: { add: null, edit: null, delete: null } },
  { path: "/saleList", route: "_bo.saleList", dialogs: { add: null, edit: null, delete: null } },
  { path: "/app-query", route: "_bo.app-query", dialogs: { view: null } },
  { path: "/app-order", route: "_bo.app-order", dialogs: { view: null } },
];

describe("every dialog of the back office as every kind of viewer", () => {
  test.each(DIALOG_SCREENS.map((s) => [s.path, s] as const))("%s", async (_path, s) => {
    const mod = await importRouteNamed<RouteModule>(s.route);
    const problems: string[] = [];
    const allowed = (viewer: ViewerKey, right: number | null) =>
      PATHS[viewer].includes(s.path) && (right === null || RIGHTS[viewer].includes(right));
    for (const viewer of VIEWERS) {
      for (const [dialog, right] of Object.entries(s.dialogs)) {
        const query: Record<string, string> = dialog === "add" ? { dialog } : { dialog, id: MISSING_ID };
        const got = outcomeHere(
          outcomeOf(await call(mod.loader!, getRequest(s.path, query, { cookie: await cookieOf(viewer) }))),
          `${s.path}?${new URLSearchParams(query)}`,
        );
        // A missing id is 404 for whoever may open the dialog.
        const want = staffOut(viewer) ?? (allowed(viewer, right) ? (dialog === "add" ? "200" : "404") : "403");
        if (got !== want) problems.push(`GET ${s.path}?dialog=${dialog} as ${viewer}: ${got}, expected ${want}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("refusals change nothing, and a forged button is written down", () => {
  test("the posts above changed nothing: the only new log rows are refusals of staff who hold the screen", async () => {
    const rows = await prisma.operationLog.findMany({
      where: { id: { gt: loggedAfterFixtures } },
      select: { module: true, userId: true, params: true },
    });
    expect(rows.filter((r) => r.module !== "refused")).toEqual([]);
    // e.g. sales (on /userList, without 71) posting "create": a refusal row naming the operation.
    expect(rows).toContainEqual({ module: "refused", userId: USER_ID.sales, params: "user.create: noRight" });
    // Customers and visitors are refused at the screen, like a GET of it: no row.
    const customers = [USER_ID.t0, USER_ID.t1, USER_ID.t2, USER_ID.pending, USER_ID.failed];
    expect(rows.filter((r) => customers.includes(r.userId as never))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------
// Object level: changing an id in the URL or the form.

describe("customer A cannot reach customer B's objects by changing an id", () => {
  const detail = () => import("~/routes/site/entrustment_.$id");
  const attachment = () => import("~/routes/resources/entrustment.$id.attachment");
  const done = () => import("~/routes/site/booking.done.$id");

  async function open(mod: () => Promise<{ loader: unknown }>, url: string, id: number, cookie: string) {
    return outcomeOf(await call((await mod()).loader as RouteFn, getRequest(url, undefined, { cookie }), { id: String(id) }));
  }

  test("entrustment record, attachment and confirmation: own 200, the other customer's 404 (both ways)", async () => {
    const t2 = await cookieOfEmail("t2@example.com");
    const other = await cookieOfEmail(OTHER_T2);
    const { t2Order, otherOrder } = fixtures;
    for (const [cookie, own, theirs] of [
      [t2, t2Order, otherOrder],
      [other, otherOrder, t2Order],
    ] as const) {
      expect(await open(detail, `/entrustment/${own}`, own, cookie)).toBe("200");
      expect(await open(attachment, `/entrustment/${own}/attachment`, own, cookie)).toBe("200");
      expect(await open(done, `/booking/done/${own}`, own, cookie)).toBe("200");
      expect(await open(detail, `/entrustment/${theirs}`, theirs, cookie)).toBe("404");
      expect(await open(attachment, `/entrustment/${theirs}/attachment`, theirs, cookie)).toBe("404");
      expect(await open(done, `/booking/done/${theirs}`, theirs, cookie)).toBe("404");
    }
    // Ids that are not ids reveal nothing either.
    for (const id of ["0", "-1", "1e3", "99999999999", "abc"]) {
      const { loader } = await detail();
      expect(outcomeOf(await call(loader as RouteFn, getRequest(`/entrustment/${id}`, undefined, { cookie: t2 }), { id }))).toBe("404");
    }
  });

  test("the records list holds only the viewer's own entrustments", async () => {
    const { loader } = await import("~/routes/site/entrustment");
    for (const [email, userId] of [
      ["t2@example.com", USER_ID.t2],
      [OTHER_T2, USER_ID.otherT2],
    ] as const) {
      const result = await call(loader as RouteFn, getRequest("/entrustment", { size: 100 }, { cookie: await cookieOfEmail(email) }));
      const ids = (result.data as { rows: { id: number }[] }).rows.map((r) => r.id);
      expect(ids.length).toBeGreaterThan(0);
      const owners = await prisma.entrustment.findMany({ where: { id: { in: ids } }, select: { userId: true } });
      expect(new Set(owners.map((o) => o.userId))).toEqual(new Set([userId]));
    }
  });

  test("staff with a related view reach only their customers' records (other.t2: salesperson 3, service 4)", async () => {
    const { otherOrder } = fixtures;
    const { loader: appOrder } = await import("~/routes/admin/app-order");
    const expected: Partial<Record<ViewerKey, string>> = {
      sales: "404", // view 2, not other.t2's salesperson
      noperm: "404", // view 2, nobody's contact
      data: "404", // no /app-order
      salesGlobal: "200",
      service: "200", // other.t2's customer service
      manager: "200",
      admin: "200",
    };
    const problems: string[] = [];
    for (const [viewer, want] of Object.entries(expected) as [ViewerKey, string][]) {
      const cookie = await cookieOf(viewer);
      const got = {
        detail: await open(detail, `/entrustment/${otherOrder}`, otherOrder, cookie),
        attachment: await open(attachment, `/entrustment/${otherOrder}/attachment`, otherOrder, cookie),
        appOrder: outcomeOf(await call(appOrder as RouteFn, getRequest("/app-order", { dialog: "view", id: otherOrder }, { cookie }))),
      };
      const wantAppOrder = viewer === "data" ? "403" : want;
      if (got.detail !== want || got.attachment !== want || got.appOrder !== wantAppOrder) {
        problems.push(`${viewer}: ${JSON.stringify(got)}, expected ${want} (app-order ${wantAppOrder})`);
      }
    }
    expect(problems).toEqual([]);
  });

  test("staff with a related view cannot read or retry the mails of a customer outside it", async () => {
    const { loader, action } = await import("~/routes/admin/app-query");
    const mail = await prisma.emailOutbox.findFirstOrThrow({ where: { entrustmentId: fixtures.otherOrder }, select: { id: true } });
    // A mail that gave up: a retry by anyone allowed would queue it again.
    await prisma.emailOutbox.update({ where: { id: mail.id }, data: { status: "FAILED" } });
    const view = async (viewer: ViewerKey) =>
      outcomeOf(
        await call(loader as RouteFn, getRequest("/app-query", { dialog: "view", id: mail.id }, { cookie: await cookieOf(viewer) })),
      );
    // noperm: /app-query, view 2, nobody's contact; service: other.t2's customer service.
    expect(await view("noperm")).toBe("404");
    expect(await view("service")).toBe("200");
    expect(await view("admin")).toBe("200");
    const retry = await call(
      action as RouteFn,
      postForm("/app-query", { intent: "retry", id: String(mail.id) }, { cookie: await cookieOf("noperm") }),
    );
    expect(outcomeOf(retry)).toBe("404");
    expect((await prisma.emailOutbox.findUniqueOrThrow({ where: { id: mail.id } })).status).toBe("FAILED");
  });

  test("query logs of a related view hold only that staff member's customers", async () => {
    const { loader } = await import("~/routes/admin/query-logs");
    const own = await prisma.user.findMany({
      where: { OR: [{ salesId: USER_ID.sales }, { customerServiceId: USER_ID.sales }] },
      select: { username: true },
    });
    const allowed = new Set(own.map((u) => u.username));
    const total = async (viewer: ViewerKey, mode: string) => {
      const result = await call(
        loader as RouteFn,
        getRequest("/query-logs", { mode, from: "2000-01-01" }, { cookie: await cookieOf(viewer) }),
      );
      expect(result.status).toBe(200);
      return result.data as { rows: { username?: string | null }[]; page: { total: number } };
    };
    let shown = 0;
    let all = 0;
    for (const mode of ["fcl", "lcl", "air", "rail", "trailer", "express"]) {
      const related = await total("sales", mode);
      expect(related.rows.filter((r) => r.username && !allowed.has(r.username))).toEqual([]);
      shown += related.page.total;
      all += (await total("salesGlobal", mode)).page.total;
    }
    // Not vacuous: the related view sees some logs, and fewer than the global one.
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(all);
  });

  test("staff with a related view cannot open or change a user outside it", async () => {
    const { loader, action } = await import("~/routes/admin/userList");
    const before = await prisma.user.findUniqueOrThrow({ where: { id: USER_ID.otherT2 } });
    const sales = await cookieOf("sales");
    for (const dialog of ["edit", "audit", "view"]) {
      expect(outcomeOf(await call(loader as RouteFn, getRequest("/userList", { dialog, id: USER_ID.otherT2 }, { cookie: sales })))).toBe(
        "404",
      );
    }
    const edit = {
      intent: "update",
      id: String(USER_ID.otherT2),
      username: "hijacked",
      phone: "13900000099",
      businessAddress: "Nowhere 1",
      company: "Hijack Ltd",
      salesId: "2",
      customerServiceId: "4",
      roleId: "22",
      customerRating: "1",
    };
    expect(outcomeOf(await call(action as RouteFn, postForm("/userList", edit, { cookie: sales })))).toBe("404");
    // The same form is accepted for the salesperson's own customer (so the 404 is the scope, not the form).
    expect(outcomeOf(await call(loader as RouteFn, getRequest("/userList", { dialog: "edit", id: USER_ID.t2 }, { cookie: sales })))).toBe(
      "200",
    );
    // The global salesperson can open it.
    expect(
      outcomeOf(
        await call(
          loader as RouteFn,
          getRequest("/userList", { dialog: "edit", id: USER_ID.otherT2 }, { cookie: await cookieOf("salesGlobal") }),
        ),
      ),
    ).toBe("200");
    const after = await prisma.user.findUniqueOrThrow({ where: { id: USER_ID.otherT2 } });
    expect(after).toEqual(before);
  });

  test("profile, password and avatar forms act on the signed-in user only, whatever id the form names", async () => {
    const t2 = await cookieOfEmail("t2@example.com");
    const other = await prisma.user.findUniqueOrThrow({ where: { id: USER_ID.otherT2 } });
    const smuggled = { id: String(USER_ID.otherT2), userId: String(USER_ID.otherT2), email: OTHER_T2 };

    const { action: info } = await import("~/routes/account/userInfo");
    const profile = {
      username: "t2",
      nickname: "刘小姐",
      phone: "13900000012",
      company: "改过的公司",
      businessAddress: "宁波",
      iaeCountries: "日本",
    };
    const infoResult = await call(info as RouteFn, postForm("/userInfo", { ...profile, ...smuggled }, { cookie: t2 }));
    expect(infoResult.status).toBeLessThan(500);

    const { action: pwd } = await import("~/routes/account/userPwd");
    const pwdResult = await call(
      pwd as RouteFn,
      postForm("/userPwd", { oldPassword: "Demo1234", password: "Demo5678", confirmPassword: "Demo5678", ...smuggled }, { cookie: t2 }),
    );
    expect(outcomeOf(pwdResult)).toMatch(/^302/);

    const { action: avatar } = await import("~/routes/account/userAvatar");
    const avatarResult = await call(
      avatar as RouteFn,
      postMultipart("/userAvatar", { avatar: fileOf(PNG_BYTES, "x.png", "image/png"), ...smuggled }, { cookie: t2 }),
    );
    expect(outcomeOf(avatarResult)).toBe("302 /userAvatar");

    // other.t2 is untouched (same row, same password hash); t2's own row changed.
    expect(await prisma.user.findUniqueOrThrow({ where: { id: USER_ID.otherT2 } })).toEqual(other);
    const t2Row = await prisma.user.findUniqueOrThrow({ where: { id: USER_ID.t2 } });
    expect(t2Row.avatarPath).not.toBe(fixtures.avatar);
  });

  test("search history: a customer's suggestions never hold another customer's searches", async () => {
    const { loader } = await import("~/routes/site/mode-results");
    // other.t2 searches a lane nobody else searched.
    const other = await cookieOfEmail(OTHER_T2);
    await call(loader as RouteFn, getRequest("/fclbysea", { pol: "XIAMEN", pod: "HAIPHONG" }, { cookie: other }));
    await flushBackground();
    const history = await prisma.searchHistory.findMany({ where: { userId: USER_ID.otherT2 } });
    expect(JSON.stringify(history)).toMatch(/XIAMEN/i);

    for (const viewer of ["t2", "t1", "sales"] as ViewerKey[]) {
      const result = await call(loader as RouteFn, getRequest("/fclbysea", undefined, { cookie: await cookieOf(viewer) }));
      expect(result.status).toBe(200);
      const data = result.data as { suggestions: Record<string, { source: string }> };
      // t1 and t2 have seeded histories: they are signed in and read their own.
      if (viewer !== "sales") expect(Object.values(data.suggestions).some((s) => s.source === "history")).toBe(true);
      expect(JSON.stringify(result.data)).not.toMatch(/HAIPHONG/i);
    }
    // The history is keyed by the session's user: no parameter selects another user's.
    const spoof = await call(
      loader as RouteFn,
      getRequest("/fclbysea", { userId: USER_ID.otherT2, uid: USER_ID.otherT2 }, { cookie: await cookieOf("t2") }),
    );
    expect(JSON.stringify(spoof.data)).not.toMatch(/HAIPHONG/i);
  });
});
