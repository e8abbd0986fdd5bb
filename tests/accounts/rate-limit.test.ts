// The fixed-window counters (app/domain/security/rate-limit.server.ts).
import { prisma } from "~/utils/db.server";
import { clear, hit, peek } from "~/domain/security/rate-limit.server";

const rule = { limit: 3, windowMs: 60_000 };

describe("rate limits", () => {
  test("counts hits in a window and blocks past the limit", async () => {
    const key = `test:${Date.now()}:a`;
    expect((await peek(key, rule)).allowed).toBe(true);
    const states = [];
    for (let i = 0; i < 4; i++) states.push(await hit(key, rule));
    expect(states.map((s) => s.count)).toEqual([1, 2, 3, 4]);
    expect(states.map((s) => s.allowed)).toEqual([true, true, true, false]);
    expect(states[3].retryAfterMs).toBeGreaterThan(55_000);
    expect((await peek(key, rule)).allowed).toBe(false);
    // A blocked hit never extends the window.
    expect(states[3].resetAt.getTime()).toBe(states[0].resetAt.getTime());
  });

  test("a new window starts after the old one ended", async () => {
    const key = `test:${Date.now()}:b`;
    for (let i = 0; i < 4; i++) await hit(key, rule);
    await prisma.rateLimit.update({ where: { key }, data: { resetAt: new Date(Date.now() - 1000) } });
    expect((await peek(key, rule)).allowed).toBe(true);
    const next = await hit(key, rule);
    expect(next).toMatchObject({ count: 1, allowed: true });
  });

  test("concurrent hits are all counted (atomic upsert)", async () => {
    const key = `test:${Date.now()}:c`;
    const states = await Promise.all(Array.from({ length: 8 }, () => hit(key, { limit: 100, windowMs: 60_000 })));
    expect(states.map((s) => s.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  test("clear forgets a counter", async () => {
    const key = `test:${Date.now()}:d`;
    for (let i = 0; i < 4; i++) await hit(key, rule);
    await clear(key);
    expect((await peek(key, rule)).allowed).toBe(true);
  });
});
