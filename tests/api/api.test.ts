// The legacy JSON API end to end, as a script would use it: log in, search,
// book, list; who sees which price through the API; malformed bodies.
import { flushBackground } from "~/domain/rates/background.server";
import { prisma } from "~/utils/db.server";
import { withTestDb } from "../support/db";
import { ROUTES, TIER_OF, foundNumbers, tierNumbers, type ViewerKey } from "../search/helpers";
import { api, pdf, tokenOf } from "./helpers";

afterEach(async () => {
  await flushBackground();
});

const QUERY_PATH = { fcl: "wholebysea", lcl: "lclbyseaquery", air: "byairquery", rail: "railroadquery", trailer: "trailerquery" } as const;
const VISITOR_PATH = {
  fcl: "touristswholebysea",
  lcl: "touristslclbyseaquery",
  air: "touristsbyairquery",
  rail: "touristsrailroadquery",
  trailer: "touriststrailerquery",
} as const;
/** Every price name a rate row may carry (the cards' and the air breaks'): none for a viewer without prices. */
const PRICE_NAMES =
  /^(20GP|40GP|40HQ|freight_cmb|freight_ton|40_coc|40_soc|20_coc|20_soc|2_20soc|(bulk|tray)_\d+|price|fuel_cost|total_cost|booking_fee|thc|seal|vgm|eir|doc|manifest|cisf|add_price)$/;
const EMAIL: Partial<Record<ViewerKey, string>> = {
  pending: "pending@example.com",
  failed: "failed@example.com",
  t0: "t0@example.com",
  t1: "t1@example.com",
  t2: "t2@example.com",
};

describe("a script books with the API only", () => {
  test("log in, search FCL, contact, order with a file, list entrustments", async () => {
    const login = await api("POST", "/api/login", { body: { email: "t1@example.com", password: "Demo1234" } });
    expect(login.http).toBe(200);
    expect(login.body).toMatchObject({
      status: 0,
      data: { token: expect.any(String), user: { email: "t1@example.com", customer_rating: 2 } },
    });
    const token = login.body.data.token as string;

    const search = await api("GET", "/query/wholebysea", { token, query: { pol: "SHANGHAI", pod: "BATAM" } });
    expect(search.body.status).toBe(0);
    expect(search.body.total).toBeGreaterThan(0);
    expect(search.body.tier).toBe("T1");
    const row = search.body.data[0];
    // The tier's prices under the card's names (decision 501), the facts under the rate row's.
    expect(row).toEqual(
      expect.objectContaining({ "20GP": expect.stringMatching(/^\d+\.\d{2}$/), pol: "SHANGHAI", yes_no: expect.any(Boolean) }),
    );

    const contact = await api("POST", "/query/contact", {
      token,
      body: { mode: "fcl", id: row.id, idempotencyKey: "api-contact-key-0001" },
    });
    expect(contact.body).toMatchObject({ status: 0, data: { id: expect.any(Number), existing: false } });
    // A retry with the same key is the same entrustment.
    const again = await api("POST", "/query/contact", { token, body: { mode: "fcl", id: row.id, idempotencyKey: "api-contact-key-0001" } });
    expect(again.body.data).toEqual({ id: contact.body.data.id, existing: true });

    const order = await api("POST", "/query/order", {
      token,
      body: {
        mode: "fcl",
        id: row.id,
        transportation: "海运整箱",
        ershigp_num: 2,
        zwpm: "机器零件",
        hsbm: "8483409000",
        textareafhr: "Shipper Ltd",
        attachment: pdf(),
      },
    });
    expect(order.body).toMatchObject({ status: 0, message: "感谢您的委托！！专属客服将在半小时内与您联系！" });
    const stored = await prisma.entrustment.findUniqueOrThrow({ where: { id: order.body.data.id } });
    expect(stored).toMatchObject({ kind: "ORDER", transportType: "FCL", gp20Count: 2, hsCode: "8483409000", attachmentName: "order.pdf" });

    const list = await api("GET", "/my/getentrustment", { token });
    expect(list.body.status).toBe(0);
    expect(list.body.data.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([order.body.data.id, contact.body.data.id]));
    expect(list.body.data.find((r: { id: number }) => r.id === order.body.data.id).attachment_url).toBe(
      `/entrustment/${order.body.data.id}/attachment`,
    );

    const mails = await api("POST", "/send/sendordershipmenttocustomer", { token, body: { id: order.body.data.id } });
    expect(mails.body.status).toBe(0);
    expect(mails.body.data.mails).toEqual([expect.objectContaining({ to: "t1@example.com", kind: "order_customer" })]);

    // The token is a revocable session: after logout it no longer works.
    expect((await api("POST", "/api/logout", { token })).body.status).toBe(0);
    const after = await api("GET", "/my/userinfo", { token });
    expect(after.http).toBe(401);
    expect(after.body.status).toBe(401);
  });

  test("the audit statuses 2 and 3 refuse a booking and store nothing", async () => {
    const [{ id }] = await prisma.fclRate.findMany({ where: { pol: "SHANGHAI", pod: "BATAM" }, take: 1, select: { id: true } });
    const before = await prisma.entrustment.count();
    const pending = await api("POST", "/query/contact", { token: await tokenOf("pending@example.com"), body: { mode: "fcl", id } });
    expect(pending.body.status).toBe(2);
    const failed = await api("POST", "/query/order", {
      token: await tokenOf("failed@example.com"),
      body: { mode: "fcl", id, transportType: "FCL", attachment: pdf() },
    });
    expect(failed.body.status).toBe(3);
    const visitor = await api("POST", "/query/contact", { body: { mode: "fcl", id } });
    expect(visitor.http).toBe(401);
    expect(await prisma.entrustment.count()).toBe(before);
  });

  test("a customer cannot read another customer's entrustment or its mails", async () => {
    const [theirs] = await prisma.entrustment.findMany({ where: { user: { email: { not: "t2@example.com" } }, kind: "ORDER" }, take: 1 });
    expect(theirs).toBeTruthy();
    const token = await tokenOf("t2@example.com");
    expect((await api("GET", `/my/getentrustment/${theirs.id}`, { token })).http).toBe(404);
    expect((await api("POST", "/send/sendordershipmenttocustomer", { token, body: { id: theirs.id } })).http).toBe(404);
  });
});

