#!/usr/bin/env node
// @ts-check
// The app side of the docker-compose.yml topology without Docker (issue 26,
// decision 607): one PostgreSQL (embedded, or DATABASE_URL) and two app
// processes (server/index.js, TRUST_PROXY=1, one uploads folder). The proxy in
// front of them is compose's stock nginx (deploy/nginx.conf); here a client
// (or an nginx of your own) talks to both apps.
//
//   npm run build && node scripts/scale-out.mjs
//   APP_PORTS=3001,3002 PG_PORT=5434 node scripts/scale-out.mjs   (unset: ports the system chooses)
//
// Also a module: tests/infra/scale-out.test.ts starts it with startScaleOut().
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { spawn } from "node:child_process";
import { SERVER_NODE_FLAGS } from "../server/node-flags.js";
import { fileURLToPath } from "node:url";
import { startEmbeddedDatabase } from "../server/embedded-db.js";
import { freePort } from "./lib/free-port.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {string} url @returns {Promise<boolean>} */
function isUp(url) {
  return new Promise((resolve) => {
    const req = http.get(`${url}/healthz`, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on("error", () => resolve(false));
    req.setTimeout(2000, () => req.destroy());
  });
}

/**
 * @param {{
 *   appPorts?: number[], pgPort?: number, dataDir?: string, uploadDir?: string,
 *   databaseUrl?: string, env?: Record<string, string>, log?: (line: string) => void,
 * }} [options]
 */
export async function startScaleOut(options = {}) {
  const log = options.log ?? ((line) => console.log(`[scale-out] ${line}`));
  const appPorts = options.appPorts ?? (process.env.APP_PORTS ? process.env.APP_PORTS.split(",").map(Number) : []);
  while (appPorts.length < 2) appPorts.push(await freePort(appPorts));
  const uploadDir = path.resolve(options.uploadDir ?? process.env.UPLOAD_DIR ?? path.join(ROOT, ".data", "scale-out-uploads"));
  fs.mkdirSync(uploadDir, { recursive: true });
  if (!fs.existsSync(path.join(ROOT, "build", "index.js"))) throw new Error("build/index.js is missing: run `npm run build` first");

  let database = null;
  let databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL ?? "";
  if (!databaseUrl) {
    database = await startEmbeddedDatabase({
      dataDir: path.resolve(options.dataDir ?? process.env.PG_DATA_DIR ?? path.join(ROOT, ".data", "scale-out-postgres")),
      port: options.pgPort ?? (process.env.PG_PORT ? Number(process.env.PG_PORT) : await freePort(appPorts)),
      log,
    });
    databaseUrl = database.url;
    log(`PostgreSQL on port ${database.port}`);
  }

  /** @type {{ url: string, child: import("node:child_process").ChildProcess, output: () => string }[]} */
  const apps = [];
  const stopApps = async () => {
    await Promise.all(
      apps.map(
        ({ child }) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
            child.once("exit", resolve);
            child.kill("SIGTERM");
            setTimeout(() => child.kill("SIGKILL"), 20_000).unref();
          }),
      ),
    );
  };
  const stop = async () => {
    await stopApps();
    if (database) await database.stop();
  };

  try {
    // The first app applies the migrations and seeds an empty database; the
    // second starts once it is up, with nothing left to apply.
    for (const [i, appPort] of appPorts.entries()) {
      const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, "server", "index.js")], {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          ...process.env,
          NODE_ENV: "production",
          SESSION_SECRET: process.env.SESSION_SECRET || "scale-out-session-secret-not-for-production",
          ...options.env,
          DATABASE_URL: databaseUrl,
          PORT: String(appPort),
          UPLOAD_DIR: uploadDir,
          TRUST_PROXY: "1",
          RUN_MIGRATIONS: i === 0 ? "1" : "0",
          SEED_DEMO: i === 0 ? "1" : "0",
        },
      });
      let output = "";
      /** @param {Buffer | string} chunk */
      const keep = (chunk) => {
        output = (output + chunk).slice(-20_000);
      };
      child.stdout.on("data", keep);
      child.stderr.on("data", keep);
      const url = `http://127.0.0.1:${appPort}`;
      apps.push({ url, child, output: () => output });
      for (let tries = 0; !(await isUp(url)); tries++) {
        if (child.exitCode !== null) throw new Error(`app ${i + 1} exited:\n${output}`);
        if (tries > 1800) throw new Error(`app ${i + 1} did not start in 180 s:\n${output}`);
        await sleep(100);
      }
      log(`app ${i + 1} (pid ${child.pid}) on ${url}`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  log(`apps on ${apps.map((app) => app.url).join(" and ")}`);
  return { apps: apps.map(({ url, child, output }) => ({ url, pid: child.pid, output })), databaseUrl, stop };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const topology = await startScaleOut();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await topology.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
