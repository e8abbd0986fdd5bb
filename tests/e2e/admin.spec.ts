// Administration in a real browser, with JavaScript on (project js) and off
// (nojs): audit a newly registered user who then sees their tier's prices,
// hand a leaving salesperson's customers over, assign a role's permissions
// and see the member's menu change. Each test makes its own users, so the
// two projects and the other specs never share state.
import type { Page } from "@playwright/test";
import { login, sql } from "./db-helpers";
import { expect, test } from "./fixtures";
import { FAKE_IMAGES, GIF_BYTES, PNG_BYTES, padded } from "../support/images";

let sequence = 0;
function unique(project: string) {
  sequence += 1;
  const tag = `${Date.now().toString(36).slice(-5)}${sequence}${project === "nojs" ? "n" : "j"}`;
  const phone = `176${String((Date.now() * 3 + sequence * 7919 + (project === "nojs" ? 1 : 0)) % 100_000_000).padStart(8, "0")}`;
  return { tag, email: `adm.${tag}@example.org`, username: `adm${tag}`.slice(0, 15), phone };
}

/** A user straight in the database, password Demo1234 (hash copied from a demo account). */
async function createUser(
  project: string,
  fields: { roleId: number; audit: number; rating: number | null; salesId?: number | null; serviceId?: number | null },
) {
  const who = unique(project);
  const [row] = await sql<{ id: number }>(
    `INSERT INTO users (email, password_hash, username, phone, role_id, state, audit, customer_rating, sales_id, customer_service_id,
                        company, business_address, iae_countries, reg_method, created_at, updated_at)
     SELECT $1, password_hash, $2, $3, $4, 1, $5, $6, $7, $8, '端到端测试公司', '上海市测试路1号', '美国', 'register', now(), now()
       FROM users WHERE email = 'pending@example.com'
     RETURNING id`,
    [who.email, who.username, who.phone, fields.roleId, fields.audit, fields.rating, fields.salesId ?? null, fields.serviceId ?? null],
  );
  return { ...who, id: row.id };
}

async function searchUsers(page: Page, text: string) {
  const search = page.getByRole("search").getByRole("searchbox");
  await search.fill(text);
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text)}`));
}

const money = (raw: string) => {
  const [whole, cents] = raw.split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${cents}`;
};

