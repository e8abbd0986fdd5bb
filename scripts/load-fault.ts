// Load-and-fault drill (issue 10.5; figures in docs/security.md). Run by hand:
//
//   npm run load:fault                         # 2,000 bookings, concurrency 50, 3 kills
//   npm run load:fault -- --bookings 300 --concurrency 20 --kills 2
//
// What it does, on scratch data only (.data/load-fault/, ports the system chooses unless --port, --mail-port, --pg-port):
//   1. starts an embedded PostgreSQL, a fake mail provider (load-fault/fake-resend.ts)
//      and the BUILT app (`node server/index.js`, needs `npm run build`) with
//      demo data, its real Resend transport pointed at the fake provider, and
//      short relay timings;
//   2. logs in many customers and fires shipping-order bookings with a
//      unique attachment each through the real HTTP form (GET the form, then
//      the multipart POST with its idempotency key), at high concurrency;
//   3. meanwhile kills the app with SIGKILL and restarts it several times,
//      the mail provider fails at random, drops acknowledgements after
//      delivering, answers slowly, and has an outage; clients retry every
//      unanswered POST with the same idempotency key (and re-send some
//      answered ones, as a double click would);
//   4. after the last booking: one more kill while the outbox drains, then
//      waits for the relay to finish;
//   5. reconciles the answers against the database, the upload folder and
//      the provider: every acknowledged booking exists exactly once with its
//      attachment intact, every notification was delivered exactly once;
//      prints the figures and writes .data/load-fault/report.{json,md}.
// Exit code 0 only when nothing was lost or duplicated.
import { spawn, type ChildProcess } from "node:child_process";
import { SERVER_NODE_FLAGS } from "../server/node-flags.js";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { fallbackDataDir, recoverStaleServer, startEmbeddedDatabase } from "../server/embedded-db.js";
import { startFakeResend } from "./load-fault/fake-resend";
import { freePort } from "./lib/free-port.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The checkout whose build and server/index.js run (LOAD_APP_ROOT: a build made elsewhere). */
const APP_ROOT = path.resolve(process.env.LOAD_APP_ROOT || ROOT);

// ------------------------------------------------------------------ options
function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const raw = i >= 0 ? process.argv[i + 1] : process.env[`LOAD_${name.toUpperCase().replace(/-/g, "_")}`];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number`);
  return value;
}
const OPTIONS = {
  bookings: option("bookings", 2000),
  concurrency: option("concurrency", 50),
  customers: option("customers", 24),
  kills: option("kills", 3),
  mailFailRate: option("mail-fail", 0.1),
  mailLostAckRate: option("mail-lost-ack", 0.05),
  // The relay sends one mail at a time (Resend allows 2 requests/s by default):
  // every slow answer holds it up for seconds, so keep them rare.
  mailSlowRate: option("mail-slow", 0.005),
  /** The mail provider answers 503 to everything for this long, from 30 % of the bookings on. */
  outageSeconds: option("outage-seconds", 15),
  /** Share of acknowledged bookings sent once more with the same key (a double submit). */
  resubmitRate: option("resubmit", 0.05),
  /** 0: a port the system chooses (scripts/lib/free-port.mjs). */
  appPort: option("port", 0),
  mailPort: option("mail-port", 0),
  pgPort: option("pg-port", 0),
  /** Whole-run limit in seconds; the drill fails past it. */
  deadline: option("deadline", 900),
};

for (const key of ["appPort", "mailPort", "pgPort"] as const) {
  if (!OPTIONS[key]) OPTIONS[key] = await freePort([OPTIONS.appPort, OPTIONS.mailPort, OPTIONS.pgPort]);
}

const WORK = path.join(ROOT, ".data", "load-fault");
const PG_DIR = path.join(WORK, "postgres");
const UPLOAD_DIR = path.join(WORK, "uploads");
const DELIVERIES = path.join(WORK, "mail-deliveries.ndjson");
const APP = `http://127.0.0.1:${OPTIONS.appPort}`;
const API_KEY = "re_fault_drill_not_a_real_key";
const PASSWORD = "Demo1234";
const started = Date.now();
const elapsed = () => ((Date.now() - started) / 1000).toFixed(1);
const log = (line: string) => console.log(`[load-fault ${elapsed().padStart(6)}s] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (data: Uint8Array | string) => crypto.createHash("sha256").update(data).digest("hex");

// ------------------------------------------------------------------ the app process
type AppState = { child: ChildProcess | null; generation: number; up: boolean };
const app: AppState = { child: null, generation: 0, up: false };
const restarts: { killedAt: number; downMs: number; inFlight: number; sendingLeft: number }[] = [];
let databaseUrl = "";

function appEnv(first: boolean): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    PORT: String(OPTIONS.appPort),
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: "load-fault-drill-session-secret-0123456789",
    INSECURE_COOKIES: "1",
    UPLOAD_DIR,
    SEED_DEMO: first ? "1" : "0",
    RUN_MIGRATIONS: first ? "1" : "0",
    RESEND_API_KEY: API_KEY,
    RESEND_BASE_URL: `http://127.0.0.1:${OPTIONS.mailPort}`,
    MAIL_FROM: "Freight Portal <noreply@example.com>",
    // Production: 15 s interval, retries from 30 s doubling to 1 h, 10 attempts
    // (about 3 h), stuck SENDING rows taken back after 10 min. Shortened so a
    // drill takes minutes; the 15 s outage then uses 4-5 of the 10 attempts.
    MAIL_RELAY_INTERVAL_MS: "1000",
    MAIL_RETRY_BASE_MS: "1000",
    MAIL_RETRY_MAX_MS: "15000",
    MAIL_STUCK_AFTER_SECONDS: "40",
  };
}

