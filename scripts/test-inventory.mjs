#!/usr/bin/env node
// What the tests assert, per area: re-run it after moving or merging tests to
// see that nothing was dropped (issue 42).
//
//   node scripts/test-inventory.mjs                     counts assertions in the source (seconds)
//   node scripts/test-inventory.mjs --tests             also the test counts: `vitest list --json`
//                                                       and `playwright test --list` (a minute or two)
//   node scripts/test-inventory.mjs --json FILE         also writes everything as JSON
//   node scripts/test-inventory.mjs --compare FILE      prints the differences to an earlier --json (moves
//                                                       followed by git's rename detection since its commit)
//
// An assertion is a call of `expect(`, `expect.soft(`, `expect.poll(` or
// `assert(` / `assert.x(` in a test file (*.test.ts, tests/e2e/*.spec.ts) or a
// test helper (tests/support, tests/<area>/helpers.ts and the like). The area
// of a test file is its folder under tests/ (tests/search/x.test.ts: search;
// tests/e2e: e2e); a unit test beside its module (app/**, server/**) belongs to
// the area "unit:<folder>". Files are also listed one by one, so a test file
// that moved keeps its numbers under its new path.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const withTests = args.includes("--tests");
const jsonOut = option("--json");
const compareWith = option("--compare");

const SKIP_DIRS = new Set(["node_modules", ".git", "build", "public", ".data", "test-results", "playwright-report", "generated"]);
const SEARCH_ROOTS = ["app", "server", "tests", "scripts", "tools", "prisma", "eslint"];

