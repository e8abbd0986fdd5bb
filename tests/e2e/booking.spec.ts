// Booking in a real browser, with JavaScript on and off (projects js/nojs):
// an audited customer books an FCL rate with a PDF, sees the success
// message, finds the order with its file under /entrustment, and the outbox
// holds the notification to their customer service.
import { login, sql as query } from "./db-helpers";
import { expect, test } from "./fixtures";

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

const isJs = () => test.info().project.name === "js";

test.describe("booking", { tag: "@nojs" }, () => {
  test("an audited customer books an FCL rate with a PDF and finds it with its file under /entrustment", async ({ page }) => {
    await login(page, "t1@example.com", "/fclbysea?pol=SHANGHAI&pod=BATAM");
    await page.getByRole("link", { name: "委托订舱" }).first().click();
    await expect(page).toHaveURL(/\/booking\/fcl\/\d+/);
    const dialog = page.getByRole("dialog", { name: "预订" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("SHANGHAI → BATAM");

    await dialog.getByTestId("choose-order").click();
    await expect(page).toHaveURL(/\/booking\/fcl\/\d+\/order/);
    const form = page.getByRole("dialog", { name: "托单" });
    // Pre-set from the rate's mode.
    await expect(form.getByLabel("运输方式")).toHaveValue("FCL");
    await form.getByLabel("20GP").fill("2");
    await form.getByLabel("40HQ").fill("1");
    await form.getByLabel("毛重").fill("32000KGS");
    await form.getByLabel("HS编码").fill("3926909090");
    await form.getByLabel("英文品名").fill("PLASTIC PRODUCTS");
    await form.getByLabel("发货人").fill("SHANGHAI RUIFENG IMPORT & EXPORT CO., LTD.\nNO. 3355 QIXIN ROAD");
    await form.getByLabel("收货人").fill("PT BATAM SEJAHTERA");
    await form.locator('input[name="attachment"]').setInputFiles({ name: "托单.pdf", mimeType: "application/pdf", buffer: PDF });

    if (isJs()) {
      // The preview shows the chosen file before anything is uploaded.
      await form.getByRole("button", { name: "预览" }).click();
      await expect(form.getByTestId("attachment-preview").locator('object[type="application/pdf"]')).toHaveAttribute("data", /^blob:/);
    } else {
      await expect(form.getByRole("button", { name: "预览" })).toHaveCount(0);
    }

    await form.getByRole("button", { name: "提交" }).click();
    await expect(page).toHaveURL(/\/booking\/done\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    await expect(page.getByTestId("booking-success")).toHaveText("感谢您的委托！！专属客服将在半小时内与您联系！");

    await page.getByRole("link", { name: "查看我的委托记录" }).click();
    await expect(page).toHaveURL(/\/entrustment$/);
    await expect(page.getByRole("heading", { name: "委托记录" })).toBeVisible();
    const row = page
      .getByRole("row")
      .filter({ has: page.getByRole("link", { name: "详情" }) })
      .first();
    await expect(row).toContainText("整箱运价");
    await expect(row).toContainText("SHANGHAI");
    await expect(row).toContainText("BATAM");

    const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: "下载文件" }).click()]);
    expect(download.suggestedFilename()).toBe("托单.pdf");
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(PDF);

    // The order is stored with its mails: the notification to t1's customer service (service@) is in the outbox.
    const mails = await query<{ to_address: string; kind: string; attachments: { filename: string }[] }>(
      "SELECT to_address, kind, attachments FROM email_outbox WHERE entrustment_id = $1 ORDER BY id",
      [id],
    );
    expect(mails.map((m) => m.to_address)).toEqual(["service@example.com", "sales@example.com", "t1@example.com"]);
    expect(mails[0]).toMatchObject({ kind: "order_staff", attachments: [{ filename: "托单.pdf" }] });

    await page.getByRole("link", { name: "详情" }).first().click();
    await expect(page).toHaveURL(new RegExp(`/entrustment/${id}$`));
    await expect(page.getByTestId("attachment-link")).toContainText("托单.pdf");
  });

  test("upload an order file only; ask customer service to contact me", async ({ page }) => {
    await login(page, "t2@example.com", "/fclbysea?pol=SHANGHAI&pod=BATAM");
    await page.getByRole("link", { name: "委托订舱" }).first().click();
    await page.getByTestId("choose-order").click();
    await page.getByRole("link", { name: "仅上传托单文件" }).click();
    await expect(page).toHaveURL(/tab=file/);
    const form = page.getByRole("dialog", { name: "托单" });
    await expect(form.getByLabel("毛重")).toHaveCount(0);
    await form.locator('input[name="attachment"]').setInputFiles({ name: "shipping-order.pdf", mimeType: "application/pdf", buffer: PDF });
    await form.getByRole("button", { name: "提交" }).click();
    await expect(page.getByTestId("booking-success")).toContainText("感谢您的委托");

    await page.goto("/fclbysea?pol=SHANGHAI&pod=BATAM");
    await page.getByRole("link", { name: "委托订舱" }).first().click();
    await page.getByTestId("choose-contact").click();
    await expect(page).toHaveURL(/\/booking\/done\/\d+$/);
    await expect(page.getByTestId("booking-success")).toHaveText("您的专属客服将在半小时内与您联系！");
  });

  test("LCL hides the container counts (with JavaScript); validation messages show in the dialog", async ({ page }) => {
    await login(page, "t1@example.com", "/fclbysea?pol=SHANGHAI&pod=BATAM");
    await page.getByRole("link", { name: "委托订舱" }).first().click();
    await page.getByTestId("choose-order").click();
    const form = page.getByRole("dialog", { name: "托单" });
    if (isJs()) {
      // Spec 4: LCL, air and express reset the counts to 0 and the other size to empty, not only hide them.
      for (const type of ["LCL", "AIR", "EXPRESS"]) {
        await form.getByLabel("运输方式").selectOption("FCL");
        await form.getByLabel("20GP", { exact: true }).fill("3");
        await form.getByLabel("40GP", { exact: true }).fill("2");
        await form.getByLabel("40HQ", { exact: true }).fill("1");
        await form.getByLabel("其他箱型").fill("45HQ×1");
        await form.getByLabel("运输方式").selectOption(type);
        await expect(form.getByTestId("container-fields")).toBeHidden();
        await expect(form.getByTestId("containers-hidden")).toBeVisible();
        await form.getByLabel("运输方式").selectOption("FCL");
        await expect(form.getByTestId("container-fields")).toBeVisible();
        for (const label of ["20GP", "40GP", "40HQ"])
          await expect(form.getByLabel(label, { exact: true }), `${type}: ${label}`).toHaveValue("0");
        await expect(form.getByLabel("其他箱型")).toHaveValue("");
      }
      await form.getByLabel("运输方式").selectOption("LCL");
    } else {
      await form.getByLabel("运输方式").selectOption("LCL");
      // Without JavaScript the fields stay; the server zeroes them for LCL.
      await expect(form.getByTestId("container-fields")).toContainText("拼箱、空运和快递无需箱型");
    }
    await form.getByLabel("HS编码").fill("12345");
    await form.getByLabel("发货人").fill("SHIPPER");
    await form.getByRole("button", { name: "提交" }).click();
    await expect(form.getByText("HS编码必须为 10 位数字")).toBeVisible();
    // The values typed stay in the form.
    await expect(form.getByLabel("发货人")).toHaveValue("SHIPPER");
  });

  test("visitors get the login prompt; a customer under audit gets the status-2 warning", async ({ page }) => {
    await page.goto("/fclbysea?pol=SHANGHAI&pod=BATAM");
    const bookLink = page.getByRole("link", { name: "登录后订舱" }).first();
    await expect(bookLink).toBeVisible();
    const offerId = (
      await query<{ id: number }>(
        "SELECT id FROM special_offers WHERE mode = 'FCL' AND (valid_to IS NULL OR valid_to >= now()) AND (valid_from IS NULL OR valid_from <= now()) ORDER BY id LIMIT 1",
      )
    )[0].id;
    await page.goto(`/booking/offer/${offerId}`);
    await expect(page.getByTestId("booking-gate")).toContainText("请注册/登录您的账户！");
    await page.getByTestId("booking-gate").getByRole("link", { name: "登录/注册" }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(`/booking/offer/${offerId}`)}`));

    await login(page, "pending@example.com", `/booking/offer/${offerId}`);
    await expect(page.getByTestId("booking-gate")).toContainText("注册信息待审核，请联系您的专属销售审核通过");
  });
});
