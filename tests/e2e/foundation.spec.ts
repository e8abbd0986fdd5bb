// Foundation flows in a real browser, with JavaScript on and off (projects js/nojs).
import { expect, hydrated, test } from "./fixtures";
import type { Request } from "@playwright/test";

test.describe("foundation", () => {
  test("log in and log out", { tag: "@nojs" }, async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel("邮箱").fill("t1@example.com");
    await page.getByLabel("密码").fill("Demo1234");
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    const header = page.getByRole("banner");
    await expect(header.getByRole("button", { name: "退出登录" })).toBeVisible();

    await header.getByRole("button", { name: "退出登录" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText("退出登录成功!")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "登录/注册" })).toBeVisible();
  });

  test("a frozen account cannot log in: /freeze says so and whom to contact", { tag: "@nojs" }, async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel("邮箱").fill("frozen@example.com");
    await page.getByLabel("密码").fill("Demo1234");
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page).toHaveURL(/\/freeze$/);
    await expect(page.getByRole("alert")).toContainText("您的账户已被管理员冻结");
    // Not signed in: the site shows the visitor's login button.
    await page.goto("/home");
    await expect(page.getByRole("banner").getByRole("link", { name: "登录/注册" })).toBeVisible();
  });

  test("switches the language without losing the page", { tag: "@nojs" }, async ({ page }) => {
    await page.goto("/us");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await page.getByRole("banner").locator(".language-switch summary").click();
    await page.getByRole("button", { name: "English" }).click();
    await expect(page).toHaveURL(/\/us$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About us");
  });

  test("unknown pages answer 404 with the site's page", async ({ page }) => {
    const response = await page.goto("/definitely/not/here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
    await expect(page.getByRole("link", { name: "返回首页" })).toBeVisible();
  });

  test("the translations are downloaded once: the document preloads the file the page then reads to hydrate", async ({ page }) => {
    for (const [path, lng] of [
      ["/home", "zh-CN"],
      ["/fclbysea?lng=en-US", "en-US"],
    ] as const) {
      const fetched: string[] = [];
      const listener = (request: Request) => {
        if (new URL(request.url()).pathname.startsWith("/locales/")) fetched.push(request.url());
      };
      page.on("request", listener);
      await page.goto(path);
      await hydrated(page);
      page.off("request", listener);
      const preload = page.locator('head link[rel="preload"][as="fetch"]');
      await expect(preload).toHaveCount(1);
      const href = new URL((await preload.getAttribute("href")) ?? "", page.url());
      expect(href.pathname).toBe(`/locales/${lng}.json`);
      expect(href.searchParams.get("v")).toMatch(/^[0-9a-f]{8,}$/);
      // One request: the page's own fetch was answered by the preload (a mismatch in mode or credentials would fetch twice).
      expect(fetched).toEqual([href.href]);
      // Hydrated in the document's language, from that file.
      await expect(page.locator("html")).toHaveAttribute("lang", lng);
    }
  });

  test("the icon and logo are served from public/, a page of the same name is not", async ({ request, baseURL }) => {
    for (const file of ["/favicon.svg", "/logo.svg"]) {
      const response = await request.get(`${baseURL}${file}`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("image/svg+xml");
      expect(response.headers()["cache-control"]).toContain("max-age=3600");
    }
    // Other paths go to the app (no file lookup), a missing file included.
    expect((await request.get(`${baseURL}/missing.svg`)).status()).toBe(404);
  });

  test("build assets: the brotli or gzip copy made at build time, else the file; cached for a year", async ({ request, baseURL }) => {
    const home = await (await request.get(`${baseURL}/home`)).text();
    const script = /<script[^>]+src="(\/build\/[^"]+\.js)"|<link[^>]+href="(\/build\/[^"]+\.js)"/.exec(home);
    const asset = script?.[1] ?? script?.[2];
    expect(asset).toBeTruthy();
    const plain = await request.get(`${baseURL}${asset}`, { headers: { "Accept-Encoding": "identity" } });
    const body = await plain.body();
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["identity", undefined],
    ] as const) {
      const response = await request.get(`${baseURL}${asset}`, { headers: { "Accept-Encoding": accept } });
      expect(response.status()).toBe(200);
      expect(response.headers()["content-encoding"]).toBe(encoding);
      expect(response.headers()["content-type"]).toContain("javascript");
      expect(response.headers()["cache-control"]).toContain("immutable");
      expect(response.headers()["vary"]).toContain("Accept-Encoding");
      // Decoded by the client: the same script whichever copy was sent.
      expect((await response.body()).equals(body)).toBe(true);
    }
  });
});