describe.each(ROUTES)("prices through the API: $mode", (route) => {
  let numbers: Awaited<ReturnType<typeof tierNumbers>>["numbers"];
  beforeAll(async () => {
    ({ numbers } = await tierNumbers(route));
  });

  test.each(["visitor", "pending", "failed", "t0", "t1", "t2"] as ViewerKey[])("%s sees only their tier", async (viewer) => {
    const email = EMAIL[viewer];
    const token = email ? await tokenOf(email) : null;
    const tier = TIER_OF[viewer];
    const result = token
      ? await api("GET", `/query/${QUERY_PATH[route.mode]}`, { token, query: route.query })
      : await api("GET", `/nopermission/${VISITOR_PATH[route.mode]}`, { query: route.query });
    expect(result.body.status).toBe(0);
    expect(result.body.total).toBeGreaterThan(0);
    const text = JSON.stringify(result.body);
    for (const other of ["T0", "T1", "T2"] as const) {
      if (other === tier) continue;
      expect(foundNumbers(text, numbers[other])).toEqual([]);
    }
    if (tier) expect(foundNumbers(text, numbers[tier]).length).toBeGreaterThan(0);
    else for (const row of result.body.data) expect(Object.keys(row).filter((key) => PRICE_NAMES.test(key))).toEqual([]);
  });

  test("a T2 token on the visitors' call still gets no price", async () => {
    const result = await api("GET", `/nopermission/${VISITOR_PATH[route.mode]}`, {
      token: await tokenOf("t2@example.com"),
      query: route.query,
    });
    expect(foundNumbers(JSON.stringify(result.body), [...numbers.T0, ...numbers.T1, ...numbers.T2])).toEqual([]);
  });
});