async function startApp(first: boolean): Promise<number> {
  const t0 = Date.now();
  app.generation += 1;
  const logFile = fs.openSync(path.join(WORK, `server-${app.generation}.log`), "a");
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(APP_ROOT, "server", "index.js")], {
    cwd: APP_ROOT,
    env: appEnv(first),
    stdio: ["ignore", logFile, logFile],
  });
  fs.closeSync(logFile);
  app.child = child;
  child.once("exit", () => {
    if (app.child === child) app.up = false;
  });
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the app exited while starting: see ${path.join(WORK, `server-${app.generation}.log`)}`);
    }
    try {
      const res = await fetch(`${APP}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() - t0 > 180_000) throw new Error("the app did not become healthy in 180 s");
    await sleep(100);
  }
  app.up = true;
  return Date.now() - t0;
}

let restarting: Promise<void> | null = null;
async function killAndRestart(reason: string, inFlight: number) {
  if (restarting) return restarting;
  restarting = (async () => {
    const child = app.child!;
    const killedAt = Date.now();
    log(`kill -9 the app (${reason}; ${inFlight} requests in flight)`);
    app.up = false;
    child.kill("SIGKILL");
    await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once("exit", resolve)));
    // Mails the dead relay had claimed: they wait for the stuck timeout, then go again under the same key.
    const [{ n: sendingLeft }] = await query<{ n: number }>("SELECT count(*)::int AS n FROM email_outbox WHERE status = 'SENDING'");
    await sleep(500 + Math.random() * 1500); // the supervisor's restart delay
    const bootMs = await startApp(false);
    const downMs = Date.now() - killedAt;
    restarts.push({ killedAt: killedAt - started, downMs, inFlight, sendingLeft });
    log(`app back after ${(downMs / 1000).toFixed(1)} s (boot ${(bootMs / 1000).toFixed(1)} s)`);
  })().finally(() => {
    restarting = null;
  });
  return restarting;
}

// ------------------------------------------------------------------ database helpers
async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** Copies of the audited demo customers t0-t2 (same password, tier and contacts). */
async function createCustomers(count: number): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `load${i}@example.com`;
    const template = `t${i % 3}@example.com`;
    await query(
      `INSERT INTO users
         SELECT (jsonb_populate_record(NULL::users, to_jsonb(u) || jsonb_build_object(
           'id', nextval(pg_get_serial_sequence('users', 'id')), 'email', $1::text, 'username', $2::text,
           'phone', $3::text, 'created_at', now(), 'updated_at', now(), 'last_login_at', NULL))).*
           FROM users u WHERE u.email = $4`,
      [email, `load${i}`, `1880000${String(i).padStart(4, "0")}`, template],
    );
    emails.push(email);
  }
  return emails;
}

// ------------------------------------------------------------------ HTTP client
/** Browser-like headers: a same-origin form submission (passes the CSRF guard). */
const BROWSER = { Origin: APP, "Sec-Fetch-Site": "same-origin", "User-Agent": "load-fault-drill" };

type HttpResult = { ok: true; status: number; location: string | null; body: string } | { ok: false; error: string };
const httpStats = { requests: 0, connectionErrors: 0, timeouts: 0, serverErrors: 0, byStatus: {} as Record<string, number> };

