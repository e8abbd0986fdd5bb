// @ts-check
// The page cache for anonymous GETs (issue 26, decision 607): /home, the six
// results pages, /us, /contact, robots.txt and sitemap.xml (the app names
// them: app/http/page-cache-rules.server.ts, through the build's entry),
// asked for without a session, are rendered once per
//   (URL normalised, language, host, day in Shanghai) × data versions
// and then answered from memory, without Remix and without PostgreSQL.
//
// Never cached or answered from the cache: a request with any cookie but the
// language cookie (a session cookie, even an invalid or expired one, goes to
// Remix, which may clear it), with an Authorization header, anything but
// GET; a response other than 200, with Set-Cookie, with Cache-Control
// no-store, or from a request that queued a query-log write (the app marks
// its timing record). An entry is valid only while every data version is the
// one the process knew when the page was rendered (server/data-versions.js):
// any write to a versioned table empties the cache, and while the versions
// are unknown nothing is stored or served.
//
// Each answer gets a fresh CSP nonce: the body is kept in pieces split at the
// render's nonce, each piece deflated once; an answer is the pieces with the
// new nonce between them as stored deflate blocks, in one gzip member (its
// CRC combined from the pieces' CRCs), so a hit costs no compression.
// ETag (weak: the bytes differ by nonce and encoding) and Last-Modified
// answer conditional requests with 304, without the CSP header (a browser
// keeps its own copy's header, whose nonce matches its copy's body).
import crypto from "node:crypto";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import { toBuffer } from "./whole-document.js";

/**
 * What the cache knows of the app, from the build's entry
 * (app/http/page-cache-rules.server.ts): the cacheable paths, the endpoint
 * parameters it folds, the languages and language cookie, the Shanghai day.
 * @typedef {{
 *   paths: readonly string[],
 *   foldedParams: readonly string[],
 *   languages: readonly string[],
 *   languageCookies: readonly string[],
 *   day: (now: number) => string,
 * }} PageCacheRules
 */

/** The rules as sets, made once per cache. @param {PageCacheRules} rules */
function compile(rules) {
  return {
    paths: new Set(rules.paths),
    folded: new Set(rules.foldedParams),
    languages: new Set(rules.languages),
    cookies: new Set(rules.languageCookies),
    day: rules.day,
  };
}
/** @typedef {ReturnType<typeof compile>} CompiledRules */

const MAX_QUERY = 1024;

/**
 * @typedef {object} Entry
 * @property {string} tag data versions it was rendered under
 * @property {number} status
 * @property {[string, string | string[]][]} headers as rendered, without the per-response ones
 * @property {[string, string] | null} csp the CSP header split at the nonce
 * @property {Buffer[]} pieces the body split at the nonce
 * @property {Buffer[]} deflated each piece, raw deflate ending on a byte boundary
 * @property {number[]} crcs each piece's CRC-32
 * @property {number} length of the body with a nonce of the render's length
 * @property {string} etag
 * @property {string} lastModified
 * @property {number} lastModifiedMs
 */

/**
 * @typedef {object} PageCache
 * @property {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => boolean} serve
 *   Answers from the cache when it can (true), else marks a cacheable miss and returns false.
 * @property {(req: import("node:http").IncomingMessage) => boolean} candidate A GET of a cacheable page without a session
 *   (cheap: method, path, headers); anything else never reaches `serve` or `capture`.
 * @property {import("express").RequestHandler} capture Express middleware before Remix: keeps a cacheable miss's answer.
 * @property {() => { entries: number, bytes: number, hits: number, misses: number, stored: number }} stats
 * @property {() => void} clear
 * @property {CompiledRules} rules What the cache knows of the app (the build's pageCacheRules).
 */

/**
 * The language of the language cookie: undefined without one, null when another cookie is present or it is not a known language.
 * @param {string | undefined} header
 * @param {CompiledRules} rules
 */
export function cookieLanguage(header, rules) {
  if (header === undefined || header.trim() === "") return undefined;
  /** @type {string | undefined} */
  let language;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) return null;
    const name = part.slice(0, eq).trim();
    if (!rules.cookies.has(name)) return null;
    try {
      // createCookie without secrets: base64 of the JSON value, URI-encoded.
      const value = JSON.parse(Buffer.from(decodeURIComponent(part.slice(eq + 1).trim()), "base64").toString("utf8"));
      if (typeof value !== "string" || !rules.languages.has(value)) return null;
      language = value;
    } catch {
      return null;
    }
  }
  return language;
}