test.describe("administration", { tag: "@nojs" }, () => {
  test("a new registration awaits audit; the administrator passes it with tier T1 and the user sees T1 prices", async ({
    page,
    browser,
  }, testInfo) => {
    const newcomer = await createUser(testInfo.project.name, { roleId: 20, audit: 1, rating: null });
    const [{ count }] = await sql<{ count: string }>("SELECT count(*) FROM users WHERE audit = 1");

    await login(page, "admin@example.com", "/userList?tab=pending");
    await expect(page.getByText(`您有${count}个新用户等待审核！请及时审核！`)).toBeVisible();
    const pendingTab = page.getByRole("link", { name: /^注册待审核/ });
    await expect(pendingTab).toHaveAttribute("aria-current", "page");
    await expect(pendingTab.locator(".admin-badge")).toHaveText(count);
    await searchUsers(page, newcomer.username);
    const row = page.getByRole("row", { name: new RegExp(newcomer.username) });
    await expect(row).toContainText("待审核");

    await row.getByRole("link", { name: "审核", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "注册审核" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "审核通过" }).click();
    // Passing without a tier is refused (client or server validation).
    await expect(page.getByRole("dialog").getByText("请选择客户等级")).toBeVisible();
    await page.getByRole("dialog").getByLabel("客户等级").selectOption({ label: "T1" });
    await page.getByRole("dialog").getByLabel("专属销售").selectOption({ label: "王晓明（sales）" });
    await page.getByRole("dialog").getByLabel("专属客服").selectOption({ label: "陈静（service）" });
    await page.getByRole("dialog").getByRole("button", { name: "审核通过" }).click();
    await expect(page.getByText("审核通过成功!")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const [user] = await sql<{ audit: number; customer_rating: number }>("SELECT audit, customer_rating FROM users WHERE id = $1", [
      newcomer.id,
    ]);
    expect(user).toEqual({ audit: 2, customer_rating: 2 });

    // The customer's next request: T1 prices, no other tier.
    const [rate] = await sql<{ gp20_t0: string; gp20_t1: string; gp20_t2: string }>(
      `SELECT gp20_t0::text, gp20_t1::text, gp20_t2::text FROM fcl_rates
        WHERE pol = 'SHANGHAI' AND pod = 'BATAM' AND NOT paused
          AND (valid_from IS NULL OR valid_from <= (now() AT TIME ZONE 'Asia/Shanghai')::date)
          AND (valid_to IS NULL OR valid_to >= (now() AT TIME ZONE 'Asia/Shanghai')::date)
        ORDER BY id LIMIT 1`,
    );
    const context = await browser.newContext({ javaScriptEnabled: testInfo.project.name !== "nojs" });
    const customer = await context.newPage();
    await login(customer, newcomer.email, "/fclbysea?pol=SHANGHAI&pod=BATAM");
    await expect(customer.locator("main")).toContainText(`${money(rate.gp20_t1)} USD`);
    const html = await customer.content();
    expect(html).not.toContain(rate.gp20_t0);
    expect(html).not.toContain(rate.gp20_t2);
    await context.close();
  });

  test("hands a leaving salesperson's customers over", async ({ page }, testInfo) => {
    const leaver = await createUser(testInfo.project.name, { roleId: 12, audit: 2, rating: null });
    const customers = [
      await createUser(testInfo.project.name, { roleId: 20, audit: 2, rating: 2, salesId: leaver.id, serviceId: 4 }),
      await createUser(testInfo.project.name, { roleId: 21, audit: 2, rating: 3, salesId: 2, serviceId: leaver.id }),
    ];
    await login(page, "admin@example.com", "/userList");
    await searchUsers(page, leaver.username);
    await page
      .getByRole("row", { name: new RegExp(leaver.username) })
      .getByRole("link", { name: "离职交接" })
      .click();
    const dialog = page.getByRole("dialog", { name: "离职交接" });
    await dialog.getByLabel("接收人").selectOption({ label: "李思远（salesglobal）" });
    await dialog.getByRole("button", { name: "确认交接" }).click();
    await expect(page.getByText("交接成功!")).toBeVisible();
    const rows = await sql<{ id: number; sales_id: number; customer_service_id: number }>(
      "SELECT id, sales_id, customer_service_id FROM users WHERE id = ANY($1) ORDER BY id",
      [customers.map((c) => c.id)],
    );
    expect(rows).toEqual([
      { id: customers[0].id, sales_id: 3, customer_service_id: 4 },
      { id: customers[1].id, sales_id: 2, customer_service_id: 3 },
    ]);

    // Nothing left to hand over: the spec's message.
    await page
      .getByRole("row", { name: new RegExp(leaver.username) })
      .getByRole("link", { name: "离职交接" })
      .click();
    await page.getByRole("dialog").getByLabel("接收人").selectOption({ label: "李思远（salesglobal）" });
    await page.getByRole("dialog").getByRole("button", { name: "确认交接" }).click();
    await expect(page.getByText("当前用户，无客户资源转移，操作失败!")).toBeVisible();
  });

  test("assigning a role's permissions changes its member's menu on the next request", async ({ page, browser }, testInfo) => {
    const project = testInfo.project.name;
    const roleName = `E2E角色${project === "nojs" ? "N" : "J"}${sequence}`;
    const [role] = await sql<{ id: number }>(
      "INSERT INTO roles (name, description, parent_id, level, self_service, created_at) VALUES ($1, '端到端', 2, 2, false, now()) RETURNING id",
      [roleName],
    );
    // Something in the back office already, so the member can sign in to it.
    await sql("INSERT INTO role_permissions (role_id, menu_id, half_checked) VALUES ($1, 21, true), ($1, 22, false)", [role.id]);
    const member = await createUser(project, { roleId: role.id, audit: 2, rating: null });

    const context = await browser.newContext({ javaScriptEnabled: project !== "nojs" });
    const memberPage = await context.newPage();
    await login(memberPage, member.email, "/query-logs");
    const nav = memberPage.getByRole("navigation", { name: "后台管理" });
    await expect(nav.getByRole("link", { name: "查询日志" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "操作日志" })).toHaveCount(0);
    expect((await memberPage.goto("/log-list"))?.status()).toBe(403);

    await login(page, "admin@example.com", "/roleList");
    await page
      .getByRole("row", { name: new RegExp(roleName) })
      .getByRole("link", { name: "分配权限" })
      .click();
    const dialog = page.getByRole("dialog", { name: `分配权限：${roleName}` });
    await expect(dialog.getByLabel("查询日志", { exact: true })).toBeChecked();
    await dialog.getByLabel("操作日志", { exact: true }).check();
    await dialog.getByRole("button", { name: "确 定" }).click();
    await expect(page.getByText("更新权限成功!")).toBeVisible();
    const saved = await sql<{ menu_id: number; half_checked: boolean }>(
      "SELECT menu_id, half_checked FROM role_permissions WHERE role_id = $1 ORDER BY menu_id",
      [role.id],
    );
    expect(saved).toEqual([
      { menu_id: 21, half_checked: true },
      { menu_id: 22, half_checked: false },
      { menu_id: 23, half_checked: false },
    ]);

    await memberPage.goto("/query-logs");
    await expect(nav.getByRole("link", { name: "操作日志" })).toBeVisible();
    await nav.getByRole("link", { name: "操作日志" }).click();
    await expect(memberPage).toHaveURL(/\/log-list$/);
    await expect(memberPage.getByRole("heading", { name: "操作日志", level: 1 })).toBeVisible();
    await context.close();
  });

  test("staff act only on users below them: no links on the administrator's row, a clear refusal for a forged dialog, only customer roles offered", async ({
    page,
  }) => {
    await login(page, "sales.global@example.com", "/userList?q=admin");
    const adminRow = page.getByRole("row", { name: /admin@example\.com/ });
    await expect(adminRow).toBeVisible();
    await expect(adminRow.getByRole("link")).toHaveCount(0);
    const forged = await page.goto("/userList?dialog=edit&id=1");
    expect(forged?.status()).toBe(403);
    await expect(page.getByRole("alert")).toContainText("无权操作该用户：其角色不低于你的角色");
    // A customer of theirs: the role picker offers the customer roles only.
    await page.goto("/userList?dialog=edit&id=12");
    const roles = await page.getByRole("dialog").getByLabel("角色").locator("option").allTextContents();
    expect(roles.filter((r) => r !== "请选择").sort()).toEqual(["同行客户", "海外代理", "直客"].sort());
  });

  test("every administration screen and dialog renders for the administrator", async ({ page }) => {
    test.setTimeout(120_000);
    const [offer] = await sql<{ id: number }>("SELECT id FROM special_offers WHERE mode = 'LCL' ORDER BY id LIMIT 1");
    const [web] = await sql<{ id: number }>("SELECT id FROM home_contents WHERE channel = 'WEB' ORDER BY id LIMIT 1");
    const [app] = await sql<{ id: number }>("SELECT id FROM home_contents WHERE channel = 'APP' ORDER BY id LIMIT 1");
    const [mail] = await sql<{ id: number }>("SELECT id FROM email_outbox ORDER BY id LIMIT 1");
    const screens: [string, string, string | null][] = [
      ["/userList", "用户管理", null],
      ["/userList?dialog=add", "用户管理", "添加用户"],
      ["/userList?dialog=edit&id=4", "用户管理", "修改用户"],
      ["/userList?dialog=profile&id=16", "用户管理", "审核修改资料"],
      ["/userList?dialog=view&id=2", "用户管理", "分配视图：sales"],
      ["/userList?dialog=delete&id=14", "用户管理", "删除用户"],
      ["/roleList", "角色管理", null],
      ["/roleList?dialog=add", "角色管理", "添加角色"],
      ["/roleList?dialog=edit&id=12", "角色管理", "修改角色"],
      ["/menuList", "菜单管理", null],
      ["/menuList?dialog=edit&id=16", "菜单管理", "修改菜单"],
      ["/menuList?dialog=delete&id=16", "菜单管理", "删除菜单"],
      ["/saleList", "特惠航线", null],
      [`/saleList?mode=lcl&dialog=edit&id=${offer.id}`, "特惠航线", "修改海运拼箱特价航线"],
      ["/saleList?mode=express&dialog=add", "特惠航线", "添加国际快递特价航线"],
      ["/homeList", "官网首页管理", null],
      [`/homeList?dialog=edit&id=${web.id}`, "官网首页管理", "修改首页信息"],
      ["/homeList?tab=categories&dialog=add", "官网首页管理", "添加首页分类"],
      [`/app-home?dialog=edit&id=${app.id}`, "APP首页管理", "修改首页信息"],
      ["/query-logs?mode=trailer", "查询日志", null],
      ["/log-list", "操作日志", null],
      ["/app-order?dialog=view&id=1", "委托订单", "委托详情 #1"],
      [`/app-query?dialog=view&id=${mail.id}`, "邮件发件箱", `邮件 #${mail.id}`],
      // Data screens with their own route module (their client modules must load: a table defined at module level once broke them).
      ["/portAliases", "港口别名", null],
      ["/exchangeRates", "汇率", null],
    ];
    await login(page, "admin@example.com", "/userList");
    for (const [url, heading, dialog] of screens) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      if (dialog) await expect(page.getByRole("dialog", { name: dialog })).toBeVisible();
    }
    // A dialog closes with its link, back to the list with the same filters.
    await page.goto("/userList?tab=t1&dialog=add");
    await page.getByRole("dialog").getByRole("link", { name: "取 消" }).click();
    await expect(page).toHaveURL(/\/userList\?tab=t1$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the tree tables fold a branch and open its dialogs from the folded list (issue 19 item 4)", async ({ page }) => {
    await login(page, "admin@example.com", "/menuList");
    const table = page.getByRole("table");
    const [root] = await sql<{ id: number; label: string }>(
      "SELECT id, label FROM menus m WHERE parent_id IS NULL AND EXISTS (SELECT 1 FROM menus c WHERE c.parent_id = m.id) ORDER BY sort, id LIMIT 1",
    );
    const [child] = await sql<{ label: string }>("SELECT label FROM menus WHERE parent_id = $1 ORDER BY sort, id LIMIT 1", [root.id]);
    await expect(table.getByRole("row", { name: new RegExp(child.label) }).first()).toBeVisible();
    await table.getByRole("link", { name: `收起${root.label}` }).click();
    await expect(page).toHaveURL(new RegExp(`fold=${root.id}`));
    await expect(table.getByRole("row", { name: new RegExp(child.label) })).toHaveCount(0);
    await expect(table.getByRole("link", { name: `展开${root.label}` })).toHaveAttribute("aria-expanded", "false");
    // A row's dialog opens and closes on the folded list.
    await table
      .getByRole("row", { name: new RegExp(root.label) })
      .first()
      .getByRole("link", { name: "编辑" })
      .click();
    await expect(page.getByRole("dialog", { name: "修改菜单" })).toBeVisible();
    await page.getByRole("dialog").getByRole("link", { name: "取 消" }).click();
    await expect(page).toHaveURL(new RegExp(`/menuList\\?fold=${root.id}$`));
    await page.getByRole("link", { name: "全部展开" }).click();
    await expect(table.getByRole("row", { name: new RegExp(child.label) }).first()).toBeVisible();

    await page.goto("/roleList");
    await page.getByRole("link", { name: "全部收起" }).click();
    const [roots] = await sql<{ n: number }>("SELECT count(*)::int AS n FROM roles WHERE parent_id IS NULL");
    await expect(page.getByRole("table").getByRole("row")).toHaveCount(1 + roots.n);
  });

  test("a refused QR card keeps the edit dialog open with its message and every typed value (issue 22 item 14)", async ({
    page,
  }, testInfo) => {
    // Five round trips, one of them 2 MB, on a shared machine.
    test.setTimeout(90_000);
    // A customer-service member (role 13, staff): their edit dialog carries the card field.
    const member = await createUser(testInfo.project.name, { roleId: 13, audit: 2, rating: 1, salesId: 2, serviceId: 4 });
    const big = Buffer.from(padded(PNG_BYTES, 2 * 1024 * 1024 + 10));
    const cases = [
      {
        file: { name: "card.png", mimeType: "image/png", buffer: Buffer.from(GIF_BYTES) },
        message: "名片只能是完整的 jpg、jpeg 或 png 图片",
      },
      {
        file: { name: "card.jpg", mimeType: "image/jpeg", buffer: Buffer.from(FAKE_IMAGES.jpg) },
        message: "名片只能是完整的 jpg、jpeg 或 png 图片",
      },
      { file: { name: "big.png", mimeType: "image/png", buffer: big }, message: "名片图片不能超过2MB" },
      { file: { name: "empty.png", mimeType: "image/png", buffer: Buffer.alloc(0) }, message: "名片图片是空文件，请重新选择" },
    ];
    await login(page, "admin@example.com", `/userList?dialog=edit&id=${member.id}`);
    for (const [i, { file, message }] of cases.entries()) {
      const dialog = page.getByRole("dialog", { name: "修改用户" });
      const typed = { username: `改${member.username}`.slice(0, 15), qq: `9${i}87654`, company: `端到端改名公司${i}` };
      await dialog.getByLabel("用户名").fill(typed.username);
      await dialog.getByLabel("QQ").fill(typed.qq);
      await dialog.getByLabel("公司名称").fill(typed.company);
      await dialog.getByLabel("选择名片图片").setInputFiles(file);
      await dialog.getByRole("button", { name: "确 定" }).click();
      await expect(dialog.getByRole("alert").filter({ hasText: message })).toBeVisible();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel("用户名")).toHaveValue(typed.username);
      await expect(dialog.getByLabel("QQ")).toHaveValue(typed.qq);
      await expect(dialog.getByLabel("公司名称")).toHaveValue(typed.company);
    }
    // Nothing was saved.
    const [row] = await sql<{ username: string; wx_code_path: string | null }>("SELECT username, wx_code_path FROM users WHERE id = $1", [
      member.id,
    ]);
    expect(row).toEqual({ username: member.username, wx_code_path: null });
    // A good card is saved with the edit, in the same submit.
    const png = Buffer.from(PNG_BYTES);
    const dialog = page.getByRole("dialog", { name: "修改用户" });
    await dialog.getByLabel("选择名片图片").setInputFiles({ name: "card.png", mimeType: "image/png", buffer: png });
    await dialog.getByRole("button", { name: "确 定" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const [saved] = await sql<{ username: string; wx_code_path: string | null }>("SELECT username, wx_code_path FROM users WHERE id = $1", [
      member.id,
    ]);
    expect(saved.username).toBe(`改${member.username}`.slice(0, 15));
    expect(saved.wx_code_path).toMatch(/\.png$/);
  });
});
