// The booking dialog opens over the results, not a blank page (issue 45
// item 7). A customer who follows a row's Book link from a results page sees
// both booking steps as a dialog over that same results page (their search,
// their tier's prices), as a browser without JavaScript receives the
// document, in both languages. The page behind is inert and is not another
// search of theirs (no query-log row). A dialog opened from elsewhere (/home)
// has nothing drawn behind it.
import { describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { send, visibleText } from "../support/render";
import { getRequest, mergeCookies, TEST_ORIGIN } from "../support/requests";
import { cookieOf } from "./helpers";
import { userId } from "../watches/helpers";

const decode = (text: string) => text.replace(/&amp;|&#38;/g, "&");
const bookLinks = (html: string) => [...html.matchAll(/href="(\/booking\/\w+\/\d+[^"]*)"/g)].map((m) => decode(m[1]));

/** The inert block drawn behind the dialog, or null. */
function behindOf(html: string): string | null {
  const start = html.indexOf('data-testid="results-behind"');
  if (start < 0) return null;
  const open = html.lastIndexOf("<div", start);
  const end = html.indexOf("<dialog", start);
  return html.slice(open, end < 0 ? undefined : end);
}

const logsOf = async (email: string) => prisma.queryLog.count({ where: { userId: await userId(email) } });
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

const SEARCHES = ["/fclbysea?pol=SHANGHAI&pod=BATAM", "/lclbysea?lclpol=SHANGHAI&lclpod=KOBE", "/byair?airpol=PVG&airpod=LAX"];

describe.each(["zh-CN", "en-US"])("%s", (lng) => {
  it.each(SEARCHES)("both booking steps from %s are drawn over that results page", async (search) => {
    const email = "t1@example.com";
    const resultsUrl = `${search}&lng=${lng}`;
    const results = await send(getRequest(resultsUrl, undefined, { cookie: await cookieOf(email) }));
    expect(results.status).toBe(200);
    // The language the customer arrived in stays (a ?lng= arrival sets the cookie; issue 45 item 2).
    const cookie = mergeCookies(await cookieOf(email), results.headers);
    const links = bookLinks(results.html);
    expect(links.length, `Book links on ${resultsUrl}`).toBeGreaterThan(0);
    const heading = visibleText(results.html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)![1]);
    await settle();
    const logged = await logsOf(email);

    // Step 1, reached from the results page (the browser names it as the Referer).
    const step1 = await send(getRequest(links[0], undefined, { cookie, headers: { Referer: `${TEST_ORIGIN}${resultsUrl}` } }));
    expect(step1.status).toBe(200);
    const behind1 = behindOf(step1.html);
    expect(behind1, "step 1 has the results page behind it").not.toBeNull();
    expect(behind1).toMatch(/\binert=""/);
    expect(behind1).toContain('aria-hidden="true"');
    // The same search: its heading and the same rows' Book links.
    expect(visibleText(behind1!)).toContain(heading);
    expect(bookLinks(behind1!)).toEqual(links);
    // The dialog follows the page behind, in the reader's language.
    expect(step1.html.indexOf("<dialog")).toBeGreaterThan(step1.html.indexOf('data-testid="results-behind"'));

    // Step 2, through the dialog's link (its Referer is step 1: the results page comes from `back`).
    const orderTag = step1.html.match(/<a [^>]*data-testid="choose-order"[^>]*>/)![0];
    const orderHref = decode(orderTag.match(/href="([^"]+)"/)![1]);
    const step2 = await send(getRequest(orderHref, undefined, { cookie, headers: { Referer: `${TEST_ORIGIN}${links[0]}` } }));
    expect(step2.status).toBe(200);
    const behind2 = behindOf(step2.html);
    expect(behind2, "step 2 has the results page behind it").not.toBeNull();
    expect(bookLinks(behind2!)).toEqual(links);

    // Drawing the page behind is not another search of the customer's.
    await settle();
    expect(await logsOf(email)).toBe(logged);
  });

  it("a dialog opened from /home has nothing behind it", async () => {
    const cookie = await cookieOf("t1@example.com");
    const results = await send(getRequest(`${SEARCHES[0]}&lng=${lng}`, undefined, { cookie }));
    const step1 = await send(
      getRequest(bookLinks(results.html)[0], undefined, { cookie, headers: { Referer: `${TEST_ORIGIN}/home?lng=${lng}` } }),
    );
    expect(step1.status).toBe(200);
    expect(step1.html).toContain("<dialog");
    expect(behindOf(step1.html)).toBeNull();
  });
});