/**
 * Whether the cache looks at a request at all: a GET of a cacheable path
 * without an Authorization header and without any cookie but a known
 * language cookie. Everything else (a session cookie, valid or not, a
 * non-GET, another path) goes straight to Remix, before any key, version,
 * timing or deferral: the cache costs such a request these few comparisons.
 * @param {import("node:http").IncomingMessage} req
 * @param {CompiledRules} rules
 */
export function isCandidate(req, rules) {
  if (req.method !== "GET" || !req.url) return false;
  const q = req.url.indexOf("?");
  if (!rules.paths.has(q < 0 ? req.url : req.url.slice(0, q))) return false;
  if (req.headers.authorization !== undefined) return false;
  const cookie = req.headers.cookie;
  return cookie === undefined || cookieLanguage(cookie, rules) !== null;
}

/**
 * @typedef {(choice: { param: string | null, cookie: string | null, acceptLanguage: string | null }) => string} LanguageOf
 * The language a request is answered in: the app's one rule (app/i18n/negotiate.ts,
 * chooseLanguage, through the build's entry module; issue 45 item 2). Without it, the cookie's.
 */
/** @type {LanguageOf} */
const cookieOnly = ({ cookie }) => cookie ?? "";

/**
 * The keys of a request: the URL with its parameters sorted and the
 * endpoint codes upper-cased (`normal`), and as sent (`exact`), each behind
 * what else the page depends on; null when the request is not cacheable.
 * @param {import("node:http").IncomingMessage} req
 * @param {CompiledRules} rules
 * @returns {{ normal: string, exact: string, folded: string[] } | null}
 */
export function requestKeys(req, rules, now = Date.now(), /** @type {LanguageOf} */ languageOf = cookieOnly) {
  if (req.method !== "GET" || !req.url) return null;
  const q = req.url.indexOf("?");
  const path = q < 0 ? req.url : req.url.slice(0, q);
  if (!rules.paths.has(path)) return null;
  const headers = req.headers;
  if (headers.authorization !== undefined) return null;
  const language = cookieLanguage(headers.cookie, rules);
  if (language === null) return null;
  const query = q < 0 ? "" : req.url.slice(q + 1);
  if (query.length > MAX_QUERY) return null;
  // The language the page is written in: a first visit without a cookie may be English by its Accept-Language.
  const lng = languageOf({
    param: new URLSearchParams(query).get("lng"),
    cookie: language ?? null,
    acceptLanguage: Array.isArray(headers["accept-language"]) ? headers["accept-language"].join(",") : (headers["accept-language"] ?? null),
  });
  // What else a render reads from the request: the host and protocol name
  // the site's absolute URLs (canonical links, sitemap) and HSTS.
  const context = `${headers.host ?? ""}|${headers["x-forwarded-host"] ?? ""}|${headers["x-forwarded-proto"] ?? ""}|${lng}|${rules.day(now)}|${path}?`;
  /** @type {[string, string][]} */
  const params = [];
  /** @type {string[]} */
  const folded = [];
  for (const [name, value] of new URLSearchParams(query)) {
    if (rules.folded.has(name)) {
      folded.push(value);
      params.push([name, value.toUpperCase()]);
    } else params.push([name, value]);
  }
  params.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { normal: context + new URLSearchParams(params).toString(), exact: context + query, folded };
}

// --- gzip from pieces -------------------------------------------------------

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** A final, empty stored block. */
const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

/** A stored (uncompressed) deflate block, not final, for data under 64 KB, on a byte boundary. */
function storedBlock(/** @type {Buffer} */ data) {
  const head = Buffer.alloc(5);
  head[0] = 0;
  head.writeUInt16LE(data.length, 1);
  head.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([head, data]);
}

// CRC-32 of a concatenation from the parts' CRCs (zlib's crc32_combine).
const POLY = 0xedb88320;
function multModP(/** @type {number} */ a, /** @type {number} */ b) {
  let m = 1 << 31;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}
