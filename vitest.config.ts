// Unit and integration tests (Playwright specs in tests/e2e are separate).
// One embedded PostgreSQL serves the whole run (tests/setup/global-setup.ts);
// every test file gets its own database cloned from a migrated and seeded
// template (tests/setup/setup-file.ts).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    globals: true,
    include: ["tests/**/*.test.ts", "app/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**", "build/**", "public/build/**"],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/setup-file.ts"],
    // Two cores here: at most two forked workers.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});
