// Every page and every e-mail leaves the server as clean UTF-8: no NUL byte
// and no U+FFFD, in both languages.
//
// React 18.3's streaming writer (react-dom-server.node) wrote its whole 2 KB
// buffer when a multi-byte character did not fit at the end of it, zeros
// included (react/react#31134): "海运\0拼箱数据" on /userList, data-label="\0目的港"
// on a results page, NUL bytes in Chinese e-mails. patches/react-dom+18.3.1.patch
// fixes the writer; without it this file fails.
//
// Each page also has a title in its own language (issue 21, item 13): no
// fixed bilingual "预订 / Book", no empty title, no Chinese in an English one.
//
// The pages are enumerated from the route tree (tests/support/pages.ts), so a
// new page is rendered here without anyone listing it; a new route with
// parameters fails until SAMPLES says which URL to render. Resource routes
// (no default export) do not go through React and are not rendered here.
// The e-mails are every `render…` export of app/emails and of the domain's
// emails/ folders (domain/orders/emails, domain/users/emails).
import type * as ReactDomServer from "react-dom/server";
import fs from "node:fs";
import path from "node:path";
import { flushBackground } from "~/domain/rates/background.server";
import { i18n } from "~/i18n/i18n.server";
import { supportedLanguages as LANGUAGES } from "~/i18n/config";
import { render } from "../support/render";
import { APP_DIR } from "../support/routes";
import { inLanguage, LAYOUTS, LEAVES, pageFixtures, urlsOf, viewersOf, type PageFixtures } from "../support/page-samples";
import { orderEmailData } from "../booking/email-fixture";

function problems(text: string): string[] {
  const found: string[] = [];
  for (const [name, char] of [
    ["NUL", "\0"],
    ["U+FFFD", "\uFFFD"],
  ] as const) {
    let at = text.indexOf(char);
    while (at !== -1 && found.length < 5) {
      found.push(`${name} at ${at}: …${JSON.stringify(text.slice(Math.max(0, at - 20), at + 20))}…`);
      at = text.indexOf(char, at + 1);
    }
  }
  return found;
}

let fixtures: PageFixtures;

beforeAll(async () => {
  fixtures = await pageFixtures();
});

afterAll(async () => {
  await flushBackground();
});

test("every page module is rendered here: layouts through their pages", () => {
  expect(LEAVES.length).toBeGreaterThan(40);
  for (const layout of LAYOUTS) {
    if (layout.id === "root") continue;
    expect(
      LEAVES.some((r) => r.parentId === layout.id),
      `${layout.id} has no page under it`,
    ).toBe(true);
  }
});

describe.each([...LANGUAGES])("pages in %s: clean UTF-8 and a title in the page's language", (lng) => {
  test.each(LEAVES.map((r) => [r.id, r] as const))("%s", async (_id, route) => {
    for (const viewer of viewersOf(route)) {
      for (const url of urlsOf(route, fixtures)) {
        const page = await render(inLanguage(url, lng), undefined, { cookie: fixtures.cookies[viewer] });
        expect([200, 404], `${viewer} ${url}: status`).toContain(page.status);
        expect(page.html, `${viewer} ${url}: a document`).toMatch(/^<!DOCTYPE html>/i);
        expect(page.html, `${viewer} ${url}: language`).toContain(`<html lang="${lng}"`);
        expect(problems(page.html), `${viewer} ${url}`).toEqual([]);
        if (route.id === "routes/bench.trivial") continue; // the benchmarks' bare page
        const title = /<title>([^<]*)<\/title>/.exec(page.html)?.[1] ?? "";
        expect(title.trim(), `${viewer} ${url}: a title`).not.toBe("");
        expect(title, `${viewer} ${url}: one language`).not.toMatch(/[\u4e00-\u9fff] \/ [A-Za-z]|[A-Za-z] \/ [\u4e00-\u9fff]/);
        if (lng === "en-US") expect(title, `${viewer} ${url}: English`).not.toMatch(/[\u4e00-\u9fff]/);
        else expect(title, `${viewer} ${url}: Chinese`).toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });
});

// ---------------------------------------------------------------------------
// E-mails

type MailRenderer = (options: never) => Promise<{ subject: string; html: string; text: string }>;

/** Arguments of each e-mail renderer; `filler` lengthens the Chinese texts (other chunk boundaries). */
const MAIL_SAMPLES: Record<string, (t: Awaited<ReturnType<typeof i18n.getFixedT>>, lang: string, filler: number) => unknown[]> = {
  renderVerificationCodeEmail: (t, lang) => [
    { t, lang, purpose: "register", code: "123456", minutes: 10, link: "https://portal.example.com/login?mode=register" },
  ],
  renderOrderConfirmation: (t, lang, filler) => [{ t, lang, data: orderEmailData(filler) }],
  renderOrderNotification: (t, lang, filler) => [{ t, lang, data: orderEmailData(filler) }],
  renderAuditResultEmail: (t, lang, filler) => [
    {
      t,
      lang,
      subject: "registration",
      decision: "fail",
      username: "上海环球贸易有限公司",
      reason: "营业执照照片不清晰，请重新上传".repeat(1 + filler),
      link: "https://portal.example.com/contact",
    },
  ],
  renderCancellationNotice: (t, lang, filler) => [
    {
      t,
      lang,
      data: {
        id: 1234,
        route: `上海 → 宁波${"，经停釜山".repeat(filler)}`,
        customer: { username: "huanqiu", nickname: "环球", company: "上海环球贸易有限公司", phone: "13800000000" },
        reason: "客户计划变更，取消本次出运".repeat(1 + filler),
        at: new Date("2026-03-16T02:00:00Z"),
        link: "https://portal.example.com/app-order?dialog=view&id=1234",
      },
    },
  ],
  renderTierChangeEmail: (t, lang, filler) => [
    {
      t,
      lang,
      customer: { username: "上海环球贸易", company: `上海环球贸易有限公司${"（浦东分公司）".repeat(filler)}` },
      before: 2,
      after: 1,
      by: "张经理",
      at: new Date("2026-03-16T02:00:00Z"),
      link: "https://portal.example.com/userList?dialog=edit&id=42",
    },
  ],
  renderStatusChange: (t, lang, filler) => [
    {
      t,
      lang,
      data: {
        id: 1234,
        route: `上海 → 宁波${"，经停釜山".repeat(filler)}`,
        from: "RECEIVED",
        to: "REJECTED",
        reason: "舱位已满，请改订下周船期".repeat(1 + filler),
        actor: "staff",
        at: new Date("2026-03-16T02:00:00Z"),
        link: null,
      },
    },
  ],
};

/** The folders of e-mail templates: app/emails and every `emails/` folder of a domain module (domain/orders/emails). */
function mailDirs(dir = APP_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || entry.name === "generated") return [];
    const full = path.join(dir, entry.name);
    return entry.name === "emails" ? [full, ...mailDirs(full)] : mailDirs(full);
  });
}

