// Issue 40 item 6: on a phone (390 px) every control of a data area's
// toolbar (import, the carrier sheet wizard, template, history, range delete,
// add, export, checks; the selection bar's markup and export of selected
// rows) is reachable: inside the viewport and not covered by anything. The
// nine areas come from the catalog, so a new area is checked too.
import type { Page } from "@playwright/test";
import { RATE_TABLES, REFERENCE_TABLES } from "../../app/domain/catalog";
import { expect, loginAsDataStaff } from "./data-helpers";
import { test } from "./fixtures";

const AREAS = [...REFERENCE_TABLES.map((t) => t.dataPath), ...RATE_TABLES.map((t) => t.dataPath)];

/** The toolbar's controls that are not reachable: outside the viewport's width, or under another element. */
async function unreachable(page: Page): Promise<string[]> {
  const controls = page.locator(
    ".data-screen__head .toolbar :is(a, button, summary, input[type=file]), .selection-bar :is(a, button, summary, input:not([type=hidden]))",
  );
  const count = await controls.count();
  expect(count).toBeGreaterThan(4);
  const problems: string[] = [];
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    if (!(await control.isVisible())) continue;
    await control.scrollIntoViewIfNeeded();
    const name = (await control.getAttribute("aria-label")) ?? (await control.innerText().catch(() => "")) ?? `#${i}`;
    const box = await control.boundingBox();
    const width = page.viewportSize()!.width;
    if (!box || box.x < 0 || box.x + box.width > width + 0.5) {
      problems.push(`${name}: outside the viewport (${box ? `${Math.round(box.x)}…${Math.round(box.x + box.width)}` : "no box"})`);
      continue;
    }
    const onTop = await control.evaluate((el) => {
      const rect = el.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      return hit !== null && (hit === el || el.contains(hit) || hit.contains(el) || (el as HTMLInputElement).labels?.[0] === hit);
    });
    if (!onTop) problems.push(`${name}: covered by another element`);
  }
  return problems;
}

test.describe("data-area toolbars on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.setTimeout(120_000);

  test("every toolbar control of the nine data areas is reachable", async ({ page }) => {
    expect(AREAS).toHaveLength(9);
    await loginAsDataStaff(page);
    const problems: string[] = [];
    for (const path of AREAS) {
      await page.goto(path);
      await expect(page.locator(".data-screen__head h1")).toBeVisible();
      for (const problem of await unreachable(page)) problems.push(`${path}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });
});
