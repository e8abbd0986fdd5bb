// @ts-check
// Production server: Express in front of the Remix build.
// Without DATABASE_URL it starts the embedded PostgreSQL in the project's
// data folder, applies migrations and seeds demo data into an empty database.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import http from "node:http";
import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
process.env.NODE_ENV ??= "production";

const log = (/** @type {string} */ line) => console.log(`[server] ${line}`);

/** @type {{ stop: () => Promise<void>, url: string, port: number, dataDir: string } | null} */
let database = null;
/** @type {import("node:http").Server | null} */
let httpServer = null;
let shuttingDown = false;

/** @param {string} signal */
async function shutdown(signal, code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  log(`${signal}: shutting down`);
  const hooks = globalThis.__shutdownHooks ?? [];
  await Promise.allSettled(hooks.map((hook) => hook()));
  const server = httpServer;
  if (server) {
    server.closeAllConnections?.();
    await new Promise((resolve) => server.close(resolve));
  }
  // The app's connection pool (app/utils/db.server.ts keeps it on globalThis),
  // once the hooks have written what waited to be batched, before PostgreSQL stops.
  await globalThis.__pgPool?.end().catch(() => {});
  if (database) await database.stop().catch((error) => log(`stopping PostgreSQL failed: ${error}`));
  process.exit(code);
}
process.on("SIGINT", () => shutdown("SIGINT"));
process.on("SIGTERM", () => shutdown("SIGTERM"));

/** A persistent secret for the local demo; deployments must set SESSION_SECRET. */
function ensureSessionSecret() {
  if (process.env.SESSION_SECRET) return;
  if (process.env.DATABASE_URL && process.env.NODE_ENV === "production") {
    throw new Error("SESSION_SECRET must be set when DATABASE_URL points at a real server");
  }
  const file = path.join(root, ".data", "session-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  process.env.SESSION_SECRET = fs.readFileSync(file, "utf8").trim();
}

/** @param {string} command @param {string[]} args @param {string} what */
function run(command, args, what) {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env, cwd: root });
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status ?? result.signal})`);
}

async function prepareDatabase() {
  const embedded = !process.env.DATABASE_URL;
  if (embedded) {
    const { startEmbeddedDatabase } = await import("./embedded-db.js");
    database = await startEmbeddedDatabase();
    process.env.DATABASE_URL = database.url;
    log(`embedded PostgreSQL on port ${database.port}, data in ${database.dataDir}`);
  }
  if (process.env.RUN_MIGRATIONS !== "0") {
    run(process.execPath, [path.join(root, "scripts", "prisma.mjs"), "migrate", "deploy"], "prisma migrate deploy");
  }
  // Demo data only where the database is ours, or when asked for.
  if (embedded || process.env.SEED_DEMO === "1") {
    run(process.execPath, [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), "scripts/seed-if-empty.ts"], "demo seed");
  }
}

async function main() {
  ensureSessionSecret();
  await prepareDatabase();

  const { createApp } = await import("./app.js");
  const build = await import(pathToFileURL(path.join(root, "build", "index.js")).href);
  const { handler, close } = await createApp({
    build: /** @type {import("./app.js").AppBuild} */ (/** @type {unknown} */ (build)),
    root,
    databaseUrl: /** @type {string} */ (process.env.DATABASE_URL),
    log,
  });
  (globalThis.__shutdownHooks ??= []).push(close);

  const port = Number(process.env.PORT || 3000);
  await new Promise((resolve) => {
    httpServer = http.createServer(handler).listen(port, () => resolve(undefined));
  });
  log(`listening on http://localhost:${port}`);
}

main().catch(async (error) => {
  console.error(error);
  await shutdown("startup failure", 1);
});
