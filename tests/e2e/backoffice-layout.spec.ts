// Issue 22 item 13: the back office at 1400 px and on a phone, with
// JavaScript on and off, in both languages. The user table fits a 1400 px
// window without sideways scrolling, and its sticky 操作 column covers no
// other column; on a phone the back-office menu is folded, so the screen's
// list comes first.
import type { Page } from "@playwright/test";
import { sql } from "./db-helpers";
import { expect, hydrated, test } from "./fixtures";

async function login(page: Page, email: string, path: string) {
  await page.goto("/login");
  await hydrated(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill("Demo1234");
  await page.locator('input[name="password"]').press("Enter");
  await page.waitForURL(/\/home$/);
  await page.goto(path);
}

for (const lng of ["zh-CN", "en-US"] as const) {
  test(`/userList at 1400 px (${lng}): no sideways scroll, the sticky actions cover no column`, async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    // The widest values an account can have, on the first page (newest first), whatever other specs created.
    await sql(
      `INSERT INTO users (email, password_hash, username, phone, company, role_id, customer_rating, sales_id, customer_service_id, audit, updated_at)
       SELECT $1, password_hash, $2, $3, $4, role_id, customer_rating, sales_id, customer_service_id, 2, now()
         FROM users WHERE email = 't2@example.com'
       ON CONFLICT DO NOTHING`,
      [
        "procurement.department.longest.mailbox@subsidiary.example-logistics.com",
        "E2E_widest_account_username_x40",
        "+86-13800138000-12345",
        "Globalised International Freight Forwarding Co., Ltd. 环宇通达国际物流有限公司",
      ],
    );
    await login(page, "admin@example.com", `/userList?lng=${lng}&size=50`);
    const table = page.locator(".datatable").first();
    await expect(table).toBeVisible();
    const { scrollWidth, clientWidth } = await table.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    // Every row: the actions cell starts where the last other cell (registration time, state switch) ends.
    const overlaps = await table.locator("tbody tr").evaluateAll((rows) =>
      rows.flatMap((tr) => {
        const cells = [...tr.children] as HTMLElement[];
        const actions = cells[cells.length - 1].getBoundingClientRect();
        return cells
          .slice(0, -1)
          .map((cell) => cell.getBoundingClientRect())
          .filter((rect) => rect.right > actions.left + 0.5)
          .map((rect) => `${rect.right} > ${actions.left}`);
      }),
    );
    expect(overlaps).toEqual([]);
    // The state switch is visible and clickable (nothing on top of it).
    const toggle = table.locator(".admin-switch").first();
    const rect = (await toggle.boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest(".admin-switch") !== null,
      [rect.x + rect.width / 2, rect.y + rect.height / 2],
    );
    expect(onTop).toBe(true);
  });
}

test.describe("phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the back-office menu is folded: the list comes before any menu link; the toggle opens it", async ({ page }) => {
    await login(page, "admin@example.com", "/userList");
    const links = page.locator(".bo__nav nav a");
    expect(await links.count()).toBeGreaterThan(10);
    await expect(links.first()).toBeHidden();
    const table = (await page.locator(".datatable").first().boundingBox())!;
    const summary = (await page.locator(".bo__nav-summary").boundingBox())!;
    // Only the one-line toggle sits above the screen; the screen's own heading, search and tabs come before its list.
    // (They fit the 390 px window since issue 44 item 7, so they stack: no menu link among them.)
    expect(summary.height).toBeLessThan(60);
    expect(table.y).toBeLessThan(summary.y + summary.height + 600);
    await page.locator(".bo__nav-summary").click();
    await expect(links.first()).toBeVisible();
  });
});
