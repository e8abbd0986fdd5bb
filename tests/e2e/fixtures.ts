// `test` and `expect` for every e2e spec. A test fails when a page logs a
// console error or throws an uncaught exception (house rule). Navigations
// the test makes on purpose to error pages (404, 403, 500) make Chromium log
// "Failed to load resource" for the document itself, and with JavaScript a
// form whose validation fails answers its `.data` fetch with a 4xx: those are
// ignored; the spec asserts on the status and the message instead. Opt out with
// `test.use({ allowConsoleErrors: true })`.
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { serverOf } from "./servers";

export type ConsoleProblem = { kind: "console.error" | "pageerror"; text: string; url?: string };

type Fixtures = {
  /** Set true (test.use) to let a test log console errors. */
  allowConsoleErrors: boolean;
  /** Everything caught so far in this test (read it to assert on errors). */
  consoleProblems: ConsoleProblem[];
};

export const test = base.extend<Fixtures>({
  // Each worker talks to its own server (playwright.config.ts starts one per worker).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => {
    await use(serverOf(testInfo.parallelIndex).url);
  },
  allowConsoleErrors: [false, { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  consoleProblems: async ({}, use) => {
    await use([]);
  },
  context: async ({ context, allowConsoleErrors, consoleProblems }, use) => {
    const failedDocuments = new Set<string>();
    context.on("response", (response) => {
      if (response.status() >= 400 && response.request().isNavigationRequest()) failedDocuments.add(response.url());
    });
    context.on("console", (message) => {
      if (message.type() !== "error") return;
      const url = message.location().url;
      if (/^Failed to load resource/.test(message.text()) && failedDocuments.has(url)) return;
      // With JavaScript, Remix submits forms as fetches of `<route>.data`; a
      // validation error answers 4xx on purpose (house style: 400 + reply).
      if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()) && /\.data(\?|$)/.test(url ?? ""))
        return;
      consoleProblems.push({ kind: "console.error", text: message.text(), url });
    });
    context.on("weberror", (webError) => {
      const error = webError.error();
      consoleProblems.push({ kind: "pageerror", text: error.stack ?? error.message, url: webError.page()?.url() });
    });

    await use(context);

    if (!allowConsoleErrors && consoleProblems.length > 0) {
      const lines = consoleProblems.map((p) => `${p.kind}${p.url ? ` at ${p.url}` : ""}: ${p.text}`);
      throw new Error(
        `The page logged ${consoleProblems.length} error(s) (house rule: none allowed; ` +
          `test.use({ allowConsoleErrors: true }) if expected):\n${lines.join("\n")}`,
      );
    }
  },
});

export { expect };

/**
 * Resolves once the page's document has hydrated (root.tsx marks
 * `<html data-hydrated>` in an effect); at once without JavaScript. Typing
 * and clicking before it races React's hydration: a form submitted while
 * React hydrates navigates away under it (React error #345 in the page).
 */
export async function hydrated(page: Page): Promise<void> {
  if (test.info().project.name === "nojs") return;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Before a screenshot: hydrated, every web font loaded and every image
 * decoded (instead of waiting for the network to go quiet).
 */
export async function settled(page: Page): Promise<void> {
  await hydrated(page);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images, (image) =>
        // An image fires load or error (not loadend); `complete` is true after either.
        image.complete
          ? null
          : new Promise((done) => ["load", "error"].forEach((type) => image.addEventListener(type, done, { once: true }))),
      ),
    );
  });
}

/**
 * Clicks a submit button whose post the server refuses (a 4xx with its message) and, with JavaScript, resolves once
 * the root has read again (root.tsx revalidates after every post). A post sent before that interrupts the
 * revalidation, and single fetch can leave the cancelled request as an unhandled AbortError in the page (React
 * Router issue #14203, fix proposed in #14761): a user clicking that fast sees nothing wrong, the console does.
 */
export async function submitRefused(page: Page, button: Locator): Promise<void> {
  const revalidated =
    test.info().project.name === "nojs"
      ? null
      : page.waitForResponse((response) => response.request().method() === "GET" && new URL(response.url()).pathname.endsWith(".data"));
  await button.click();
  await revalidated;
}
