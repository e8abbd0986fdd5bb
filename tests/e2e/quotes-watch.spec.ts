// Quotes and lane watch in a real browser, with JavaScript on and off
// (projects js/nojs; issue 25 items 3 and 4, decisions 402 and 403): a T2
// customer saves a quote from a results row, finds it on /quotes, the shared
// link opened logged out shows the total and validity and no other tier's
// price, the PDF downloads, the customer books from the quote and sees its
// number on /entrustment; a customer watches a lane from the results page,
// finds it on /userWatches and removes it.
import { login, sql } from "./db-helpers";
import { expect, test } from "./fixtures";

const RESULTS = "/fclbysea?pol=SHANGHAI&pod=BATAM&qty_gp20=2&qty_hq40=1&sort=total";

/** "1234.5" → "1,234.50", as the pages print money. */
const money = (value: string) => Number(value).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test.describe("quotes", { tag: "@nojs" }, () => {
  test("save a quote, list it, share it logged out, download its PDF, book from it", async ({ page, browser, baseURL }) => {
    await login(page, "t2@example.com", RESULTS);
    await page.getByRole("button", { name: "保存报价" }).first().click();
    await expect(page).toHaveURL(/\/quote\/[A-Za-z0-9_-]{24}$/);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toContainText(/报价单 Q\d{8}-\d{6}/);
    const number = /Q\d{8}-\d{6}/.exec((await heading.textContent()) ?? "")![0];
    const shareUrl = page.url();
    const token = shareUrl.split("/").pop()!;
    const total = (await page.locator(".quote__total").textContent())!.trim();
    expect(total).toMatch(/\d/);

    // The personal centre's list.
    await page.goto("/quotes");
    const row = page.getByRole("row").filter({ hasText: number });
    await expect(row).toBeVisible();
    await expect(row).toContainText(total);

    // The shared link, logged out: the total and validity, no Book offer, no other tier's price.
    const [quote] = await sql<{ id: number; rate_id: number; valid_until: Date | null }>(
      "SELECT id, rate_id, valid_until FROM quotes WHERE token = $1",
      [token],
    );
    const [prices] = await sql<Record<string, string>>(
      "SELECT gp20_t0::text AS a, gp20_t1::text AS b, hq40_t0::text AS c, hq40_t1::text AS d, gp20_t2::text AS e, hq40_t2::text AS f FROM fcl_rates WHERE id = $1",
      [quote.rate_id],
    );
    const own = new Set([money(prices.e), money(prices.f)]);
    const others = [prices.a, prices.b, prices.c, prices.d].map(money).filter((v) => !own.has(v));
    const visitor = await browser.newContext({ baseURL, javaScriptEnabled: test.info().project.name === "js" });
    const shared = await visitor.newPage();
    await shared.goto(`/quote/${token}`);
    await expect(shared.getByRole("heading", { level: 1 })).toContainText(number);
    await expect(shared.locator(".quote__total")).toHaveText(total);
    await expect(shared.locator(".quote__facts")).toContainText("有效期至");
    if (quote.valid_until) await expect(shared.locator(".quote__facts")).toContainText(/\d{4}-\d{2}-\d{2}/);
    await expect(shared.getByText("保存此报价的客户登录后可按此报价下单")).toBeVisible();
    await expect(shared.locator('a[href^="/booking/quote/"]')).toHaveCount(0);
    const sharedText = (await shared.locator("main").textContent()) ?? "";
    for (const price of others) expect(sharedText, `another tier's price ${price}`).not.toContain(price);

    // The PDF.
    const pdf = await shared.request.get(`/quote/${token}/pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await visitor.close();

    // Book from the quote (owner, signed in): the dialog carries the quote; ask customer service to get in touch.
    await page.goto(`/quote/${token}`);
    await page.getByTestId("quote-book").click();
    await expect(page).toHaveURL(new RegExp(`/booking/quote/${quote.id}`));
    await expect(page.getByTestId("booking-quote")).toContainText(number);
    await expect(page.getByTestId("booking-quote")).toContainText(total);
    await page.getByTestId("choose-contact").click();
    await expect(page).toHaveURL(/\/booking\/done\/\d+$/);
    const [entrustment] = await sql<{ quote_id: number }>("SELECT quote_id FROM entrustments WHERE id = $1", [
      Number(new URL(page.url()).pathname.split("/").pop()),
    ]);
    expect(entrustment.quote_id).toBe(quote.id);

    await page.goto("/entrustment");
    await expect(page.getByRole("row").filter({ hasText: number })).toBeVisible();
  });
});

test.describe("lane watch", { tag: "@nojs" }, () => {
  test("watch a lane from the results page, find it on /userWatches, remove it", async ({ page }) => {
    await login(page, "t1@example.com", "/fclbysea?pol=SHANGHAI&pod=BATAM");
    await sql("DELETE FROM lane_watches WHERE user_id = (SELECT id FROM users WHERE email = 't1@example.com')");
    await page.reload();
    await page.getByTestId("watch-lane").getByRole("button", { name: "关注此航线" }).click();
    await expect(page.getByTestId("watch-lane")).toContainText("您已关注此航线");

    await page.goto("/userWatches");
    const row = page.getByRole("row").filter({ hasText: "SHANGHAI" }).filter({ hasText: "BATAM" });
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: "取消关注" }).click();
    await expect(page).toHaveURL(/\/userWatches/);
    await expect(page.getByText("已取消关注")).toBeVisible();
    await expect(page.getByText("您还没有关注任何航线")).toBeVisible();
    const [{ count }] = await sql<{ count: string }>(
      "SELECT count(*) FROM lane_watches WHERE user_id = (SELECT id FROM users WHERE email = 't1@example.com')",
    );
    expect(Number(count)).toBe(0);
  });
});