const X2N = (() => {
  const table = new Array(32);
  let p = 1 << 30;
  table[0] = p;
  for (let n = 1; n < 32; n++) table[n] = p = multModP(p, p);
  return table;
})();
function x2nModP(/** @type {number} */ n, /** @type {number} */ k) {
  let p = 1 << 31;
  while (n) {
    if (n & 1) p = multModP(X2N[k & 31], p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}
/** CRC-32 of A+B from CRC(A), CRC(B) and B's length. */
export function crc32Combine(/** @type {number} */ crcA, /** @type {number} */ crcB, /** @type {number} */ lengthB) {
  return (multModP(x2nModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}

/** The body as one gzip member with `nonce` between the pieces. */
export function gzipWithNonce(/** @type {Entry} */ entry, /** @type {Buffer} */ nonce) {
  /** @type {Buffer[]} */
  const parts = [GZIP_HEADER];
  const stored = storedBlock(nonce);
  let crc = 0;
  let length = 0;
  const last = entry.pieces.length - 1;
  for (let i = 0; i <= last; i++) {
    parts.push(entry.deflated[i]);
    crc = crc32Combine(crc, entry.crcs[i], entry.pieces[i].length);
    length += entry.pieces[i].length;
    if (i < last) {
      parts.push(stored);
      crc = zlib.crc32(nonce, crc);
      length += nonce.length;
    }
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}

function identityWithNonce(/** @type {Entry} */ entry, /** @type {Buffer} */ nonce) {
  /** @type {Buffer[]} */
  const parts = [];
  entry.pieces.forEach((piece, i) => {
    if (i > 0) parts.push(nonce);
    parts.push(piece);
  });
  return Buffer.concat(parts);
}

// --- conditional requests ----------------------------------------------------

/** If-None-Match (weak comparison) or, without it, If-Modified-Since. */
function notModified(/** @type {import("node:http").IncomingHttpHeaders} */ headers, /** @type {Entry} */ entry) {
  const match = headers["if-none-match"];
  if (match !== undefined) {
    const opaque = entry.etag.slice(2);
    return match.split(",").some((tag) => {
      const t = tag.trim();
      return t === "*" || t === opaque || t.slice(2) === opaque;
    });
  }
  const since = headers["if-modified-since"];
  if (since === undefined) return false;
  const at = Date.parse(since);
  return !Number.isNaN(at) && at >= entry.lastModifiedMs;
}

/** Headers a 304 repeats (RFC 9110 15.4.5): what would update the browser's copy, never the CSP. */
const NOT_MODIFIED_HEADERS = new Set(["cache-control", "vary", "expires", "content-location"]);
/** Headers made per response, never stored. */
const PER_RESPONSE = new Set([
  "content-security-policy",
  "server-timing",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "etag",
  "last-modified",
]);

const acceptsGzip = (/** @type {string | undefined} */ header) => !!header && /\bgzip\b(?!;\s*q=0(\.0*)?\b)/i.test(header);

const timingHeader = (/** @type {number} */ started) => `db;dur=0.0;desc="0 queries", app;dur=${(performance.now() - started).toFixed(1)}`;

/**
 * The answer of an entry: status, headers and body as [name, value] pairs.
 * @param {Entry} entry
 * @param {import("node:http").IncomingHttpHeaders} requestHeaders
 * @param {number} started
 */
function answer(entry, requestHeaders, started) {
  /** @type {[string, string | string[]][]} */
  const headers = [];
  if (notModified(requestHeaders, entry)) {
    for (const [name, value] of entry.headers) if (NOT_MODIFIED_HEADERS.has(name)) headers.push([name, value]);
    headers.push(["etag", entry.etag], ["last-modified", entry.lastModified], ["server-timing", timingHeader(started)]);
    return { status: 304, headers, body: null };
  }
  const nonce = crypto.randomBytes(16).toString("base64");
  const nonceBytes = Buffer.from(nonce);
  if (entry.csp) headers.push(["content-security-policy", entry.csp[0] + nonce + entry.csp[1]]);
  for (const pair of entry.headers) headers.push(pair);
  const gzip = acceptsGzip(/** @type {string | undefined} */ (requestHeaders["accept-encoding"]));
  const body = gzip ? gzipWithNonce(entry, nonceBytes) : identityWithNonce(entry, nonceBytes);
  if (gzip) headers.push(["content-encoding", "gzip"]);
  headers.push(
    ["content-length", String(body.length)],
    ["etag", entry.etag],
    ["last-modified", entry.lastModified],
    ["server-timing", timingHeader(started)],
  );
  return { status: entry.status, headers, body, nonce };
}

// --- the cache -----------------------------------------------------------------

/**
 * @param {{
 *   versions: { tag: () => string | null, onChange: (listener: (tag: string | null) => void) => unknown },
 *   rules: PageCacheRules,
 *   maxBytes?: number,
 *   now?: () => number,
 *   languageOf?: LanguageOf,
 * }} options
 * @returns {PageCache}
 */
export function createPageCache({ versions, rules: appRules, maxBytes = 64 * 1024 * 1024, now = Date.now, languageOf = cookieOnly }) {
  const rules = compile(appRules);
  /** @type {LRUCache<string, Entry>} */
  const store = new LRUCache({
    maxSize: maxBytes,
    // Both copies of the body, and the small rest.
    sizeCalculation: (entry) => entry.length + entry.deflated.reduce((sum, piece) => sum + piece.length, 0) + 2048,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 8)),
  });
  // Every entry carries every version: any change leaves none valid.
  versions.onChange(() => store.clear());
  /** @type {WeakMap<object, { keys: NonNullable<ReturnType<typeof requestKeys>>, tag: string, started: number }>} */
  const misses = new WeakMap();
  /** @type {Map<string, number>} */
  const lastModifiedOf = new Map();
  const counts = { hits: 0, misses: 0, stored: 0 };

  /** @param {NonNullable<ReturnType<typeof requestKeys>>} keys @param {string} tag */
  const lookup = (keys, tag) => {
    for (const key of keys.normal === keys.exact ? [keys.normal] : [keys.normal, keys.exact]) {
      const entry = store.get(key);
      if (entry && entry.tag === tag) return entry;
    }
    return undefined;
  };

  /**
   * @param {{ keys: NonNullable<ReturnType<typeof requestKeys>>, tag: string }} miss
   * @param {number} status
   * @param {import("node:http").OutgoingHttpHeaders} rendered
   * @param {Buffer} body
   * @param {string} nonce
   * @returns {Entry | null}
   */
  function keep(miss, status, rendered, body, nonce) {
    if (status !== 200 || rendered["set-cookie"] !== undefined || rendered["content-encoding"] !== undefined) return null;
    if (/\bno-store\b/i.test(String(rendered["cache-control"] ?? ""))) return null;
    if (versions.tag() !== miss.tag) return null; // a write committed during the render
    /** @type {[string, string | string[]][]} */
    const headers = [];
    /** @type {[string, string] | null} */
    let csp = null;
    for (const [name, value] of Object.entries(rendered)) {
      if (value === undefined) continue;
      if (name === "content-security-policy") {
        const text = String(value);
        const at = nonce ? text.indexOf(nonce) : -1;
        csp = at < 0 ? [text, ""] : [text.slice(0, at), text.slice(at + nonce.length)];
        if (at < 0) return null; // a CSP without this render's nonce: leave it to Remix
        continue;
      }
      if (PER_RESPONSE.has(name)) continue;
      headers.push([name, Array.isArray(value) ? value : String(value)]);
    }
    // compression() varies every answer on Accept-Encoding; so does this one.
    const vary = headers.find(([name]) => name === "vary");
    if (!vary) headers.push(["vary", "Accept-Encoding"]);
    else if (!/accept-encoding/i.test(String(vary[1]))) vary[1] = `${vary[1]}, Accept-Encoding`;

    /** @type {Buffer[]} */
    const pieces = [];
    const needle = Buffer.from(nonce);
    let from = 0;
    for (let at = body.indexOf(needle); at >= 0; at = body.indexOf(needle, from)) {
      pieces.push(body.subarray(from, at));
      from = at + needle.length;
    }
    pieces.push(body.subarray(from));
    // Typed endpoint values shared with their upper case only when the page
    // does not show them as typed (a "not found" field keeps the text).
    let key = miss.keys.normal;
    if (miss.keys.folded.length > 0) {
      const text = body.toString("utf8");
      if (miss.keys.folded.some((value) => text.includes(`value="${escapeAttribute(value)}"`))) key = miss.keys.exact;
    }
    const sum = crypto.createHash("sha256");
    for (const piece of pieces) sum.update(new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength)).update("\0");
    for (const [name, value] of headers) sum.update(`${name}:${value}\0`);
    const seconds = Math.floor(now() / 1000) * 1000;
    // Strictly later than the copy it replaces: If-Modified-Since compares seconds.
    const lastModifiedMs = Math.max(seconds, (lastModifiedOf.get(key) ?? -1000) + 1000);
    if (lastModifiedOf.size > 10_000) lastModifiedOf.clear();
    lastModifiedOf.set(key, lastModifiedMs);
    /** @type {Entry} */
    const entry = {
      tag: miss.tag,
      status,
      headers,
      csp,
      pieces: pieces.map((piece) => Buffer.from(piece)),
      deflated: pieces.map((piece) =>
        piece.length === 0 ? Buffer.alloc(0) : zlib.deflateRawSync(piece, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
      ),
      crcs: pieces.map((piece) => zlib.crc32(piece)),
      length: body.length,
      etag: `W/"${sum.digest("base64url").slice(0, 27)}"`,
      lastModified: new Date(lastModifiedMs).toUTCString(),
      lastModifiedMs,
    };
    store.set(key, entry);
    counts.stored += 1;
    return entry;
  }

  return {
    rules,
    candidate: (req) => isCandidate(req, rules),

    serve(req, res) {
      const started = performance.now();
      const keys = requestKeys(req, rules, now(), languageOf);
      if (!keys) return false;
      const tag = versions.tag();
      if (tag === null) return false;
      const entry = lookup(keys, tag);
      if (!entry) {
        counts.misses += 1;
        misses.set(req, { keys, tag, started });
        return false;
      }
      counts.hits += 1;
      const { status, headers, body } = answer(entry, req.headers, started);
      /** @type {string[]} */
      const flat = [];
      for (const [name, value] of headers) {
        if (Array.isArray(value)) for (const item of value) flat.push(name, item);
        else flat.push(name, value);
      }
      res.writeHead(status, flat);
      res.end(body ?? undefined);
      return true;
    },

    capture(req, res, next) {
      const miss = misses.get(req);
      if (!miss) return next();
      misses.delete(req);
      /** @type {Buffer[]} */
      const chunks = [];
      const { write, end, writeHead } = res;
      const restore = () => {
        res.write = write;
        res.end = end;
        res.writeHead = writeHead;
      };
      // Everything Remix writes is kept until the end, then sent at once:
      // from the entry when it can be kept, else as rendered.
      res.writeHead = /** @type {any} */ (
        function (/** @type {number} */ status, /** @type {unknown[]} */ ...rest) {
          res.statusCode = status;
          const headers = rest.find((item) => item && typeof item === "object");
          if (headers && !Array.isArray(headers)) for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
          return res;
        }
      );
      res.write = /** @type {any} */ (
        function (/** @type {unknown} */ chunk, /** @type {unknown} */ encoding, /** @type {unknown} */ callback) {
          if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, encoding));
          const done = typeof encoding === "function" ? encoding : callback;
          if (typeof done === "function") process.nextTick(done);
          return true;
        }
      );
      res.end = /** @type {any} */ (
        function (/** @type {unknown} */ chunk, /** @type {unknown} */ encoding, /** @type {unknown} */ callback) {
          if (chunk !== undefined && chunk !== null && typeof chunk !== "function") chunks.push(toBuffer(chunk, encoding));
          restore();
          const body = Buffer.concat(chunks);
          const done = [chunk, encoding, callback].find((item) => typeof item === "function");
          /** @type {Entry | null} */
          let entry = null;
          try {
            const timing = /** @type {{ noStore?: boolean } | undefined} */ (globalThis.__serverTiming?.getStore());
            if (!timing?.noStore) entry = keep(miss, res.statusCode, res.getHeaders(), body, String(res.locals?.cspNonce ?? ""));
          } catch (error) {
            console.warn(`[page-cache] not kept: ${error instanceof Error ? error.message : error}`);
          }
          if (!entry) return end.call(res, body, /** @type {any} */ (done));
          const reply = answer(entry, req.headers, miss.started);
          for (const name of res.getHeaderNames()) res.removeHeader(name);
          for (const [name, value] of reply.headers) if (name !== "server-timing") res.setHeader(name, value);
          res.statusCode = reply.status;
          // The CSP of this response names the render's nonce; the entry's body gets a new one.
          return end.call(res, reply.body ?? undefined, /** @type {any} */ (done));
        }
      );
      next();
    },

    stats: () => ({ entries: store.size, bytes: store.calculatedSize, ...counts }),
    clear: () => store.clear(),
  };
}

/** As React escapes attribute values. */
function escapeAttribute(/** @type {string} */ value) {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
