// @ts-check
// The HTTP handler of an app process: Express in front of the Remix build,
// with the page cache for anonymous pages in front of both (decision 607).
// server/index.js serves it; tests build the same handler on their database.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import zlib from "node:zlib";
import express from "express";
import compression from "compression";
import helmet from "helmet";
import expressStaticGzip from "express-static-gzip";
import { createRequestHandler } from "@remix-run/express";
import { csrfGuard, EMBED_PAGE_PATH } from "./csrf.js";
import { requestGate } from "./request-gate.js";
import { serverTiming } from "./server-timing.js";
import { createPageCache } from "./page-cache.js";
import { partitionedHandlers } from "./route-partitions.js";
import { wholeDocument } from "./whole-document.js";
import { watchDataVersions } from "./data-versions.js";
import { serverSettings } from "./env.js";

/**
 * @typedef {import("@remix-run/node").ServerBuild & {
 *   entry: { module: {
 *     gateRequest: (request: Request) => Promise<Response | null>,
 *     gateMayRefuse: (method: string, url: string) => boolean,
 *     createLoadContext: (options: {
 *       cspNonce?: string,
 *       clientAddress?: string,
 *       dataVersions?: () => Readonly<Record<string, string>> | null,
 *     }) => import("@remix-run/node").AppLoadContext,
 *     pageCacheRules: import("./page-cache.js").PageCacheRules,
 *     chooseLanguage: (choice: { param: string | null, cookie: string | null, acceptLanguage: string | null }) => { lng: string },
 *   } }
 * }} AppBuild
 */

/**
 * `build` is the Remix build, or a function that returns the current one
 * (`npm run dev` swaps it after each rebuild; server/index.js).
 *
 * @param {{
 *   build: AppBuild | (() => AppBuild),
 *   root: string,
 *   databaseUrl: string,
 *   pageCache?: boolean,
 *   pageCacheBytes?: number,
 *   versionPollMs?: number,
 *   log?: (line: string) => void,
 * }} options
 */
export async function createApp({ build, root, databaseUrl, pageCache, pageCacheBytes, versionPollMs, log = () => {} }) {
  const currentBuild = typeof build === "function" ? build : () => build;
  const settings = serverSettings();
  pageCache ??= settings.PAGE_CACHE === "1";
  pageCacheBytes ??= settings.PAGE_CACHE_MB * 1024 * 1024;
  const trustProxy = settings.TRUST_PROXY === "1";
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy);
  // Server-Timing on every response: database time and count, time to headers.
  app.use(serverTiming());

  // Helmet's headers, the CSP with a fresh nonce per response (which lets
  // Remix's inline scripts run under a strict CSP), Permissions-Policy.
  app.use(securityHeaders());
  // threshold 0: the small route chunks (most under 1 KB) are compressed too (page-weight budget).
  // Brotli with a 256 KB window (lgwin 18) instead of 4 MB: the same bytes for
  // pages and chunks under 256 KB, but each response's encoder allocates a
  // fraction of the memory, and V8 counts that memory: with the 4 MB window
  // the garbage collection it caused made brotli cost 12 ms of CPU per
  // results page instead of about 2 (docs/benchmarks.md, throughput).
  // Quality 1 instead of compression's 4 (decision 608): on the 70 KB
  // logged-in FCL page 0.28 ms of CPU for 16.4 KB, against 0.69 ms and
  // 14.7 KB at quality 3, 1.08 ms and 13.7 KB at 4 (gzip 1: 0.43 ms,
  // 16.4 KB); the 50-row HTML budget (30 KB) keeps its margin. Hashed
  // assets keep their build-time brotli 11.
  const brotli = { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 18, [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
  app.use(compression({ threshold: 0, brotli }));
  // An HTML document is kept until its end and compressed once, synchronously,
  // with the same settings, then written with its headers in one system call
  // (server/whole-document.js, decision 608); everything else streams as before.
  app.use(wholeDocument({ brotli }));
  // Every non-GET/HEAD/OPTIONS request (Remix actions, `.data` fetches,
  // resource routes, the legacy API) must come from this site (server/csrf.js).
  app.use(csrfGuard({ trustProxy, publicUrl: settings.PUBLIC_URL ?? null }));
  // Bodies over the route's limit (413; chunked: 411) and old `?_data=`
  // requests (400) are refused before any body is read (server/request-gate.js).
  app.use(
    requestGate(
      (request) => currentBuild().entry.module.gateRequest(request),
      (method, url) => currentBuild().entry.module.gateMayRefuse(method, url),
    ),
  );

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

  // The page cache: data versions by LISTEN/NOTIFY (server/data-versions.js).
  const versions = pageCache ? await watchDataVersions({ connectionString: databaseUrl, pollMs: versionPollMs, log }) : null;
  // What it may keep comes from the app (app/http/page-cache-rules.server.ts, through the build's entry);
  // keyed by the language the app answers in (its one rule, app/i18n/negotiate.ts): a first visit's Accept-Language counts.
  const cache = versions
    ? createPageCache({
        versions,
        rules: currentBuild().entry.module.pageCacheRules,
        maxBytes: pageCacheBytes,
        languageOf: (choice) => currentBuild().entry.module.chooseLanguage(choice).lng,
      })
    : null;
  if (cache) app.use(cache.capture);
  // A form's action may have written a versioned table: this process reads
  // the versions before the answer goes out, so the page the browser asks
  // for next is never an older copy, even if the notification is still on
  // its way (other processes get it by NOTIFY).
  if (versions) {
    app.use((req, res, next) => {
      if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
      const end = res.end;
      res.end = /** @type {any} */ (
        function (/** @type {unknown[]} */ ...args) {
          versions.refresh().then(
            () => end.apply(res, /** @type {any} */ (args)),
            () => end.apply(res, /** @type {any} */ (args)),
          );
          return res;
        }
      );
      next();
    });
  }

  // Remix, one handler per first URL segment: each matches requests against the routes that
  // can match its segment only (server/route-partitions.js, decision 612).
  const remixFor = partitionedHandlers(currentBuild, (partition) =>
    createRequestHandler({
      build: partition,
      mode: settings.NODE_ENV,
      // The request's context (app/http/context.server.ts): its nonce, its client (req.ip honours
      // X-Forwarded-For only with TRUST_PROXY=1; rate limits key on it), the data versions this
      // process was told, and what the request resolves once (viewer, language, versions).
      getLoadContext: (req, res) =>
        currentBuild().entry.module.createLoadContext({
          cspNonce: res.locals.cspNonce,
          clientAddress: req.ip,
          dataVersions: versions ? versions.versions : undefined,
        }),
    }),
  );
  app.all("*", (req, res, next) => remixFor(req.path)(req, res, next));

  /** @type {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void} */
  const handler = cache
    ? (req, res) => {
        if (!cache.candidate(req)) return app(req, res);
        // After the I/O events read with this request: a notification that
        // arrived with it is applied before the cache is asked.
        setImmediate(() => {
          if (!cache.serve(req, res)) app(req, res);
        });
      }
    : app;
  return {
    handler,
    cache,
    versions,
    async close() {
      await versions?.stop();
    },
  };
}

/** A placeholder nonce helmet writes into the CSP once; each response puts its own in its place. */
const NONCE_MARK = "bm9uY2UtcGxhY2Vob2xkZXI=";

/**
 * Helmet's policy, for requests over HTTPS or not: HSTS and
 * upgrade-insecure-requests only where the request came over HTTPS
 * (req.secure honours X-Forwarded-Proto with TRUST_PROXY=1); on plain HTTP
 * (the local demo, tests) they would break the page's own requests.
 * @param {boolean} https
 */
function helmetPolicy(https) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "script-src": ["'self'", (req, res) => `'nonce-${/** @type {import("express").Response} */ (res).locals.cspNonce}'`],
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
}

