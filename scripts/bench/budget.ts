// Page-weight budget for low-end phones (issue 9.1). Not a test: a check
// that reads the build output and the pages the built server sends, prints
// the figures and exits non-zero above budget. `npm run bench:budget`;
// scripts/test.sh runs it after the build.
//
// Budgets (compressed = gzip as served by server/index.js to a client that
// accepts only gzip; browsers get brotli, smaller):
//   - /home and the six rate results pages: at most 100 KB of JavaScript in
//     total (every module the page loads: entry, framework, route chunks);
//   - every customer page: at most 30 KB of CSS (linked, and the site's own
//     stylesheets inside the document, app/utils/inline-styles.tsx);
//   - a 50-row FCL or air result for a logged-in T1 customer (prices and
//     fees: the heaviest rows): at most 30 KB of HTML. A results page holds
//     20 rows (PAGE_SIZE); the 50-row size is extrapolated from the served
//     20-row page and its 10-row last page: HTML(50) = HTML(20) + 30 x
//     (HTML(20) - HTML(10)) / 10, with the 50 rows real (the bench adds them);
//   - nothing blocks the first render but the page's own CSS: no web fonts
//     (or only with font-display swap/optional/fallback), no font or image
//     preloads, no third-party stylesheets, no synchronous scripts, and
//     images in the HTML with width and height (no layout shift).
//
// Server: the built app on a scratch embedded PostgreSQL with the demo data
// (BENCH_PORT and BENCH_PG_PORT, else ports the system chooses). Needs
// `npm run build` first.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { recordResults } from "./lib/results";
import { addFiftyRowRoutes, login, request, ROOT, startServer, type BenchServer } from "./lib/server";

const KB = 1024;
const BUDGET = { js: 100 * KB, css: 30 * KB, html50: 30 * KB };
const log = (line: string) => console.log(`[budget] ${line}`);
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const failures: string[] = [];
/** The largest figures of the served pages, for docs/bench-results.json. */
const largest = { jsHome: 0, jsResults: 0, css: 0, cssPage: "", html50: [] as string[], blockers: 0 };
const check = (ok: boolean, what: string) => {
  if (!ok) failures.push(what);
  return ok ? "ok" : "OVER";
};

// ---------------------------------------------------------------- build output
type Manifest = {
  /** The route manifest as a module: every document loads it when lazy route discovery is off (remix.config.js). */
  url: string;
  entry: { module: string; imports?: string[] };
  routes: Record<string, { module: string; imports?: string[]; parentId?: string; css?: string[] }>;
};

function readManifest(): Manifest {
  const dir = path.join(ROOT, "public", "build");
  const file = fs.readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error("public/build has no manifest: run `npm run build` first");
  const text = fs.readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, ""));
}

/** Remix's future flags of the build (remix.config.js). */
const { default: remixConfig } = (await import(path.join(ROOT, "remix.config.js"))) as { default: { future?: Record<string, boolean> } };

/** The modules a document of this route loads (entry, its imports, each route of the branch and its imports, the route manifest without lazy discovery). */
function routeModules(manifest: Manifest, routeId: string): string[] {
  const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  if (!remixConfig.future?.v3_lazyRouteDiscovery) files.add(manifest.url);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the manifest`);
    files.add(route.module);
    for (const f of route.imports ?? []) files.add(f);
  }
  return [...files];
}

/**
 * What the server sends to a client that accepts only gzip: the gzip copy
 * made at build time (scripts/precompress.mjs, Zopfli), served by
 * express-static-gzip; a file without one (gzip would grow it) as it is.
 */
function gzipSize(file: string): number {
  const bytes = fs.readFileSync(path.join(ROOT, "public", file));
  const gz = path.join(ROOT, "public", `${file}.gz`);
  return fs.existsSync(gz) ? Math.min(bytes.length, fs.statSync(gz).size) : Math.min(bytes.length, zlib.gzipSync(bytes).length);
}

function checkBuildOutput() {
  const manifest = readManifest();
  const routes = [
    "routes/_site.home",
    ...["fclbysea", "lclbysea", "byair", "railroad", "trailer", "express"].map((p) => `routes/_site.${p}`),
  ];
  log("build output: JavaScript a document loads (the gzip copies of public/build the server sends)");
  for (const id of routes) {
    const files = routeModules(manifest, id);
    const total = files.reduce((sum, f) => sum + gzipSize(f), 0);
    log(
      `  ${id.padEnd(24)} ${String(files.length).padStart(2)} modules ${kb(total).padStart(9)}  ${check(total <= BUDGET.js, `build: ${id} JS ${kb(total)} > ${kb(BUDGET.js)}`)}`,
    );
  }
  const framework = [manifest.entry.module, ...(manifest.entry.imports ?? [])].reduce((sum, f) => sum + gzipSize(f), 0);
  log(`  of which the entry and framework (react-dom, Remix, router): ${kb(framework)}`);
}

// ---------------------------------------------------------------- served pages
type PageWeight = { html: number; js: number; css: number; jsFiles: number; cssFiles: string[]; htmlText: string };

const GZIP_ONLY = { "Accept-Encoding": "gzip" };
const assetCache = new Map<string, { wire: number; text: string }>();

async function asset(base: string, href: string) {
  let hit = assetCache.get(href);
  if (!hit) {
    const response = await request(new URL(href, base).toString(), { headers: GZIP_ONLY });
    if (response.status !== 200) throw new Error(`${href}: ${response.status}`);
    hit = { wire: response.wireBytes, text: response.body.toString("utf8") };
    assetCache.set(href, hit);
  }
  return hit;
}

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`, "i"))?.[1] ?? null;

