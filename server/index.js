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
import { serverSettings } from "./env.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
// Settings from a .env file in the project folder, if there is one
// (.env.example lists them); the real environment wins.
if (fs.existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
process.env.NODE_ENV ??= "production";
// Every setting checked before anything starts (server/env.js, .env.example).
serverSettings();

const log = (/** @type {string} */ line) => console.log(`[server] ${line}`);

/** @type {{ stop: () => Promise<void>, url: string, port: number, dataDir: string } | null} */
let database = null;
/** @type {import("node:http").Server | null} */
let httpServer = null;
let shuttingDown = false;
/** Requests received and not yet answered (a shutdown lets them finish). */
let inFlight = 0;
/** How long requests in flight may take to finish at shutdown. */
const IN_FLIGHT_GRACE_MS = 5_000;

/** @param {string} signal */
async function shutdown(signal, code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  log(`${signal}: shutting down`);
  const hooks = globalThis.__shutdownHooks ?? [];
  const runHooks = () => Promise.allSettled(hooks.map((hook) => hook()));
  // Requests in flight are answered first (up to IN_FLIGHT_GRACE_MS; the
  // listener stays open meanwhile: closing it would reset connections not yet
  // accepted), then the connections close. The hooks write what waits to be
  // batched before and again after, so the query logs of the last requests
  // are written before the pool ends. Every hook may run twice.
  await runHooks();
  const until = Date.now() + IN_FLIGHT_GRACE_MS;
  while (inFlight > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  const server = httpServer;
  if (server) {
    server.closeAllConnections?.();
    await new Promise((resolve) => server.close(resolve));
  }
  await runHooks();
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
  const settings = serverSettings();
  if (settings.RUN_MIGRATIONS === "1") {
    run(process.execPath, [path.join(root, "scripts", "prisma.mjs"), "migrate", "deploy"], "prisma migrate deploy");
  }
  // Demo data only where the database is ours, or when asked for.
  if (embedded || settings.SEED_DEMO === "1") {
    run(process.execPath, [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), "scripts/seed-if-empty.ts"], "demo seed");
  }
}

async function main() {
  ensureSessionSecret();
  await prepareDatabase();

  const { createApp } = await import("./app.js");
  const buildFile = path.join(root, "build", "index.js");
  /** The build as of its file's last change (a fresh URL makes Node load it again). */
  const loadBuild = async () =>
    /** @type {import("./app.js").AppBuild} */ (
      /** @type {unknown} */ (await import(`${pathToFileURL(buildFile).href}?t=${fs.statSync(buildFile).mtimeMs}`))
    );
  let build = await loadBuild();
  const development = process.env.NODE_ENV === "development";
  const { handler, close } = await createApp({
    build: development ? () => build : build,
    root,
    databaseUrl: /** @type {string} */ (process.env.DATABASE_URL),
    // Pages change with every edit while developing: nothing is cached.
    pageCache: development ? false : undefined,
    log,
  });
  (globalThis.__shutdownHooks ??= []).push(close);
  if (development) await watchBuild(build, buildFile, loadBuild, (next) => (build = next));

  const port = serverSettings().PORT;
  await new Promise((resolve) => {
    httpServer = http.createServer(handler).listen(port, () => resolve(undefined));
    httpServer.on("request", (_req, res) => {
      inFlight++;
      res.once("close", () => inFlight--);
    });
  });
  log(`listening on http://localhost:${port}`);
}

/**
 * `npm run dev` (remix dev --manual): Remix rebuilds on every edit; the new
 * build is loaded into this process and Remix's dev server is told it is
 * ready, so the browser reloads without a restart (README, "Developing").
 *
 * @param {import("./app.js").AppBuild} current the build already loaded
 * @param {string} buildFile
 * @param {() => Promise<import("./app.js").AppBuild>} loadBuild
 * @param {(build: import("./app.js").AppBuild) => void} swap
 */
async function watchBuild(current, buildFile, loadBuild, swap) {
  const { broadcastDevReady } = await import("@remix-run/node");
  const ready = (/** @type {import("./app.js").AppBuild} */ build) => broadcastDevReady(build).catch(() => {});
  await ready(current);
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  fs.watch(path.dirname(buildFile), (_event, name) => {
    if (name !== path.basename(buildFile)) return;
    clearTimeout(timer);
    timer = setTimeout(async () => {
      try {
        const next = await loadBuild();
        swap(next);
        await ready(next);
        log("rebuilt: new build loaded");
      } catch (error) {
        log(`loading the new build failed: ${error}`);
      }
    }, 100);
  });
}

main().catch(async (error) => {
  console.error(error);
  await shutdown("startup failure", 1);
});
