// Browser tests against the production build served by server/index.js,
// with its own embedded PostgreSQL (wiped, migrated and seeded on every run
// by tests/e2e/start-server.mjs). Debian's chromium, never a downloaded one.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { SERVER_NODE_FLAGS } from "./server/node-flags.js";

const ROOT = path.dirname(fileURLToPath(import.meta.url));
// E2E_PORT / E2E_PG_PORT let two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT || 3100);
const PG_PORT = process.env.E2E_PG_PORT || "55433";
const BASE_URL = `http://127.0.0.1:${PORT}`;

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
  workers: 1,
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
    baseURL: BASE_URL,
    locale: "zh-CN",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true } },
    { name: "nojs", use: { ...chromium, javaScriptEnabled: false } },
  ],
  // Plugins such as webServer start BEFORE globalSetup (Playwright 1.65:
  // createGlobalSetupTasks runs plugin setup first), so the wipe of the e2e
  // database happens in the server command itself.
  webServer: {
    command: ["node", ...SERVER_NODE_FLAGS, "tests/e2e/start-server.mjs"].join(" "),
    cwd: ROOT,
    url: `${BASE_URL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: process.env.E2E_SERVER_LOG ? "pipe" : "ignore",
    stderr: "pipe",
    // SIGTERM lets the server stop its embedded PostgreSQL (a SIGKILL would orphan it).
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    env: {
      PORT: String(PORT),
      NODE_ENV: "production",
      INSECURE_COOKIES: "1",
      SESSION_SECRET: "e2e-session-secret-not-for-production-0123456789",
      PG_DATA_DIR: path.join(ROOT, ".data", `e2e-postgres-${PG_PORT}`),
      PG_PORT,
      UPLOAD_DIR: path.join(ROOT, ".data", `e2e-uploads-${PG_PORT}`),
      // Stop when Playwright's stdin pipe closes (Playwright killed hard).
      E2E_STOP_ON_STDIN_EOF: "1",
      // The server must start its own database, never reuse the caller's.
      DATABASE_URL: "",
    },
  },
});
