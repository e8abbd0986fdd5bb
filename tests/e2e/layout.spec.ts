// Layout on a phone (390 px) and on desktops (1280, 1440 px), in both
// languages, with JavaScript on and off: what issue 21 found broken, each
// as a measurement (the screenshots of screenshots.spec.ts catch the rest).
import type { Page } from "@playwright/test";
import { MODES } from "../../app/domain/modes";
import { routeManifest } from "../support/routes";
import { sql } from "./db-helpers";
import { expect, hydrated, test } from "./fixtures";

/** Signs in, then opens `path` (a page in another language is a new document: opened after the login's own navigation). */
async function login(page: Page, email: string, path = "/home") {
  await page.goto("/login");
  await hydrated(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill("Demo1234");
  await page.locator('input[name="password"]').press("Enter");
  await page.waitForURL(/\/home$/);
  await hydrated(page);
  if (path !== "/home") await page.goto(path);
}

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

test.describe("desktop header", () => {
  for (const width of [1280, 1440]) {
    test(`one line at ${width} px in English, with the longest menu (staff)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await login(page, "admin@example.com", "/home?lng=en-US");
      const header = await box(page, ".site-header__inner");
      expect(header.height).toBeLessThan(64);
      // Every link and button on one line: as tall as a single line of text.
      const heights = await page
        .locator(".site-nav .nav__link, .site-nav summary, .site-header__tools > * >> visible=true")
        .evaluateAll((els) => els.map((el) => [el.textContent?.trim(), Math.round(el.getBoundingClientRect().height)] as const));
      for (const [text, height] of heights) expect(height, text ?? "").toBeLessThanOrEqual(44);
      const overflow = await page.locator(".site-header__inner").evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }

  test("with JavaScript, a menu link navigates inside the app (no new document) and marks its entry, as <Link> did", async ({ page }) => {
    test.skip(test.info().project.name !== "js", "client navigation needs JavaScript");
    await page.setViewportSize({ width: 1440, height: 800 });
    await page.goto("/home");
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.locator('.site-nav a[href="/us"]').click();
    await page.waitForURL(/\/us$/);
    await expect(page.locator('.site-nav a[href="/us"]')).toHaveAttribute("aria-current", "page");
    await expect(page.locator('.site-nav a[href="/home"]')).not.toHaveAttribute("aria-current", "page");
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test("the user's name never wraps a character per line", async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 800 });
    await login(page, "t1@example.com");
    const name = page.locator(".site-header__user");
    await expect(name).toBeVisible();
    expect((await name.boundingBox())!.height).toBeLessThanOrEqual(32);
  });
});

test.describe("phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("registration: the send-code button stays inside the card", async ({ page }) => {
    await page.goto("/login?mode=register");
    await hydrated(page);
    const card = await box(page, ".standalone__card");
    const button = await box(page, ".code-row .button");
    expect(button.x).toBeGreaterThanOrEqual(card.x);
    expect(button.x + button.width).toBeLessThanOrEqual(card.x + card.width);
  });

  test("the open drawer has a backdrop over the page and the contact button; tapping it closes the drawer", async ({ page }) => {
    await page.goto("/home");
    await page.locator(".nav-drawer > summary").click();
    await expect(page.locator(".site-nav")).toBeVisible();
    const contact = await box(page, ".contact-card--floating summary");
    const onTop = await page.evaluate(
      ([x, y]) => {
        const el = document.elementFromPoint(x, y);
        return el?.closest(".contact-card") ? "contact" : el?.closest(".nav-drawer") ? "drawer" : el?.tagName;
      },
      [contact.x + contact.width / 2, contact.y + contact.height / 2],
    );
    expect(onTop).toBe("drawer");
    await page.mouse.click(contact.x + contact.width / 2, contact.y + contact.height / 2);
    await expect(page.locator(".site-nav")).toBeHidden();
  });

  test("air results keep their weight-break labels (+45 … +3000)", async ({ page }) => {
    await login(page, "t1@example.com", "/byair?airpol=PVG&airpod=ORD");
    // Each price carries its break, shown before it (the header row of breaks is hidden on phones).
    const cells = await page
      .locator(".breaks td")
      .evaluateAll((tds) =>
        tds.slice(0, 8).map((td) => [td.getAttribute("data-label"), getComputedStyle(td, "::before").content] as const),
      );
    expect(cells.map(([label]) => label)).toEqual([
      "+45 公斤",
      "+100 公斤",
      "+130 公斤",
      "+300 公斤",
      "+500 公斤",
      "+1000 公斤",
      "+2000 公斤",
      "+3000 公斤",
    ]);
    for (const [, content] of cells) expect(content).not.toBe("none");
    await expect(page.locator(".breaks thead").first()).toBeHidden();
    await expect(page.locator(".breaks th[scope=row]").first()).toBeVisible();
  });

  test("the entrustment table says it scrolls sideways; the floating buttons leave the page's end free", async ({ page }) => {
    await login(page, "t1@example.com", "/entrustment");
    await expect(page.getByText("← 左右滑动查看更多列 →")).toBeVisible();
    const scrolls = await page
      .locator(".datatable")
      .first()
      .evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(scrolls).toBe(true);
    // At the end of a page nothing floats over the last content: the footer starts below the floating button's top.
    await page.goto("/fclbysea?pol=SHANGHAI&pod=BATAM");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const contact = await box(page, ".contact-card--floating summary");
    expect(contact.width).toBeLessThanOrEqual(48);
    const lastRow = (await page.locator(".rates__row").last().boundingBox())!;
    expect(lastRow.y + lastRow.height).toBeLessThanOrEqual(contact.y);
  });
});

test.describe("desktop tables", () => {
  for (const width of [1280, 1440]) {
    test(`the express table fits ${width} px in English and Chinese: no column behind a sideways scroll (issue 45 item 7)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await login(page, "t1@example.com");
      for (const lng of ["en-US", "zh-CN"]) {
        await page.goto(`/express?pod=US-W&num=2.5&lng=${lng}`);
        const wrap = page.locator(".table-wrap").first();
        const fits = await wrap.evaluate((el) => el.scrollWidth <= el.clientWidth);
        expect(fits, `${lng}: the table within its box`).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), lng).toBeLessThanOrEqual(width);
        const book = (await page.locator(".rates__book .button--primary").first().boundingBox())!;
        expect(book.x + book.width, `${lng}: Book within the window`).toBeLessThanOrEqual(width);
      }
    });
  }

  test("/entrustment in English shows its column headers whole", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, "t1@example.com", "/entrustment?lng=en-US");
    const cut = await page
      .locator(".datatable th")
      .evaluateAll((ths) => ths.filter((th) => th.scrollWidth > th.clientWidth).map((th) => th.textContent));
    expect(cut).toEqual([]);
    await expect(page.getByRole("columnheader", { name: "Customer service" })).toBeVisible();
  });
});

