#!/usr/bin/env node
// Playwright's webServer command. Playwright starts web servers before its
// globalSetup, so the reset happens here: stop a PostgreSQL orphaned on the
// e2e data folder by an earlier run, wipe the folder (and uploads) so the
// demo data is known, then run server/index.js in this very process (it
// starts the embedded database, migrates, seeds and handles SIGTERM).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { fallbackDataDir, recoverStaleServer } from "../../server/embedded-db.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const log = (line) => console.log(`[e2e-server] ${line}`);

const dataDir = path.resolve(process.env.PG_DATA_DIR || path.join(ROOT, ".data", "e2e-postgres"));
const uploadDir = path.resolve(ROOT, process.env.UPLOAD_DIR || path.join(".data", "e2e-uploads"));
process.env.PG_DATA_DIR = dataDir;
process.env.UPLOAD_DIR = uploadDir;
// Always the server's own embedded database, never the caller's.
delete process.env.DATABASE_URL;

/** Only folders of the project's .data or the temp dir may be wiped. */
function assertWipeable(dir) {
  const allowed = [path.join(ROOT, ".data"), os.tmpdir()];
  if (!allowed.some((base) => dir.startsWith(base + path.sep))) {
    throw new Error(`refusing to wipe ${dir}: not inside ${allowed.join(" or ")}`);
  }
}

// server/embedded-db.js moves the data folder to the temp dir when the
// postgres user cannot reach the project (root in a 0700 home): same name.
const fallbackDir = fallbackDataDir(dataDir);

for (const dir of [dataDir, fallbackDir]) {
  assertWipeable(dir);
  await recoverStaleServer(dir, log);
  if (fs.existsSync(dir)) {
    log(`wiping ${dir}`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
assertWipeable(uploadDir);
fs.rmSync(uploadDir, { recursive: true, force: true });
fs.mkdirSync(uploadDir, { recursive: true });

// The folders are this run's alone (Playwright and the benchmarks name them by
// the port the system chose): they go when the server ends, after it stopped
// its PostgreSQL (server/index.js exits last). E2E_KEEP_DATA=1 keeps them.
if (process.env.E2E_KEEP_DATA !== "1") {
  process.on("exit", () => {
    for (const dir of [dataDir, fallbackDir, uploadDir]) fs.rmSync(dir, { recursive: true, force: true });
  });
}

if (!fs.existsSync(path.join(ROOT, "build", "index.js"))) {
  console.error("[e2e-server] build/index.js is missing: run `npm run build` first");
  process.exit(1);
}

// Playwright gives the server a stdin pipe: when Playwright dies without
// stopping us (kill -9), the pipe closes and we shut down on our own: a
// server left behind would hold its port and the database port.
if (process.env.E2E_STOP_ON_STDIN_EOF === "1" && !process.stdin.isTTY) {
  process.stdin.on("end", () => {
    log("stdin closed (Playwright is gone): shutting down");
    process.kill(process.pid, "SIGTERM");
  });
  process.stdin.resume();
}

await import(pathToFileURL(path.join(ROOT, "server", "index.js")).href);
