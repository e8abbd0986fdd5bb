// Accounts in a real browser, with JavaScript on (project js) and off (nojs):
// registration with the code read from the mail outbox, login/logout,
// pending/failed notices, frozen accounts, personal centre, avatar, idle logout.
import { sql } from "./db-helpers";
import { expect, hydrated, test } from "./fixtures";
import type { Page } from "@playwright/test";

const PASSWORD = "Demo1234";
// 1x1 transparent PNG.
const PNG_1PX = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

let sequence = 0;
function unique(project: string) {
  sequence += 1;
  const stamp = `${Date.now().toString(36)}${sequence}${project === "nojs" ? "n" : "j"}`;
  const phone = `17${String((Date.now() % 1_000_000_000) + sequence * 7 + (project === "nojs" ? 1 : 0))
    .padStart(9, "0")
    .slice(-9)}`;
  return { email: `e2e.${stamp}@example.org`, username: `e2e${stamp}`.slice(0, 15), phone };
}

/** An audited T1 customer created straight in the database (password Demo1234). */
async function createCustomer(project: string) {
  const who = unique(project);
  await sql(
    `INSERT INTO users (email, password_hash, username, nickname, phone, role_id, state, audit, customer_rating, sales_id, customer_service_id, company, business_address, iae_countries, created_at, updated_at)
     SELECT $1, password_hash, $2, 'E2E', $3, 20, 1, 2, 2, 2, 4, 'E2E 公司', '上海市测试路1号', '美国', now(), now() FROM users WHERE email = 't1@example.com'`,
    [who.email, who.username, who.phone],
  );
  return who;
}