function walk(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

const ASSERTION = /\b(?:expect(?:\.soft|\.poll)?|assert(?:\.\w+)?)\s*\(/g;
// `test(`, `it(`, `test.skip(`... at the start of a statement: the declared tests, before any loop unrolls them.
const DECLARED = /(?:^|[\s;{(])(?:it|test)(?:\.(?:skip|only|fails|todo|concurrent|fixme|slow))?\s*\(\s*[`"']/g;

const isTestFile = (rel) => /\.test\.[cm]?[jt]sx?$/.test(rel) || (rel.startsWith("tests/e2e/") && /\.spec\.ts$/.test(rel));
const isHelper = (rel) => rel.startsWith("tests/") && /\.(ts|mjs|js)$/.test(rel) && !isTestFile(rel);

function areaOf(rel) {
  const parts = rel.split("/");
  if (parts[0] === "tests") return parts.length > 2 ? parts[1] : "tests";
  return `unit:${parts.slice(0, Math.min(2, parts.length - 1)).join("/")}`;
}

function countMatches(text, re) {
  // Comments say "expect(" too; count code only, roughly: drop line comments.
  const code = text.replace(/^\s*\/\/.*$/gm, "").replace(/\/\*[\s\S]*?\*\//g, "");
  return (code.match(re) ?? []).length;
}

const files = SEARCH_ROOTS.flatMap((dir) => walk(path.join(ROOT, dir)))
  .map((full) => path.relative(ROOT, full).split(path.sep).join("/"))
  .filter((rel) => isTestFile(rel) || isHelper(rel))
  .sort();

const perFile = {};
const perArea = {};
for (const rel of files) {
  const text = fs.readFileSync(path.join(ROOT, rel), "utf8");
  const assertions = countMatches(text, ASSERTION);
  const declared = isTestFile(rel) ? countMatches(text, DECLARED) : 0;
  const area = isTestFile(rel) ? areaOf(rel) : "helpers";
  perFile[rel] = { area, assertions, declared };
  const bucket = (perArea[area] ??= { files: 0, assertions: 0, declared: 0 });
  bucket.files += isTestFile(rel) ? 1 : 0;
  bucket.assertions += assertions;
  bucket.declared += declared;
}

function run(command, argv, extraEnv = {}) {
  const result = spawnSync(command, argv, {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, ...extraEnv },
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`${command} ${argv.join(" ")} failed (exit ${result.status})`);
  }
  return result.stdout;
}

/** Tests vitest collects (every project), per area. */
function vitestCounts() {
  const out = path.join(fs.mkdtempSync(path.join(ROOT, ".inventory-")), "vitest.json");
  try {
    run(process.execPath, [path.join(ROOT, "node_modules/vitest/vitest.mjs"), "list", `--json=${out}`]);
    const list = JSON.parse(fs.readFileSync(out, "utf8"));
    const counts = {};
    for (const item of list) {
      const rel = path.relative(ROOT, item.file).split(path.sep).join("/");
      const area = areaOf(rel);
      counts[area] = (counts[area] ?? 0) + 1;
      if (perFile[rel]) perFile[rel].collected = (perFile[rel].collected ?? 0) + 1;
    }
    return { total: list.length, perArea: counts };
  } finally {
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
}

/** Tests Playwright lists, per project (js, nojs). */
function playwrightCounts() {
  const text = run(process.execPath, [path.join(ROOT, "node_modules/@playwright/test/cli.js"), "test", "--list", "--reporter=list"]);
  const perProject = {};
  let total = 0;
  for (const line of text.split("\n")) {
    const match = /^\s*\[([^\]]+)\]\s+›\s+(\S+?):\d+/.exec(line);
    if (!match) continue;
    total += 1;
    perProject[match[1]] = (perProject[match[1]] ?? 0) + 1;
    const rel = `tests/e2e/${match[2]}`;
    if (perFile[rel]) perFile[rel].listed = (perFile[rel].listed ?? 0) + 1;
  }
  return { total, perProject };
}

const report = { commit: run("git", ["rev-parse", "--short", "HEAD"]).trim(), perArea, perFile };
if (withTests) {
  report.vitest = vitestCounts();
  report.playwright = playwrightCounts();
}

const pad = (value, width) => String(value).padStart(width);
console.log(`Test inventory at ${report.commit}`);
console.log(`${"area".padEnd(24)} ${pad("files", 6)} ${pad("tests", 6)} ${pad("asserts", 8)}${withTests ? pad("collected", 11) : ""}`);
const totals = { files: 0, declared: 0, assertions: 0 };
for (const area of Object.keys(perArea).sort()) {
  const row = perArea[area];
  totals.files += row.files;
  totals.declared += row.declared;
  totals.assertions += row.assertions;
  const collected = area === "e2e" ? report.playwright?.total : report.vitest?.perArea[area];
  console.log(
    `${area.padEnd(24)} ${pad(row.files, 6)} ${pad(row.declared, 6)} ${pad(row.assertions, 8)}${withTests ? pad(collected ?? "-", 11) : ""}`,
  );
}
console.log(`${"total".padEnd(24)} ${pad(totals.files, 6)} ${pad(totals.declared, 6)} ${pad(totals.assertions, 8)}`);
if (withTests) {
  console.log(`vitest: ${report.vitest.total} tests collected`);
  console.log(
    `playwright: ${report.playwright.total} tests listed (${Object.entries(report.playwright.perProject)
      .map(([project, count]) => `${project} ${count}`)
      .join(", ")})`,
  );
}
console.log("(tests = test()/it() calls in the source; collected = what the runner counts, loops unrolled)");

if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(report, null, 2) + "\n");

if (compareWith) {
  const before = JSON.parse(fs.readFileSync(compareWith, "utf8"));
  // Where each earlier file is now: git's rename detection since that commit,
  // else the same path, else the one file of the same name.
  const renames = new Map();
  try {
    for (const line of run("git", ["diff", "-M", "--name-status", before.commit]).split("\n")) {
      const [status, from, to] = line.split("\t");
      if (status?.startsWith("R")) renames.set(from, to);
    }
  } catch {
    /* an unknown commit: paths and names only */
  }
  const byName = new Map();
  for (const rel of Object.keys(perFile)) byName.set(path.basename(rel), byName.has(path.basename(rel)) ? null : rel);
  const whereNow = (rel) => {
    const renamed = renames.get(rel);
    if (renamed && perFile[renamed]) return renamed;
    if (perFile[rel]) return rel;
    return byName.get(path.basename(rel)) ?? null;
  };
  console.log(`\nCompared with ${compareWith} (at ${before.commit}): moved files, and files whose assertions went down or that are gone`);
  let lost = 0;
  for (const [rel, was] of Object.entries(before.perFile)) {
    const now = whereNow(rel);
    const is = now ? perFile[now] : null;
    if (!is) {
      console.log(`  gone   ${rel} (${was.assertions} assertions)`);
      lost += was.assertions;
    } else if (is.assertions < was.assertions) {
      console.log(`  fewer  ${rel} -> ${now}: ${was.assertions} -> ${is.assertions}`);
      lost += was.assertions - is.assertions;
    } else if (now !== rel) {
      console.log(`  moved  ${rel} -> ${now} (${was.assertions} -> ${is.assertions})`);
    }
  }
  const sum = (entries) => Object.values(entries).reduce((total, file) => total + file.assertions, 0);
  console.log(`  assertions: ${sum(before.perFile)} -> ${sum(perFile)}${lost ? ` (${lost} in files that lost some)` : ""}`);
  if (before.vitest && report.vitest) console.log(`  vitest tests collected: ${before.vitest.total} -> ${report.vitest.total}`);
  if (before.playwright && report.playwright) {
    const show = (p) =>
      Object.entries(p.perProject)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ");
    console.log(`  playwright tests listed: ${show(before.playwright)} -> ${show(report.playwright)}`);
  }
}
