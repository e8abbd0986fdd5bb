// Server-Timing (issue 9.6): the statements a request runs, Prisma's and the
// pool's alike, are counted to that request only; the header says how long
// they took. The header on real responses: tests/e2e/security-headers.spec.ts.
import { serverTimingHeader, timingStorage as serverStorage } from "../../server/server-timing.js";
import { loader as fclLoader } from "~/routes/site/mode-results";
import { flushBackground } from "~/domain/rates/background.server";
import { prisma, sql } from "~/utils/db.server";
import { timingStorage, type RequestTiming } from "~/utils/server-timing.server";
import { callRoute, getRequest, loginAs } from "../support/requests";

const fresh = (): RequestTiming => ({ started: performance.now(), db: 0, count: 0, slowest: 0 });

test("the server and the app share one record store", () => {
  expect(serverStorage()).toBe(timingStorage());
});

test("Prisma's statements, transactions and the pool's are counted with their time", async () => {
  const record = fresh();
  await timingStorage().run(record, async () => {
    await prisma.user.count();
    await sql("SELECT pg_sleep(0.02)");
    await prisma.$transaction([prisma.role.count(), prisma.menu.count()]);
  });
  expect(record.count).toBeGreaterThanOrEqual(4);
  expect(record.slowest).toBeGreaterThanOrEqual(19);
  expect(record.db).toBeGreaterThanOrEqual(record.slowest);
});

test("statements outside any request, and a request's batched logs, are not counted to it", async () => {
  await prisma.user.count(); // no record: nothing to count, nothing thrown
  const cookie = await loginAs("t1@example.com");
  const record = fresh();
  const result = await timingStorage().run(record, () =>
    callRoute(fclLoader, getRequest("/fclbysea", { pol: "SHANGHAI", pod: "BATAM" }, { cookie })),
  );
  expect(result.status).toBe(200);
  const counted = record.count;
  expect(counted).toBeGreaterThan(0);
  await flushBackground(); // writes this search's query log and history
  expect(record.count).toBe(counted);
});

test("the header names the database time, the number of statements and the slowest", () => {
  expect(serverTimingHeader({ started: 0, db: 12.345, count: 3, slowest: 8.04 }, 20.06)).toBe(
    'db;dur=12.3;desc="3 queries, slowest 8.0 ms", app;dur=20.1',
  );
  expect(serverTimingHeader({ started: 0, db: 0, count: 0, slowest: 0 }, 1)).toBe('db;dur=0.0;desc="0 queries", app;dur=1.0');
  expect(serverTimingHeader({ started: 0, db: 1, count: 1, slowest: 1 }, 2)).toContain('"1 query, slowest 1.0 ms"');
});
