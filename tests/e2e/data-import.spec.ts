// Excel import in a real browser, with JavaScript on and off: a 2 MB .xlsx
// lands in the table; one bad date leaves the table unchanged and names the ids.
import { test } from "./fixtures";
import { XLSX_TYPE, expect, loginAsDataStaff, projectOffset, tableTotal, xlsx } from "./data-helpers";

const FCL_HEADERS = [
  "id",
  "pol",
  "pod",
  "destinationdock",
  "sale_state",
  "carrier",
  "20GP_T0",
  "40GP_T0",
  "40HQ_T0",
  "20GP_T1",
  "40GP_T1",
  "40HQ_T1",
  "20GP_T2",
  "40GP_T2",
  "40HQ_T2",
  "booking_fee",
  "thc",
  "seal",
  "vgm",
  "eir",
  "doc",
  "manifest",
  "via",
  "t_t",
  "dock",
  "valid_fm",
  "valid_to",
  "yes_no",
  "remark",
  "weight_limit",
  "other",
  "remark3",
  "remark4",
  "remarkconcat",
];

function fclRow(id: number, pod: string, i: number, validTo: unknown = "2027/1/31"): unknown[] {
  return FCL_HEADERS.map((h) => {
    switch (h) {
      case "id":
        return id;
      case "pol":
        return "SHANGHAI";
      case "pod":
        return pod;
      case "carrier":
        return "E2E LINE";
      case "valid_fm":
        return "2026-11-01";
      case "valid_to":
        return validTo;
      case "yes_no":
        return "否";
      default:
        if (/^(20|40)(GP|HQ)_T\d$/.test(h)) return 100 + (i % 900) + Number(h.slice(-1)) * 10;
        return `${h} 备注 ${i % 997}`;
    }
  });
}

test.describe("data import", { tag: "@nojs" }, () => {
  test.setTimeout(180_000);

  test("a staff member imports a 2 MB .xlsx and sees the rows", async ({ page }) => {
    const base = 3_000_000 + projectOffset() * 100_000;
    // Not a port's name: data-edit.spec adds the sea port "E2E PORT js", and an import
    // writes a known port's spelling as the port is named (port aliases, decision 205).
    const pod = `E2E IMPORT POD ${test.info().project.name.toUpperCase()}`;
    const rows: unknown[][] = [FCL_HEADERS];
    let file = xlsx(rows);
    // Grow the sheet to just under the 2 MB limit.
    for (let batch = 0; file.byteLength < 1.85 * 1024 * 1024; batch++) {
      for (let i = 0; i < 500; i++) rows.push(fclRow(base + rows.length, pod, rows.length));
      file = xlsx(rows);
    }
    expect(file.byteLength).toBeLessThan(2 * 1024 * 1024);
    const count = rows.length - 1;

    await loginAsDataStaff(page);
    await page.goto("/fclbyseaData");
    await page.getByLabel("导入Excel：选择文件").setInputFiles({ name: "海运整箱.xlsx", mimeType: XLSX_TYPE, buffer: file });
    await page.getByRole("button", { name: "导入Excel", exact: true }).click();
    // Issue 23.1: the upload gives a preview first; nothing is written until it is committed.
    const preview = page.getByTestId("import-preview");
    await expect(preview).toContainText(`新增 ${count} 条`, { timeout: 120_000 });
    await preview.getByRole("button", { name: `提交导入（${count} 条）` }).click();
    await expect(page.getByRole("status").filter({ hasText: "导入成功！" })).toBeVisible({ timeout: 120_000 });
    await expect(page.getByRole("status").filter({ hasText: "导入成功！" })).toContainText(String(count));
    // Newest first: the last imported id is on the first page.
    await expect(page.getByRole("cell", { name: String(base + count), exact: true })).toBeVisible();
    await page.goto(`/fclbyseaData?pod=${encodeURIComponent(pod)}`);
    expect(await tableTotal(page)).toBe(count);
  });

  test("one bad date anywhere leaves the table unchanged and names the bad ids", async ({ page }) => {
    const base = 3_500_000 + projectOffset() * 100_000;
    await loginAsDataStaff(page);
    await page.goto("/fclbyseaData");
    const before = await tableTotal(page);
    const rows = [
      FCL_HEADERS,
      fclRow(base + 1, "BAD DATE PORT", 1),
      fclRow(base + 2, "BAD DATE PORT", 2, "2027-02-30"),
      fclRow(base + 3, "BAD DATE PORT", 3),
    ];
    await page.getByLabel("导入Excel：选择文件").setInputFiles({ name: "bad.xlsx", mimeType: XLSX_TYPE, buffer: xlsx(rows) });
    await page.getByRole("button", { name: "导入Excel", exact: true }).click();
    const problems = page.getByTestId("import-problems");
    await expect(problems).toContainText(`ID为${base + 2}日期错误`);
    await expect(problems).toContainText("第 3 行");
    await page.goto("/fclbyseaData");
    expect(await tableTotal(page)).toBe(before);
  });

  test("the spec's upload messages: no file, wrong format", async ({ page }) => {
    await loginAsDataStaff(page);
    await page.goto("/railRoadData");
    await page.getByRole("button", { name: "导入Excel", exact: true }).click();
    await expect(page.getByText("请上传附件！")).toBeVisible();
    await page
      .getByLabel("导入Excel：选择文件")
      .setInputFiles({ name: "rates.csv", mimeType: "text/csv", buffer: Buffer.from("id,pol\n1,x\n") });
    await page.getByRole("button", { name: "导入Excel", exact: true }).click();
    await expect(page.getByText("附件格式错误，请重新上传！")).toBeVisible();
  });

  test("an import is listed in the import history and undone from there (decision 204)", async ({ page }) => {
    const base = 3_800_000 + projectOffset() * 100_000;
    const pod = `UNDO PORT ${test.info().project.name.toUpperCase()}`;
    await loginAsDataStaff(page);
    await page.goto(`/fclbyseaData?pod=${encodeURIComponent(pod)}`);
    const rows = [FCL_HEADERS, fclRow(base + 1, pod, 1), fclRow(base + 2, pod, 2)];
    await page.getByLabel("导入Excel：选择文件").setInputFiles({ name: "撤销测试.xlsx", mimeType: XLSX_TYPE, buffer: xlsx(rows) });
    await page.getByRole("button", { name: "导入Excel", exact: true }).click();
    // The upload is previewed first (decision 203); its commit is the batch.
    const preview = page.getByTestId("import-preview");
    await expect(preview).toContainText("新增 2 条", { timeout: 60_000 });
    await preview.getByRole("button", { name: "提交导入（2 条）" }).click();
    await expect(page.getByRole("status").filter({ hasText: "导入成功！" })).toBeVisible({ timeout: 60_000 });
    await page.getByRole("link", { name: "导入记录" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("row").nth(1)).toContainText("撤销测试.xlsx");
    await dialog.getByRole("row").nth(1).getByRole("link", { name: "撤销导入" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "撤销导入" }).click();
    await expect(page.getByRole("status").filter({ hasText: "撤销成功！" })).toBeVisible();
    await page.goto(`/fclbyseaData?pod=${encodeURIComponent(pod)}`);
    await expect(page.getByRole("cell", { name: String(base + 1), exact: true })).toHaveCount(0);
    await expect(page.getByRole("cell", { name: String(base + 2), exact: true })).toHaveCount(0);
  });
});