describe("accounts", () => {
  test("wrong password: one message, status 1; frozen account refused", async () => {
    const wrong = await api("POST", "/api/login", { body: { email: "t0@example.com", password: "nope-nope" } });
    expect(wrong.http).toBe(400);
    expect(wrong.body.status).toBe(1);
    const unknown = await api("POST", "/api/login", { body: { email: "nobody@example.com", password: "nope-nope" } });
    expect(unknown.body.message).toBe(wrong.body.message);
    const frozen = await api("POST", "/api/login", { body: { email: "frozen@example.com", password: "Demo1234" } });
    expect(frozen.body.status).not.toBe(0);
  });

  test("user info has the contacts and the history; history saves", async () => {
    const token = await tokenOf("t0@example.com");
    const saved = await api("PUT", "/my/savefcl", {
      token,
      body: { historyquery: "SHANGHAI/CNSHA/上海", query_pod: "BATAM/IDBTH/巴淡岛" },
    });
    expect(saved.body.status).toBe(0);
    const info = await api("GET", "/my/userinfo", { token });
    expect(info.body.data).toMatchObject({ email: "t0@example.com", customer_rating: 1, audit: 2, statesw: 1 });
    expect(info.body.data.historyquery_fcl.split("|")[0]).toBe("SHANGHAI/CNSHA/上海");
    expect(info.body.data.kf_email).toEqual(expect.stringContaining("@"));
  });

  test("registration answers status 2 for a registered e-mail (in English with lng)", async () => {
    const sent = await api("POST", "/api/email", { query: { lng: "en-US" }, body: { data: "t0@example.com" } });
    expect(sent.body.status).toBe(2);
    expect(sent.body.message).toMatch(/already/i);
  });
});

describe("staff calls", () => {
  test("the data list returns legacy names, the total and the filter lists", async () => {
    const token = await tokenOf("data@example.com");
    const list = await api("GET", "/data/fclbysea", { token, query: { pol: "SHANGHAI", pagenum: 1, pagesize: 10 } });
    expect(list.body.status).toBe(0);
    expect(list.body.data.length).toBeLessThanOrEqual(10);
    expect(list.body.data[0]).toEqual(expect.objectContaining({ id: expect.any(Number), pol: "SHANGHAI", sale_state: expect.anything() }));
    expect(list.body.total).toBeGreaterThan(0);
    expect(list.body.pol).toEqual(expect.arrayContaining(["SHANGHAI"]));
    expect(Array.isArray(list.body.carrier)).toBe(true);
  });

  test("an infoString import is all or nothing", async () => {
    const token = await tokenOf("data@example.com");
    const before = await prisma.railRate.count();
    const bad = await api("POST", "/data/addmorerailroad", {
      token,
      body: {
        infoString: JSON.stringify([
          { pol: "西安", pod: "阿拉山口", valid_to: "2026-12-31" },
          { pol: "西安", pod: "阿拉山口", valid_to: "not a date" },
        ]),
      },
    });
    expect(bad.body.status).toBe(1);
    expect(bad.http).toBe(400);
    expect(await prisma.railRate.count()).toBe(before);
    const good = await api("POST", "/data/addmorerailroad", {
      token,
      body: { infoString: JSON.stringify([{ pol: "西安", pod: "阿拉山口", valid_to: "2026-12-31" }]) },
    });
    expect(good.body).toMatchObject({ status: 0, data: { rows: 1, inserted: 1 } });
    expect(await prisma.railRate.count()).toBe(before + 1);
  });

  test("a staff member without the permission gets 403 and nothing changes", async () => {
    const token = await tokenOf("nomenu@example.com");
    const [row] = await prisma.fclRate.findMany({ take: 1, select: { id: true } });
    const result = await api("DELETE", `/data/deletefclbysea/${row.id}`, { token });
    expect(result.http).toBe(403);
    expect(result.body.status).toBe(403);
    expect(await prisma.fclRate.findUnique({ where: { id: row.id } })).not.toBeNull();
  });

  test("the user list reports the audit badges", async () => {
    const token = await tokenOf("admin@example.com");
    const result = await api("GET", "/my/userlist", { token, query: { audityh: 1 } });
    expect(result.body.status).toBe(0);
    const pending = await withTestDb(async (db) => Number((await db.query("SELECT count(*) FROM users WHERE audit = 1")).rows[0].count));
    expect(result.body.dshs).toBe(pending);
    expect(result.body.total).toBe(pending);
  });
});

