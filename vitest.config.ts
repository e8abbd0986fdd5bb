// Three test projects (Playwright specs in tests/e2e are separate):
//   unit         pure tests beside their modules (app/, server/, eslint/, scripts/):
//                no database, no setup file, threads; `npm run test:unit`.
//   integration  tests/<area>/: each file gets its own database, cloned from
//                a migrated and seeded template (tests/setup/setup-file.ts),
//                on one embedded PostgreSQL for the run (tests/setup/global-setup.ts).
//   infra        tests/infra/: the machinery around the app (Dockerfile,
//                scale-out, seed, migrations, the schema-engine stand-in,
//                backups, the embedded server), the slowest files; same setup.
// `npx vitest run` (npm test) runs all three; `--project <name>` one of them.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const INFRA = ["tests/infra/**/*.test.ts"];

const withDatabase = {
  globalSetup: ["tests/setup/global-setup.ts"],
  setupFiles: ["tests/setup/setup-file.ts"],
  pool: "forks" as const,
  testTimeout: 30_000,
  hookTimeout: 120_000,
  teardownTimeout: 60_000,
};

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    globals: true,
    // Two cores here: at most two workers, whichever project they serve.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.{ts,js}", "eslint/**/*.test.ts", "scripts/**/*.test.ts"],
          pool: "threads",
          testTimeout: 10_000,
          // A unit test has no database: DATABASE_URL points at a closed port
          // (the discard port), so a query fails at once instead of reaching one.
          env: {
            NODE_ENV: "test",
            SESSION_SECRET: "vitest-session-secret-0123456789abcdef",
            DATABASE_URL: "postgresql://unit:unit@127.0.0.1:9/no_database_in_unit_tests",
          },
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/**/*.test.ts"],
          exclude: ["tests/e2e/**", ...INFRA],
          ...withDatabase,
        },
      },
      {
        extends: true,
        test: { name: "infra", include: INFRA, ...withDatabase },
      },
    ],
  },
});
