// Browser tests against the production build served by server/index.js.
// Each worker has a server of its own with its own embedded PostgreSQL
// (wiped, migrated and seeded on every run by tests/e2e/start-server.mjs), on
// ports the system chooses: two runs on one machine never collide.
// tests/e2e/fixtures.ts points a worker's baseURL and database at its server
// (by parallelIndex). Debian's chromium, never a downloaded one.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { SERVER_NODE_FLAGS } from "./server/node-flags.js";
import { E2E_WORKERS, e2eServers } from "./tests/e2e/servers";

const ROOT = path.dirname(fileURLToPath(import.meta.url));
// Two workers, each with a browser and a server of its own (tests/e2e/servers.ts);
// measured in docs/decisions/611-test-feedback-loop.md.
const SERVERS = e2eServers();

const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: "list",
  timeout: 30_000,
  expect: {
    timeout: 5_000,
    // Layout checks (screenshots.spec.ts): a small tolerance for anti-aliasing, none for a moved block.
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, threshold: 0.2 },
  },
  // One set of baselines, committed; no platform suffix (the test script installs the same font everywhere).
  snapshotPathTemplate: "{testDir}/__screenshots__/{arg}{ext}",
  outputDir: "test-results",
  use: {
    // Each worker's own server: tests/e2e/fixtures.ts overrides it by parallelIndex.
    baseURL: SERVERS[0].url,
    locale: "zh-CN",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true } },
    // Without JavaScript: the specs where progressive enhancement is the point
    // (search, booking, accounts, the desk's and the administration's forms),
    // tagged @nojs on their describe or test.
    { name: "nojs", grep: /@nojs/, use: { ...chromium, javaScriptEnabled: false } },
  ],
  // Plugins such as webServer start BEFORE globalSetup (Playwright 1.65:
  // createGlobalSetupTasks runs plugin setup first), so the wipe of the e2e
  // database happens in the server command itself.
  webServer: SERVERS.map(({ port, pgPort, url }) => ({
    command: ["node", ...SERVER_NODE_FLAGS, "tests/e2e/start-server.mjs"].join(" "),
    cwd: ROOT,
    url: `${url}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: process.env.E2E_SERVER_LOG ? ("pipe" as const) : ("ignore" as const),
    stderr: "pipe" as const,
    // SIGTERM lets the server stop its embedded PostgreSQL (a SIGKILL would orphan it).
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 20_000 },
    env: {
      PORT: String(port),
      NODE_ENV: "production",
      INSECURE_COOKIES: "1",
      SESSION_SECRET: "e2e-session-secret-not-for-production-0123456789",
      PG_DATA_DIR: path.join(ROOT, ".data", `e2e-postgres-${pgPort}`),
      PG_PORT: String(pgPort),
      UPLOAD_DIR: path.join(ROOT, ".data", `e2e-uploads-${pgPort}`),
      // Stop when Playwright's stdin pipe closes (Playwright killed hard).
      E2E_STOP_ON_STDIN_EOF: "1",
      // The server must start its own database, never reuse the caller's.
      DATABASE_URL: "",
    },
  })),
});
