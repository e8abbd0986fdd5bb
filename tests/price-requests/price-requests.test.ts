// Price requests (issue 43): a search that finds nothing offers the request
// form (no JavaScript), a customer's request enters the desk's queue at once
// (mail to their salesperson and customer service, a service-level
// deadline), a visitor's is held and rate-limited, the desk sees its own
// customers' requests only (view 2), answers with price lines (a quote: link,
// PDF, mail) or declines with a reason, the customer books from the answer
// and the request closes; bad input changes nothing and is worded in the
// page's language.
import { prisma } from "~/utils/db.server";
import { formatDate, todayInShanghai } from "~/utils/dates";
import { addDays } from "~/domain/table/types";
import { reloadEnv } from "~/utils/env.server";
import { dueFrom } from "~/domain/price-requests/requests.server";
import { callRoute, getRequest, mergeCookies, postForm } from "../support/requests";
import { send, visibleText } from "../support/render";
import { cookieOfEmail } from "../security/helpers";
import { postContact } from "../booking/helpers";
import { ANSWER, ANSWER_TOTAL, ask, customerRequest, desk, deskGet, deskPost, mailsOf, mine, unpricedLane, userId } from "./helpers";

/** What no page or mail may show: NUL, U+FFFD, a placeholder or a raw key. */
const NOT_TEXT = new RegExp(`${String.fromCharCode(0)}|\uFFFD|\\{\\{|priceRequests\\.`);
/** A page's visible text and its bytes (the hydration data holds message keys by design). */
const clean = (html: string) => {
  expect(html).not.toMatch(new RegExp(`${String.fromCharCode(0)}|\uFFFD`));
  expect(visibleText(html)).not.toMatch(NOT_TEXT);
};
let lane: { pol: string; pod: string };

beforeAll(async () => {
  lane = await unpricedLane();
});

describe("the results page offers the request where the search found nothing", () => {
  test("a visitor gets the form with the lane filled in and contact fields, in both languages; a page with rates a link", async () => {
    for (const [lng, title, contact] of [
      ["zh-CN", "向询价台询价", "公司"],
      ["en-US", "Ask the pricing desk", "Company"],
    ] as const) {
      const page = await send(getRequest("/fclbysea", { pol: lane.pol, pod: lane.pod, qty_gp20: "3", lng }));
      expect(page.status).toBe(200);
      const form = /<form method="post" action="\/priceRequest"[^>]*>([\s\S]*?)<\/form>/.exec(page.html);
      expect(form, `${lng}: the request form`).not.toBeNull();
      expect(form![1]).toContain('name="mode" value="fcl"');
      expect(form![1]).toMatch(new RegExp(`name="origin"[^>]*value="${lane.pol}"`));
      expect(form![1]).toMatch(new RegExp(`name="destination"[^>]*value="${lane.pod}"`));
      expect(form![1]).toMatch(/name="qty_gp20"[^>]*value="3"/);
      expect(form![1]).toContain('name="contactName"');
      const text = visibleText(page.html);
      expect(text).toContain(title);
      expect(text).toContain(contact);
      clean(page.html);
    }
    const priced = await send(getRequest("/fclbysea", { pol: "SHANGHAI", pod: "BATAM" }));
    expect(priced.html).not.toMatch(/<form method="post" action="\/priceRequest"/);
    expect(priced.html).toMatch(/href="\/priceRequest\?[^"]*mode=fcl/);
  }, 60_000);

  test("a customer's form has no contact fields; staff and unaudited accounts get no offer", async () => {
    const customer = await send(
      getRequest("/fclbysea", { pol: lane.pol, pod: lane.pod }, { cookie: await cookieOfEmail("t1@example.com") }),
    );
    expect(customer.html).toMatch(/<form method="post" action="\/priceRequest"/);
    expect(customer.html).not.toContain('name="contactName"');
    for (const email of ["admin@example.com", "pending@example.com"]) {
      const page = await send(getRequest("/fclbysea", { pol: lane.pol, pod: lane.pod }, { cookie: await cookieOfEmail(email) }));
      expect(page.html, email).not.toMatch(/action="\/priceRequest"/);
    }
  }, 60_000);
});

