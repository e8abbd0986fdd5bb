// Links in mails (issue 45 item 6). A mail is read in a mail client, outside
// the site: every link it carries must be absolute. With PUBLIC_URL set,
// every kind of mail (EMAIL_KINDS, so a new kind is covered) carries at least
// one link and every link starts with PUBLIC_URL; without it, no mail carries
// a relative link (the digest says where to manage the watches instead). The
// digest's unsubscribe link works from a mail client: its page is not stored
// and sends no Referer (decision 403), and a POST to the link itself (a mail
// client's one-click unsubscribe, RFC 8058) removes the watch.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EMAIL_KINDS } from "~/domain/logs/outbox-states";
import { changeEntrustmentStatus } from "~/domain/orders/status.server";
import { loadViewer } from "~/domain/accounts/viewer.server";
import { auditProfileChange, auditUser } from "~/domain/users/users.server";
import { prisma } from "~/utils/db.server";
import { reloadEnv } from "~/utils/env.server";
import { send, visibleText } from "../support/render";
import { getRequest, postForm } from "../support/requests";
import { expireRateWindows, newRegistration, postLogin } from "../accounts/helpers";
import { bookableRate, cookieOf, doneId, postContact } from "../booking/helpers";
import { FCL_LANE_SQL, digestOn, newDay, userId, watch } from "../watches/helpers";
import { ANSWER, customerRequest, deskPost, unpricedLane } from "../price-requests/helpers";

const PUBLIC_URL = "https://portal.example.com";
const saved = process.env.PUBLIC_URL;

function setPublicUrl(value: string | undefined) {
  if (value === undefined) delete process.env.PUBLIC_URL;
  else process.env.PUBLIC_URL = value;
  reloadEnv();
}

/** Every link of a mail: the HTML's href attributes and the URLs of its text. */
function linksOf(mail: { html: string; text: string }) {
  const hrefs = [...mail.html.matchAll(/\shref="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
  // Absolute URLs, and paths standing alone ("/watch/unsubscribe?…"), not "20GP/40GP" or "周一/周三".
  const texts = [...mail.text.matchAll(/https?:\/\/[^\s)\]]+|(?<=^|\s)\/[A-Za-z][^\s)\]]*/gm)].map((m) => m[0]);
  return { hrefs, texts };
}

/** One mail of every kind, the way the site writes each (the domain services the pages call). */
async function oneMailOfEachKind(since: number) {
  await expireRateWindows();
  expect((await postLogin({ intent: "sendCode", email: newRegistration().email })).status).toBe(200);
  expect((await postLogin({ intent: "sendResetCode", email: "t0@example.com" })).status).toBe(200);

  const booking = doneId(await postContact({ mode: "fcl", id: await bookableRate("fcl") }, await cookieOf("t2@example.com")));
  const t2 = await loadViewer(await userId("t2@example.com"));
  expect((await changeEntrustmentStatus("customer", t2!, { id: booking, to: "CANCELLED" })).ok).toBe(true);

  const admin = await loadViewer(await userId("admin@example.com"));
  const pending = await userId("pending@example.com");
  // Each run audits afresh: the registration pending again, the profile change asked again.
  await prisma.user.update({ where: { id: pending }, data: { audit: 1, customerRating: null } });
  await prisma.user.update({
    where: { email: "profile@example.com" },
    data: { profileAudit: 1, pendingCompany: "新公司", pendingBusinessAddress: "上海市新地址1号", pendingIaeCountries: "美国" },
  });
  const contacts = await prisma.user.findUniqueOrThrow({
    where: { email: "t1@example.com" },
    select: { salesId: true, customerServiceId: true },
  });
  // Passed as T0 (the administrator holds user.grantT0): the contacts get the tier-change mail too.
  const audited = await auditUser(admin!, pending, {
    decision: "pass",
    customerRating: 1,
    salesId: contacts.salesId!,
    customerServiceId: contacts.customerServiceId!,
    reason: null,
  });
  expect(audited.ok).toBe(true);
  expect((await auditProfileChange(admin!, await userId("profile@example.com"), "pass")).ok).toBe(true);

  await watch("t1@example.com");
  await digestOn(newDay());
  await prisma.$executeRawUnsafe(`UPDATE fcl_rates SET gp20_t1 = gp20_t1 - 10 WHERE ${FCL_LANE_SQL}`);
  await digestOn(newDay());

  // A price request (issue 43): its arrival told to the customer's contacts, the answer to the customer, and, made a
  // rate, the lane's news to those who searched it.
  const lane = await unpricedLane();
  const request = await customerRequest("t1@example.com", lane);
  expect((await deskPost("admin@example.com", request.id, ANSWER)).status).toBe(302);
  await prisma.queryLog.create({
    data: { mode: "FCL", userId: await userId("t1@example.com"), pol: lane.pol, pod: lane.pod, operatedAt: new Date() },
  });
  const publish = { intent: "publish", price_gp20_T1: "1100", price_hq40_T1: "2000", price_gp20_T2: "1300", price_hq40_T2: "2400" };
  expect((await deskPost("admin@example.com", request.id, publish)).status).toBe(302);

  return prisma.emailOutbox.findMany({ where: { id: { gt: since } }, orderBy: { id: "asc" } });
}

