// A page reads its session once: Remix gives every loader of a document (the
// root's, the page's) its own copy of the Request, so the lookup is kept per
// HTTP request (the Server-Timing record the server opens for each one),
// not per Request object. Each request still reads its own, and after a
// form's action the page's loaders read it again (the action may change it).
import pg from "pg";
import { flushBackground } from "~/domain/rates/background.server";
import { timingStorage, type RequestTiming } from "~/utils/server-timing.server";
import { render, send } from "../support/render";
import { loginAs, postForm } from "../support/requests";

const fresh = (): RequestTiming => ({ started: performance.now(), db: 0, count: 0, slowest: 0 });

/** The session statements (sessions joined to users) run while `fn` runs. */
async function sessionReads(fn: () => Promise<unknown>): Promise<number> {
  const query = vi.spyOn(pg.Client.prototype, "query");
  try {
    await fn();
    return query.mock.calls.filter(([statement]) => {
      const text = typeof statement === "string" ? statement : (statement as { text?: string } | undefined)?.text;
      return /FROM sessions se JOIN users u/.test(text ?? "");
    }).length;
  } finally {
    query.mockRestore();
  }
}

// The process's first results page is a cold start (route modules, caches,
// the ports' pinyin): done here, so the tests count reads on a warm process
// and stay far from their time limit on a loaded machine.
beforeAll(async () => {
  await render("/fclbysea", { pol: "SHANGHAI", pod: "BATAM" });
  await flushBackground();
});

afterEach(async () => {
  await flushBackground();
});

test("the root loader and the results loader of one page share one session read", async () => {
  const cookie = await loginAs("t1@example.com");
  const page = { pol: "SHANGHAI", pod: "BATAM" };
  let status = 0;
  const reads = await sessionReads(() =>
    timingStorage().run(fresh(), async () => {
      status = (await render("/fclbysea", page, { cookie })).status;
    }),
  );
  expect(status).toBe(200);
  expect(reads).toBe(1);
});

test("two requests read the session each: nothing is kept from one request to the next", async () => {
  const cookie = await loginAs("t1@example.com");
  const reads = await sessionReads(async () => {
    for (let i = 0; i < 2; i++) await timingStorage().run(fresh(), () => render("/home", undefined, { cookie }));
  });
  expect(reads).toBe(2);
});

test("a form posted without JavaScript: the action reads the session, the page's loaders read it once more after it", async () => {
  const cookie = await loginAs("t1@example.com");
  let page = { status: 0, html: "" };
  const reads = await sessionReads(() =>
    timingStorage().run(fresh(), async () => {
      page = await send(postForm("/userInfo", { username: "", phone: "" }, { cookie }));
    }),
  );
  expect(page.status).toBe(400); // the form again, with its messages
  expect(page.html).toContain('name="username"');
  expect(reads).toBe(2);
});