test.describe("the floating controls never cover a Book button or a form field (issue 45 item 7)", { tag: "@nojs" }, () => {
  /** The other pages of the site layout (which holds the floating bar): their forms too. */
  const SITE_PAGES = routeManifest()
    .filter((r) => r.id.startsWith("routes/_site") && r.document && !r.pathless && !/[:*]/.test(r.url))
    .map((r) => r.url)
    .filter((url) => url !== "/home" && !MODES.some((m) => m.path === url));

  const VALID_TODAY = "(valid_from IS NULL OR valid_from <= current_date) AND (valid_to IS NULL OR valid_to >= current_date)";
  type Search = { url: string; lane?: { table: string; where: string; values: string[]; count: number } };

  /** Per mode of the catalog, the search with the most rows valid today. */
  async function busiestSearches(): Promise<Search[]> {
    const searches: Search[] = [{ url: "/home" }];
    for (const mode of MODES) {
      if (mode.weight) {
        // Express: a destination country and a weight (no rate column to group by).
        searches.push({ url: `${mode.path}?${mode.fields[0].param}=US-W&${mode.weight.param}=2.5` });
        continue;
      }
      const table = `${mode.key}_rates`;
      const columns = mode.fields.map((f) => f.column!.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
      const [lane] = await sql<Record<string, string>>(
        // Not a lane other specs imported for their own checks (E2E …): its made-up ports are no place a customer can search.
        `SELECT ${columns.join(", ")}, count(*)::int AS count FROM ${table} WHERE ${VALID_TODAY}
           AND ${columns.map((c) => `${c} NOT LIKE 'E2E%'`).join(" AND ")}
         GROUP BY ${columns.join(", ")} ORDER BY count(*) DESC LIMIT 1`,
      );
      const values = columns.map((c) => lane[c]);
      searches.push({
        url: `${mode.path}?${new URLSearchParams(mode.fields.map((f, i) => [f.param, values[i]]))}`,
        lane: {
          table,
          where: `${columns.map((c, i) => `${c} = $${i + 1}`).join(" AND ")} AND ${VALID_TODAY}`,
          values,
          count: Number(lane.count),
        },
      });
    }
    return searches;
  }

  /** Copies of a lane's rows, so that its results have more than one page (20 rows a page); returns a function removing them. */
  async function moreThanOnePage({ table, where, values, count }: NonNullable<Search["lane"]>) {
    const columns = (
      await sql<{ name: string }>(
        `SELECT column_name AS name FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = $1 AND column_name <> 'id' AND is_generated = 'NEVER'`,
        [table],
      )
    )
      .map((c) => `"${c.name}"`)
      .join(", ");
    const copies = await sql<{ id: number }>(
      `INSERT INTO ${table} (${columns}) SELECT ${columns} FROM ${table}, generate_series(1, ${Math.ceil(30 / count)}) WHERE ${where} RETURNING id`,
      values,
    );
    return () => sql(`DELETE FROM ${table} WHERE id = ANY($1)`, [copies.map((c) => c.id)]);
  }

  /**
   * Every Book link or button and every form field of the page, brought into view each way a browser does it
   * (focus(), scrollIntoView at the start, centre, end and nearest), is the element at its own centre.
   */
  const covered = (page: Page) =>
    page.evaluate(() => {
      const targets = [
        ...document.querySelectorAll<HTMLElement>(
          '.rates__book a, .rates__book button, a[href^="/booking/"], a[href^="/login?redirectTo=%2Fbooking"], main input:not([type=hidden]), main select, main textarea',
        ),
      ].filter((el) => el.checkVisibility({ visibilityProperty: true }));
      const problems: string[] = [];
      const name = (el: Element | null) =>
        el
          ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].join(".")} "${el.textContent?.trim().slice(0, 20)}"`
          : "nothing";
      for (const el of targets) {
        const ways: [string, () => void][] = [
          ["focus", () => el.focus()],
          ...(["start", "center", "end", "nearest"] as const).map(
            (block) => [`scrollIntoView ${block}`, () => el.scrollIntoView({ block, inline: "nearest" })] as [string, () => void],
          ),
        ];
        for (const [way, bring] of ways) {
          window.scrollTo(0, way === "focus" ? 0 : document.documentElement.scrollHeight);
          bring();
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          if (!hit || !(hit === el || el.contains(hit)))
            problems.push(`${name(el)} (${way}) under ${name(hit)} ${name(hit?.closest(".contact-card, .floating-bar") ?? null)}`);
        }
      }
      return { count: targets.length, problems: [...new Set(problems)].slice(0, 10) };
    });

  for (const width of [390, 1280, 1440]) {
    test(`on /home, the six results pages and every other site page at ${width} px, in Chinese and English; the phone pager fits`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await login(page, "t1@example.com");
      const searches = await busiestSearches();
      // On the phone, results of more than one page: the pager must fit.
      const cleanups = width === 390 ? await Promise.all(searches.flatMap((s) => (s.lane ? [moreThanOnePage(s.lane)] : []))) : [];
      let pagers = 0;
      try {
        for (const lng of ["zh-CN", "en-US"]) {
          for (const { url } of searches) {
            await page.goto(`${url}${url.includes("?") ? "&" : "?"}lng=${lng}`);
            await hydrated(page);
            // The back-to-top link shows once the page has scrolled (with JavaScript).
            await page.evaluate(() => window.scrollTo(0, 400));
            const { count, problems } = await covered(page);
            expect(count, `${url} has Book buttons or fields`).toBeGreaterThan(0);
            expect(problems, `${lng} ${url}`).toEqual([]);
            if (url !== "/home") await expect(page.locator(".rates__book").first(), `${url} shows rows`).toBeVisible();
            const pager = page.locator("nav.pager");
            if (width === 390 && (await pager.count())) {
              pagers += 1;
              const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
              expect(overflow, `${lng} ${url}: no sideways scroll`).toBeLessThanOrEqual(width);
              const outside = await pager
                .locator("a")
                .evaluateAll(
                  (links, w) =>
                    links
                      .filter((a) => a.getBoundingClientRect().left < 0 || a.getBoundingClientRect().right > w)
                      .map((a) => a.textContent),
                  width,
                );
              expect(outside, `${lng} ${url}: the pager's links inside the window`).toEqual([]);
            }
          }
        }
      } finally {
        for (const cleanup of cleanups) await cleanup();
      }
      expect(SITE_PAGES.length).toBeGreaterThan(8);
      for (const lng of ["zh-CN", "en-US"]) {
        for (const url of SITE_PAGES) {
          await page.goto(`${url}?lng=${lng}`);
          await page.evaluate(() => window.scrollTo(0, 400));
          expect((await covered(page)).problems, `${lng} ${url}`).toEqual([]);
        }
      }
      // Every results page whose lane was copied (all but express) showed its pager, in both languages.
      if (width === 390) expect(pagers, "results with more than one page").toBe(2 * cleanups.length);
    });
  }
});