async function weigh(server: BenchServer, pagePath: string, cookie: string | null): Promise<PageWeight> {
  const response = await request(`${server.url}${pagePath}`, { headers: { ...GZIP_ONLY, ...(cookie ? { Cookie: cookie } : {}) } });
  if (response.status !== 200) throw new Error(`${pagePath}: HTTP ${response.status}`);
  if (response.headers["content-encoding"] !== "gzip") throw new Error(`${pagePath}: HTML not compressed`);
  const html = response.body.toString("utf8");

  // Scripts: module preloads, script src, imports of inline module scripts, then their static imports.
  const scripts = new Set<string>();
  for (const tag of html.match(/<link[^>]*>/gi) ?? []) {
    if (attr(tag, "rel") === "modulepreload") scripts.add(attr(tag, "href")!);
  }
  for (const tag of html.match(/<script[^>]*>/gi) ?? []) {
    const src = attr(tag, "src");
    if (src) scripts.add(src);
  }
  // The module script: static or dynamic imports, and the preloads it adds
  // after the first paint (app/utils/defer-scripts.server.ts).
  for (const body of html.match(/<script[^>]*type="module"[^>]*>[\s\S]*?<\/script>/gi) ?? []) {
    for (const m of body.matchAll(/(?:import\s*\(?|from)\s*["']([^"']+\.js)["']/g)) scripts.add(m[1]);
    const preload = /const preload = (\[[^\]]*\]);/.exec(body);
    for (const href of preload ? (JSON.parse(preload[1]) as string[]) : []) scripts.add(href);
  }
  const queue = [...scripts];
  while (queue.length) {
    const href = queue.pop()!;
    const { text } = await asset(server.url, href);
    for (const m of text.matchAll(/(?:import|from)\s*["'](\/build\/[^"']+\.js)["']/g)) {
      if (!scripts.has(m[1])) {
        scripts.add(m[1]);
        queue.push(m[1]);
      }
    }
  }
  let js = 0;
  for (const href of scripts) js += (await asset(server.url, href)).wire;

  const cssFiles = (html.match(/<link[^>]*>/gi) ?? []).filter((t) => attr(t, "rel") === "stylesheet").map((t) => attr(t, "href")!);
  // Stylesheets inside the document (app/utils/inline-styles.tsx) count as
  // CSS too, at their gzip size (they travel in the HTML).
  let css = 0;
  for (const body of html.match(/<style[^>]*>[\s\S]*?<\/style>/gi) ?? []) css += zlib.gzipSync(Buffer.from(body)).length;
  for (const href of cssFiles) css += (await asset(server.url, href)).wire;
  return { html: response.wireBytes, js, css, jsFiles: scripts.size, cssFiles, htmlText: html };
}

