#!/usr/bin/env node
// @ts-check
// Runs the project-local Prisma CLI (node_modules/prisma) with:
//  - Prisma's native schema engine when it is installed; on a build machine
//    without it (offline: the CLI would try to download it before every
//    command), the Node stand-in of tools/schema-engine/ where that folder
//    exists. The Docker image has no tools/ and sets PRISMA_ENGINE=native:
//    there the native engine must be installed after the command, or it fails;
//  - the project's embedded PostgreSQL when a command needs a database and
//    DATABASE_URL is not set.
// Usage: node scripts/prisma.mjs <prisma args...>   (npm run prisma -- <args>)

import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const STAND_IN = path.join(ROOT, "tools", "schema-engine", "schema-engine.cjs");
const require = createRequire(path.join(ROOT, "package.json"));

// Set for commands that never connect, so that the config file loads.
const PLACEHOLDER_DATABASE_URL = "postgresql://placeholder:placeholder@127.0.0.1:5432/placeholder_not_used";

// Commands that never touch a database.
const NO_DB_COMMANDS = new Set(["generate", "validate", "format", "version", "help", "init", "debug"]);
const NO_DB_FLAGS = new Set(["--version", "-v", "--help", "-h"]);

/** @param {string} message */
function log(message) {
  process.stderr.write(`[prisma.mjs] ${message}\n`);
}

function prismaCliPath() {
  try {
    return require.resolve("prisma/build/index.js");
  } catch {
    return path.join(ROOT, "node_modules", "prisma", "build", "index.js");
  }
}

/**
 * Would stock Prisma find a usable native schema engine without downloading?
 * Mirrors @prisma/fetch-engine: the engine must be at
 * node_modules/@prisma/engines/schema-engine-<binaryTarget> and report the
 * expected engines hash in `--version`, or be in Prisma's download cache
 * (~/.cache/prisma/master/<hash>/<target>/schema-engine), which the CLI copies
 * from without network access.
 */
async function nativeEngineAvailable() {
  let enginesDir;
  try {
    enginesDir = path.dirname(require.resolve("@prisma/engines/package.json"));
  } catch {
    return false;
  }
  const enginesRequire = createRequire(path.join(enginesDir, "package.json"));

  let target;
  try {
    const getPlatform = enginesRequire("@prisma/get-platform");
    target = await getPlatform.getBinaryTargetForCurrentPlatform();
  } catch {
    target = undefined;
  }
  let hash;
  try {
    hash = enginesRequire("@prisma/engines-version").enginesVersion;
  } catch {
    hash = undefined;
  }

  const exe = target === "windows" ? ".exe" : "";
  let candidates;
  if (target) {
    candidates = [path.join(enginesDir, `schema-engine-${target}${exe}`)];
  } else {
    candidates = fs
      .readdirSync(enginesDir)
      .filter((f) => /^schema-engine-[^.]+(\.exe)?$/.test(f))
      .map((f) => path.join(enginesDir, f));
  }
  for (const file of candidates) {
    if (!fs.existsSync(file)) continue;
    if (!hash) return true;
    const r = spawnSync(file, ["--version"], { encoding: "utf8", timeout: 10_000 });
    if (r.status === 0 && String(r.stdout).includes(hash)) return true;
  }

  if (target && hash) {
    const cacheRoot = process.env.XDG_CACHE_HOME
      ? path.join(process.env.XDG_CACHE_HOME, "prisma")
      : path.join(os.homedir(), ".cache", "prisma");
    const cached = path.join(cacheRoot, "master", hash, target, `schema-engine${exe}`);
    if (fs.existsSync(cached) && fs.existsSync(`${cached}.sha256`)) return true;
  }
  return false;
}

/** @param {string[]} args */
function needsDatabase(args) {
  if (args.some((a) => NO_DB_FLAGS.has(a))) return false;
  const command = args.find((a) => !a.startsWith("-"));
  if (!command) return false;
  return !NO_DB_COMMANDS.has(command);
}

async function startEmbeddedDb() {
  const file = path.join(ROOT, "server", "embedded-db.js");
  if (!fs.existsSync(file)) {
    throw new Error(
      "DATABASE_URL is not set and server/embedded-db.js does not exist, so no database is available. " +
        "Set DATABASE_URL to a PostgreSQL URL.",
    );
  }
  const mod = await import(pathToFileURL(file).href);
  if (typeof mod.startEmbeddedDatabase !== "function") {
    throw new Error("server/embedded-db.js does not export startEmbeddedDatabase()");
  }
  return mod.startEmbeddedDatabase({ log: (/** @type {string} */ line) => log(`[embedded-db] ${line}`) });
}

/**
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<number>}
 */
function runPrisma(args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [prismaCliPath(), ...args], { stdio: "inherit", env, cwd: process.cwd() });
    const forward = (/** @type {NodeJS.Signals} */ sig) => () => {
      // Ctrl-C reaches the whole process group anyway; just do not die before cleanup.
      if (sig !== "SIGINT" && child.exitCode === null) child.kill(sig);
    };
    const handlers = /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"]).map((sig) => /** @type {const} */ ([sig, forward(sig)]));
    for (const [sig, h] of handlers) process.on(sig, h);
    child.on("error", (err) => {
      log(`could not start the Prisma CLI: ${err.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => {
      for (const [sig, h] of handlers) process.off(sig, h);
      if (code !== null) resolve(code);
      else resolve(128 + (signal ? os.constants.signals[signal] : 1));
    });
  });
}

async function main() {
  const args = process.argv.slice(2);
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };

  const nativeOnly = env.PRISMA_ENGINE === "native";
  if (!env.PRISMA_SCHEMA_ENGINE_BINARY && !env.PRISMA_MIGRATION_ENGINE_BINARY && !nativeOnly) {
    if (!(await nativeEngineAvailable()) && fs.existsSync(STAND_IN)) {
      env.PRISMA_SCHEMA_ENGINE_BINARY = STAND_IN;
      // The stand-in is started through its `#!/usr/bin/env node` shebang:
      // make sure this very node is first on PATH.
      env.PATH = [path.dirname(process.execPath), env.PATH].filter(Boolean).join(path.delimiter);
    }
  }

  let db;
  if (!env.DATABASE_URL && !needsDatabase(args)) {
    // prisma.config.ts reads DATABASE_URL with env(), which throws when it is
    // unset, even for commands that never connect (generate, validate, ...).
    env.DATABASE_URL = PLACEHOLDER_DATABASE_URL;
  } else if (!env.DATABASE_URL) {
    try {
      db = await startEmbeddedDb();
    } catch (e) {
      log(e instanceof Error ? e.message : String(e));
      return 1;
    }
    env.DATABASE_URL = db.url;
  }

  let code;
  try {
    code = await runPrisma(args, env);
    // The CLI fetches its engine before the command: afterwards it must be there.
    if (nativeOnly && code === 0 && !(await nativeEngineAvailable())) {
      log("PRISMA_ENGINE=native, but Prisma's native schema engine is not installed (node_modules/@prisma/engines)");
      code = 1;
    }
  } finally {
    if (db) {
      try {
        await db.stop();
      } catch (e) {
        log(`could not stop the embedded database: ${e instanceof Error ? e.message : e}`);
      }
    }
  }
  return code;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    log(err && err.stack ? err.stack : String(err));
    process.exit(1);
  },
);
