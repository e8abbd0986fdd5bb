// A signed-in customer's own reads on the results and home pages (their
// contact card, their search history, whether they watch the lane) come
// from one statement (domain/rates/viewer-reads.server.ts): what it reads is
// what the three separate reads give, whichever order the page asks in. The
// session's statement reads the session alone, whatever page asked.
import { modeByKey } from "~/domain/modes";
import { contactsOf } from "~/domain/rates/contacts.server";
import { readHistory } from "~/domain/rates/history.server";
import { viewerReads } from "~/domain/rates/viewer-reads.server";
import { readWatching } from "~/domain/watches/watches.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { prisma } from "~/utils/db.server";
import pg from "pg";
import { flushBackground } from "~/domain/rates/background.server";
import { render, visibleText } from "../support/render";
import { loginAs } from "../support/requests";

const fcl = modeByKey("fcl");
const WATCHED = { mode: "FCL", pol: "VIEWER-READS POL", pod: "VIEWER-READS POD" };
let viewer: Viewer;

beforeAll(async () => {
  const user = await prisma.user.findUniqueOrThrow({ where: { email: "t1@example.com" } });
  viewer = { id: user.id } as Viewer;
  await prisma.laneWatch.create({ data: { userId: user.id, mode: "FCL", pol: WATCHED.pol, pod: WATCHED.pod } });
  await prisma.searchHistory.upsert({
    where: { userId_mode: { userId: user.id, mode: "FCL" } },
    create: { userId: user.id, mode: "FCL", queries: "SHANGHAI/CNSHA/上海|NINGBO/CNNGB/宁波", destinations: "BATAM/IDBTM/巴淡岛" },
    update: { queries: "SHANGHAI/CNSHA/上海|NINGBO/CNNGB/宁波", destinations: "BATAM/IDBTM/巴淡岛" },
  });
});
afterAll(async () => {
  await prisma.laneWatch.deleteMany({ where: { pol: WATCHED.pol } });
});

test("one statement reads the history, the contacts and the watch the separate reads give", async () => {
  const separate = {
    history: await readHistory(viewer.id, fcl),
    contacts: await contactsOf(viewer.id),
    watched: await readWatching(viewer, WATCHED),
    other: await readWatching(viewer, { ...WATCHED, pod: "ELSEWHERE" }),
  };
  expect(separate.history.from).toEqual(["SHANGHAI/CNSHA/上海", "NINGBO/CNNGB/宁波"]);
  expect(separate.contacts.service).not.toBeNull();
  expect([separate.watched, separate.other]).toEqual([true, false]);

  // The results page: history and contacts asked first, the watch once the search knows the lane.
  for (const lane of [WATCHED, { ...WATCHED, pod: "ELSEWHERE" }]) {
    const reads = viewerReads(viewer.id, fcl);
    const [history, contacts, watching] = await Promise.all([reads.history(viewer), reads.contacts(viewer), reads.watching(viewer, lane)]);
    expect({ history, contacts, watching }).toEqual({
      history: separate.history,
      contacts: separate.contacts,
      watching: lane === WATCHED,
    });
  }

  // A page that never asks about a watch (the home page, a search without a lane).
  const reads = viewerReads(viewer.id, fcl);
  expect(await Promise.all([reads.history(viewer), reads.contacts(viewer)])).toEqual([separate.history, separate.contacts]);
  // Asked after the statement went: still the right answer.
  expect(await reads.watching(viewer, WATCHED)).toBe(true);
});

describe("on a page load: the session's statement, then the viewer's reads", () => {
  /** The SELECTs a request runs (pg's Client.query, whatever the pool). */
  async function selects(fn: () => Promise<unknown>): Promise<string[]> {
    const query = vi.spyOn(pg.Client.prototype, "query");
    try {
      await fn();
      return query.mock.calls
        .map(([statement]) => (typeof statement === "string" ? statement : ((statement as { text?: string }).text ?? "")))
        .filter((text) => /^\s*(WITH|SELECT)/i.test(text));
    } finally {
      query.mockRestore();
    }
  }

  test("a results page and /home of a customer: two statements, the same history, contacts and watch", async () => {
    const cookie = await loginAs("t1@example.com");
    const lane = { pol: "SHANGHAI", pod: "BATAM" };
    const warm = () => render("/fclbysea", lane, { cookie });
    expect((await warm()).status).toBe(200);
    await flushBackground();
    const history = await readHistory(viewer.id, fcl);
    const contacts = await contactsOf(viewer.id);
    const contactName = contacts.service!.name;

    for (const watched of [false, true]) {
      if (watched) await prisma.laneWatch.create({ data: { userId: viewer.id, mode: "FCL", ...lane } });
      let page!: Awaited<ReturnType<typeof render>>;
      const seen = await selects(async () => {
        page = await render("/fclbysea", lane, { cookie });
      });
      await flushBackground();
      expect(page.status).toBe(200);
      // The session's statement (the session alone), then the viewer's reads; nothing else read.
      expect(seen).toHaveLength(2);
      expect(seen[0]).toMatch(/FROM sessions se/);
      expect(seen[0]).not.toMatch(/lane_watches|search_history/);
      expect(seen[1]).toMatch(/lane_watches/);
      expect(seen[1]).toMatch(/search_history/);
      // What the page shows is what the separate reads give.
      const text = visibleText(page.html);
      expect(text).toContain(contactName);
      expect(page.html).toContain(history.from[0].split("/")[0]);
      expect(page.html.includes('<p class="watch-lane" data-testid="watch-lane">')).toBe(watched);
    }
    await prisma.laneWatch.deleteMany({ where: { userId: viewer.id, pol: lane.pol, pod: lane.pod } });

    const home = await selects(async () => {
      expect((await render("/home", { tab: "fcl" }, { cookie })).status).toBe(200);
    });
    await flushBackground();
    expect(home.filter((text) => /search_history/.test(text))).toHaveLength(1);
    expect(home.some((text) => /FROM sessions se/.test(text) && /search_history/.test(text))).toBe(false);
  });

  test("another mode's watched lane does not count; an account page's session statement reads the session alone", async () => {
    const cookie = await loginAs("t1@example.com");
    // An FCL watch of the lane the LCL page shows: not a watch of the LCL lane.
    const lcl = { lclpol: "SHANGHAI", lclpod: "KOBE" };
    await prisma.laneWatch.create({ data: { userId: viewer.id, mode: "FCL", pol: "SHANGHAI", pod: "KOBE" } });
    expect((await render("/lclbysea", lcl, { cookie })).status).toBe(200);
    await flushBackground();
    const reads = await selects(async () => {
      const page = await render("/lclbysea", lcl, { cookie });
      expect(page.html).toContain('data-testid="watch-lane"');
      expect(page.html).not.toContain('<p class="watch-lane" data-testid="watch-lane">');
    });
    await flushBackground();
    await prisma.laneWatch.deleteMany({ where: { userId: viewer.id, pol: "SHANGHAI", pod: "KOBE" } });
    expect(reads.filter((text) => !/FROM sessions se|lane_watches/.test(text))).toEqual([]);
    const account = await selects(async () => {
      expect((await render("/userInfo", {}, { cookie })).status).toBe(200);
    });
    const session = account.find((text) => /FROM sessions se/.test(text))!;
    expect(session).not.toMatch(/lane_watches/);
  });
});
