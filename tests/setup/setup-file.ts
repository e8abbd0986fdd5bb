// Runs in the worker before each test file (and before it imports any app
// module): gives the file its own database cloned from the template, sets
// the environment the app validates, enforces the console.error rule and
// replaces the app's deliberate waits by a record (tests/support/clock.ts).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, inject } from "vitest";
import { installRecordingSleeper } from "../support/clock";
import { checkConsoleErrorGuard, installConsoleErrorGuard } from "../support/console";
import { createDatabaseFromTemplate, dropDatabase } from "../support/pg";

const { adminUrl, templateDatabase } = inject("testDatabase");
const workerId = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? "0";
const databaseName = `freight_w${workerId}_${crypto.randomBytes(4).toString("hex")}`;

process.env.DATABASE_URL = await createDatabaseFromTemplate(adminUrl, databaseName, templateDatabase);
process.env.SESSION_SECRET ??= "vitest-session-secret-0123456789abcdef";
process.env.NODE_ENV = "test";
const ownUploadDir = process.env.UPLOAD_DIR ? null : path.join(os.tmpdir(), `freight-test-uploads-${databaseName}`);
if (ownUploadDir) process.env.UPLOAD_DIR = ownUploadDir;

// The login back-off and any other deliberate wait of the app: recorded, not slept (tests/support/clock.ts).
installRecordingSleeper();

beforeEach(() => {
  installConsoleErrorGuard();
});

afterEach(() => {
  const problem = checkConsoleErrorGuard();
  if (problem) throw new Error(problem);
});

afterAll(async () => {
  // As the server does before it ends its pool (server/index.js): the shutdown
  // hooks write the search records still waiting for their batch
  // (app/domain/rates/background.server.ts); once the pool has ended they
  // would fail ("Cannot use a pool after calling end on the pool").
  const hooks = (globalThis as { __shutdownHooks?: Array<() => unknown> }).__shutdownHooks ?? [];
  await Promise.allSettled(hooks.map((hook) => hook()));
  // The app's client and pool (app/utils/db.server.ts) keep themselves on globalThis.
  const store = globalThis as { __prisma?: { $disconnect(): Promise<void> }; __pgPool?: { end(): Promise<void> } };
  if (store.__prisma) {
    await store.__prisma.$disconnect().catch(() => {});
    delete store.__prisma;
  }
  if (store.__pgPool) {
    await store.__pgPool.end().catch(() => {});
    delete store.__pgPool;
  }
  await dropDatabase(adminUrl, databaseName);
  if (ownUploadDir) fs.rmSync(ownUploadDir, { recursive: true, force: true });
});