describe("home content for the app and the website", () => {
  test("the two lists are public and read-only: anyone reads them, only staff with the screen change them", async () => {
    for (const base of ["/web/home", "/apphomeimg/home"]) {
      const list = await api("GET", base);
      expect(list.http, base).toBe(200);
      expect(list.body.status).toBe(0);
      expect(list.body.data.length).toBeGreaterThan(0);
      // Under the spec's names: the level is `type`, the parent `Fid`.
      expect(list.body.data[0]).toMatchObject({ name: expect.any(String), type: 1, Fid: 0, children: expect.any(Array) });
      expect(Array.isArray(list.body.dataList)).toBe(true);
      // Writing stays with staff: a visitor and a customer are refused, nothing changes.
      expect((await api("POST", `${base}/add`, { body: { name: "匿名添加", Fid: 0, type: 1, size: "S" } })).http).toBe(401);
      expect((await api("DELETE", `${base}/delete/${list.body.data[0].id}`)).http).toBe(401);
      expect((await api("GET", `${base}/byid/${list.body.data[0].id}`)).http).toBe(401);
    }
    expect(await prisma.homeContent.count({ where: { name: "匿名添加" } })).toBe(0);
  });
});

describe("malformed requests", () => {
  test("a search the page would question answers the page's message with its values, never a {{placeholder}}", async () => {
    const ambiguous = await api("GET", "/nopermission/touristsexpressquery", { query: { pod: "US", num: "2.5" } });
    expect(ambiguous.body.status).toBe(1);
    expect(ambiguous.body.message).toBe("有多个地点匹配“US”。");
    expect(ambiguous.body.data.problems[0]).toMatchObject({ param: "pod", message: "有多个地点匹配“US”。" });
    const english = await api("GET", "/nopermission/touristsexpressquery", { query: { pod: "US", num: "2.5", lng: "en-US" } });
    expect(english.body.message).toBe('Several places match "US".');
    const heavy = await api("GET", "/nopermission/touristsexpressquery", { query: { pod: "美国西部", num: "300" } });
    expect(heavy.body.message).toBe("不能超过299KG！");
    expect(JSON.stringify([ambiguous.body, english.body, heavy.body])).not.toMatch(/\{\{|search\.validation/);
  });

  test("a price query answers as its page: no parameters or a missing one is a 400, a name that matches nothing a 200 with the page's message", async () => {
    // The page: /fclbysea?pol=&pod= is a 400; an unknown port is shown with "not found" (200).
    const idle = await api("GET", "/nopermission/touristswholebysea");
    expect([idle.http, idle.body.status, idle.body.message]).toEqual([400, 1, "请填写查询条件"]);
    const missing = await api("GET", "/nopermission/touristswholebysea", { query: { pol: "SHANGHAI", pod: "" } });
    expect([missing.http, missing.body.status]).toEqual([400, 1]);
    expect(missing.body.data.problems.map((p: { param: string }) => p.param)).toEqual(["pod"]);
    const unknown = await api("GET", "/nopermission/touristswholebysea", { query: { pol: "SHANGHAI", pod: "QQQQQQ" } });
    expect([unknown.http, unknown.body.status]).toEqual([200, 1]);
    expect(unknown.body.message).toContain("QQQQQQ");
    expect(unknown.body.data.problems[0]).toMatchObject({ param: "pod" });
    const heavy = await api("GET", "/nopermission/touristsexpressquery", { query: { pod: "美国西部", num: "300" } });
    expect([heavy.http, heavy.body.status]).toEqual([400, 1]);
  });

  test("bad JSON, bad ids, unknown calls and methods: a clear message, never a 500", async () => {
    const token = await tokenOf("admin@example.com");
    const json = await api("POST", "/my/addroles", { token, body: "{not json", headers: { "Content-Type": "application/json" } });
    expect(json.http).toBe(400);
    expect(json.body.message).toBe("JSON 格式不正确");
    const id = await api("GET", "/my/byiduser/abc", { token });
    expect(id.http).toBe(400);
    const unknown = await api("GET", "/my/nothing-here", { token });
    expect(unknown.http).toBe(404);
    const method = await api("DELETE", "/api/login");
    expect(method.http).toBe(405);
    expect(method.headers.get("Allow")).toBe("POST");
    const validation = await api("POST", "/my/addroles", { token, body: { rolename: "x" } });
    expect(validation.http).toBe(400);
    expect(validation.body.status).toBe(1);
    expect(validation.body.message).not.toMatch(/^admin\./);
  });
});
