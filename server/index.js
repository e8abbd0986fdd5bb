// Production server: Express in front of the Remix build.
// Without DATABASE_URL it starts the embedded PostgreSQL in the project's
// data folder, applies migrations and seeds demo data into an empty database.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import zlib from "node:zlib";
import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
process.env.NODE_ENV ??= "production";

const log = (line) => console.log(`[server] ${line}`);

let database = null;
let httpServer = null;
let shuttingDown = false;

async function shutdown(signal, code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  log(`${signal}: shutting down`);
  const hooks = globalThis.__shutdownHooks ?? [];
  await Promise.allSettled(hooks.map((hook) => hook()));
  if (httpServer) {
    httpServer.closeAllConnections?.();
    await new Promise((resolve) => httpServer.close(resolve));
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

  const [
    { default: express },
    { default: compression },
    { default: helmet },
    { createRequestHandler },
    { csrfGuard },
    { requestGate },
    { serverTiming },
    { default: expressStaticGzip },
  ] = await Promise.all([
    import("express"),
    import("compression"),
    import("helmet"),
    import("@remix-run/express"),
    import("./csrf.js"),
    import("./request-gate.js"),
    import("./server-timing.js"),
    import("express-static-gzip"),
  ]);
  const build = await import(pathToFileURL(path.join(root, "build", "index.js")).href);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", process.env.TRUST_PROXY === "1");
  // Server-Timing on every response: database time and count, time to headers.
  app.use(serverTiming());

  // A fresh nonce per response lets Remix's inline scripts run under a strict CSP.
  app.use((req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  // HSTS and upgrade-insecure-requests only where the request came over HTTPS
  // (req.secure honours X-Forwarded-Proto with TRUST_PROXY=1): on plain HTTP
  // (the local demo, tests) they would break the page's own requests.
  const securityHeaders = (https) =>
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          "script-src": ["'self'", (req, res) => `'nonce-${res.locals.cspNonce}'`],
          "img-src": ["'self'", "data:", "blob:"],
          "frame-src": ["'self'", "blob:"],
          "object-src": ["'self'", "blob:"],
          "frame-ancestors": ["'none'"],
          "upgrade-insecure-requests": https ? [] : null,
        },
      },
      strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "same-origin" },
      // The CSP's frame-ancestors 'none' for browsers that only know the old header.
      xFrameOptions: { action: "deny" },
    });
  const httpsHeaders = securityHeaders(true);
  const httpHeaders = securityHeaders(false);
  app.use((req, res, next) => (req.secure ? httpsHeaders : httpHeaders)(req, res, next));
  // Nothing here uses these browser features; deny them to injected content too.
  app.use((req, res, next) => {
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
    next();
  });
  // threshold 0: the small route chunks (most under 1 KB) are compressed too (page-weight budget).
  // Brotli with a 256 KB window (lgwin 18) instead of 4 MB: the same bytes for
  // pages and chunks under 256 KB, but each response's encoder allocates a
  // fraction of the memory, and V8 counts that memory: with the 4 MB window
  // the garbage collection it caused made brotli cost 12 ms of CPU per
  // results page instead of about 2 (docs/benchmarks.md, throughput).
  app.use(compression({ threshold: 0, brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } }));
  // Every non-GET/HEAD/OPTIONS request (Remix actions, `.data` fetches,
  // resource routes, the legacy API) must come from this site (server/csrf.js).
  app.use(csrfGuard({ trustProxy: process.env.TRUST_PROXY === "1", publicUrl: process.env.PUBLIC_URL || null }));
  // Bodies over the route's limit (413; chunked: 411) and old `?_data=`
  // requests (400) are refused before any body is read (server/request-gate.js).
  app.use(requestGate(build.entry.module.gateRequest));

  // Hashed build assets never change: cache them for a year, and send the
  // brotli or gzip copy made at build time (scripts/precompress.mjs) to
  // browsers that accept it; compression() leaves encoded answers alone.
  app.use(
    "/build",
    expressStaticGzip(path.join(root, "public", "build"), {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      serveStatic: { immutable: true, maxAge: "1y" },
    }),
  );
  // The other files of public/ (favicon, logo) by name: a page request never
  // waits for a look at the disk (express.static stats every path it is given).
  const publicFiles = fs
    .readdirSync(path.join(root, "public"), { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${entry.name}`);
  if (publicFiles.length > 0) app.get(publicFiles, express.static(path.join(root, "public"), { maxAge: "1h" }));

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV,
      // req.ip honours X-Forwarded-For only with TRUST_PROXY=1 (rate limits key on it).
      getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce, clientAddress: req.ip }),
    }),
  );

  const port = Number(process.env.PORT || 3000);
  await new Promise((resolve) => {
    httpServer = app.listen(port, () => resolve());
  });
  log(`listening on http://localhost:${port}`);
}

main().catch(async (error) => {
  console.error(error);
  await shutdown("startup failure", 1);
});
