// Shared by the page benchmarks (budget, lighthouse, throughput): the built
// production server (server/index.js) on a scratch embedded PostgreSQL,
// wiped, migrated and seeded with the demo data, started the way the
// Playwright tests start it (tests/e2e/start-server.mjs); a logged-in
// session; raw HTTP requests that report the bytes on the wire.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { spawn, type ChildProcess } from "node:child_process";
import { SERVER_NODE_FLAGS } from "../../../server/node-flags.js";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { freePort } from "../../lib/free-port.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const PROJECT_ROOT = ROOT;

export type BenchServer = {
  url: string;
  /** CPU time used so far (ms) by the server process and by its PostgreSQL (postmaster and backends). */
  cpuMs: () => { node: number; postgres: number };
  /** The app database of the embedded PostgreSQL (demo data). */
  databaseUrl: string;
  stop: () => Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Port `k` of a benchmark run: BENCH_PORT + k when BENCH_PORT is set (a
 * chosen range), otherwise one the system chooses; each `k` once per run.
 */
const chosenPorts = new Map<string, Promise<number>>();
function chosenPort(variable: "BENCH_PORT" | "BENCH_PG_PORT", k: number): Promise<number> {
  const set = process.env[variable];
  if (set) return Promise.resolve(Number(set) + k);
  const key = `${variable}:${k}`;
  if (!chosenPorts.has(key)) chosenPorts.set(key, freePort());
  return chosenPorts.get(key)!;
}
export const benchPort = (k = 0) => chosenPort("BENCH_PORT", k);
export const benchPgPort = (k = 0) => chosenPort("BENCH_PG_PORT", k);

/**
 * Starts build/index.js (npm run build first) on BENCH_PORT (or a port the
 * system chooses) with its own embedded PostgreSQL on BENCH_PG_PORT (or a
 * free port) in .data/bench-postgres-<port>.
 */
export async function startServer(options: {
  log: (line: string) => void;
  env?: Record<string, string>;
  /** Extra node flags for the server process (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** Another checkout's build (bench:page-cpu's comparison) and the ports for it. */
  root?: string;
  port?: number;
  pgPort?: number;
  /** The node binary of the server (default: the one running the bench). */
  node?: string;
}): Promise<BenchServer> {
  const ROOT = options.root ?? PROJECT_ROOT;
  const port = options.port ?? (await benchPort());
  const pgPort = options.pgPort ?? (await benchPgPort());
  if (!fs.existsSync(path.join(ROOT, "build", "index.js")))
    throw new Error(`${ROOT}/build/index.js is missing: run \`npm run build\` first`);
  const url = `http://127.0.0.1:${port}`;
  if (await isUp(url)) throw new Error(`something already answers on ${url}: set BENCH_PORT`);
  const started = Date.now();
  const child = spawn(
    options.node ?? process.execPath,
    [...SERVER_NODE_FLAGS, ...(options.nodeArgs ?? []), path.join(ROOT, "tests", "e2e", "start-server.mjs")],
    {
      cwd: ROOT,
      stdio: ["pipe", "pipe", "pipe"],
      env: {
        ...process.env,
        PORT: String(port),
        NODE_ENV: "production",
        INSECURE_COOKIES: "1",
        SESSION_SECRET: "bench-session-secret-not-for-production-0123456789",
        PG_DATA_DIR: path.join(ROOT, ".data", `bench-postgres-${pgPort}`),
        PG_PORT: String(pgPort),
        UPLOAD_DIR: path.join(ROOT, ".data", `bench-uploads-${pgPort}`),
        // The server stops (and stops PostgreSQL) when this process dies.
        E2E_STOP_ON_STDIN_EOF: "1",
        DATABASE_URL: "",
        ...options.env,
      },
    },
  );
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  let exited = false;
  child.on("exit", () => (exited = true));

  const stop = async () => {
    if (exited) return;
    child.kill("SIGTERM");
    for (let i = 0; i < 200 && !exited; i++) await sleep(100);
    if (!exited) child.kill("SIGKILL");
  };
  for (let i = 0; ; i++) {
    if (exited) throw new Error(`the server exited during start-up:\n${output}`);
    if (await isUp(url)) break;
    if (i > 1800) {
      await stop();
      throw new Error(`the server did not start within 180 s:\n${output}`);
    }
    await sleep(100);
  }
  options.log(`server up on ${url} in ${((Date.now() - started) / 1000).toFixed(1)} s (fresh database, demo seed)`);
  const postmaster = postmasterPid(pgPort);
  const cpuMs = () => ({
    node: processCpuMs(child.pid!),
    postgres: postmaster ? [postmaster, ...childPids(postmaster)].reduce((sum, pid) => sum + processCpuMs(pid), 0) : NaN,
  });
  return { url, databaseUrl: `postgresql://postgres:postgres@127.0.0.1:${pgPort}/freight`, stop, cpuMs };
}

const TICKS_PER_MS = 100 / 1000; // Linux USER_HZ

/**
 * utime + stime of a process from /proc (Linux), in ms, with its children
 * that have ended (PostgreSQL backends come and go); 0 when it is gone.
 */
export function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICKS_PER_MS;
  } catch {
    return 0;
  }
}

