// Lane watch (issue 25 item 4): a customer watches a lane from the results
// page (a plain POST form: no JavaScript), lists and removes watches in the
// personal centre; the daily digest (set-based, once a day) mails news of
// their own tier only, in their language, with an unsubscribe link that
// works without login.
import { prisma } from "~/utils/db.server";
import { reloadEnv } from "~/utils/env.server";
import { send, visibleText } from "../support/render";
import { getRequest, mergeCookies, postForm } from "../support/requests";
import { cookieOfEmail } from "../security/helpers";
import { FCL_LANE, FCL_LANE_SQL, digestMails, digestOn, lowestFcl, newDay, userId, watch } from "./helpers";

const RESULTS = `/fclbysea?pol=${FCL_LANE.pol}&pod=${FCL_LANE.pod}`;

// The digest links only with PUBLIC_URL (issue 45 item 6; tests/foundation/mail-links.test.ts covers both cases).
const savedPublicUrl = process.env.PUBLIC_URL;
beforeAll(() => {
  process.env.PUBLIC_URL = "http://localhost:3000";
  reloadEnv();
});
afterAll(() => {
  if (savedPublicUrl === undefined) delete process.env.PUBLIC_URL;
  else process.env.PUBLIC_URL = savedPublicUrl;
  reloadEnv();
});
const watchesOf = async (email: string) => prisma.laneWatch.findMany({ where: { userId: await userId(email) }, orderBy: { id: "asc" } });
const NOT_TEXT = new RegExp(`${String.fromCharCode(0)}|\uFFFD|\\{\\{|watches\\.(digest|errors)`);

describe("watch a lane from the results page, without JavaScript", () => {
  test("a customer sees the form, posts it, is sent back and the lane shows as watched; /userWatches lists and removes it", async () => {
    const cookie = await cookieOfEmail("t1@example.com");
    const page = await send(getRequest(RESULTS, undefined, { cookie }));
    expect(page.status).toBe(200);
    const form = /<form[^>]*action="\/userWatches"[^>]*>([\s\S]*?)<\/form>/.exec(page.html);
    expect(form, "the watch form").not.toBeNull();
    expect(form![1]).toContain('name="intent" value="add"');
    expect(form![1]).toContain(`name="pol" value="${FCL_LANE.pol}"`);
    expect(form![1]).toContain(`name="pod" value="${FCL_LANE.pod}"`);

    const posted = await send(
      postForm("/userWatches", { intent: "add", mode: "fcl", pol: FCL_LANE.pol, pod: FCL_LANE.pod, returnTo: RESULTS }, { cookie }),
    );
    expect(posted.status).toBe(302);
    expect(posted.location).toBe(RESULTS);
    const [row] = await watchesOf("t1@example.com");
    expect(row).toMatchObject({ mode: "FCL", pol: FCL_LANE.pol, pod: FCL_LANE.pod, language: "zh-CN" });
    // Twice is still one watch.
    await send(
      postForm("/userWatches", { intent: "add", mode: "fcl", pol: FCL_LANE.pol, pod: FCL_LANE.pod, returnTo: RESULTS }, { cookie }),
    );
    expect(await watchesOf("t1@example.com")).toHaveLength(1);

    const again = await send(getRequest(RESULTS, undefined, { cookie }));
    expect(again.html).not.toMatch(/action="\/userWatches"/);
    expect(visibleText(again.html)).toContain("您已关注此航线");

    const list = await send(getRequest("/userWatches", { lng: "en-US" }, { cookie }));
    expect(list.status).toBe(200);
    expect(visibleText(list.html)).toMatch(/Shanghai → Batam|SHANGHAI → BATAM/i);

    // Another customer cannot remove it; its owner can, with a plain POST.
    const other = await send(
      postForm("/userWatches", { intent: "remove", id: String(row.id) }, { cookie: await cookieOfEmail("t2@example.com") }),
    );
    expect(other.status).toBe(302);
    expect(await watchesOf("t1@example.com")).toHaveLength(1);
    const removed = await send(postForm("/userWatches", { intent: "remove", id: String(row.id) }, { cookie }));
    expect(removed.status).toBe(302);
    expect(removed.location).toBe("/userWatches");
    expect(await watchesOf("t1@example.com")).toHaveLength(0);
  }, 60_000);

  test("visitors, staff and customers without a tier get no form; a post of theirs adds nothing", async () => {
    const visitor = await send(getRequest(RESULTS));
    expect(visitor.html).not.toMatch(/action="\/userWatches"/);
    for (const email of ["admin@example.com", "pending@example.com"]) {
      const cookie = await cookieOfEmail(email);
      const page = await send(getRequest(RESULTS, undefined, { cookie }));
      expect(page.html, email).not.toMatch(/action="\/userWatches"/);
      await send(postForm("/userWatches", { intent: "add", mode: "fcl", pol: FCL_LANE.pol, pod: FCL_LANE.pod }, { cookie }));
      expect(await watchesOf(email), email).toHaveLength(0);
    }
    const anonymous = await send(postForm("/userWatches", { intent: "add", mode: "fcl", pol: FCL_LANE.pol, pod: FCL_LANE.pod }));
    expect(anonymous.status).toBe(302);
    expect(await prisma.laneWatch.count()).toBe(0);
  }, 60_000);

  test("bad input: a clear message in the page's language, nothing stored", async () => {
    const cookie = await cookieOfEmail("t1@example.com");
    for (const [fields, key] of [
      [{ mode: "express", pol: "x", pod: "y" }, "该运输方式不支持关注"],
      [{ mode: "fcl", pol: "", pod: FCL_LANE.pod }, "请先选择起运港和目的港"],
      [{ mode: "fcl", pol: "x".repeat(101), pod: FCL_LANE.pod }, "请先选择起运港和目的港"],
    ] as const) {
      const posted = await send(postForm("/userWatches", { intent: "add", ...fields }, { cookie }));
      expect(posted.status).toBe(302);
      const shown = await send(getRequest(posted.location!, undefined, { cookie: mergeCookies(cookie, posted.headers) }));
      expect(visibleText(shown.html)).toContain(key);
    }
    expect(await watchesOf("t1@example.com")).toHaveLength(0);
  }, 60_000);
});

