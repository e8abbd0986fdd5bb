// @ts-check
// The one schema of the environment: every variable the server, the app and
// the operator scripts read is here, with its default, and listed in
// .env.example (server/env.test.ts keeps the three in step).
// The app validates it once at boot (app/utils/env.server.ts); the server
// process (server/*.js) reads its own settings through serverSettings().
// Benchmark and test knobs (BENCH_*, E2E_*, ROWS…) are not settings of the
// product: docs/benchmarks.md and playwright.config.ts describe them.
import { z } from "zod";

const flag = z.enum(["0", "1"]);
const port = z.coerce.number().int().min(1).max(65535);
const portList = z
  .string()
  .regex(/^\d+(,\d+)*$/, "a comma-separated list of ports")
  .transform((list) => list.split(",").map(Number));

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** HTTP port of the app process. */
  PORT: port.default(3000),

  // --- Database -------------------------------------------------------------
  /** A PostgreSQL server of your own; unset = the embedded PostgreSQL below (server/index.js sets it). */
  DATABASE_URL: z.string().min(1).optional(),
  /** The embedded PostgreSQL's port, data folder and database name (server/embedded-db.js). */
  PG_PORT: port.default(5433),
  PG_DATA_DIR: z.string().min(1).optional(),
  PG_DATABASE: z.string().min(1).default("freight"),
  /** 0 = do not run `prisma migrate deploy` at start (an operator runs it). */
  RUN_MIGRATIONS: flag.default("1"),
  /** 1 = seed demo data into an empty database that is not the embedded one. */
  SEED_DEMO: flag.default("0"),

  // --- Security -------------------------------------------------------------
  /** Signs the session cookies; at least 16 characters. Unset = a random secret kept in .data/ (local demo only). */
  SESSION_SECRET: z.string().min(16, "SESSION_SECRET must be at least 16 characters").optional(),
  /** The site's public address (absolute links in e-mails, sitemap, CSRF origin). */
  PUBLIC_URL: z.string().url().optional(),
  /** Host names whose requests may name the site's absolute URLs when PUBLIC_URL is unset (app/utils/public-origin.server.ts). */
  ALLOWED_HOSTS: z.string().optional(),
  /** 1 = behind a reverse proxy: honour X-Forwarded-For/-Proto (client address for rate limits, HTTPS headers). */
  TRUST_PROXY: flag.default("0"),
  /** Set by tests only: a plain-HTTP production-mode server must still accept cookies. */
  INSECURE_COOKIES: flag.optional(),

  // --- Mail -----------------------------------------------------------------
  /** Resend's API key; unset = mail stays in the outbox (back office). */
  RESEND_API_KEY: z.string().optional(),
  MAIL_FROM: z.string().default("Freight Portal <noreply@example.com>"),
  /** Mail relay timings (app/domain/mail/relay.server.ts); unset = the production defaults. Fault drills shorten them. */
  MAIL_RELAY_INTERVAL_MS: z.coerce.number().int().min(100).optional(),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(0).optional(),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(0).optional(),
  MAIL_STUCK_AFTER_SECONDS: z.coerce.number().int().min(35).optional(),
  /** The Shanghai hour (0-23) from which a server process runs the day's lane-watch digest (app/domain/watches/digest.server.ts); once a day whatever the number of processes. */
  WATCH_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  /** 0 = the server never runs the digest (run `npm run watch:digest` from cron instead). */
  WATCH_DIGEST: flag.default("1"),
  /** The pricing desk's promise (issue 43, app/domain/price-requests/sla.ts): a request is due within so many working hours. */
  REQUEST_SLA_HOURS: z.coerce.number().positive().max(240).default(2),
  /** The desk's working hours, Shanghai time, Monday to Friday ("HH:mm-HH:mm"). */
  REQUEST_WORKING_HOURS: z
    .string()
    .regex(/^([01]?\d|2[0-4]):[0-5]\d-([01]?\d|2[0-4]):[0-5]\d$/, "HH:mm-HH:mm")
    .default("09:00-18:00"),
  /** Price requests a visitor's address may send per hour (the embeddable form and the site alike). */
  REQUEST_VISITOR_LIMIT: z.coerce.number().int().min(1).max(1000).default(5),

  // --- Files ----------------------------------------------------------------
  /** Uploaded files (avatars, attachments, home images, QR codes, the original files of import batches). */
  UPLOAD_DIR: z.string().default(".data/uploads"),
  /** Largest Excel import in MB (data-maintenance.md: 2 MB); raise it for large carrier sheets (issue 23). */
  IMPORT_MAX_MB: z.coerce.number().positive().max(1024).default(2),
  /** Most rows one Excel import may stage (issue 40: a 100,000-row carrier sheet fits, with its periods side by side). */
  IMPORT_MAX_ROWS: z.coerce.number().int().positive().max(5_000_000).default(200_000),
  /** Where `npm run backup` writes (tools/backup.mjs). */
  BACKUP_DIR: z.string().optional(),
  /** The project folder the Excel worker threads load from (app/domain/import-export/sheet-worker.server.ts); unset = the working folder. */
  APP_ROOT: z.string().optional(),

  // --- Caches ---------------------------------------------------------------
  /** 0 = no in-process cache of reference data and home blocks (app/utils/data-cache.server.ts). */
  DATA_CACHE: flag.default("1"),
  /** 0 = no page cache for anonymous GETs (server/page-cache.js, decision 607); its size in MB. */
  PAGE_CACHE: flag.default("1"),
  PAGE_CACHE_MB: z.coerce.number().int().min(1).default(64),

  // --- Scale-out (scripts/scale-out.mjs; decision 607) -----------------------
  /** The app processes' ports (unset: ports the system chooses). */
  APP_PORTS: portList.optional(),

  // --- Benchmarks -------------------------------------------------------------
  /** 1 = serve /bench/trivial, the framework-only baseline of bench:throughput. */
  BENCH_ROUTES: flag.default("0"),
});

/** @typedef {z.infer<typeof envSchema>} Env */

/** zod's own English for the operator (the app's error map gives users translation keys). */
const operatorMessages = /** @type {z.ZodErrorMap} */ ((_issue, ctx) => ({ message: ctx.defaultError }));

/**
 * The environment, validated; throws one error that lists every problem.
 * @param {Record<string, string | undefined>} [source]
 * @returns {Env}
 */
export function parseEnv(source = process.env) {
  // An empty variable (DATABASE_URL= in a file or a child's environment) is an unset one.
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(given, { errorMap: operatorMessages });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  return parsed.data;
}

/** The server process's settings, read when asked (server/index.js sets DATABASE_URL and SESSION_SECRET first). */
export const serverSettings = () => parseEnv();
