// A scratch database for the in-process benchmarks (search, export): created,
// migrated and seeded with the demo data on the server of DATABASE_URL when
// set, otherwise on a throw-away embedded PostgreSQL (BENCH_PG_PORT, else a port
// the system chooses); dropped (and the embedded server stopped) at the end. After
// `open`, process.env.DATABASE_URL points at it, so the app's domain modules
// (imported afterwards) use it.
//
// BENCH_KEEP_DB=1 keeps the data instead (for a bench whose generation takes
// long: the insights bench's 5,000,000 rows): the embedded server's data
// folder is .data/bench-<name>-<port> and the database <name>_kept; a second
// run finds them seeded (`fresh` false) and skips the seed, and neither is
// dropped at the end. Delete the folder to start over.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import pg from "pg";
import { benchPgPort, ROOT } from "./server";

export type ScratchDatabase = {
  url: string;
  /** A pg client on the scratch database (for set-based bench seeds). */
  client: pg.Client;
  close: () => Promise<void>;
  /** False when BENCH_KEEP_DB found the database of an earlier run (already seeded). */
  fresh: boolean;
};

export async function openScratchDatabase(options: { log: (line: string) => void; name: string }): Promise<ScratchDatabase> {
  const { log } = options;
  const keep = process.env.BENCH_KEEP_DB === "1";
  let adminUrl: string;
  let stopServer = async () => {};
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = "/postgres";
    adminUrl = url.toString();
  } else {
    const { startEmbeddedDatabase } = await import("../../../server/embedded-db.js");
    const port = await benchPgPort();
    let dataDir: string;
    if (keep) {
      dataDir = path.join(ROOT, ".data", `bench-${options.name}-${port}`);
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-bench-pg-"));
      fs.chmodSync(dataDir, 0o755);
      fs.rmSync(dataDir, { recursive: true });
    }
    const db = await startEmbeddedDatabase({ dataDir, port, quiet: true, log });
    adminUrl = db.adminUrl;
    stopServer = async () => {
      await db.stop();
      if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const database = keep ? `${options.name}_kept` : `${options.name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = keep && (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [database])).rowCount === 1;
  if (!exists) await admin.query(`CREATE DATABASE "${database}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();

  const close = async () => {
    await client.end().catch(() => {});
    if (!keep) await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
    await stopServer();
  };
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    const env = { ...process.env, DATABASE_URL: databaseUrl };
    // A kept database is migrated again (new migrations of the branch), never seeded twice.
    const migrate = spawnSync(process.execPath, [path.join(ROOT, "scripts", "prisma.mjs"), "migrate", "deploy"], {
      cwd: ROOT,
      env,
      stdio: "ignore",
    });
    if (migrate.status !== 0) throw new Error("prisma migrate deploy failed");
    process.env.DATABASE_URL = databaseUrl;
    process.env.SESSION_SECRET ??= "bench-session-secret-0123456789abcdef";
    process.env.NODE_ENV ??= "production";
    await client.connect();
    if (!exists) {
      const { prisma } = await import("../../../app/utils/db.server");
      const { seedDemoData } = await import("../../../prisma/seed/index");
      await seedDemoData(prisma as never, { log: () => {} });
    }
  } catch (error) {
    await close();
    throw error;
  }
  if (exists) log(`BENCH_KEEP_DB: reusing the database ${database} of an earlier run`);
  return { url: databaseUrl, client, close, fresh: !exists };
}

/** p50/p95/p99 (nearest rank) of a list of durations in ms. */
export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted[sorted.length - 1] };
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;
