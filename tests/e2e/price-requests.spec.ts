// The price-request loop in a real browser, with JavaScript on and off
// (projects js/nojs; issue 43): a T1 customer's search finds no rate and asks
// the pricing desk from the results page; the desk answers with price lines
// and writes the answer into the FCL table for T1; the customer books at the
// answer's quote and the request closes; a T1 search of the lane then finds
// the new rate at its price.
import type { Page } from "@playwright/test";
import { login, sql } from "./db-helpers";
import { expect, hydrated, test } from "./fixtures";

/** An FCL lane with no rate, one per project (the two projects share the e2e database). */
async function unpricedLane(project: string): Promise<{ pol: string; pod: string }> {
  const [row] = await sql<{ name: string }>(
    `SELECT p.name FROM sea_ports p WHERE NOT EXISTS (SELECT 1 FROM fcl_rates r WHERE r.pod = p.name) AND p.name ~ '^[A-Z]+$'
     ORDER BY p.name OFFSET $1 LIMIT 1`,
    [project === "js" ? 3 : 7],
  );
  return { pol: "SHANGHAI", pod: row.name };
}

async function submit(page: Page, name: string) {
  await hydrated(page);
  await page.getByRole("button", { name, exact: true }).click();
}

test(
  "ask where nothing was found, answer, make it a rate, book; a T1 search finds the rate",
  { tag: "@nojs" },
  async ({ page, browser, baseURL }) => {
    const lane = await unpricedLane(test.info().project.name);
    const results = `/fclbysea?pol=${lane.pol}&pod=${encodeURIComponent(lane.pod)}`;

    // The customer's search finds nothing: the request form is on the page, the lane filled in.
    await login(page, "t1@example.com", results);
    const form = page.locator('form[action="/priceRequest"]');
    await expect(form).toBeVisible();
    await expect(form.locator('input[name="destination"]')).toHaveValue(lane.pod);
    await form.locator('input[name="qty_gp20"]').fill("2");
    await form.locator('textarea[name="remarks"]').fill("家具，木箱包装");
    await form.getByRole("button", { name: "提交询价" }).click();
    await expect(page).toHaveURL(/\/userRequests$/);
    await expect(page.locator(".flash")).toContainText(/询价 R\d{8}-\d{6} 已提交/);
    const number = /R\d{8}-\d{6}/.exec((await page.locator(".flash").textContent()) ?? "")![0];
    await expect(page.getByRole("row").filter({ hasText: number })).toContainText("待回复");

    // The desk: the request is in the queue with its clock; answered with a price line, then written as a T1 rate.
    const staff = await browser.newContext({ baseURL, javaScriptEnabled: test.info().project.name === "js" });
    const desk = await staff.newPage();
    await login(desk, "admin@example.com", "/priceDesk");
    const row = desk.getByRole("row").filter({ hasText: number });
    await expect(row).toContainText(/剩余|即将超时|已超时/);
    await row.getByRole("link", { name: "处理" }).click();
    await expect(desk.getByRole("heading", { level: 1 })).toContainText(number);
    await hydrated(desk);
    await desk.getByLabel("20GP 单价").fill("1530");
    await expect(desk.getByLabel("20GP 数量")).toHaveValue("2");
    await desk.locator('input[name="fee0_label"]').fill("码头操作费");
    await desk.locator('input[name="fee0_rate"]').fill("60");
    await desk.getByLabel("有效期至").first().fill("2099-06-30");
    await submit(desk, "发送报价");
    await expect(desk.locator(".flash--success")).toContainText(`已向客户发送询价 ${number} 的报价`);
    await expect(desk.getByText(/3,120\.00 USD/).first()).toBeVisible();
    // The T1 price is filled in from the answer; T0 and T2 left empty get no price.
    await expect(desk.getByLabel("20GP T1")).toHaveValue("1530.00");
    await submit(desk, "写入运价表");
    await expect(desk.locator(".flash--success")).toContainText(/已写入运价表（导入批次 #\d+）/);
    await expect(desk.getByRole("link", { name: "查看导入历史" })).toBeVisible();
    await staff.close();

    // The customer books at the answer's quote (contact request); the request closes.
    await page.goto("/userRequests");
    const mine = page.getByRole("row").filter({ hasText: number });
    await expect(mine).toContainText("已报价");
    await mine.getByRole("link", { name: "按此报价订舱" }).click();
    await expect(page).toHaveURL(/\/booking\/quote\/\d+/);
    await hydrated(page);
    await page.getByTestId("choose-contact").click();
    await expect(page).toHaveURL(/\/booking\/done\/\d+$/);
    await page.goto("/userRequests");
    await expect(page.getByRole("row").filter({ hasText: number })).toContainText("已订舱");

    // A T1 search of the lane now finds the rate at its T1 price (and no longer offers the request form).
    await page.goto(results);
    await expect(page.locator(".table-wrap")).toContainText("1,530.00");
    await expect(page.locator('form[action="/priceRequest"]')).toHaveCount(0);
    const [rate] = await sql<{ gp20_t1: string; gp20_t0: string | null }>(
      "SELECT gp20_t1::text, gp20_t0::text FROM fcl_rates WHERE pod = $1",
      [lane.pod],
    );
    expect(rate).toEqual({ gp20_t1: "1530.00", gp20_t0: null });
  },
);

test("a visitor asks from the form page in English and is told the request is held", { tag: "@nojs" }, async ({ page }) => {
  await page.goto("/priceRequest?mode=lcl&lclpol=SHANGHAI&lclpod=KOBE&lng=en-US");
  await hydrated(page);
  await expect(page.getByLabel("Port of loading")).toHaveValue("SHANGHAI");
  await page.getByRole("button", { name: "Send the request" }).click();
  // Nothing stored: the problems named in English.
  await expect(page.getByText("Give the cargo: a count of at least one container type, or the volume or weight")).toBeVisible();
  await expect(page.getByText("Give your name (up to 30 characters)")).toBeVisible();
  await page.getByLabel("Volume (CBM)").fill("2.5");
  await page.getByLabel("Name", { exact: true }).fill("Sam Lee");
  await page.getByLabel("Company", { exact: true }).fill("Lee Trading");
  await page.getByLabel("E-mail").fill(`sam.${test.info().project.name}@lee.example`);
  await page.getByRole("button", { name: "Send the request" }).click();
  await expect(page.getByText(/Price request R\d{8}-\d{6} is received/)).toBeVisible();
  const [row] = await sql<{ state: string }>("SELECT state FROM price_requests WHERE email = $1", [
    `sam.${test.info().project.name}@lee.example`,
  ]);
  expect(row.state).toBe("HELD");
});
