// Issue 44 item 7: the back office below 1280 px. On a 390 px phone and a
// 1024 px tablet the page never scrolls sideways (wide tables scroll inside
// their own container), and every filter field and button of the screen is
// within the window. The screens come from the route table (every page of
// the staff layout), so a new screen is checked without being listed here;
// each is opened as the administrator, who may open them all. The data
// areas' toolbar (add, import, export, checks) has its own rules (issue 40)
// and is left out of the reach check; the page width covers it too.
import { routeManifest } from "../support/routes";
import { login } from "./db-helpers";
import { expect, test } from "./fixtures";

const SCREENS = routeManifest().filter((r) => r.id.startsWith("routes/_bo") && r.document && !r.pathless && !/[:*]/.test(r.url));

for (const width of [390, 1024]) {
  test.describe(`back office at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test(`${SCREENS.length} screens: no sideways page scroll, filters and buttons within reach`, async ({ page }) => {
      test.slow();
      expect(SCREENS.length).toBeGreaterThan(20);
      await login(page, "admin@example.com");
      const problems: string[] = [];
      for (const route of SCREENS) {
        const response = await page.goto(route.url);
        expect(response?.status(), route.url).toBe(200);
        const { scrollWidth, innerWidth, outside } = await page.evaluate(() => {
          const root = document.scrollingElement!;
          // Filters and buttons of the screen (not the folded menu, not cells of a table that scrolls in its box).
          const controls = [
            ...document.querySelectorAll<HTMLElement>(
              "main form.filters input, main form.filters select, main form.filters button, main .button",
            ),
          ].filter((el) => el.offsetParent !== null && !el.closest(".datatable, dialog, .toolbar"));
          const outside = controls
            .map((el) => ({ el, rect: el.getBoundingClientRect() }))
            .filter(({ rect }) => rect.right > window.innerWidth + 0.5 || rect.left < -0.5)
            .map(
              ({ el, rect }) =>
                `${el.tagName.toLowerCase()}${el.getAttribute("name") ? `[name=${el.getAttribute("name")}]` : ""} "${(el.textContent ?? "").trim().slice(0, 20)}" ${Math.round(rect.left)}..${Math.round(rect.right)}`,
            );
          return { scrollWidth: root.scrollWidth, innerWidth: window.innerWidth, outside };
        });
        if (scrollWidth > innerWidth) problems.push(`${route.url}: the page is ${scrollWidth} px wide in a ${innerWidth} px window`);
        for (const control of outside) problems.push(`${route.url}: ${control} is outside the window`);
      }
      expect(problems).toEqual([]);
    });
  });
}
