// Carrier sheets as they come (issue 40), in a real browser: a data clerk
// uploads each kind of carrier sheet to the import wizard, maps what the
// wizard did not match, previews and commits it; a T1 customer then finds
// the rates in search with the T1 prices and the validity of the sheet. With
// JavaScript every kind; without it the Chinese FCL notice (each step a form
// POST). The next week's sheet of a saved source goes straight to the
// preview.
import type { Browser, Page } from "@playwright/test";
import { login, sql } from "./db-helpers";
import { XLSX_TYPE, expect, loginAsDataStaff } from "./data-helpers";
import { hydrated, test } from "./fixtures";
import {
  agentSheet,
  chineseNotice,
  englishSheet,
  messySheet,
  periodSheet,
  portListsSheet,
  pricesInOneCellSheet,
  type FixtureRate,
} from "../support/carrier-sheets";

const money = (n: number) => `${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USD`;

type Kind = {
  name: string;
  make: () => { bytes: Uint8Array; rates: FixtureRate[] };
  /** Column label → the option the clerk chooses (the column's select is labelled "对应字段: <label>"). */
  columns: Record<string, string>;
  fixed: Record<string, string>;
  carrier?: string;
};

const KINDS: Kind[] = [
  {
    name: "中文整箱运价通知",
    make: () => chineseNotice(),
    columns: { BAF: "不导入", EBS: "不导入", 目的港: "不导入", "目的港（英文）": "目的港", 航线代码: "不导入" },
    fixed: { 承运人: "E2E COSCO" },
    carrier: "E2E COSCO",
  },
  { name: "代理报价", make: () => agentSheet(), columns: {}, fixed: {} },
  { name: "两个有效期并列", make: () => periodSheet(), columns: {}, fixed: {} },
  { name: "英文运价表", make: () => englishSheet(), columns: {}, fixed: {} },
  { name: "手工录入", make: () => messySheet(), columns: {}, fixed: {} },
  // The sizes' prices in one cell: the column's own option ("20GP / 40GP / 40HQ（一个单元格中以 / 分隔…）"), preselected.
  { name: "一格多价", make: () => pricesInOneCellSheet(), columns: {}, fixed: {} },
  // A row for several ports: a rate per pair, each found by the customer.
  { name: "多港一行", make: () => portListsSheet(), columns: {}, fixed: {} },
];

async function uploadToWizard(page: Page, kind: Kind, bytes: Uint8Array) {
  await page.goto("/fclbyseaData");
  await hydrated(page);
  await page
    .getByLabel("承运人表格向导：选择文件")
    .setInputFiles({ name: `${kind.name}.xlsx`, mimeType: XLSX_TYPE, buffer: Buffer.from(bytes) });
  await page.getByRole("button", { name: "承运人表格向导", exact: true }).click();
}

async function mapAndPreview(page: Page, kind: Kind) {
  const wizard = page.getByTestId("import-wizard");
  await expect(wizard).toBeVisible({ timeout: 30_000 });
  for (const [column, option] of Object.entries(kind.columns)) {
    await wizard.getByLabel(`对应字段: ${column}`, { exact: true }).selectOption({ label: option });
  }
  for (const [label, value] of Object.entries(kind.fixed)) await wizard.getByLabel(label, { exact: true }).fill(value);
  await wizard.getByLabel("价格写入等级").selectOption({ label: "全部等级（T0、T1、T2 相同）" });
  await wizard.getByLabel("来源名称（承运人或代理，可不填）").fill(`E2E ${kind.name}`);
  await wizard.getByRole("button", { name: "生成预览" }).click();
}

async function commitPreview(page: Page, count: number) {
  const preview = page.getByTestId("import-preview");
  await expect(preview).toContainText(`新增 ${count} 条`, { timeout: 60_000 });
  await preview.getByRole("button", { name: `提交导入（${count} 条）` }).click();
  await expect(page.getByRole("status").filter({ hasText: "导入成功！" })).toBeVisible({ timeout: 60_000 });
}

/** A T1 customer's search: each rate valid today is found with its T1 prices and its validity. */
async function customerFinds(browser: Browser, rates: FixtureRate[], carrier?: string) {
  const context = await browser.newContext({ locale: "zh-CN" });
  const page = await context.newPage();
  await login(page, "t1@example.com");
  const today = new Date().toISOString().slice(0, 10);
  for (const rate of rates.filter((r) => r.from <= today && today <= r.to)) {
    await page.goto(`/fclbysea?pol=${encodeURIComponent(rate.pol)}&pod=${encodeURIComponent(rate.pod)}`);
    const row = page
      .locator("tr.rates__row")
      .filter({ hasText: rate.carrier ?? carrier ?? "" })
      .filter({ hasText: `${rate.from} 至 ${rate.to}` });
    await expect(row, `${rate.pol} → ${rate.pod}`).toHaveCount(1);
    for (const price of [rate.gp20, rate.gp40, rate.hq40]) await expect(row).toContainText(money(price));
  }
  await context.close();
}