async function latestCode(email: string) {
  const rows = await sql<{ text: string }>("SELECT text FROM email_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1", [email]);
  const code = rows[0]?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mail for ${email}`);
  return code;
}

async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("邮箱", { exact: true }).fill(email);
  await page.getByLabel("密码", { exact: true }).fill(password);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

test.describe("accounts", { tag: "@nojs" }, () => {
  test("register with an e-mail code, log in, see the pending-review notice instead of prices", async ({ page }, testInfo) => {
    const who = unique(testInfo.project.name);
    await page.goto("/login");
    await hydrated(page);
    await page.getByRole("link", { name: "注册", exact: true }).click();
    await expect(page).toHaveURL(/mode=register/);

    await page.getByLabel("邮箱", { exact: true }).fill(who.email);
    await page.getByLabel("用户名").fill(who.username);
    await page.getByRole("button", { name: "发送验证码" }).click();
    await expect(page.getByText(`验证码已发送至 ${who.email}`)).toBeVisible();
    // The typed values survive the round trip (also without JavaScript).
    await expect(page.getByLabel("邮箱", { exact: true })).toHaveValue(who.email);
    await expect(page.getByLabel("用户名")).toHaveValue(who.username);

    const code = await latestCode(who.email);
    await page.getByLabel("邮箱验证码").fill(code);
    await page.getByLabel("密码", { exact: true }).fill("Secret123");
    await page.getByLabel("确认密码").fill("Secret999");
    await page.getByLabel("手机号").fill(who.phone);
    await page.getByLabel("公司名称").fill("端到端测试公司");
    await page.getByLabel("经营地址").fill("上海市浦东新区测试路1号");
    await page.getByLabel("进出口国家").fill("美国、日本");
    await page.getByLabel("客户类型").selectOption({ label: "同行客户" });
    await page.getByLabel("我已阅读并同意").check();
    await page.getByRole("button", { name: "注册", exact: true }).click();
    // Server (or client) validation: the passwords differ.
    await expect(page.getByText("两次输入密码不一致")).toBeVisible();

    await page.getByLabel("密码", { exact: true }).fill("Secret123");
    await page.getByLabel("确认密码").fill("Secret123");
    if (!(await page.getByLabel("我已阅读并同意").isChecked())) await page.getByLabel("我已阅读并同意").check();
    await page.getByRole("button", { name: "注册", exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("注册成功！")).toBeVisible();
    // A later login error stands alone: the success message of the registration is gone.
    await page.getByLabel("邮箱", { exact: true }).fill(who.email);
    await page.getByLabel("密码", { exact: true }).fill("Wrong1234");
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("邮箱或密码错误，请重新输入！");
    await expect(page.getByText("注册成功！")).toHaveCount(0);

    const [user] = await sql<{ audit: number; state: number; role_id: number }>(
      "SELECT audit, state, role_id FROM users WHERE email = $1",
      [who.email],
    );
    expect(user).toEqual({ audit: 1, state: 1, role_id: 21 });

    await logIn(page, who.email, "Secret123");
    await expect(page.getByTestId("account-notice")).toContainText("注册信息待审核，请联系您的专属销售审核通过后查看运价。");
    await expect(page.getByRole("banner")).toContainText(who.username);
  });

  test("a wrong code is refused with its message", async ({ page }, testInfo) => {
    const who = unique(testInfo.project.name);
    await page.goto("/login?mode=register");
    await hydrated(page);
    await page.getByLabel("邮箱", { exact: true }).fill(who.email);
    await page.getByRole("button", { name: "发送验证码" }).click();
    await expect(page.getByText(`验证码已发送至 ${who.email}`)).toBeVisible();
    const code = await latestCode(who.email);
    await page.getByLabel("邮箱验证码").fill(code === "000000" ? "111111" : "000000");
    await page.getByLabel("密码", { exact: true }).fill("Secret123");
    await page.getByLabel("确认密码").fill("Secret123");
    await page.getByLabel("用户名").fill(who.username);
    await page.getByLabel("手机号").fill(who.phone);
    await page.getByLabel("公司名称").fill("端到端测试公司");
    await page.getByLabel("经营地址").fill("上海市");
    await page.getByLabel("进出口国家").fill("美国");
    await page.getByLabel("客户类型").selectOption({ label: "直客" });
    await page.getByLabel("我已阅读并同意").check();
    await page.getByRole("button", { name: "注册", exact: true }).click();
    await expect(page.getByText("验证码无效或错误")).toBeVisible();
  });

  test("log in and log out; wrong passwords get one message", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel("邮箱", { exact: true }).fill("t1@example.com");
    await page.getByLabel("密码", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("邮箱或密码错误，请重新输入！");

    await logIn(page, "t1@example.com");
    const header = page.getByRole("banner");
    await expect(page.getByTestId("account-notice")).toHaveCount(0);
    await header.getByRole("button", { name: "退出登录" }).click();
    await expect(page.getByText("退出登录成功!")).toBeVisible();
    await page.goto("/userAllInfo");
    await expect(page).toHaveURL(/\/home$/);
  });

  test("a failed registration sees the not-approved notice", async ({ page }) => {
    await logIn(page, "failed@example.com");
    await expect(page.getByTestId("account-notice")).toContainText("注册信息审核未通过，请联系您的专属销售。");
  });

  test("a frozen account that logs in is shown /freeze: what happened and its customer service", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel("邮箱", { exact: true }).fill("frozen@example.com");
    await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page).toHaveURL(/\/freeze$/);
    await expect(page.getByRole("heading", { name: "账户已冻结" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("您的账户已被管理员冻结");
    await expect(page.getByTestId("freeze-contact")).toContainText("陈静");
    await expect(page.getByTestId("freeze-contact")).toContainText("13800000004");
  });

  test("a user frozen by staff is logged out on the next request", async ({ page }, testInfo) => {
    const who = await createCustomer(testInfo.project.name);
    await logIn(page, who.email);
    await page.goto("/userAllInfo");
    await expect(page.getByRole("heading", { name: "个人信息" })).toBeVisible();

    // As the user list freezes: the state and the revocation of every session in one transaction.
    await sql(
      "WITH u AS (UPDATE users SET state = 2 WHERE email = $1 RETURNING id) UPDATE sessions SET revoked_at = now() WHERE user_id IN (SELECT id FROM u)",
      [who.email],
    );
    await page.goto("/userInfo");
    await expect(page).toHaveURL(/\/freeze$/);
    await expect(page.getByRole("heading", { name: "账户已冻结" })).toBeVisible();
    await expect(page.getByTestId("freeze-contact")).toContainText("陈静");
    const [row] = await sql<{ live: string }>(
      "SELECT count(*) AS live FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1 AND s.revoked_at IS NULL",
      [who.email],
    );
    expect(Number(row.live)).toBe(0);
    // Unfrozen again, the old cookie is still dead.
    await sql("UPDATE users SET state = 1 WHERE email = $1", [who.email]);
    await page.goto("/userAllInfo");
    await expect(page).toHaveURL(/\/home$/);
  });

  test("personal centre: profile edit and avatar upload", async ({ page }, testInfo) => {
    const who = await createCustomer(testInfo.project.name);
    await logIn(page, who.email);
    await page.getByRole("banner").getByRole("link", { name: "个人中心" }).first().click();
    await expect(page).toHaveURL(/\/userAllInfo$/);
    await expect(page.getByText(who.email)).toBeVisible();

    await page.getByRole("link", { name: "修改资料" }).first().click();
    await expect(page).toHaveURL(/\/userInfo$/);
    await page.getByLabel("昵称").fill("新昵称");
    await page.getByLabel("公司名称").fill("变更后的公司");
    await page.getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("资料已保存；公司名称、经营地址与进出口国家的修改已提交审核")).toBeVisible();
    await expect(page.getByText("资料修改待审核")).toBeVisible();

    await page.getByRole("link", { name: "修改头像" }).click();
    await page.getByLabel("选择图片").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG_1PX });
    await page.getByRole("button", { name: "上传头像" }).click();
    await expect(page.getByText("头像修改成功")).toBeVisible();
    const headerAvatar = page.getByRole("banner").locator('img[src^="/avatars/"]');
    await expect(headerAvatar).toBeVisible();
    const src = await headerAvatar.getAttribute("src");
    expect(src).toMatch(/^\/avatars\/[0-9a-f]{32}\.png$/);
    const response = await page.request.get(src!);
    expect(response.headers()["content-type"]).toBe("image/png");

    // Not an image, although named .png.
    await page.getByLabel("选择图片").setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
    await page.getByRole("button", { name: "上传头像" }).click();
    await expect(page.getByText("上传头像图片只能是 JPG 或 PNG 格式!")).toBeVisible();
  });

  test("without JavaScript, an avatar over the size limit shows the form again with the spec's size message, in both languages (issue 45 item 10)", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "nojs", "the no-JS path (JavaScript checks the size before sending)");
    const who = await createCustomer(testInfo.project.name);
    await logIn(page, who.email);
    // Refused by the request gate before the body is read (413): the browser follows its Refresh back to the form.
    const big = Buffer.alloc(3 * 1024 * 1024, 0x41);
    PNG_1PX.copy(big);
    for (const [lng, message] of [
      ["zh-CN", "上传头像图片大小不能超过 2MB!"],
      ["en-US", "The avatar image must not exceed 2MB!"],
    ] as const) {
      await page.goto(`/userAvatar?lng=${lng}`);
      await page.locator("#avatar").setInputFiles({ name: "big.png", mimeType: "image/png", buffer: big });
      await page.locator('form:has(#avatar) button[type="submit"]').click();
      await expect(page).toHaveURL(new RegExp(`/userAvatar\\?lng=${lng}$`), { timeout: 30_000 });
      await expect(page.getByRole("alert")).toContainText(message);
      await expect(page.locator("#avatar")).toBeVisible();
    }
    // Shown once: the next page has no message.
    await page.goto("/userAvatar");
    await expect(page.getByText("上传头像图片大小不能超过 2MB!")).toHaveCount(0);
  });

  test("password reset by e-mail code", async ({ page }, testInfo) => {
    const who = await createCustomer(testInfo.project.name);
    await page.goto("/login");
    await hydrated(page);
    await page.getByRole("link", { name: "忘记密码？" }).click();
    await expect(page).toHaveURL(/mode=reset/);
    await page.getByLabel("邮箱", { exact: true }).fill(who.email);
    await page.getByRole("button", { name: "发送验证码" }).click();
    await expect(page.getByText("验证码已发送至")).toBeVisible();
    await page.getByLabel("邮箱验证码").fill(await latestCode(who.email));
    await page.getByLabel("新密码", { exact: true }).fill("Fresh123");
    await page.getByLabel("确认新密码").fill("Fresh123");
    await page.getByRole("button", { name: "重置密码" }).click();
    await expect(page.getByText("密码重置成功")).toBeVisible();
    await logIn(page, who.email, "Fresh123");
  });
});

test.describe("idle logout (JavaScript only)", () => {
  test("10 hours without a mouse press log the user out and open /login", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "needs JavaScript");
    const who = await createCustomer(testInfo.project.name);
    await page.clock.install();
    await logIn(page, who.email);
    // The header (which holds the idle check) has rendered for the signed-in user.
    await expect(page.getByRole("banner").getByRole("button", { name: "退出登录" })).toBeVisible();
    // The idle check starts in an effect: once the document has hydrated.
    await hydrated(page);
    await page.clock.fastForward(36_000_000 + 31_000);
    await expect(page).toHaveURL(/\/login\?reason=idle$/);
    await expect(page.getByText("登录已过期，请重新登录！")).toBeVisible();
    const [row] = await sql<{ live: string }>(
      "SELECT count(*) AS live FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1 AND s.revoked_at IS NULL",
      [who.email],
    );
    expect(Number(row.live)).toBe(0);
  });
});