describe("asking", () => {
  test("a customer's request is open at once, due within the working hours, mailed to their salesperson and customer service, listed in their centre", async () => {
    const posted = await ask("t1@example.com", {
      mode: "fcl",
      origin: lane.pol,
      destination: lane.pod,
      qty_gp20: "2",
      readyDate: addDays(formatDate(todayInShanghai()), 20),
      remarks: "电子产品\r\n两票",
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/userRequests");
    const row = await prisma.priceRequest.findFirstOrThrow({ where: { userId: await userId("t1@example.com") }, orderBy: { id: "desc" } });
    expect(row).toMatchObject({ state: "OPEN", mode: "FCL", origin: lane.pol, destination: lane.pod, language: "zh-CN", currency: "USD" });
    expect(row.cargo).toEqual({ kind: "containers", counts: { gp20: 2 } });
    expect(row.remarks).toBe("电子产品\n两票");
    expect(row.number).toMatch(/^R\d{8}-\d{6}$/);
    // The deadline is the service-level clock's, from the moment it was opened.
    expect(row.dueAt!.getTime()).toBe(dueFrom(row.openedAt!).getTime());
    const staff = await mailsOf("price_request_staff");
    expect(staff.map((m) => m.toAddress).sort()).toEqual(["sales@example.com", "service@example.com"]);
    for (const mail of staff) {
      expect(mail.subject).toContain(row.number);
      expect(mail.text).toContain(`${lane.pol} → ${lane.pod}`);
      expect(mail.text).toContain("2 × 20GP");
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(NOT_TEXT);
    }

    const cookie = await cookieOfEmail("t1@example.com");
    for (const [lng, state] of [
      ["zh-CN", "待回复"],
      ["en-US", "Open"],
    ] as const) {
      const list = await send(getRequest("/userRequests", { lng }, { cookie }));
      expect(list.status).toBe(200);
      const text = visibleText(list.html);
      expect(text).toContain(row.number);
      expect(text).toContain(state);
      clean(list.html);
    }
    // Another customer does not see it.
    const other = await callRoute(
      (await mine()).loader,
      getRequest("/userRequests", undefined, { cookie: await cookieOfEmail("t2@example.com") }),
    );
    expect(JSON.stringify(other.data)).not.toContain(row.number);
  }, 60_000);

  test("bad input: each problem named in the page's language, nothing stored, no English in zh-CN", async () => {
    const before = await prisma.priceRequest.count();
    const cases: [Record<string, string>, string, string][] = [
      [{ mode: "fcl", origin: lane.pol, destination: lane.pod }, "请填写货物", "Give the cargo"],
      [{ mode: "fcl", origin: "", destination: lane.pod, qty_gp20: "1" }, "请填写起运地", "Give the origin"],
      [
        { mode: "fcl", origin: lane.pol, destination: lane.pod, qty_gp20: "1000" },
        "箱量须为 0 至 999 的整数",
        "whole number from 0 to 999",
      ],
      [{ mode: "lcl", origin: lane.pol, destination: lane.pod, cbm: "1.23456" }, "体积须为数字", "Volume: a number"],
      [
        { mode: "fcl", origin: lane.pol, destination: lane.pod, qty_gp20: "1", readyDate: "2020-01-01" },
        "货好日期不能早于今天",
        "today or later",
      ],
      [
        { mode: "fcl", origin: lane.pol, destination: lane.pod, qty_gp20: "1", currency: "XYZ" },
        "请选择有效的币种",
        "Choose a valid currency",
      ],
      [
        { mode: "fcl", origin: lane.pol, destination: lane.pod, qty_gp20: "1", remarks: "x".repeat(1001) },
        "备注最多 1000 字",
        "up to 1,000",
      ],
    ];
    const cookie = await cookieOfEmail("t1@example.com");
    for (const [fields, zh, en] of cases) {
      for (const [lng, text] of [
        ["zh-CN", zh],
        ["en-US", en],
      ] as const) {
        const page = await send(postForm(`/priceRequest?lng=${lng}`, fields, { cookie: cookie }));
        expect(page.status, `${JSON.stringify(fields)} ${lng}`).toBe(400);
        const shown = visibleText(page.html);
        expect(shown, `${JSON.stringify(fields)} ${lng}`).toContain(text);
        clean(page.html);
        if (lng === "zh-CN") expect(shown).not.toMatch(/Required|Invalid|Expected/);
      }
    }
    expect(await prisma.priceRequest.count()).toBe(before);
  }, 120_000);

  test("a visitor gives a contact and is held; at most REQUEST_VISITOR_LIMIT an hour from one address", async () => {
    const visitor = { mode: "lcl", origin: lane.pol, destination: lane.pod, cbm: "3.5", kg: "800", pieces: "12" };
    const missing = await ask(null, visitor, { address: "203.0.113.7" });
    expect(missing.status).toBe(400);
    const posted = await ask(
      null,
      { ...visitor, contactName: "王先生", company: "宁波某贸易", email: "wang@example.net" },
      { address: "203.0.113.7" },
    );
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/priceRequest?sent=1&lng=zh-CN");
    const row = await prisma.priceRequest.findFirstOrThrow({ where: { email: "wang@example.net" } });
    expect(row).toMatchObject({ state: "HELD", userId: null, contactName: "王先生", dueAt: null, clientAddress: "203.0.113.7" });
    expect(row.cargo).toEqual({ kind: "loose", cbm: "3.5", kg: "800", pieces: 12 });

    process.env.REQUEST_VISITOR_LIMIT = "2";
    reloadEnv();
    try {
      const again = { ...visitor, contactName: "李", company: "某公司", phone: "13800000000" };
      expect((await ask(null, again, { address: "203.0.113.7" })).status).toBe(302);
      const refused = await ask(null, again, { address: "203.0.113.7", lng: "en-US" });
      expect(refused.status).toBe(429);
      expect(JSON.stringify(refused.data)).toContain("priceRequests.errors.tooMany");
      // Another address is not limited by this one.
      expect((await ask(null, again, { address: "198.51.100.9" })).status).toBe(302);
    } finally {
      delete process.env.REQUEST_VISITOR_LIMIT;
      reloadEnv();
    }
  }, 60_000);
});

describe("the desk", () => {
  test("view 2 sees its own customers' requests only; a visitor's only once accepted, by the one who accepted it", async () => {
    const mineRow = await customerRequest("t2@example.com", lane);
    const otherRow = await customerRequest("other.t2@example.com", lane);
    const held = await ask(
      null,
      { mode: "fcl", origin: lane.pol, destination: lane.pod, qty_gp20: "1", contactName: "Zhao", company: "Co", phone: "021-5555555" },
      { address: "192.0.2.44" },
    );
    expect(held.status).toBe(302);
    const heldRow = await prisma.priceRequest.findFirstOrThrow({ where: { contactName: "Zhao" } });

    const list = async (email: string, state = "all") =>
      JSON.stringify(
        (await callRoute((await desk()).loader, getRequest("/priceDesk", { state, size: 100 }, { cookie: await cookieOfEmail(email) })))
          .data,
      );
    const sales = await list("sales@example.com");
    expect(sales).toContain(mineRow.number);
    expect(sales).not.toContain(otherRow.number);
    expect(sales).not.toContain(heldRow.number);
    const global = await list("sales.global@example.com");
    for (const row of [mineRow, otherRow, heldRow]) expect(global).toContain(row.number);
    // The text search: the visitor's name in any case; % and _ are taken literally (no request has them).
    const search = async (q: string) =>
      (
        await callRoute(
          (await desk()).loader,
          getRequest("/priceDesk", { state: "all", q, size: 100 }, { cookie: await cookieOfEmail("sales.global@example.com") }),
        )
      ).data.rows as { number: string }[];
    expect((await search("ZHAO")).map((r) => r.number)).toContain(heldRow.number);
    expect((await search("ZHAO")).map((r) => r.number)).not.toContain(mineRow.number);
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
    // A view-2 salesperson cannot open another's request, nor act on it.
    expect((await deskGet("sales@example.com", otherRow.id)).status).toBe(404);
    expect((await deskPost("sales@example.com", otherRow.id, { intent: "decline", reason: "x" })).status).toBe(404);
    expect((await prisma.priceRequest.findUniqueOrThrow({ where: { id: otherRow.id } })).state).toBe("OPEN");

    // The global salesperson accepts the visitor's request: it is theirs, open, with a deadline.
    const accepted = await deskPost("sales.global@example.com", heldRow.id, { intent: "accept" });
    expect(accepted.status).toBe(302);
    const opened = await prisma.priceRequest.findUniqueOrThrow({ where: { id: heldRow.id } });
    expect(opened).toMatchObject({ state: "OPEN", salesId: await userId("sales.global@example.com") });
    expect(opened.dueAt).not.toBeNull();
    // Accepting twice: the second is refused, nothing changes.
    expect((await deskPost("sales.global@example.com", heldRow.id, { intent: "accept" })).status).toBe(409);

    // The queue lists open requests, the most urgent first, with the clock.
    const queue = await callRoute(
      (await desk()).loader,
      getRequest("/priceDesk", { size: 100 }, { cookie: await cookieOfEmail("admin@example.com") }),
    );
    const due = (queue.data.rows as { dueAt: string; state: string; sla: unknown }[]).map((r) => r.dueAt);
    expect(due).toEqual([...due].sort());
    expect((queue.data.rows as { state: string }[]).every((r) => r.state === "OPEN")).toBe(true);
    expect((queue.data.rows as { sla: unknown }[]).every((r) => r.sla)).toBe(true);

    const page = await send(getRequest("/priceDesk", { lng: "en-US" }, { cookie: await cookieOfEmail("sales@example.com") }));
    expect(page.status).toBe(200);
    expect(visibleText(page.html)).toContain(mineRow.number);
    clean(page.html);
  }, 90_000);

  test("answer: bad lines are refused in the page's language; a good answer is a quote the customer gets by mail, and books; the request closes", async () => {
    const row = await customerRequest("t1@example.com", lane);
    const bad = await deskPost("sales@example.com", row.id, { ...ANSWER, rate_gp20: "12.345", validTo: "2001-01-01" });
    expect(bad.status).toBe(400);
    expect(bad.data.errors).toMatchObject({
      rate_gp20: ["priceRequests.answer.errors.rate"],
      validTo: ["priceRequests.answer.errors.validTo"],
    });
    const badPage = await send(
      postForm(`/priceDesk/${row.id}?lng=zh-CN`, { ...ANSWER, rate_gp20: "12.345" }, { cookie: await cookieOfEmail("sales@example.com") }),
    );
    expect(badPage.status).toBe(400);
    expect(visibleText(badPage.html)).toContain("单价须为不小于 0 的数字");
    expect((await prisma.priceRequest.findUniqueOrThrow({ where: { id: row.id } })).state).toBe("OPEN");
    expect(await prisma.quote.count({ where: { rateId: null } })).toBe(0);

    const answered = await deskPost("sales@example.com", row.id, ANSWER);
    expect(answered.status, JSON.stringify(answered.data)).toBe(302);
    const after = await prisma.priceRequest.findUniqueOrThrow({ where: { id: row.id }, include: { quote: true } });
    expect(after).toMatchObject({ state: "ANSWERED", handledById: await userId("sales@example.com") });
    const quote = after.quote!;
    expect(quote).toMatchObject({ rateId: null, userId: await userId("t1@example.com"), tier: "T1", mode: "fcl" });
    expect(quote.validUntil!.toISOString().slice(0, 10)).toBe("2099-12-31");
    // Answering again is refused.
    expect((await deskPost("sales@example.com", row.id, ANSWER)).status).toBe(409);

    const [mail] = await mailsOf("price_request_answer", "t1@example.com");
    expect(mail.subject).toContain(row.number);
    expect(mail.text).toContain(`${ANSWER_TOTAL} USD`);
    expect(mail.text).toContain("THC");
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(NOT_TEXT);

    // The quote's page and PDF are the existing ones.
    const shared = await send(getRequest(`/quote/${quote.token}`, { lng: "en-US" }));
    expect(shared.status).toBe(200);
    expect(visibleText(shared.html)).toContain(ANSWER_TOTAL);
    const pdf = await send(getRequest(`/quote/${quote.token}/pdf`));
    expect(pdf.status).toBe(200);

    // The customer books from it (a contact request, no JavaScript): the request closes.
    const cookie = await cookieOfEmail("t1@example.com");
    const booked = await postContact({ mode: "quote", id: quote.id }, cookie);
    expect(booked.status, JSON.stringify(booked.data)).toBe(302);
    const closed = await prisma.priceRequest.findUniqueOrThrow({ where: { id: row.id } });
    expect(closed.state).toBe("BOOKED");
    const entrustment = await prisma.entrustment.findUniqueOrThrow({ where: { id: closed.entrustmentId! } });
    expect(entrustment).toMatchObject({ sourceKind: "request", sourceId: row.id, quoteId: quote.id, pol: lane.pol, pod: lane.pod });
    const list = await send(getRequest("/userRequests", { lng: "zh-CN" }, { cookie }));
    expect(visibleText(list.html)).toContain("已订舱");
    // Another customer cannot book it.
    expect((await postContact({ mode: "quote", id: quote.id }, await cookieOfEmail("t2@example.com"))).status).toBe(404);
  }, 90_000);

  test("decline: a reason is required; the requester is told in their language", async () => {
    const posted = await ask("t2@example.com", { mode: "air", origin: "PVG", destination: "ORD", kg: "450", cbm: "2" }, { lng: "en-US" });
    expect(posted.status).toBe(302);
    const row = await prisma.priceRequest.findFirstOrThrow({
      where: { user: { email: "t2@example.com" }, mode: "AIR" },
      orderBy: { id: "desc" },
    });
    expect(row.language).toBe("en-US");
    const empty = await deskPost("service@example.com", row.id, { intent: "decline", reason: "  " });
    expect(empty.status).toBe(400);
    expect(empty.data.errors.reason).toEqual(["priceRequests.errors.reasonRequired"]);
    const declined = await deskPost("service@example.com", row.id, { intent: "decline", reason: "No space on this lane until March" });
    expect(declined.status).toBe(302);
    expect(await prisma.priceRequest.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      state: "DECLINED",
      declineReason: "No space on this lane until March",
    });
    const [mail] = (await mailsOf("price_request_answer", "t2@example.com")).filter((m) => m.subject.includes(row.number));
    expect(mail.subject).toMatch(/could not be priced/);
    expect(mail.text).toContain("No space on this lane until March");
    // Declined: nothing more to answer.
    expect((await deskPost("service@example.com", row.id, ANSWER)).status).toBe(409);
  }, 60_000);

  test("the request page works without JavaScript and after a redirect shows the flash", async () => {
    const row = await customerRequest("t0@example.com", lane);
    for (const lng of ["zh-CN", "en-US"]) {
      const page = await send(getRequest(`/priceDesk/${row.id}`, { lng }, { cookie: await cookieOfEmail("admin@example.com") }));
      expect(page.status).toBe(200);
      expect(page.html).toMatch(/<form method="post"[^>]*>[\s\S]*name="rate_gp20"/);
      expect(page.html).toMatch(/name="qty_gp20"[^>]*value="2"/);
      clean(page.html);
    }
    const cookie = await cookieOfEmail("admin@example.com");
    const posted = await send(postForm(`/priceDesk/${row.id}`, ANSWER, { cookie: cookie }));
    expect(posted.status).toBe(302);
    const shown = await send(getRequest(posted.location!, undefined, { cookie: mergeCookies(cookie, posted.headers) }));
    expect(visibleText(shown.html)).toContain(`已向客户发送询价 ${row.number} 的报价`);
  }, 60_000);
});
