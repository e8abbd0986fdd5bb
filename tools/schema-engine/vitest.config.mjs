// Standalone vitest config for the schema-engine stand-in tests, without the
// project's global setup (which itself runs scripts/prisma.mjs):
//   npx vitest run tests/infra/schema-engine.test.ts --config tools/schema-engine/vitest.config.mjs
// The tests also run under the root vitest.config.ts.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", ".."),
  test: {
    environment: "node",
    include: ["tests/infra/schema-engine.test.ts"],
    pool: "forks",
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
