// The insights dashboard /insights (issue 24) in a real browser, with
// JavaScript on (project js) and off (nojs): an administrator changes period
// and mode through the GET forms, sees each SVG chart with its table, follows
// the unmet-demand actions (the data area filtered on the lane, the alias
// screen for a name that is no port), opens a lane's price history and
// downloads a table as .xlsx; a view-2 salesperson sees every lane figure,
// no link they may not follow and only their own customers in the follow-up
// table; a customer is refused. Each project seeds its own customers and
// lanes (today's searches), then rolls the logs up the way cron does
// (`npm run insights:refresh` against the e2e database).
import { execFileSync } from "node:child_process";
import path from "node:path";
import * as XLSX from "@e965/xlsx";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { e2eDatabaseUrl, login, sql } from "./db-helpers";

const ROOT = process.cwd();

type Lane = { origin: string; destination: string };
const seeded: Record<string, { ownLane: Lane; otherLane: Lane; pricedLane: Lane; unknown: string; tag: string }> = {};

/** Two customers (one of the demo salesperson's, one of nobody's), their searches of today and a booking; then the rollup. */
async function seed(project: string) {
  if (seeded[project]) return seeded[project];
  const tag = `${project === "nojs" ? "N" : "J"}${Date.now().toString(36).slice(-5)}`;
  const unknown = `E2E未知港${tag}`;
  // A pair of known sea ports that no FCL rate joins (different for each project).
  const [pair] = await sql<{ o: string; d: string }>(
    `SELECT a.name AS o, b.name AS d FROM sea_ports a, sea_ports b
      WHERE a.id <> b.id AND NOT EXISTS (SELECT 1 FROM fcl_rates r WHERE r.pol = a.name AND r.pod = b.name)
      ORDER BY a.id DESC, b.id DESC OFFSET $1 LIMIT 1`,
    [project === "nojs" ? 7 : 3],
  );
  const [priced] = await sql<{ pol: string; pod: string }>(
    `SELECT pol, pod FROM fcl_rates GROUP BY 1, 2 ORDER BY count(*) DESC, 1, 2 LIMIT 1`,
  );
  const ownLane = { origin: pair.o, destination: pair.d };
  const otherLane = { origin: unknown, destination: pair.d };
  const users = await sql<{ id: number }>(
    `INSERT INTO users (email, password_hash, username, phone, role_id, state, audit, customer_rating, sales_id, company, created_at, updated_at)
     SELECT 'ins.' || n || '.${tag}@example.org', password_hash, 'ins${tag}' || n, '177' || lpad((floor(random() * 1e8))::text, 8, '0'), 20, 1, 2, 2,
            CASE WHEN n = 1 THEN (SELECT id FROM users WHERE email = 'sales@example.com') END, '洞察测试公司' || n, now(), now()
       FROM users, generate_series(1, 2) n WHERE email = 'pending@example.com'
     RETURNING id`,
  );
  // Many searches today, so both lanes lead the tables whatever the demo logs hold.
  await sql(
    `INSERT INTO query_logs (mode, user_id, pol, pod, operated_at)
     SELECT 'FCL', u, o, d, now() AT TIME ZONE 'UTC' - g * interval '1 second'
       FROM (VALUES ($1::int, $3::text, $4::text, 40), ($2::int, $5::text, $4::text, 35)) AS v(u, o, d, times), generate_series(1, 40) g
      WHERE g <= v.times`,
    [users[0].id, users[1].id, ownLane.origin, ownLane.destination, otherLane.origin],
  );
  await sql(
    `INSERT INTO entrustments (kind, user_id, idempotency_key, mode, module_name, source_kind, source_snapshot, pol, pod, created_at)
     VALUES ('ORDER', $1, $2, 'FCL', 'FCL', 'rate', '{}'::jsonb, $3, $4, now() AT TIME ZONE 'UTC')`,
    [users[0].id, `e2e-insights-${tag}`, priced.pol, priced.pod],
  );
  execFileSync(path.join(ROOT, "node_modules", ".bin", "tsx"), ["scripts/insights-refresh.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: e2eDatabaseUrl(),
      SESSION_SECRET: "e2e-session-secret-not-for-production-0123456789",
      NODE_ENV: "production",
    },
    stdio: "ignore",
  });
  seeded[project] = { ownLane, otherLane, pricedLane: { origin: priced.pol, destination: priced.pod }, unknown, tag };
  return seeded[project];
}

const section = (page: Page, title: string) =>
  page.locator("section.insights-section").filter({ has: page.getByRole("heading", { name: title, level: 2 }) });