async function request(url: string, init: RequestInit & { timeoutMs?: number }): Promise<HttpResult> {
  httpStats.requests += 1;
  try {
    const res = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(init.timeoutMs ?? 30_000) });
    const body = await res.text();
    httpStats.byStatus[res.status] = (httpStats.byStatus[res.status] ?? 0) + 1;
    if (res.status >= 500) httpStats.serverErrors += 1;
    return { ok: true, status: res.status, location: res.headers.get("location"), body };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    if ((error as Error).name === "TimeoutError") httpStats.timeouts += 1;
    else httpStats.connectionErrors += 1;
    return { ok: false, error: cause ?? (error as Error).name ?? String(error) };
  }
}

async function login(email: string): Promise<string> {
  for (let attempt = 1; attempt <= 20; attempt++) {
    const body = new URLSearchParams({ intent: "login", email, password: PASSWORD, redirectTo: "/home" });
    const res = await fetch(`${APP}/login`, { method: "POST", body, headers: BROWSER, redirect: "manual" }).catch(() => null);
    const cookie = res?.headers.getSetCookie().find((c) => c.startsWith("session="));
    if (res?.status === 302 && cookie) return cookie.split(";")[0];
    await sleep(500);
  }
  throw new Error(`could not log in ${email}`);
}

// ------------------------------------------------------------------ one booking
type Job = {
  n: number;
  customer: string;
  cookie: string;
  rateId: number;
  filename: string;
  bytes: Buffer;
  sha256: string;
  key: string | null;
  entrustmentId: number | null;
  attempts: number;
  resubmitted: boolean;
  latencyMs: number | null;
  problem: string | null;
};

const KEY_FIELD = /name="idempotencyKey"[^>]*value="([A-Za-z0-9_-]{16,64})"|value="([A-Za-z0-9_-]{16,64})"[^>]*name="idempotencyKey"/;
const FORM_FIELDS = [
  "tab",
  "idempotencyKey",
  "transportType",
  "gp20Count",
  "gp40Count",
  "hq40Count",
  "grossWeight",
  "volume",
  "packages",
  "commodityZh",
  "commodityEn",
  "hsCode",
  "shipper",
  "consignee",
  "notifyParty",
  "attachment",
];

function orderForm(job: Job): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    tab: "form",
    idempotencyKey: job.key!,
    transportType: "FCL",
    gp20Count: String(1 + (job.n % 3)),
    gp40Count: "0",
    hq40Count: String(job.n % 2),
    otherSize: "",
    grossWeight: "18000KGS",
    volume: "56CBM",
    packages: "800CTNS",
    commodityZh: "压测货物",
    commodityEn: "LOAD TEST GOODS",
    hsCode: "3926909090",
    shipper: `SHIPPER ${job.n}\nNO. 1 TEST ROAD`,
    consignee: `CONSIGNEE ${job.n}`,
    notifyParty: "SAME AS CONSIGNEE",
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("attachment", new Blob([new Uint8Array(job.bytes)], { type: "application/pdf" }), job.filename);
  return form;
}

const DONE = /^\/booking\/done\/(\d+)$/;
let inFlight = 0;

/** Until acknowledged: GET the form (its key), then POST; any unanswered POST is retried with the same key. */
async function runJob(job: Job, deadline: number) {
  const page = `${APP}/booking/fcl/${job.rateId}/order`;
  const t0 = Date.now();
  while (Date.now() < deadline) {
    if (!app.up) {
      await sleep(200);
      continue;
    }
    job.attempts += 1;
    inFlight += 1;
    try {
      if (!job.key) {
        const res = await request(page, { headers: { ...BROWSER, Cookie: job.cookie } });
        if (!res.ok || res.status >= 500) {
          await sleep(200 + Math.random() * 800);
          continue;
        }
        const match = res.status === 200 ? KEY_FIELD.exec(res.body) : null;
        if (!match) {
          job.problem = `form GET answered ${res.status} without a key`;
          return;
        }
        job.key = match[1] ?? match[2];
      }
      const res = await request(page, { method: "POST", body: orderForm(job), headers: { ...BROWSER, Cookie: job.cookie } });
      if (!res.ok || res.status >= 500) {
        await sleep(200 + Math.random() * 800);
        continue;
      }
      const done = res.status === 302 && res.location ? DONE.exec(res.location) : null;
      if (!done) {
        job.problem = `POST answered ${res.status} ${res.location ?? res.body.slice(0, 200)}`;
        return;
      }
      job.entrustmentId = Number(done[1]);
      job.latencyMs = Date.now() - t0;
      return;
    } finally {
      inFlight -= 1;
    }
  }
  job.problem = "deadline reached before an answer";
}