const lastMailId = async () => (await prisma.emailOutbox.aggregate({ _max: { id: true } }))._max.id ?? 0;

describe("links in mails", () => {
  afterAll(() => setPublicUrl(saved));

  test("with PUBLIC_URL: every kind of mail carries links, all absolute on PUBLIC_URL", async () => {
    setPublicUrl(PUBLIC_URL);
    const mails = await oneMailOfEachKind(await lastMailId());
    for (const kind of EMAIL_KINDS) {
      const ofKind = mails.filter((m) => m.kind === kind);
      expect(ofKind.length, `a ${kind} mail`).toBeGreaterThan(0);
      for (const mail of ofKind) {
        const { hrefs, texts } = linksOf(mail);
        expect(hrefs.length, `${kind} #${mail.id} has a link`).toBeGreaterThan(0);
        for (const href of [...hrefs, ...texts]) expect(href, `${kind} #${mail.id}`).toMatch(new RegExp(`^${PUBLIC_URL}/`));
      }
    }
    // The links name the reader's language, so an English reader lands on English pages.
    const digest = mails.find((m) => m.kind === "watch_digest")!;
    expect(linksOf(digest).hrefs.every((href) => /[?&]lng=zh-CN/.test(href))).toBe(true);
  }, 180_000);

  test("without PUBLIC_URL: no mail carries a relative link; the digest says where to manage the watches", async () => {
    setPublicUrl(undefined);
    const mails = await oneMailOfEachKind(await lastMailId());
    for (const mail of mails) {
      const { hrefs, texts } = linksOf(mail);
      expect([...hrefs, ...texts], `${mail.kind} #${mail.id}`).toEqual([]);
    }
    const digest = mails.find((m) => m.kind === "watch_digest")!;
    expect(digest.text).toContain("个人中心");
    expect(digest.text).not.toContain("/watch/unsubscribe");
  }, 180_000);
});

describe("the digest's unsubscribe link from a mail client", () => {
  beforeAll(() => setPublicUrl(PUBLIC_URL));
  afterAll(() => setPublicUrl(saved));

  async function digestLink(email: string) {
    const id = await watch(email);
    await digestOn(newDay());
    await prisma.$executeRawUnsafe(`UPDATE fcl_rates SET gp20_t2 = gp20_t2 - 10 WHERE ${FCL_LANE_SQL}`);
    await digestOn(newDay());
    const mail = await prisma.emailOutbox.findFirstOrThrow({ where: { kind: "watch_digest", toAddress: email }, orderBy: { id: "desc" } });
    const href = linksOf(mail).hrefs.find((h) => h.includes("/watch/unsubscribe"))!;
    return { id, url: new URL(href) };
  }

  test("the page is not stored and sends no Referer, with and without JavaScript's POST", async () => {
    const { id, url } = await digestLink("t2@example.com");
    const page = await send(getRequest(`${url.pathname}${url.search}`));
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(visibleText(page.html)).toContain("不再接收");
    const done = await send(postForm(`${url.pathname}${url.search}`, { w: url.searchParams.get("w")!, s: url.searchParams.get("s")! }));
    expect(done.status).toBe(200);
    expect(done.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(await prisma.laneWatch.count({ where: { id } })).toBe(0);
  }, 120_000);

  test("a one-click POST to the link itself (RFC 8058: body List-Unsubscribe=One-Click) removes the watch", async () => {
    const { id, url } = await digestLink("other.t2@example.com");
    const oneClick = await send(postForm(`${url.pathname}${url.search}`, { "List-Unsubscribe": "One-Click" }));
    expect(oneClick.status).toBe(200);
    expect(await prisma.laneWatch.count({ where: { id } })).toBe(0);
    // Used: the link is dead now, said in the page's language.
    const again = await send(getRequest(`${url.pathname}${url.search.replace("lng=zh-CN", "lng=en-US")}`));
    expect(again.status).toBe(404);
    expect(visibleText(again.html)).toContain("This link is not valid");
  }, 120_000);
});
