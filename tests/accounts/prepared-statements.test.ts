// The statement every signed-in results page runs (session and versions,
// contacts, search history and watched lanes in one) is prepared: PostgreSQL
// parses and plans each once per pooled connection, not on every request
// (decision 608). Statements built from input stay unnamed.
import pg from "pg";
import { flushBackground } from "~/domain/rates/background.server";
import { render } from "../support/render";
import { loginAs } from "../support/requests";

type Statement = { text: string; name: string | null };

async function statements(fn: () => Promise<unknown>): Promise<Statement[]> {
  const query = vi.spyOn(pg.Client.prototype, "query");
  try {
    await fn();
    return query.mock.calls.map(([statement]) =>
      typeof statement === "string"
        ? { text: statement, name: null }
        : { text: (statement as { text?: string }).text ?? "", name: (statement as { name?: string }).name ?? null },
    );
  } finally {
    query.mockRestore();
  }
}

beforeAll(async () => {
  await render("/fclbysea", { pol: "SHANGHAI", pod: "BATAM" });
  await flushBackground();
});

test("a customer's results page reads through prepared statements only", async () => {
  const cookie = await loginAs("t1@example.com");
  const page = { pol: "SHANGHAI", pod: "BATAM" };
  // Warm: the shared reads come from the read caches.
  expect((await render("/fclbysea", page, { cookie })).status).toBe(200);
  await flushBackground();
  const seen = await statements(async () => {
    expect((await render("/fclbysea", page, { cookie })).status).toBe(200);
  });
  await flushBackground();
  const reads = seen.filter((s) => /^\s*SELECT/i.test(s.text));
  const has = (pattern: RegExp) => reads.some((s) => pattern.test(s.text));
  expect([/FROM sessions se/, /JOIN search_history/, /LEFT JOIN users s/, /FROM lane_watches/].map(has)).toEqual([true, true, true, true]);
  // The session (with the data versions) is one statement and knows no page (decision 612); the
  // customer's own reads (contacts, search history, the mode's watched lanes:
  // domain/rates/viewer-reads.server.ts) are one more; nothing else is read.
  const session = reads.filter((s) => /FROM sessions se/.test(s.text));
  const viewer = reads.filter((s) => /JOIN search_history/.test(s.text));
  expect(session.some((s) => /search_history|lane_watches/.test(s.text))).toBe(false);
  expect(viewer).toHaveLength(1);
  expect(reads.filter((s) => !session.includes(s) && !viewer.includes(s))).toHaveLength(0);
  expect(reads.filter((s) => !s.name).map((s) => s.text.slice(0, 80))).toEqual([]);
  // One name per text, the same on every request.
  const names = new Map(reads.map((s) => [s.text, s.name]));
  for (const s of reads) expect(names.get(s.text)).toBe(s.name);
});
