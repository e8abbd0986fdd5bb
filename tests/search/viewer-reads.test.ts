// A signed-in customer's own reads on the results and home pages (their
// contact card, their search history, whether they watch the lane) come
// from one statement (domain/rates/viewer-reads.server.ts): what it reads is
// what the three separate reads give, whichever order the page asks in.
import { modeByKey } from "~/domain/modes";
import { contactsOf } from "~/domain/rates/contacts.server";
import { readHistory } from "~/domain/rates/history.server";
import { viewerReads } from "~/domain/rates/viewer-reads.server";
import { readWatching } from "~/domain/watches/watches.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { prisma } from "~/utils/db.server";

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
    reads.done();
    expect({ history, contacts, watching }).toEqual({
      history: separate.history,
      contacts: separate.contacts,
      watching: lane === WATCHED,
    });
  }

  // A search that never asks about a watch (no lane): read when it ends; the home page reads at once.
  const reads = viewerReads(viewer.id, fcl);
  const pending = Promise.all([reads.history(viewer), reads.contacts(viewer)]);
  reads.done();
  expect(await pending).toEqual([separate.history, separate.contacts]);
  // Asked after the statement went: still the right answer.
  expect(await reads.watching(viewer, WATCHED)).toBe(true);
});
