import { expect, test } from "./fixtures";

test.describe("smoke", () => {
  test("/ redirects to /home and shows the site header", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/home$/);
    const header = page.getByRole("banner");
    await expect(header).toBeVisible();
    // The header carries the site name (zh-CN by default).
    await expect(header).toContainText("环球货运运价平台");
  });

  test("an unknown path shows the 404 page with status 404", async ({ page }) => {
    const response = await page.goto("/no-such-page-e2e");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
  });

  test("the document language is zh-CN by default", async ({ page }) => {
    await page.goto("/home");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  });
});
