// "The answer becomes a rate" (issue 43 item 4): one click writes the answered
// lane into its mode's rate table for the tiers staff price, through the
// import's writer (a batch in the import history, undoable), refused to staff
// without the table's import; then everyone who searched the lane in the last
// 30 days or watches it gets a mail with their own tier's price only; and a
// search of the lane finds the new rate.
import { prisma } from "~/utils/db.server";
import { reloadEnv } from "~/utils/env.server";
import { dataAreas } from "~/domain/data-areas";
import { listBatches, undoBatch } from "~/domain/import-export/batches.server";
import { loadViewer } from "~/domain/accounts/viewer.server";
import { flushBackground } from "~/domain/rates/background.server";
import { callRoute, getRequest } from "../support/requests";
import { cookieOfEmail } from "../security/helpers";
import { watch } from "../watches/helpers";
import { ANSWER, ask, customerRequest, deskGet, deskPost, mailsOf, unpricedLane, userId } from "./helpers";

// Mails carry links only with PUBLIC_URL (the watchers' unsubscribe link is checked below).
beforeAll(() => {
  process.env.PUBLIC_URL = "https://portal.example.com";
  reloadEnv();
});
afterAll(() => {
  delete process.env.PUBLIC_URL;
  reloadEnv();
});

const PUBLISH = { intent: "publish", price_gp20_T1: "1100", price_hq40_T1: "2000", price_gp20_T2: "1300", price_hq40_T2: "2400" };

describe("an FCL answer becomes a rate", () => {
  test("refused without the table's import; written as an import batch; the lane's searchers and watchers told their own tier's price; a T1 search finds it; undo removes it", async () => {
    const lane = await unpricedLane();
    const row = await customerRequest("t1@example.com", lane);
    expect((await deskPost("admin@example.com", row.id, ANSWER)).status).toBe(302);

    // Who hears of it: t1 searched the lane (query log), t2 watches it, t0 searched it 40 days ago (too long), other.t2 searched it.
    const searched = async (email: string, daysAgo: number) =>
      prisma.queryLog.create({
        data: {
          mode: "FCL",
          userId: await userId(email),
          pol: lane.pol,
          pod: lane.pod,
          operatedAt: new Date(Date.now() - daysAgo * 86_400_000),
        },
      });
    await searched("t1@example.com", 3);
    await searched("t0@example.com", 40);
    await searched("other.t2@example.com", 1);
    await watch("t2@example.com", { mode: "fcl", pol: lane.pol, pod: lane.pod }, "en-US");

    // The salesperson holds the desk but not the FCL table's import: refused, nothing written.
    const page = await deskGet("sales@example.com", row.id);
    expect(page.data.publish).toMatchObject({ allowed: false, done: null });
    expect((await deskPost("sales@example.com", row.id, PUBLISH)).status).toBe(403);
    expect(await prisma.fclRate.count({ where: { pod: lane.pod } })).toBe(0);

    // Bad prices: named, nothing written.
    const bad = await deskPost("admin@example.com", row.id, { ...PUBLISH, price_gp20_T1: "abc" });
    expect(bad.status).toBe(400);
    expect(bad.data.errors.price_gp20_T1).toEqual(["priceRequests.answer.errors.rate"]);
    expect((await deskPost("admin@example.com", row.id, { intent: "publish" })).status).toBe(400);
    expect(await prisma.fclRate.count({ where: { pod: lane.pod } })).toBe(0);

    const done = await deskPost("admin@example.com", row.id, { ...PUBLISH, carrier: "COSCO" });
    expect(done.status, JSON.stringify(done.data)).toBe(302);
    const rate = await prisma.fclRate.findFirstOrThrow({ where: { pol: lane.pol, pod: lane.pod } });
    expect(rate).toMatchObject({ carrier: "COSCO", gp20T0: null, gp40T1: null });
    expect(String(rate.gp20T1)).toBe("1100");
    expect(String(rate.gp20T2)).toBe("1300");
    expect(rate.validTo!.toISOString().slice(0, 10)).toBe("2099-12-31");
    expect(rate.remark).toContain(row.number);
    const request = await prisma.priceRequest.findUniqueOrThrow({ where: { id: row.id } });
    const [batch] = await listBatches(dataAreas.fcl);
    expect(batch).toMatchObject({ id: request.batchId, fileName: `${row.number}.request`, rows: 1, inserted: 1, source: "rows" });
    expect((await deskGet("admin@example.com", row.id)).data.publish.done).toBe(batch.id);
    // A second click writes nothing more.
    expect((await deskPost("admin@example.com", row.id, PUBLISH)).status).toBe(409);
    expect(await prisma.fclRate.count({ where: { pod: lane.pod } })).toBe(1);

    const news = await mailsOf("lane_news");
    const to = (email: string) => news.filter((m) => m.toAddress === email);
    expect(to("t0@example.com")).toHaveLength(0);
    const [t1] = to("t1@example.com");
    expect(t1.text).toContain("1,100.00 USD");
    expect(t1.text).toContain("2,000.00 USD");
    for (const other of ["1,300.00", "2,400.00"]) expect(t1.text + t1.html).not.toContain(other);
    expect(t1.subject).toContain("新运价");
    for (const email of ["t2@example.com", "other.t2@example.com"]) {
      const [mail] = to(email);
      expect(mail.text, email).toContain("1,300.00 USD");
      for (const other of ["1,100.00", "2,000.00"]) expect(mail.text + mail.html, email).not.toContain(other);
    }
    const [t2] = to("t2@example.com");
    expect(t2.subject).toMatch(/^New rate/);
    expect(t2.text).toMatch(/https:\/\/portal\.example\.com\/watch\/unsubscribe\?w=\d+&s=/);
    expect(t2.text).toContain(`https://portal.example.com/fclbysea?pol=${lane.pol}&pod=${lane.pod}`);
    expect(t1.text).not.toContain("/watch/unsubscribe");

    // A T1 search of the lane now finds it, at the T1 price.
    const { loader: results } = await import("~/routes/site/mode-results");
    const t1Page = await callRoute(
      results,
      getRequest("/fclbysea", { pol: lane.pol, pod: lane.pod }, { cookie: await cookieOfEmail("t1@example.com") }),
    );
    const found = (t1Page.data.results.rows as { id: number; prices: Record<string, string | null> }[]).find((r) => r.id === rate.id);
    expect(found?.prices.gp20).toBe("1100.00");
    await flushBackground();

    // The batch undoes as any import.
    const admin = (await loadViewer(await userId("admin@example.com")))!;
    const undone = await undoBatch(dataAreas.fcl, admin, batch.id);
    expect(undone.ok).toBe(true);
    expect(await prisma.fclRate.count({ where: { pod: lane.pod } })).toBe(0);
  }, 120_000);
});

