// Helpers for the data-maintenance browser tests.
import * as XLSX from "@e965/xlsx";
import type { Page } from "@playwright/test";
import { expect as baseExpect, hydrated, test } from "./fixtures";

/** Data screens do real work (imports, wide tables): allow more than the default 5 s on a busy machine. */
export const expect = baseExpect.configure({ timeout: 15_000 });

export async function loginAsDataStaff(page: Page) {
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("邮箱").fill("data@example.com");
  await page.getByLabel("密码").fill("Demo1234");
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Distinct data per project: js and nojs share one database. */
export function projectOffset(): number {
  return test.info().project.name === "nojs" ? 1 : 0;
}

export function xlsx(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "sheet1");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The total of the pager ("共 N 条"). */
export async function tableTotal(page: Page): Promise<number> {
  const text = await page.locator(".pager__total").innerText();
  return Number(text.replace(/\D/g, ""));
}