async function mailRenderers(): Promise<[string, MailRenderer][]> {
  const found: [string, MailRenderer][] = [];
  for (const [dir, file] of mailDirs().flatMap((d) => fs.readdirSync(d).map((f) => [d, f] as const))) {
    if (!/\.tsx?$/.test(file) || file.endsWith(".test.ts")) continue;
    const module = (await import(/* @vite-ignore */ path.join(dir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      // renderEmail is the shared step every renderer goes through.
      if (name.startsWith("render") && name !== "renderEmail" && typeof value === "function") found.push([name, value as MailRenderer]);
    }
  }
  return found;
}

test("every e-mail renderer has sample arguments here", async () => {
  const names = (await mailRenderers()).map(([name]) => name);
  expect(names.length).toBeGreaterThan(2);
  expect(names.filter((n) => !(n in MAIL_SAMPLES))).toEqual([]);
});

test.each([...LANGUAGES])("every e-mail in %s, short and long", async (lng) => {
  const t = await i18n.getFixedT(lng);
  for (const [name, renderMail] of await mailRenderers()) {
    for (let filler = 1; filler <= 40; filler += 3) {
      const mail = await (renderMail as (...args: unknown[]) => ReturnType<MailRenderer>)(...MAIL_SAMPLES[name](t, lng, filler));
      expect(problems(mail.subject + mail.html + mail.text), `${name} ${lng} filler ${filler}`).toEqual([]);
    }
  }
});

test("the writer itself: a Chinese text across the 2 KB boundary comes out whole", async () => {
  // Both builds of the writer (NODE_ENV=production loads the minified one).
  const { PassThrough } = await import("node:stream");
  const { text } = await import("node:stream/consumers");
  const React = await import("react");
  for (const file of ["react-dom-server.node.production.min.js", "react-dom-server.node.development.js"]) {
    const server = (await import(/* @vite-ignore */ path.join(process.cwd(), "node_modules/react-dom/cjs", file))) as typeof ReactDomServer;
    for (let pad = 0; pad < 24; pad++) {
      // Many short texts fill the 2 KB buffer a few bytes at a time; the padding moves where the Chinese texts fall.
      const rows = Array.from({ length: 400 }, (_, i) => React.createElement("b", { key: i }, i % 5 === 0 ? "海运拼箱数据" : "xyz"));
      const element = React.createElement("p", null, "x".repeat(pad), rows);
      const html = await new Promise<string>((resolve, reject) => {
        const out = new PassThrough();
        const { pipe } = server.renderToPipeableStream(element, {
          onAllReady: () => {
            pipe(out);
            text(out).then(resolve, reject);
          },
          onError: reject,
        });
      });
      expect(problems(html), `${file} pad ${pad}`).toEqual([]);
      expect(html).toContain("海运拼箱数据");
    }
  }
});