/** What could hold back the first paint besides the page's own CSS. */
async function renderBlockers(server: BenchServer, pagePath: string, page: PageWeight): Promise<string[]> {
  const problems: string[] = [];
  const head = page.htmlText.slice(0, page.htmlText.search(/<\/head>/i));
  for (const tag of head.match(/<link[^>]*>/gi) ?? []) {
    const rel = attr(tag, "rel");
    const href = attr(tag, "href") ?? "";
    if (rel === "stylesheet" && !href.startsWith("/")) problems.push(`third-party stylesheet ${href}`);
    if (rel === "preload" && /^(font|image)$/.test(attr(tag, "as") ?? "")) problems.push(`preload of a ${attr(tag, "as")}: ${href}`);
  }
  for (const tag of head.match(/<script[^>]*\ssrc=[^>]*>/gi) ?? []) {
    if (!/\s(async|defer)\b|type="module"/i.test(tag)) problems.push(`synchronous script ${attr(tag, "src")}`);
  }
  for (const href of page.cssFiles) {
    const { text } = await asset(server.url, href);
    if (/@import/i.test(text)) problems.push(`${href} uses @import`);
    for (const face of text.match(/@font-face\s*{[^}]*}/gi) ?? []) {
      if (!/font-display\s*:\s*(swap|optional|fallback)/i.test(face))
        problems.push(`${href}: @font-face without font-display swap/optional`);
    }
  }
  for (const tag of page.htmlText.match(/<img[^>]*>/gi) ?? []) {
    if (!(attr(tag, "width") && attr(tag, "height")) && attr(tag, "loading") !== "lazy") {
      problems.push(`${pagePath}: <img src="${attr(tag, "src")}"> without width/height`);
    }
  }
  return problems;
}

