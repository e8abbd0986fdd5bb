// Row edit, add, delete (with its confirmation), range delete and markup in
// a real browser, with JavaScript on (modal dialogs) and off (the same
// dialogs rendered by the server from the URL).
import { submitRefused, test } from "./fixtures";
import { expect, loginAsDataStaff, projectOffset } from "./data-helpers";

test.describe("data edit", { tag: "@nojs" }, () => {
  test.beforeEach(async ({ page }) => {
    await loginAsDataStaff(page);
  });

  test("edit a sea port in its dialog", async ({ page }) => {
    const id = 1 + projectOffset();
    const lane = `E2E航线${test.info().project.name}`;
    await page.goto("/port");
    await page.getByRole("link", { name: `编辑 ID ${id}`, exact: true }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`edit=${id}`));
    await dialog.getByLabel("航线").fill(lane);
    await dialog.getByRole("button", { name: "保存" }).click();
    await expect(page.getByRole("status").filter({ hasText: "修改成功!" })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("cell", { name: lane })).toBeVisible();
  });

  test("add a sea port: required and duplicate messages, then success", async ({ page }) => {
    await page.goto("/port");
    await page.getByRole("link", { name: "添加", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "保存" }).click();
    await expect(dialog.getByText("请输入港口代码")).toBeVisible();
    await expect(dialog.getByText("请输入港口英文名")).toBeVisible();
    await expect(dialog.getByText("请输入港口中文名")).toBeVisible();
    await dialog.getByLabel("港口代码").fill("AEAJM");
    await dialog.getByLabel("英文名", { exact: true }).fill(`E2E PORT ${test.info().project.name}`);
    await dialog.getByLabel("中文名", { exact: true }).fill("测试港");
    await submitRefused(page, dialog.getByRole("button", { name: "保存" }));
    await expect(dialog.getByText("海运港口代码重复！")).toBeVisible();
    await dialog.getByLabel("港口代码").fill(`ZZE2E${projectOffset()}`);
    await dialog.getByRole("button", { name: "保存" }).click();
    await expect(page.getByRole("status").filter({ hasText: "添加成功！" })).toBeVisible();
  });

  test("delete asks first; cancelling says 已取消删除, confirming deletes", async ({ page }) => {
    const id = 20 + projectOffset();
    // Newest first, 200 a page: ids 1-110 are on page 2 (any validity date).
    await page.goto("/trailerData?from=&to=&size=200&page=2");
    await page.getByRole("link", { name: `删除 ID ${id}`, exact: true }).click();
    let dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(`ID 为 ${id}`);
    await dialog.getByRole("button", { name: "取消" }).click();
    await expect(page.getByRole("status").filter({ hasText: "已取消删除" })).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(page.getByRole("cell", { name: String(id), exact: true })).toBeVisible();

    await page.getByRole("link", { name: `删除 ID ${id}`, exact: true }).click();
    dialog = page.getByRole("alertdialog");
    await dialog.getByRole("button", { name: "确定删除" }).click();
    await expect(page.getByRole("status").filter({ hasText: "删除成功！" })).toBeVisible();
    await expect(page.getByRole("cell", { name: String(id), exact: true })).toHaveCount(0);
  });

  test("range delete: both ends empty warns 请填写ID！; a range is confirmed then deleted", async ({ page }) => {
    const start = 100 + projectOffset() * 10;
    await page.goto("/railRoadData");
    await page.getByRole("link", { name: "批量删除", exact: true }).click();
    let dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "删除" }).click();
    await expect(page.getByRole("dialog").getByText("请填写ID！")).toBeVisible();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("起始ID").fill(String(start));
    await dialog.getByLabel("结束ID").fill(String(start + 4));
    await dialog.getByRole("button", { name: "删除" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("共 5 条");
    await confirm.getByRole("button", { name: "确定删除" }).click();
    await expect(page.getByRole("status").filter({ hasText: "批量删除成功!" })).toBeVisible();
  });

  test("FCL markup of the selected rows", async ({ page }) => {
    await page.goto("/fclbyseaData?pol=DALIAN");
    const boxes = page.getByRole("checkbox", { name: /^选择 ID \d+$/ });
    await boxes.nth(projectOffset() * 2).check();
    await boxes.nth(projectOffset() * 2 + 1).check();
    await page.getByText("加价", { exact: true }).click();
    // The column chooser has a "20GP T1" checkbox too: the amount is the text box.
    await page.getByRole("textbox", { name: "20GP T1" }).fill("50");
    await page.getByRole("button", { name: "确定加价" }).click();
    await expect(page.getByRole("status").filter({ hasText: "修改价格成功！" })).toBeVisible();
  });
});

test.describe("data screens with JavaScript", () => {
  test("the search box filters after 500 ms and goes back to page 1; Esc closes a dialog", async ({ page }) => {
    test.skip(test.info().project.name === "nojs", "debounce and modal need JavaScript");
    await loginAsDataStaff(page);
    await page.goto("/port?page=3");
    await page.getByRole("searchbox").fill("jebel");
    await expect(page).toHaveURL(/q=jebel/);
    await expect(page).not.toHaveURL(/page=3/);
    await expect(page.getByRole("cell", { name: "JEBEL ALI", exact: true })).toBeVisible();
    await page
      .getByRole("link", { name: /^编辑 ID/ })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).not.toHaveURL(/edit=/);
  });

  test("the markup button is disabled until a row is selected", async ({ page }) => {
    test.skip(test.info().project.name === "nojs", "needs JavaScript");
    await loginAsDataStaff(page);
    await page.goto("/fclbyseaData");
    await expect(page.getByText("加价", { exact: true })).toHaveAttribute("aria-disabled", "true");
    await page
      .getByRole("checkbox", { name: /^选择 ID \d+$/ })
      .first()
      .check();
    await expect(page.getByText("加价", { exact: true })).not.toHaveAttribute("aria-disabled", "true");
  });

  test("closing a delete confirmation with × or Esc says 已取消删除; dialogs start in their first field", async ({ page }) => {
    await loginAsDataStaff(page);
    const id = 30 + projectOffset();
    await page.goto("/trailerData?from=&to=&size=200&page=2");
    await page.getByRole("link", { name: `删除 ID ${id}`, exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "关闭" }).click();
    await expect(page.getByRole("status").filter({ hasText: "已取消删除" })).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    if (test.info().project.name === "nojs") return;
    await page.getByRole("link", { name: `删除 ID ${id}`, exact: true }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("status").filter({ hasText: "已取消删除" })).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await page.goto("/port");
    await page.getByRole("link", { name: "添加", exact: true }).click();
    await expect(page.getByRole("dialog").getByLabel("港口代码")).toBeFocused();
  });
});

test("a logged-out visit to a back-office screen goes to login and back", { tag: "@nojs" }, async ({ page }) => {
  await page.goto("/fclbyseaData?pol=NINGBO");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByLabel("邮箱").fill("data@example.com");
  await page.getByLabel("密码").fill("Demo1234");
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page).toHaveURL(/\/fclbyseaData\?pol=NINGBO$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