/** A double submit of an answered order: must answer the same entrustment. */
async function resubmit(job: Job, deadline: number): Promise<string | null> {
  while (Date.now() < deadline) {
    if (!app.up) {
      await sleep(200);
      continue;
    }
    const res = await request(`${APP}/booking/fcl/${job.rateId}/order`, {
      method: "POST",
      body: orderForm(job),
      headers: { ...BROWSER, Cookie: job.cookie },
    });
    if (!res.ok || res.status >= 500) {
      await sleep(300);
      continue;
    }
    const done = res.status === 302 && res.location ? DONE.exec(res.location) : null;
    if (!done) return `resubmit answered ${res.status}`;
    return Number(done[1]) === job.entrustmentId ? null : `resubmit answered entrustment ${done[1]}, first answer was ${job.entrustmentId}`;
  }
  return "deadline";
}

function percentile(values: number[], p: number) {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// ------------------------------------------------------------------ main
async function main() {
  const deadline = started + OPTIONS.deadline * 1000;
  const bundle = path.join(APP_ROOT, "build", "index.js");
  if (!fs.existsSync(bundle)) throw new Error(`${bundle} is missing: run \`npm run build\` first`);
  // With the production relay timings (retries from 30 s, stuck rows after 10 min) the drill would take an hour.
  if (!fs.readFileSync(bundle, "utf8").includes("MAIL_STUCK_AFTER_SECONDS")) {
    throw new Error(`${bundle} predates the relay timing settings: run \`npm run build\` first`);
  }
  log(`options ${JSON.stringify(OPTIONS)}`);

  // Scratch state of an earlier run (even one that was killed).
  // (As root with an unreachable project folder, embedded-db moves the data to the temp dir.)
  for (const dir of [PG_DIR, fallbackDataDir(PG_DIR)]) await recoverStaleServer(dir, log);
  fs.rmSync(fallbackDataDir(PG_DIR), { recursive: true, force: true });
  fs.rmSync(WORK, { recursive: true, force: true });
  fs.mkdirSync(UPLOAD_DIR, { recursive: true });

  const database = await startEmbeddedDatabase({ dataDir: PG_DIR, port: OPTIONS.pgPort, database: "freight", log, quiet: true });
  databaseUrl = database.url;
  const provider = await startFakeResend(OPTIONS.mailPort, {
    apiKey: API_KEY,
    failRate: OPTIONS.mailFailRate,
    lostAckRate: OPTIONS.mailLostAckRate,
    slowRate: OPTIONS.mailSlowRate,
    deliveriesFile: DELIVERIES,
  });
  let exitCode = 1;
  try {
    log("starting the app (migrations and demo seed)");
    const firstBoot = await startApp(true);
    log(`app up in ${(firstBoot / 1000).toFixed(1)} s`);

    const customers = await createCustomers(OPTIONS.customers);
    const cookies = new Map<string, string>();
    for (const email of customers) cookies.set(email, await login(email));
    log(`${customers.length} customers logged in`);

    const rates = await query<{ id: number }>(
      `SELECT id FROM fcl_rates
        WHERE NOT paused
          AND (valid_from IS NULL OR valid_from <= (now() AT TIME ZONE 'Asia/Shanghai')::date)
          AND (valid_to IS NULL OR valid_to >= (now() AT TIME ZONE 'Asia/Shanghai')::date)
        ORDER BY id LIMIT 8`,
    );
    if (!rates.length) throw new Error("no bookable FCL rate in the demo data");

    // The form once, by hand: the fields this client sends are the page's.
    const form = await request(`${APP}/booking/fcl/${rates[0].id}/order`, { headers: { ...BROWSER, Cookie: cookies.get(customers[0])! } });
    if (!form.ok || form.status !== 200) throw new Error(`the order form answered ${form.ok ? form.status : form.error}`);
    const missing = FORM_FIELDS.filter((name) => !form.body.includes(`name="${name}"`));
    if (missing.length) throw new Error(`the order form lacks ${missing.join(", ")}`);
    if (!KEY_FIELD.test(form.body)) throw new Error("the order form carries no idempotency key");

    const jobs: Job[] = Array.from({ length: OPTIONS.bookings }, (_, n) => {
      const customer = customers[n % customers.length];
      // A unique small PDF-looking file per booking (2-40 KB).
      const bytes = Buffer.concat([
        Buffer.from(`%PDF-1.4\n% booking ${n}\n`),
        crypto.randomBytes(2048 + Math.floor(Math.random() * 38_000)),
        Buffer.from("\n%%EOF\n"),
      ]);
      return {
        n,
        customer,
        cookie: cookies.get(customer)!,
        rateId: rates[n % rates.length].id,
        filename: n % 7 === 0 ? `托单-${n}.pdf` : `order-${n}.pdf`,
        bytes,
        sha256: sha256(bytes),
        key: null,
        entrustmentId: null,
        attempts: 0,
        resubmitted: false,
        latencyMs: null,
        problem: null,
      };
    });

    // The fault plan, by progress of answered bookings.
    const killAt = Array.from({ length: OPTIONS.kills }, (_, i) => Math.round(((i + 1) / (OPTIONS.kills + 1)) * OPTIONS.bookings));
    const outageFrom = Math.round(0.3 * OPTIONS.bookings);
    let answered = 0;
    let outageWindows = 0;
    const resubmitProblems: string[] = [];
    let resubmits = 0;

    const loadStart = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        await runJob(job, deadline);
        answered += 1;
        if (job.entrustmentId && Math.random() < OPTIONS.resubmitRate) {
          job.resubmitted = true;
          resubmits += 1;
          const problem = await resubmit(job, deadline);
          if (problem) resubmitProblems.push(`#${job.n}: ${problem}`);
        }
        if (killAt.length && answered >= killAt[0]) {
          killAt.shift();
          void killAndRestart(`after ${answered} answered bookings`, inFlight);
        }
        if (answered >= outageFrom && outageWindows === 0 && OPTIONS.outageSeconds > 0) {
          outageWindows += 1;
          provider.setOutage(true);
          log(`mail provider outage begins for ${OPTIONS.outageSeconds} s (${answered} answered)`);
          setTimeout(() => {
            provider.setOutage(false);
            log("mail provider outage ends");
          }, OPTIONS.outageSeconds * 1000).unref();
        }
      }
    };
    const progress = setInterval(() => {
      const acked = jobs.filter((j) => j.entrustmentId).length;
      log(`answered ${answered}/${jobs.length}, acknowledged ${acked}, in flight ${inFlight}, mails delivered ${provider.deliveries.size}`);
    }, 10_000);
    await Promise.all(Array.from({ length: OPTIONS.concurrency }, worker));
    if (restarting) await restarting;
    const loadMs = Date.now() - loadStart;
    log(`all ${jobs.length} bookings answered in ${(loadMs / 1000).toFixed(1)} s`);

    // One more crash while the outbox drains (rows left SENDING by the dead relay).
    const pendingNow = await query<{ n: number }>("SELECT count(*)::int AS n FROM email_outbox WHERE status <> 'SENT'");
    if (pendingNow[0].n > 0) await killAndRestart(`while ${pendingNow[0].n} mails are not yet sent`, inFlight);

    // Recovery: the relay must deliver everything.
    const drainStart = Date.now();
    let outboxLeft = -1;
    for (;;) {
      const [row] = await query<{ left: number; failed: number }>(
        "SELECT count(*) FILTER (WHERE status IN ('PENDING', 'SENDING'))::int AS left, count(*) FILTER (WHERE status = 'FAILED')::int AS failed FROM email_outbox",
      );
      outboxLeft = row.left;
      if (row.left === 0 || Date.now() > deadline) break;
      await sleep(1000);
    }
    clearInterval(progress);
    const drainMs = Date.now() - drainStart;
    log(`outbox drained in ${(drainMs / 1000).toFixed(1)} s after the last booking (${outboxLeft} left)`);

    // ---------------------------------------------------------------- reconcile
    const problems: string[] = [...resubmitProblems];
    const acked = jobs.filter((j) => j.entrustmentId !== null);
    const unanswered = jobs.filter((j) => j.entrustmentId === null);
    for (const job of unanswered) problems.push(`booking #${job.n} never acknowledged: ${job.problem}`);

    const rows = await query<{
      id: number;
      idempotency_key: string;
      email: string;
      attachment_key: string | null;
      attachment_sha256: string | null;
      attachment_size: number | null;
      attachment_name: string | null;
    }>(
      `SELECT e.id, e.idempotency_key, u.email, e.attachment_key, e.attachment_sha256, e.attachment_size, e.attachment_name
         FROM entrustments e JOIN users u ON u.id = e.user_id WHERE u.email LIKE 'load%@example.com'`,
    );
    const byKey = new Map(rows.map((r) => [r.idempotency_key, r]));
    const bySha = new Map<string, number>();
    for (const r of rows) if (r.attachment_sha256) bySha.set(r.attachment_sha256, (bySha.get(r.attachment_sha256) ?? 0) + 1);
    let attachmentsVerified = 0;
    for (const job of acked) {
      const row = byKey.get(job.key!);
      if (!row) {
        problems.push(`booking #${job.n} was acknowledged as ${job.entrustmentId} but is not in the database (LOST)`);
        continue;
      }
      if (row.id !== job.entrustmentId) problems.push(`booking #${job.n}: acknowledged ${job.entrustmentId}, stored as ${row.id}`);
      if (row.email !== job.customer) problems.push(`booking #${job.n}: stored for ${row.email}, not ${job.customer}`);
      if (row.attachment_sha256 !== job.sha256 || row.attachment_size !== job.bytes.length || row.attachment_name !== job.filename) {
        problems.push(`booking #${job.n}: attachment metadata differs`);
      }
      if ((bySha.get(job.sha256) ?? 0) !== 1) problems.push(`booking #${job.n}: stored ${bySha.get(job.sha256)} times (DUPLICATE)`);
      const file = row.attachment_key ? path.join(UPLOAD_DIR, "attachments", row.attachment_key) : null;
      if (!file || !fs.existsSync(file)) {
        problems.push(`booking #${job.n}: attachment file missing`);
        continue;
      }
      if (sha256(fs.readFileSync(file)) !== job.sha256) problems.push(`booking #${job.n}: attachment file damaged`);
      else attachmentsVerified += 1;
    }
    const ackedKeys = new Set(acked.map((j) => j.key));
    const extraRows = rows.filter((r) => !ackedKeys.has(r.idempotency_key));
    // An unanswered booking may exist at most once (its client gave up); an extra row for an answered one would be a duplicate.
    for (const r of extraRows) {
      const job = jobs.find((j) => j.key === r.idempotency_key);
      if (!job) problems.push(`entrustment ${r.id} matches no booking sent (DUPLICATE or foreign)`);
    }

    // Files: the attachments folder against the rows.
    const referenced = new Set(rows.map((r) => r.attachment_key).filter(Boolean));
    const attachmentDir = path.join(UPLOAD_DIR, "attachments");
    const stored = fs.existsSync(attachmentDir) ? fs.readdirSync(attachmentDir) : [];
    const orphanFiles = stored.filter((name) => !referenced.has(name)).length;
    const tmpDir = path.join(UPLOAD_DIR, "tmp");
    const tempLeft = fs.existsSync(tmpDir) ? fs.readdirSync(tmpDir).length : 0;

    // Mail: the outbox against the entrustments and the provider's deliveries.
    const outbox = await query<{
      id: number;
      entrustment_id: number | null;
      kind: string;
      to_address: string;
      status: string;
      provider_id: string | null;
      attempts: number;
      attachments: { storageKey: string }[];
    }>("SELECT id, entrustment_id, kind, to_address, status::text, provider_id, attempts, attachments FROM email_outbox");
    const expected = await query<{ id: number; expected: number }>(
      `SELECT e.id, 1 + (SELECT count(DISTINCT p.email) FROM users p WHERE p.id IN (e.sales_id, e.customer_service_id))::int AS expected
         FROM entrustments e JOIN users u ON u.id = e.user_id WHERE u.email LIKE 'load%@example.com'`,
    );
    const mailsByEntrustment = new Map<number, typeof outbox>();
    for (const row of outbox) {
      if (row.entrustment_id === null) continue;
      const list = mailsByEntrustment.get(row.entrustment_id) ?? [];
      list.push(row);
      mailsByEntrustment.set(row.entrustment_id, list);
    }
    const shaByEntrustment = new Map(rows.map((r) => [r.id, r.attachment_sha256]));
    const loadIds = new Set(rows.map((r) => r.id));
    const loadMails = outbox.filter((m) => m.entrustment_id !== null && loadIds.has(m.entrustment_id));
    let mailsExpected = 0;
    let deliveredOnce = 0;
    for (const { id, expected: n } of expected) {
      mailsExpected += n;
      const mails = mailsByEntrustment.get(id) ?? [];
      if (mails.length !== n) problems.push(`entrustment ${id}: ${mails.length} mails in the outbox, expected ${n}`);
      const recipients = new Set(mails.map((m) => `${m.kind}:${m.to_address}`));
      if (recipients.size !== mails.length) problems.push(`entrustment ${id}: the same notification is queued twice (DUPLICATE)`);
      for (const mail of mails) {
        const delivery = provider.deliveries.get(`outbox-${mail.id}`);
        if (mail.status !== "SENT") problems.push(`mail ${mail.id} (${mail.kind}) is ${mail.status} after recovery`);
        if (!delivery) {
          problems.push(`mail ${mail.id} (${mail.kind} to ${mail.to_address}) never reached the provider (LOST)`);
          continue;
        }
        if (delivery.to.join(",") !== mail.to_address) problems.push(`mail ${mail.id}: delivered to ${delivery.to.join(",")}`);
        if (mail.provider_id !== delivery.id)
          problems.push(`mail ${mail.id}: outbox says provider id ${mail.provider_id}, the provider ${delivery.id}`);
        if (delivery.attachments.length !== 1 || delivery.attachments[0].sha256 !== shaByEntrustment.get(id)) {
          problems.push(`mail ${mail.id}: attachment not intact in the delivered mail`);
        }
        deliveredOnce += 1;
      }
    }
    // Every delivery is some outbox row's (the provider keeps one per key; a second row for the same notification was checked above).
    const outboxKeys = new Set(outbox.map((m) => `outbox-${m.id}`));
    const strayDeliveries = [...provider.deliveries.keys()].filter((key) => !outboxKeys.has(key)).length;
    if (strayDeliveries) problems.push(`${strayDeliveries} deliveries match no outbox row`);
    // The deliveries file (one line per accepted mail) must hold each key once.
    const lines = fs.readFileSync(DELIVERIES, "utf8").trim().split("\n").filter(Boolean);
    const fileKeys = new Set(lines.map((line) => (JSON.parse(line) as { key: string }).key));
    if (fileKeys.size !== lines.length) problems.push(`${lines.length - fileKeys.size} keys delivered more than once (DUPLICATE MAIL)`);

    const latencies = acked.map((j) => j.latencyMs!).filter((v) => v !== null);
    const attempts = jobs.reduce((sum, j) => sum + j.attempts, 0);
    const relayAttempts = loadMails.reduce((sum, m) => sum + m.attempts, 0);
    const report = {
      ranAt: new Date().toISOString(),
      machine: "2 CPUs; app, PostgreSQL, fake mail provider and clients on one machine",
      options: OPTIONS,
      bookings: {
        requested: jobs.length,
        acknowledged: acked.length,
        unanswered: unanswered.length,
        stored: rows.length,
        lost: acked.filter((j) => !byKey.has(j.key!)).length,
        duplicates: rows.length - new Set(rows.map((r) => r.attachment_sha256)).size,
        attachmentsVerified,
        doubleSubmits: resubmits,
        doubleSubmitMismatches: resubmitProblems.length,
        clientAttempts: attempts,
        retriedBookings: jobs.filter((j) => j.attempts > 1).length,
        latencyMs: {
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
          max: percentile(latencies, 100),
        },
        throughputPerSecond: Number((acked.length / (loadMs / 1000)).toFixed(1)),
        loadSeconds: Number((loadMs / 1000).toFixed(1)),
      },
      http: httpStats,
      faults: {
        appKills: restarts.length,
        restarts: restarts.map((r) => ({
          atSecond: Number((r.killedAt / 1000).toFixed(1)),
          downSeconds: Number((r.downMs / 1000).toFixed(1)),
          requestsInFlight: r.inFlight,
          mailsLeftSending: r.sendingLeft,
        })),
        mailOutageWindows: outageWindows,
        mailInjectedFailures: provider.stats.injectedFailures,
        mailLostAcks: provider.stats.lostAcks,
        mailSlowAnswers: provider.stats.slow,
        mailOutageRefusals: provider.stats.outageRefusals,
      },
      mail: {
        expected: mailsExpected,
        outboxRows: loadMails.length,
        sent: loadMails.filter((m) => m.status === "SENT").length,
        failed: loadMails.filter((m) => m.status === "FAILED").length,
        /** The demo seed's own outbox rows (codes, older orders), delivered by the same relay. */
        otherOutboxRows: outbox.length - loadMails.length,
        leftPending: outboxLeft,
        deliveredExactlyOnce: deliveredOnce,
        providerRequests: provider.stats.requests,
        relayAttempts,
        duplicateSendsSuppressedByKey: provider.stats.duplicateKeyRequests,
        conflicts: provider.stats.conflicts,
        badRequests: provider.stats.badRequests,
        strayDeliveries,
        drainSecondsAfterLastBooking: Number((drainMs / 1000).toFixed(1)),
      },
      files: { attachmentsStored: stored.length, orphanFiles, tempFilesLeft: tempLeft },
      problems: problems.slice(0, 50),
      problemCount: problems.length,
      durationSeconds: Number(elapsed()),
    };
    fs.writeFileSync(path.join(WORK, "report.json"), JSON.stringify(report, null, 2) + "\n");
    const md = markdown(report);
    fs.writeFileSync(path.join(WORK, "report.md"), md);
    console.log(`\n${md}`);
    if (problems.length) {
      console.log(`PROBLEMS (${problems.length}):\n  ${problems.slice(0, 50).join("\n  ")}`);
    } else {
      exitCode = 0;
    }
  } finally {
    if (app.child && app.child.exitCode === null && app.child.signalCode === null) {
      const child = app.child;
      child.kill("SIGTERM");
      await Promise.race([new Promise((resolve) => child.once("exit", resolve)), sleep(20_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    await provider.stop();
    await database.stop();
  }
  return exitCode;
}

type Report = Record<string, any>;

function markdown(r: Report): string {
  const b = r.bookings;
  const m = r.mail;
  const f = r.faults;
  return [
    `### Load-and-fault drill, ${r.ranAt.slice(0, 16).replace("T", " ")} UTC`,
    "",
    `${r.machine}. \`npm run load:fault -- --bookings ${r.options.bookings} --concurrency ${r.options.concurrency} --kills ${r.options.kills}\`, ${r.durationSeconds} s in all.`,
    "",
    "| Figure | Value |",
    "|---|---|",
    `| Bookings sent / acknowledged / stored | ${b.requested} / ${b.acknowledged} / ${b.stored} |`,
    `| Concurrency (clients), customers | ${r.options.concurrency}, ${r.options.customers} |`,
    `| **Lost bookings / duplicates** | **${b.lost} / ${b.duplicates}** |`,
    `| Attachments verified (SHA-256 on disk) | ${b.attachmentsVerified} |`,
    `| Double submits (same key) answered with the same record | ${b.doubleSubmits - b.doubleSubmitMismatches} of ${b.doubleSubmits} |`,
    `| HTTP requests (form GETs, POSTs, retries) | ${r.http.requests} (connection errors ${r.http.connectionErrors}, timeouts ${r.http.timeouts}, 5xx ${r.http.serverErrors}) |`,
    `| Bookings that needed a retry | ${b.retriedBookings} |`,
    `| Booking latency p50 / p95 / p99 (incl. retries, ms) | ${b.latencyMs.p50} / ${b.latencyMs.p95} / ${b.latencyMs.p99} |`,
    `| Throughput | ${b.throughputPerSecond} bookings/s over ${b.loadSeconds} s |`,
    `| App kills (SIGKILL) and restarts | ${f.appKills} (down ${f.restarts.map((x: { downSeconds: number }) => `${x.downSeconds} s`).join(", ")}) |`,
    `| Requests in flight / mails left SENDING at each kill | ${f.restarts.map((x: { requestsInFlight: number; mailsLeftSending: number }) => `${x.requestsInFlight} / ${x.mailsLeftSending}`).join("; ")} |`,
    `| Mail faults: injected 500s / lost acks / slow / outage 503s | ${f.mailInjectedFailures} / ${f.mailLostAcks} / ${f.mailSlowAnswers} / ${f.mailOutageRefusals} |`,
    `| Mails expected / in outbox / SENT / FAILED | ${m.expected} / ${m.outboxRows} / ${m.sent} / ${m.failed} |`,
    `| **Mails delivered exactly once / lost / duplicated** | **${m.deliveredExactlyOnce} / ${m.expected - m.deliveredExactlyOnce} / 0 (${m.duplicateSendsSuppressedByKey} repeat sends absorbed by the idempotency key)** |`,
    `| Relay attempts (the drill's mails) / provider requests (all) | ${m.relayAttempts} / ${m.providerRequests} |`,
    `| Outbox drained after the last booking | ${m.drainSecondsAfterLastBooking} s |`,
    `| Orphan attachment files / temp files left (no record refers to them) | ${r.files.orphanFiles} / ${r.files.tempFilesLeft} |`,
    `| Problems found by the reconciliation | ${r.problemCount} |`,
    "",
  ].join("\n");
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`[load-fault] ${error instanceof Error ? error.stack : error}`);
    process.exit(1);
  },
);