describe("the daily digest", () => {
  test("nothing new: no mail; a raised price: no mail; a lowered one: one mail; a second run that day: still one", async () => {
    await watch("t2@example.com");
    const first = await digestOn(newDay());
    expect(first).toMatchObject({ ran: true, mails: 0 });
    expect(await digestMails("t2@example.com")).toHaveLength(0);

    await prisma.$executeRawUnsafe(
      `UPDATE fcl_rates SET gp20_t0 = gp20_t0 + 50, gp20_t1 = gp20_t1 + 50, gp20_t2 = gp20_t2 + 50 WHERE ${FCL_LANE_SQL}`,
    );
    expect(await digestOn(newDay())).toMatchObject({ ran: true, mails: 0 });
    expect(await digestMails("t2@example.com")).toHaveLength(0);

    const before = await lowestFcl();
    const lowered = (Number(before.t2) - 37).toFixed(2);
    await prisma.$executeRawUnsafe(
      `UPDATE fcl_rates SET gp20_t2 = $1::numeric WHERE id = (SELECT id FROM fcl_rates WHERE ${FCL_LANE_SQL} AND NOT paused ORDER BY gp20_t2 LIMIT 1)`,
      lowered,
    );
    const day = newDay();
    expect(await digestOn(day)).toMatchObject({ ran: true, mails: 1 });
    expect(await digestOn(day)).toMatchObject({ ran: false, mails: 0 });
    const mails = await digestMails("t2@example.com");
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toContain("航线关注");
    expect(mail.text).toContain(lowered);
    expect(mail.text).toContain(before.t2);
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(NOT_TEXT);
    expect(mail.text).toMatch(/\/watch\/unsubscribe\?w=\d+&s=[\w-]{32}/);
  }, 120_000);

  test("a new special-price card and a new rate are news; the mail is in the watcher's language (en-US)", async () => {
    await watch("t1@example.com", FCL_LANE, "en-US");
    await digestOn(newDay());
    const offer = await prisma.specialOffer.findFirstOrThrow({ where: { mode: "FCL" } });
    const { id: _id, createdAt: _c, updatedAt: _u, ...card } = offer;
    await prisma.specialOffer.create({ data: { ...card, pol: FCL_LANE.pol, pod: FCL_LANE.pod, validTo: null } as never });
    const rate = await prisma.fclRate.findFirstOrThrow({ where: { pol: FCL_LANE.pol, pod: FCL_LANE.pod, paused: false } });
    const { id: _rid, updatedAt: _ru, ...copy } = rate as Record<string, unknown>;
    await prisma.fclRate.create({ data: { ...copy, gp20T1: "99999.00", validFrom: null, validTo: null } as never });
    expect(await digestOn(newDay())).toMatchObject({ ran: true });
    const [mail] = await digestMails("t1@example.com");
    expect(mail.subject).toMatch(/^Lane watch /);
    expect(mail.text).toContain("1 new special-price card");
    expect(mail.text).toContain("1 new rate");
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(NOT_TEXT);
  }, 120_000);
});

describe("unsubscribe from the e-mail, logged out", () => {
  test("the link shows what it stops, the POST removes the watch; a changed or used link is refused", async () => {
    const id = await watch("other.t2@example.com");
    await digestOn(newDay());
    await prisma.$executeRawUnsafe(`UPDATE fcl_rates SET gp20_t2 = gp20_t2 - 10 WHERE ${FCL_LANE_SQL}`);
    await digestOn(newDay());
    const [mail] = await digestMails("other.t2@example.com");
    const link = /\/watch\/unsubscribe\?w=(\d+)&s=([\w-]{32})/.exec(mail.text)!;
    expect(Number(link[1])).toBe(id);

    const page = await send(getRequest(link[0]));
    expect(page.status).toBe(200);
    expect(visibleText(page.html)).toContain("不再接收");
    expect(await prisma.laneWatch.count({ where: { id } })).toBe(1);

    const forged = await send(
      postForm("/watch/unsubscribe", { w: link[1], s: `${link[2].slice(0, 31)}${link[2].endsWith("A") ? "B" : "A"}` }),
    );
    expect(forged.status).toBe(404);
    expect(await prisma.laneWatch.count({ where: { id } })).toBe(1);

    const done = await send(postForm("/watch/unsubscribe?lng=en-US", { w: link[1], s: link[2] }));
    expect(done.status).toBe(200);
    expect(visibleText(done.html)).toContain("You no longer watch");
    expect(await prisma.laneWatch.count({ where: { id } })).toBe(0);

    const used = await send(getRequest(link[0], { lng: "en-US" }));
    expect(used.status).toBe(404);
    expect(visibleText(used.html)).toContain("This link is not valid");
  }, 120_000);
});