/**
 * The rates of a kind, its saved source and its committed file gone, so each run and project starts alike (the
 * other project's run of the same sheet, on the same server, would otherwise make it a file already imported).
 */
async function forget(rates: FixtureRate[]) {
  await sql(`DELETE FROM import_source_profiles WHERE name LIKE 'E2E %'`);
  await sql(`UPDATE import_batches SET undone_at = now() WHERE area = 'fcl' AND undone_at IS NULL AND file_name = ANY($1::text[])`, [
    KINDS.map((kind) => `${kind.name}.xlsx`),
  ]);
  for (const rate of rates)
    await sql(`DELETE FROM fcl_rates WHERE pol = $1 AND pod = $2 AND valid_from = $3::date`, [rate.pol, rate.pod, rate.from]);
}

test.describe("carrier sheets through the import wizard", () => {
  test.setTimeout(360_000);

  test("with JavaScript: every kind of sheet mapped, committed and found by a T1 customer; next week recognised", async ({
    page,
    browser,
  }) => {
    test.skip(test.info().project.name !== "js", "every kind with JavaScript; the no-JS path is the next test");
    await loginAsDataStaff(page);
    for (const kind of KINDS) {
      const { bytes, rates } = kind.make();
      await forget(rates);
      const started = Date.now();
      await uploadToWizard(page, kind, bytes);
      await mapAndPreview(page, kind);
      await commitPreview(page, rates.length);
      // A new layout mapped in well under two minutes (issue 40 target), machine load included.
      expect(Date.now() - started, kind.name).toBeLessThan(120_000);
      await customerFinds(browser, rates, kind.carrier);

      // Next week: the same layout is recognised by its headers and goes straight to the preview.
      await uploadToWizard(page, kind, kind.make().bytes);
      await expect(page.getByRole("status").filter({ hasText: `已识别为来源“E2E ${kind.name}”` })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId("import-preview")).toContainText(`不变 ${rates.length} 条`);
      await page.getByTestId("import-preview").getByRole("button", { name: "放弃导入" }).click();
      await forget(rates);
    }
  });

  test("without JavaScript: the Chinese notice, step by step as plain forms", { tag: "@nojs" }, async ({ page, browser }) => {
    test.skip(test.info().project.name !== "nojs", "the no-JS path");
    // Five plain-form steps, a preview and a commit, then a T1 search: on a loaded two-core machine this takes over a minute.
    test.setTimeout(180_000);
    const kind = KINDS[0];
    const { bytes, rates } = kind.make();
    await forget(rates);
    await loginAsDataStaff(page);
    await uploadToWizard(page, kind, bytes);
    const wizard = page.getByTestId("import-wizard");
    await expect(wizard).toBeVisible({ timeout: 30_000 });
    // What is left to decide is named: BAF and EBS look like prices, the tier of the prices is not chosen.
    await expect(page.getByTestId("wizard-problems")).toContainText("列“BAF”看起来是价格");
    await expect(page.getByTestId("wizard-problems")).toContainText("请选择价格写入哪个等级");
    // Step 1: apply the header rows and columns; the page comes back with the choices kept.
    await wizard.getByLabel("对应字段: BAF", { exact: true }).selectOption({ label: "不导入" });
    await wizard.getByRole("button", { name: "应用并刷新" }).click();
    await expect(page.getByTestId("import-wizard").getByLabel("对应字段: BAF", { exact: true })).toHaveValue("ignore");
    await expect(page.getByTestId("wizard-problems")).not.toContainText("列“BAF”");
    await mapAndPreview(page, kind);
    await commitPreview(page, rates.length);
    await customerFinds(browser, rates, kind.carrier);
    await forget(rates);
  });

  test(
    "without JavaScript, a file over the size limit shows the area's screen with the spec's size message",
    { tag: "@nojs" },
    async ({ page }) => {
      test.skip(test.info().project.name !== "nojs", "the no-JS path (JavaScript checks the size before sending)");
      await loginAsDataStaff(page);
      await page.goto("/fclbyseaData");
      const big = Buffer.alloc(3 * 1024 * 1024, 0x41);
      Buffer.from([0x50, 0x4b, 0x03, 0x04]).copy(big);
      await page.getByLabel("导入Excel：选择文件").setInputFiles({ name: "big.xlsx", mimeType: XLSX_TYPE, buffer: big });
      await page.getByRole("button", { name: "导入Excel", exact: true }).click();
      await expect(page).toHaveURL(/\/fclbyseaData\?upload=tooLarge$/, { timeout: 30_000 });
      await expect(page.getByTestId("import-problems")).toContainText("该文件大小不能超过2MB,请检查ID是否异常溢出！");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    },
  );
});