describe("every mode with a lane writes its table through the import", () => {
  const CASES = [
    ["lcl", { cbm: "3", kg: "900" }, { rate_freightCbm: "55", qty_freightCbm: "3" }, "price_freightCbm_T1", "lclRate", "freightCbmT1"],
    ["air", { kg: "150" }, { rate_bulk100: "4.5", qty_bulk100: "150" }, "price_bulk100_T1", "airRate", "bulk100T1"],
    ["rail", { qty_coc40: "1" }, { rate_coc40: "3900", qty_coc40: "1" }, "price_coc40_T1", "railRate", "coc40T1"],
    ["trailer", { qty_gp20: "1" }, { rate_gp20: "1800", qty_gp20: "1" }, "price_gp20_T1", "trailerRate", "gp20T1"],
  ] as const;
  test.each(CASES)(
    "%s",
    async (mode, cargo, lines, priceField, model, column) => {
      const posted = await ask("t1@example.com", { mode, origin: `TEST-${mode}-FROM`, destination: `TEST-${mode}-TO`, ...cargo });
      expect(posted.status, JSON.stringify(posted.data)).toBe(302);
      const row = await prisma.priceRequest.findFirstOrThrow({ where: { origin: `TEST-${mode}-FROM` } });
      const answer = { intent: "answer", currency: mode === "trailer" ? "CNY" : "USD", validTo: "2099-06-30", ...lines };
      expect((await deskPost("admin@example.com", row.id, answer)).status).toBe(302);
      const done = await deskPost("admin@example.com", row.id, { intent: "publish", [priceField]: "77.5" });
      expect(done.status, JSON.stringify(done.data)).toBe(302);
      const delegate = prisma[model] as unknown as { findMany(args: object): Promise<Record<string, unknown>[]> };
      const written = await delegate.findMany({ where: { remark: { contains: row.number } } });
      expect(written).toHaveLength(1);
      expect(String(written[0][column])).toBe("77.5");
      if (mode === "air") expect(written[0].validityText).toMatch(/至2099-06-30$/);
      expect((await prisma.priceRequest.findUniqueOrThrow({ where: { id: row.id } })).batchId).not.toBeNull();
    },
    60_000,
  );

  test("express answers stay quotes", async () => {
    const posted = await ask("t1@example.com", { mode: "express", destination: "US-W", kg: "400" });
    expect(posted.status).toBe(302);
    const row = await prisma.priceRequest.findFirstOrThrow({ where: { mode: "EXPRESS" }, orderBy: { id: "desc" } });
    expect(
      (
        await deskPost("admin@example.com", row.id, {
          intent: "answer",
          currency: "USD",
          rate_price: "880",
          qty_price: "1",
          validTo: "2099-06-30",
        })
      ).status,
    ).toBe(302);
    expect((await deskGet("admin@example.com", row.id)).data.publish).toBeNull();
    expect((await deskPost("admin@example.com", row.id, { intent: "publish", price_price_T1: "1" })).status).toBe(400);
  }, 60_000);
});