function childPids(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parent) pids.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return pids;
}

/** The postmaster listening on the port (its command line names -p PORT). */
function postmasterPid(port: number): number | null {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (args[0].endsWith("/postgres") && args.includes("-p") && args[args.indexOf("-p") + 1] === String(port)) return Number(entry);
    } catch {
      /* gone */
    }
  }
  return null;
}

/** Waits until `child` answers /healthz at `url` (tries × 100 ms); throws when it exits or never does. */
export async function waitUntilUp(url: string, child: ChildProcess, what: string, tries = 100): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited`);
    if (await isUp(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not start`);
}

async function isUp(url: string): Promise<boolean> {
  try {
    const response = await request(`${url}/healthz`);
    return response.status === 200;
  } catch {
    return false;
  }
}

export type RawResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Bytes on the wire (the body as sent, before decompression). */
  wireBytes: number;
  body: Buffer;
};

/** A GET (or form POST) with exact control over the headers; decodes the body. */
export function request(
  url: string,
  options: { headers?: Record<string, string>; form?: Record<string, string> } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const body = options.form ? new URLSearchParams(options.form).toString() : null;
    const req = http.request(
      url,
      {
        method: body ? "POST" : "GET",
        headers: {
          ...(body ? { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          let decoded = raw;
          if (encoding === "gzip") decoded = zlib.gunzipSync(raw);
          else if (encoding === "br") decoded = zlib.brotliDecompressSync(raw);
          else if (encoding === "deflate") decoded = zlib.inflateSync(raw);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, wireBytes: raw.length, body: decoded });
        });
        res.on("error", reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on("error", reject);
    if (body) req.write(body);
    req.end();
  });
}

/** Logs a demo user in (password Demo1234) and returns the Cookie header. */
export async function login(baseUrl: string, email: string): Promise<string> {
  const response = await request(`${baseUrl}/login`, {
    form: { intent: "login", email, password: "Demo1234", redirectTo: "/home" },
  });
  const cookies = ([] as string[]).concat(response.headers["set-cookie"] ?? []);
  const session = cookies.map((c) => c.split(";")[0]).filter((c) => c.startsWith("session=") || c.startsWith("__Host-session="));
  if (response.status !== 302 || session.length === 0) throw new Error(`login as ${email} failed (${response.status})`);
  return session.join("; ");
}

export type BenchRoutes = {
  /** /fclbysea query of a route with 50 rows valid today. */
  fcl: string;
  /** /byair query of a route with 50 rows valid today. */
  air: string;
};

/**
 * Adds 50 rows valid today to one FCL and one air route that had none
 * (copies of demo rows: realistic text and prices), so a results page is
 * full (20 rows) and three pages make a 50-row result.
 */
export async function addFiftyRowRoutes(databaseUrl: string): Promise<BenchRoutes> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const today = "(now() AT TIME ZONE 'Asia/Shanghai')::date";
    const valid = `(valid_from IS NULL OR valid_from <= ${today}) AND (valid_to IS NULL OR valid_to >= ${today}) AND NOT paused`;
    const sea = await client.query<{ code: string; name: string }>(
      `SELECT code, name FROM sea_ports WHERE name NOT IN (SELECT pod FROM fcl_rates) AND name ~ '^[A-Z ]+$' ORDER BY code LIMIT 1`,
    );
    const air = await client.query<{ code: string }>(
      `SELECT code FROM airports WHERE code NOT IN (SELECT pod FROM air_rates) AND code ~ '^[A-Z]{3}$' ORDER BY code LIMIT 1`,
    );
    const copy = async (table: string, podValue: string, polValue: string) => {
      const columns = (
        await client.query<{ column_name: string }>(
          `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND column_name NOT IN ('id', 'pol', 'pod') ORDER BY ordinal_position`,
          [table],
        )
      ).rows.map((r) => `"${r.column_name}"`);
      const inserted = await client.query(
        `INSERT INTO ${table} (pol, pod, ${columns.join(", ")})
         SELECT $1, $2, ${columns.join(", ")} FROM ${table} WHERE ${valid} ORDER BY id LIMIT 50`,
        [polValue, podValue],
      );
      if (inserted.rowCount !== 50) throw new Error(`${table}: only ${inserted.rowCount} rows valid today to copy`);
    };
    await copy("fcl_rates", sea.rows[0].name, "SHANGHAI");
    await copy("air_rates", air.rows[0].code, "PVG");
    return { fcl: `pol=CNSHA&pod=${sea.rows[0].code}`, air: `airpol=PVG&airpod=${air.rows[0].code}` };
  } finally {
    await client.end();
  }
}