const rowCount = (html: string) => (html.match(/class="rates__row/g) ?? []).length;

async function checkServedPages(server: BenchServer) {
  const routes = await addFiftyRowRoutes(server.databaseUrl);
  const t1 = await login(server.url, "t1@example.com");
  log(`added 50 rows valid today: /fclbysea?${routes.fcl}, /byair?${routes.air}`);

  const searches: [string, string][] = [
    ["/fclbysea", routes.fcl],
    ["/lclbysea", "lclpol=CNSHA&lclpod=JPUKB"],
    ["/byair", routes.air],
    ["/railroad", `pol=${encodeURIComponent("西安")}&pod=${encodeURIComponent("阿拉山口")}`],
    ["/trailer", `dock=${encodeURIComponent("上海港")}&trailer_door_point=${encodeURIComponent("上海浦东")}`],
    ["/express", "pod=US-W&num=10"],
  ];
  const budgeted: [string, string | null][] = [
    ["/home", null],
    ["/home", t1],
    ...searches.map(([p]) => [p, null] as [string, null]),
    ...searches.map(([p, q]) => [`${p}?${q}`, null] as [string, null]),
    ...searches.map(([p, q]) => [`${p}?${q}`, t1] as [string, string]),
  ];
  // Customer pages outside the JS budget (CSS budget and blockers only).
  const others: [string, string | null][] = [
    ["/us", null],
    ["/contact", null],
    ["/login", null],
    ["/entrustment", t1],
    ["/userAllInfo", t1],
    ["/userInfo", t1],
    ["/userPwd", t1],
    ["/userAvatar", t1],
  ];

  log("served pages (gzip on the wire; JS = every module the document loads)");
  log(`  ${"page".padEnd(58)} ${"who".padEnd(7)} ${"HTML".padStart(8)} ${"JS".padStart(9)} ${"CSS".padStart(8)}`);
  const blockers = new Set<string>();
  for (const [pagePath, cookie] of [...budgeted, ...others]) {
    const page = await weigh(server, pagePath, cookie);
    const inJsBudget = budgeted.some(([p]) => p === pagePath);
    if (inJsBudget && pagePath.startsWith("/home")) largest.jsHome = Math.max(largest.jsHome, page.js);
    else if (inJsBudget) largest.jsResults = Math.max(largest.jsResults, page.js);
    if (page.css > largest.css) Object.assign(largest, { css: page.css, cssPage: pagePath });
    const verdicts = [
      inJsBudget ? check(page.js <= BUDGET.js, `${pagePath}: JS ${kb(page.js)} > ${kb(BUDGET.js)}`) : "-",
      check(page.css <= BUDGET.css, `${pagePath}: CSS ${kb(page.css)} > ${kb(BUDGET.css)}`),
    ];
    const rows = pagePath.includes("?") && !pagePath.startsWith("/home") ? ` ${rowCount(page.htmlText)} rows` : "";
    if (pagePath.includes("?") && !pagePath.startsWith("/home") && rowCount(page.htmlText) === 0)
      failures.push(`${pagePath}: no result rows (the bench is not measuring a result)`);
    log(
      `  ${pagePath.slice(0, 58).padEnd(58)} ${(cookie ? "T1" : "visitor").padEnd(7)} ${kb(page.html).padStart(8)} ${kb(page.js).padStart(9)} ${kb(page.css).padStart(8)}  JS ${verdicts[0]}, CSS ${verdicts[1]}${rows}`,
    );
    for (const problem of await renderBlockers(server, pagePath, page)) blockers.add(problem);
  }

  log("50-row results, logged in as T1 (HTML extrapolated from the 20-row page and the 10-row third page)");
  for (const [pagePath, query] of [searches[0], searches[2]]) {
    const full = await weigh(server, `${pagePath}?${query}`, t1);
    const last = await weigh(server, `${pagePath}?${query}&page=3`, t1);
    if (rowCount(full.htmlText) !== 20 || rowCount(last.htmlText) !== 10) {
      failures.push(`${pagePath}: expected 20 and 10 rows, got ${rowCount(full.htmlText)} and ${rowCount(last.htmlText)}`);
      continue;
    }
    const perRow = (full.html - last.html) / 10;
    const fifty = full.html + 30 * perRow;
    largest.html50.push(`${kb(fifty)} ${pagePath}`);
    log(
      `  ${pagePath.padEnd(10)} 20 rows ${kb(full.html)}, 10 rows ${kb(last.html)}: ${(perRow / KB).toFixed(2)} KB per row → 50 rows ≈ ${kb(fifty)}  ${check(fifty <= BUDGET.html50, `${pagePath}: 50-row HTML ≈ ${kb(fifty)} > ${kb(BUDGET.html50)}`)}`,
    );
    log(`  ${"".padEnd(10)} uncompressed: 20 rows ${kb(Buffer.byteLength(full.htmlText))}`);
  }

  log(
    blockers.size
      ? "render blockers:"
      : "render blockers: none besides the page's own CSS (no web fonts, no font or image preloads, no synchronous scripts, images sized)",
  );
  largest.blockers = blockers.size;
  for (const problem of blockers) {
    failures.push(problem);
    log(`  ${problem}`);
  }

  const version = (await weigh(server, "/home", null)).htmlText.match(/data-i18n-version="([^"]*)"/)?.[1];
  for (const lng of ["zh-CN", "en-US"]) {
    const response = await request(`${server.url}/locales/${lng}.json?v=${version}`, { headers: GZIP_ONLY });
    log(`info: translations fetched before hydration (not JavaScript, cached a year): /locales/${lng}.json ${kb(response.wireBytes)}`);
  }
}

async function main() {
  const started = Date.now();
  checkBuildOutput();
  const server = await startServer({ log });
  try {
    await checkServedPages(server);
  } finally {
    await server.stop();
  }
  log(
    `budgets: JS ≤ ${kb(BUDGET.js)} (/home, results pages), CSS ≤ ${kb(BUDGET.css)}, 50-row HTML ≤ ${kb(BUDGET.html50)}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  recordResults("bench:budget", [
    {
      metric: "JavaScript of /home (gzip on the wire)",
      target: `≤ ${kb(BUDGET.js)}`,
      value: kb(largest.jsHome),
      met: largest.jsHome <= BUDGET.js,
    },
    {
      metric: "JavaScript of each results page",
      target: `≤ ${kb(BUDGET.js)}`,
      value: `at most ${kb(largest.jsResults)}`,
      met: largest.jsResults <= BUDGET.js,
    },
    {
      metric: "CSS of a customer page (compressed)",
      target: `≤ ${kb(BUDGET.css)}`,
      value: `at most ${kb(largest.css)} (${largest.cssPage})`,
      met: largest.css <= BUDGET.css,
    },
    {
      metric: "HTML of a 50-row result, T1",
      target: `≤ ${kb(BUDGET.html50)}`,
      value: largest.html50.join(", "),
      met: !failures.some((f) => f.includes("50-row")),
    },
    {
      metric: "what blocks the first render",
      target: "only the page's own CSS",
      value: largest.blockers ? `${largest.blockers} blockers` : "nothing else",
      met: largest.blockers === 0,
    },
  ]);
  if (failures.length) {
    log(`FAILED: ${failures.length} over budget`);
    for (const f of failures) log(`  ${f}`);
    process.exit(1);
  }
  log("all within budget");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
