// Rate search in a real browser, with JavaScript on (project "js") and off
// ("nojs"): search from /home, see results; a T1 customer sees T1 prices.
import { login, sql as query } from "./db-helpers";
import { expect, test } from "./fixtures";

const VALID = `(valid_from IS NULL OR valid_from <= (now() AT TIME ZONE 'Asia/Shanghai')::date)
  AND (valid_to IS NULL OR valid_to >= (now() AT TIME ZONE 'Asia/Shanghai')::date)`;

const money = (raw: string) => {
  const [whole, cents] = raw.split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${cents}`;
};

const isJs = () => test.info().project.name === "js";

test.describe("rate search", { tag: "@nojs" }, () => {
  test("FCL: a visitor searches Shanghai → Batam from /home and sees routes, no price", async ({ page }) => {
    await page.goto("/home?tab=fcl");
    await page.getByLabel("起运港").fill("shanghai");
    await page.getByLabel("目的港").fill("batam");
    await page.getByRole("button", { name: "查询" }).click();
    await page.waitForURL(/\/fclbysea\?pol=shanghai&pod=batam/i);
    const rows = page.locator("tr.rates__row");
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText("SHANGHAI");
    await expect(rows.first()).toContainText("登录后查看价格");
    await expect(page.locator("table.rates")).not.toContainText("USD");
    // The form shows the resolved names.
    await expect(page.getByLabel("起运港")).toHaveValue("SHANGHAI");
  });

  test("FCL: both ports are required (server message in the user's language)", async ({ page }) => {
    await page.goto("/home?tab=fcl");
    await page.getByRole("button", { name: "查询" }).click();
    await page.waitForURL(/\/fclbysea/);
    await expect(page.getByText("请选择起运港！")).toBeVisible();
    await expect(page.getByText("请选择目的港！")).toBeVisible();
  });

  test("FCL: an ambiguous port offers 'did you mean' links", async ({ page }) => {
    // Three ports are named Manzanillo (Mexico, the Dominican Republic, Panama).
    await page.goto("/fclbysea?pol=manz&pod=BATAM");
    await page
      .locator(".chips--candidates a", { hasText: /^MANZANILLO\b/ })
      .first()
      .click();
    await page.waitForURL(/pol=MANZANILLO&pod=BATAM/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("MANZANILLO → BATAM");
  });

  test("FCL: the port picker suggests while typing (JavaScript)", async ({ page }) => {
    test.skip(!isJs(), "the listbox needs JavaScript; without it the server resolves the text");
    await page.goto("/home?tab=fcl");
    const pol = page.getByRole("combobox", { name: "起运港" });
    await pol.fill("shangh");
    const option = page.getByRole("option", { name: /^SHANGHAI CNSHA/ });
    await expect(option).toBeVisible();
    await pol.press("ArrowDown");
    await pol.press("Enter");
    await expect(pol).toHaveValue("SHANGHAI");
    // Focusing an empty box offers the visitor defaults.
    const pod = page.getByRole("combobox", { name: "目的港" });
    await pod.focus();
    await expect(page.getByRole("option", { name: /BATAM/ })).toBeVisible();
    await pod.press("ArrowDown");
    await pod.press("Enter");
    await expect(pod).toHaveValue("BATAM");
    await pod.press("Enter");
    await page.waitForURL(/\/fclbysea\?pol=SHANGHAI&pod=BATAM/);
    await expect(page.locator("tr.rates__row")).toHaveCount(3);
  });

  test("air: a T1 customer sees the T1 weight breaks and no other tier", async ({ page }) => {
    const rows = await query<{ bulk45_t0: string; bulk45_t1: string; bulk45_t2: string }>(
      `SELECT bulk45_t0::text, bulk45_t1::text, bulk45_t2::text FROM air_rates WHERE pol = 'PVG' AND pod = 'ORD' AND ${VALID}`,
    );
    expect(rows.length).toBe(3);
    await login(page, "t1@example.com", "/home?tab=air");
    await page.getByLabel("起运机场").fill("PVG");
    await page.getByLabel("目的机场").fill("ORD");
    await page.getByRole("button", { name: "查询" }).click();
    await page.waitForURL(/\/byair\?airpol=PVG&airpod=ORD/);
    await expect(page.locator("tr.rates__row")).toHaveCount(3);
    const body = await page.locator("main").innerText();
    for (const row of rows) {
      expect(body).toContain(`${money(row.bulk45_t1)} USD`);
      expect(body).not.toContain(money(row.bulk45_t0));
      expect(body).not.toContain(money(row.bulk45_t2));
    }
    await expect(page.locator("a", { hasText: "委托订舱" }).first()).toHaveAttribute("href", /^\/booking\/air\/\d+$/);
  });

  test("FCL: a T1 customer sees T1 prices", async ({ page }) => {
    const rows = await query<{ gp20_t0: string; gp20_t1: string; gp20_t2: string }>(
      `SELECT gp20_t0::text, gp20_t1::text, gp20_t2::text FROM fcl_rates WHERE pol = 'SHANGHAI' AND pod = 'BATAM' AND ${VALID}`,
    );
    await login(page, "t1@example.com", "/fclbysea?pol=SHANGHAI&pod=BATAM");
    await expect(page.locator("tr.rates__row")).toHaveCount(rows.length);
    const html = await page.content();
    for (const row of rows) {
      await expect(page.locator("main")).toContainText(`${money(row.gp20_t1)} USD`);
      expect(html).not.toContain(row.gp20_t0);
      expect(html).not.toContain(row.gp20_t2);
    }
  });

  test("FCL: the table of a loaded page stays through hydration; a filter and going back rebuild it from the data", async ({ page }) => {
    // The browser hydrates the server's table, and every navigation after it (with JavaScript, the router's
    // data fetch) brings the rows React builds the table from: the same markup as the server's.
    await login(page, "t1@example.com");
    await page.goto("/fclbysea?pol=SHANGHAI&pod=BATAM");
    const table = page.locator("table.rates");
    const loaded = await table.innerHTML();
    const count = await page.locator("tr.rates__row").count();
    expect(count).toBeGreaterThan(1);
    if (isJs()) await expect(page.locator('input[role="combobox"]').first()).toBeAttached();
    expect(await table.innerHTML()).toBe(loaded);
    // One carrier: a client navigation with JavaScript, a new document without.
    const carrier = (await page.locator("#fcl-carrier option").nth(1).getAttribute("value"))!;
    await page.locator("#fcl-carrier").selectOption(carrier);
    await page.locator(".toolbar__filter button").click();
    await page.waitForURL(/carrier=/);
    await expect(page.locator("tr.rates__row")).toHaveCount(1);
    await expect(page.locator("tr.rates__row td").nth(2)).toHaveText(carrier);
    const filtered = await table.innerHTML();
    // Back: the whole route again, the same table as the page load's.
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes("carrier="));
    await expect(page.locator("tr.rates__row")).toHaveCount(count);
    expect(await table.innerHTML()).toBe(loaded);
    // What the browser built from the data is what the server writes into a document of that URL.
    await page.goto(`/fclbysea?pol=SHANGHAI&pod=BATAM&sort=price&carrier=${encodeURIComponent(carrier)}`);
    expect(await table.innerHTML()).toBe(filtered);
  });

  test("express: country and weight from /home; prices after login", async ({ page }) => {
    await page.goto("/home?tab=delivery");
    await page.getByLabel("目的国家/地区").fill("美国西部");
    await page.getByLabel("重量（KG）").fill("2.3");
    await page.getByRole("button", { name: "查询" }).click();
    await page.waitForURL(/\/express\?pod=/);
    await expect(page.locator("tr.rates__row")).toHaveCount(4);
    await expect(page.locator("table.rates")).toContainText("登录后查看价格");
    await expect(page.locator("table.rates")).not.toContainText("USD");
    await expect(page.getByText(/F 区/)).toBeVisible();

    await login(page, "t1@example.com", page.url().replace(/^https?:\/\/[^/]+/, ""));
    await expect(page.locator("tr.rates__row")).toHaveCount(4);
    await expect(page.locator("table.rates")).toContainText("USD");
    await expect(page.locator("table.rates")).toContainText("%");
  });

  test("express: weight over 299 kg is refused", async ({ page }) => {
    await page.goto("/home?tab=delivery");
    await page.getByLabel("目的国家/地区").fill("US-W");
    await page.getByLabel("重量（KG）").fill("300");
    await page.getByRole("button", { name: "查询" }).click();
    await page.waitForURL(/\/express\?/);
    await expect(page.getByText("不能超过299KG！")).toBeVisible();
  });

  test("tabs are links and special offers show under each tab", async ({ page }) => {
    await page.goto("/home");
    await page.getByRole("link", { name: "海运拼箱" }).first().click();
    await page.waitForURL(/tab=lcl/);
    await expect(page.locator("form.search-form")).toHaveAttribute("action", "/lclbysea");
    await expect(page.locator(".offer-card").first()).toBeVisible();
    await expect(page.locator(".offers")).toContainText("请注册/登录您的账户！");
    await page.locator(".tabs").getByRole("link", { name: "内陆拖车" }).click();
    await page.waitForURL(/tab=car/);
    await expect(page.locator("form.search-form")).toHaveAttribute("action", "/trailer");
  });

  test("special offers: a carousel of 6 with JavaScript, a static grid without", async ({ page }) => {
    await page.goto("/home?tab=fcl");
    const cards = page.locator(".offers .offer-card");
    if (isJs()) {
      await expect(page.locator(".carousel")).toBeVisible();
      await expect(cards).toHaveCount(6);
      await page.getByRole("button", { name: /下一组/ }).click();
      await expect(page.locator(".carousel__status")).toHaveText("2 / 2");
    } else {
      await expect(page.locator(".carousel")).toHaveCount(0);
      expect(await cards.count()).toBeGreaterThan(6);
    }
    // A visitor's booking button leads to the login page.
    await expect(cards.first().getByRole("link", { name: "立即订舱" })).toHaveAttribute(
      "href",
      /^\/login\?redirectTo=%2Fbooking%2Foffer%2F\d+$/,
    );
  });

  test("contact card: customer service and sales of a T1 customer", async ({ page }) => {
    await login(page, "t1@example.com", "/home");
    const card = page.locator(".contact-card--floating");
    await card.locator("summary").click();
    await expect(card).toContainText("陈静");
    if (isJs()) {
      // customer_rating 2: toggles between the two contacts.
      await expect(card).not.toContainText("王晓明");
      await card.getByRole("button", { name: "专属销售" }).click();
      await expect(card).toContainText("王晓明");
      await expect(card).not.toContainText("陈静");
    } else {
      await expect(card).toContainText("王晓明");
    }
  });
});

test.describe("typing before the page's script has run", () => {
  test("what a customer typed before hydration stays in the fields and is searched", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === "nojs", "needs the page's script (without it nothing is replaced)");
    // A slow phone: the translations the script waits for arrive late.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/locales/**", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/home?tab=delivery", { waitUntil: "domcontentloaded" });
    await page.getByLabel("目的国家/地区").fill("美国西部");
    await page.getByLabel("重量（KG）").fill("2.3");
    release();
    // Hydrated: the picker has become a combobox.
    await expect(page.locator('input[role="combobox"]').first()).toBeAttached();
    await expect(page.getByLabel("目的国家/地区")).toHaveValue("美国西部");
    await expect(page.getByLabel("重量（KG）")).toHaveValue("2.3");
    await page.getByRole("button", { name: "查询" }).click();
    await page.waitForURL(/\/express\?pod=/);
    await expect(page.locator("tr.rates__row")).toHaveCount(4);
  });
});

test.describe("picker failures (spec 8, 9)", { tag: "@nojs" }, () => {
  // The aborted lookups log "Failed to load resource" on purpose.
  test.use({ allowConsoleErrors: true });

  test("a failed lookup says 获取下拉列表数据失败!, a hanging one shows loading and gives up after 5 s", async ({ page }) => {
    test.skip(!isJs(), "the listbox needs JavaScript; without it the server resolves the text");
    await page.route("**/resources/ports**", (route) => route.abort("failed"));
    await page.goto("/home?tab=fcl");
    const pol = page.getByRole("combobox", { name: "起运港" });
    await pol.fill("shangh");
    await expect(page.getByRole("listbox")).toContainText("获取下拉列表数据失败!");
    await expect(page.getByText("无匹配结果")).toHaveCount(0);

    await page.unroute("**/resources/ports**");
    await page.route("**/resources/ports**", (route) => route.fulfill({ status: 500, body: "boom" }));
    await pol.fill("ningb");
    await expect(page.getByRole("listbox")).toContainText("获取下拉列表数据失败!");

    // Never answered: "loading" at once, the failure message after 5 s.
    await page.unroute("**/resources/ports**");
    await page.route("**/resources/ports**", () => {});
    await pol.fill("qingd");
    await expect(page.getByRole("listbox")).toContainText("正在加载…");
    await expect(page.getByRole("listbox")).toContainText("获取下拉列表数据失败!", { timeout: 7_000 });

    // Answered again: the options, no stale message.
    await page.unroute("**/resources/ports**");
    await pol.fill("shangha");
    await expect(page.getByRole("option", { name: /^SHANGHAI CNSHA/ })).toBeVisible();
    await expect(page.getByText("获取下拉列表数据失败!")).toHaveCount(0);
  });
});