/**
 * The headers `middleware` sets (and removes) on a response, read once by
 * running it on a stand-in response with the placeholder nonce.
 * @param {import("express").RequestHandler} middleware
 * @returns {{ set: [string, string][], remove: string[] }}
 */
export function headersOf(middleware) {
  /** @type {[string, string][]} */
  const set = [];
  /** @type {string[]} */
  const remove = [];
  const res = {
    locals: { cspNonce: NONCE_MARK },
    setHeader(/** @type {string} */ name, /** @type {unknown} */ value) {
      set.push([name, String(value)]);
    },
    removeHeader(/** @type {string} */ name) {
      remove.push(name);
    },
  };
  let done = false;
  middleware(/** @type {any} */ ({ headers: {}, secure: false }), /** @type {any} */ (res), (/** @type {unknown} */ error) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error("the security headers middleware did not finish synchronously");
  return { set, remove };
}

/**
 * The security headers of every response: helmet's (decision 608: read once
 * per policy, not made by helmet's dozen middlewares on each request), the
 * CSP with this response's nonce, and Permissions-Policy. The nonce is 16
 * bytes of the CSPRNG, fresh for every response, taken from a buffer filled
 * 512 nonces at a time.
 * @returns {import("express").RequestHandler}
 */
export function securityHeaders() {
  const policies = [false, true].map((https) => {
    const { set, remove } = headersOf(helmetPolicy(https));
    // Nothing here uses these browser features; deny them to injected content too.
    set.push(["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"]);
    const csp = set.find(([name]) => name.toLowerCase() === "content-security-policy");
    if (!csp || csp[1].split(NONCE_MARK).length !== 2) throw new Error("the CSP has no single nonce placeholder");
    const [before, after] = csp[1].split(NONCE_MARK);
    return { fixed: set.filter((header) => header !== csp), csp: { name: csp[0], before, after }, remove };
  });
  const NONCES = 512;
  let pool = Buffer.alloc(0);
  let used = NONCES;
  const nonce = () => {
    if (used >= NONCES) {
      pool = crypto.randomBytes(16 * NONCES);
      used = 0;
    }
    return pool.toString("base64", 16 * used, 16 * ++used);
  };
  return (req, res, next) => {
    const policy = policies[req.secure ? 1 : 0];
    const cspNonce = nonce();
    res.locals.cspNonce = cspNonce;
    // The embeddable price-request form (issue 43) is the one page other sites may frame: it reads no session
    // and its one action files a visitor's request (held for staff), so a framing page can misuse nothing.
    const embed = req.path === EMBED_PAGE_PATH;
    for (const name of policy.remove) res.removeHeader(name);
    for (const [name, value] of policy.fixed) if (!(embed && name.toLowerCase() === "x-frame-options")) res.setHeader(name, value);
    const csp = policy.csp.before + cspNonce + policy.csp.after;
    res.setHeader(policy.csp.name, embed ? csp.replace("frame-ancestors 'none'", "frame-ancestors *") : csp);
    next();
  };
}