test.describe("insights dashboard", () => {
  test(
    "administrator: period and mode by the GET forms, charts with tables, the unmet-demand actions, price history, .xlsx",
    { tag: "@nojs" },
    async ({ page }, testInfo) => {
      // About fifteen page loads and a download: more than the default 30 s on a loaded machine.
      test.slow();
      const { ownLane, otherLane, pricedLane, unknown } = await seed(testInfo.project.name);
      await login(page, "admin@example.com");
      await page.goto("/insights");
      await expect(page.getByRole("heading", { name: "洞察看板", level: 1 })).toBeVisible();

      // Each chart is an SVG image beside its table.
      for (const title of ["未满足的需求", "查询最多的航线", "委托最多的航线", "每日查询与委托"]) {
        const part = section(page, title);
        await expect(part.getByRole("img", { name: `${title}（图表）` })).toBeVisible();
        await expect(part.getByRole("table")).toBeVisible();
      }
      const unmet = section(page, "未满足的需求");
      const ownRow = unmet.getByRole("row").filter({ hasText: ownLane.origin }).filter({ hasText: ownLane.destination });
      await expect(ownRow).toContainText("40");

      // The period through the GET form: a past week without these searches, then back.
      const range = page.getByRole("group", { name: "统计期间" });
      await range.getByLabel("开始日期").fill("2020-03-01");
      await range.getByLabel("结束日期").fill("2020-03-07");
      await page.getByRole("button", { name: "查询", exact: true }).click();
      await expect(page).toHaveURL(/from=2020-03-01/);
      await expect(page).toHaveURL(/to=2020-03-07/);
      await expect(section(page, "未满足的需求")).toContainText("此期间没有数据。");

      // The mode by its tab (a link keeping the period).
      await page.getByRole("list", { name: "运输方式" }).getByRole("link", { name: "海运拼箱" }).click();
      await expect(page).toHaveURL(/mode=lcl/);
      await expect(page).toHaveURL(/from=2020-03-01/);
      await expect(page.getByRole("list", { name: "运输方式" }).getByRole("link", { name: "海运拼箱" })).toHaveAttribute(
        "aria-current",
        "page",
      );

      // Unmet demand's action: the FCL data area filtered on the lane.
      await page.goto("/insights");
      await ownRow.getByRole("link", { name: "在运价数据中查看" }).click();
      await expect(page).toHaveURL(/\/fclbyseaData\?/);
      const url = new URL(page.url());
      expect([url.searchParams.get("pol"), url.searchParams.get("pod")]).toEqual([ownLane.origin, ownLane.destination]);

      // Or add a single rate there: the add dialog opens with the lane filled in (issue 44 item 5).
      await page.goto("/insights");
      await ownRow.getByRole("link", { name: "添加一条运价" }).click();
      await expect(page).toHaveURL(/\/fclbyseaData\?.*add=1/);
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByLabel("起运港", { exact: true })).toHaveValue(ownLane.origin);
      await expect(dialog.getByLabel("目的港", { exact: true })).toHaveValue(ownLane.destination);

      // For a name that is no port: the alias screen with the name ready to map.
      await page.goto("/insights");
      const otherRow = section(page, "未满足的需求").getByRole("row").filter({ hasText: otherLane.origin });
      await otherRow.getByRole("link", { name: `映射港口名 ${unknown}` }).click();
      await expect(page).toHaveURL(/\/portAliases\?name=/);
      await expect(page.locator("#alias")).toHaveValue(unknown);

      // A lane's price history through its GET form: chart and table.
      await page.goto("/insights");
      const prices = page.locator("section#prices");
      await prices.getByLabel("起运港").fill(pricedLane.origin);
      await prices.getByLabel("目的港").fill(pricedLane.destination);
      await prices.getByRole("button", { name: "查看走势" }).click();
      await expect(page).toHaveURL(/origin=/);
      await expect(page.locator("section#prices").getByRole("img", { name: "航线价格走势（图表）" })).toBeVisible();
      await expect(page.locator("section#prices").getByRole("table")).toContainText("T0 价");

      // The unmet-demand table as .xlsx, headers in Chinese, the lane with its searches.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        section(page, "未满足的需求").getByRole("link", { name: "导出 Excel" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/-fcl-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
      const chunks: Buffer[] = [];
      for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
      const book = XLSX.read(Buffer.concat(chunks), { type: "buffer" });
      const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
      expect(rows[0].slice(0, 3)).toEqual(["起运港", "目的港", "查询次数"]);
      expect(rows.find((r) => r[0] === ownLane.origin && r[1] === ownLane.destination)?.[2]).toBe(40);
      expect(rows.find((r) => r[0] === otherLane.origin)?.[2]).toBe(35);
    },
  );

  test("a view-2 salesperson sees every lane, only the links they may follow and only their own customers", async ({ page }, testInfo) => {
    const { ownLane, otherLane, tag } = await seed(testInfo.project.name);
    await login(page, "sales@example.com");
    await page.goto("/insights");
    // Lane figures name no customer: both lanes, the other customer's too (issue 44 item 1).
    const unmet = section(page, "未满足的需求");
    const ownRow = unmet.getByRole("row").filter({ hasText: ownLane.origin }).filter({ hasText: ownLane.destination });
    await expect(ownRow).toHaveCount(1);
    await expect(unmet.getByRole("row").filter({ hasText: otherLane.origin })).toHaveCount(1);
    // No data area, no alias screen: no such link.
    await expect(unmet.getByRole("link", { name: "在运价数据中查看" })).toHaveCount(0);
    await expect(unmet.getByRole("link", { name: /映射港口名/ })).toHaveCount(0);
    // The follow-up table: their own customer only, with phone and e-mail links.
    const customers = section(page, "多次查询未下单的客户");
    // (Each project seeds its own two customers, named by its tag.)
    await expect(customers.getByRole("row").filter({ hasText: `ins${tag}1` })).toHaveCount(1);
    await expect(customers.getByRole("row").filter({ hasText: `ins${tag}2` })).toHaveCount(0);
    const own = customers.getByRole("row").filter({ hasText: `ins${tag}1` });
    await expect(own.locator('a[href^="tel:177"]')).toHaveCount(1);
    await expect(own.locator('a[href^="mailto:ins.1."]')).toHaveCount(1);
  });

  test("a customer is refused", async ({ page }) => {
    await login(page, "t1@example.com");
    const response = await page.goto("/insights");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "洞察看板" })).toHaveCount(0);
  });
});
