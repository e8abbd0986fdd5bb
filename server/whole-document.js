// @ts-check
// HTML documents leave in one piece (issue 26, decision 608). No route of
// this site streams anything late into a document (no `defer`, no
// `<Await>`): what React writes after the shell is the hydration data, ready
// a few microseconds later. Streamed, a document was three or four chunks,
// each written through compression()'s asynchronous zlib stream (a hand-off
// to the thread pool and back per write and flush, the futex wake-ups and
// event-loop turns that go with it) and then as a chunk of its own on the
// socket (four system calls per page). Here a GET answered with `text/html`
// is kept until Remix ends it, compressed once, synchronously, with the same
// encoder and settings compression() would choose (brotli quality 1 with a
// 256 KB window, gzip level 6; the same negotiation), and handed to
// compression() already encoded, with its Content-Length: Node writes the
// headers and the body in one system call. What a browser receives is the
// same document, the same encoding, and the same headers (but
// `Content-Length` instead of `Transfer-Encoding: chunked`).
//
// Anything else passes by untouched: other content types (data requests,
// resource routes, files), non-GET, HEAD, a response already encoded (the
// page cache's stored gzip), `Cache-Control: no-transform`, and a document
// that grows past MAX_BUFFERED (it is streamed on from there as before).
import zlib from "node:zlib";
import Negotiator from "negotiator";

/** A chunk given to `res.write`/`res.end` as a Buffer (shared with server/page-cache.js). */
export const toBuffer = (/** @type {unknown} */ chunk, /** @type {unknown} */ encoding) =>
  Buffer.isBuffer(chunk)
    ? chunk
    : chunk instanceof Uint8Array
      ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
      : Buffer.from(String(chunk), typeof encoding === "string" ? /** @type {BufferEncoding} */ (encoding) : "utf8");

/** A document larger than this is streamed on (memory per request stays bounded). */
export const MAX_BUFFERED = 2 * 1024 * 1024;
/** compression()'s choice (node_modules/compression: SUPPORTED_ENCODING, PREFERRED_ENCODING). */
const SUPPORTED = ["br", "gzip", "deflate", "identity"];
const PREFERRED = ["br", "gzip"];
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;

/**
 * @param {{ brotli: zlib.BrotliOptions, gzip?: zlib.ZlibOptions }} options
 *   the encoder settings given to compression() (the same bytes either way)
 * @returns {import("express").RequestHandler}
 */
export function wholeDocument({ brotli, gzip = {} }) {
  /** @type {Record<string, (body: Buffer) => Buffer>} */
  const encoders = {
    br: (body) => zlib.brotliCompressSync(body, brotli),
    gzip: (body) => zlib.gzipSync(body, gzip),
    deflate: (body) => zlib.deflateSync(body, gzip),
  };
  return (req, res, next) => {
    if (req.method !== "GET") return next();
    const { write, end } = res;
    /** @type {Buffer[] | null} null until the first write decides */
    let chunks = null;
    let size = 0;
    let passing = false;

    const restore = () => {
      res.write = write;
      res.end = end;
    };
    /** Whether this response is a document to keep whole (asked at its first byte). */
    const isDocument = () =>
      !res.headersSent &&
      /^text\/html\b/i.test(String(res.getHeader("content-type") ?? "")) &&
      res.getHeader("content-encoding") === undefined &&
      !NO_TRANSFORM.test(String(res.getHeader("cache-control") ?? ""));
    /** From here on as before: what was kept goes to compression() as one write. */
    const passOn = () => {
      passing = true;
      restore();
      if (chunks && chunks.length > 0) write.apply(res, /** @type {any} */ ([Buffer.concat(chunks)]));
      chunks = null;
    };

    res.write = /** @type {any} */ (
      function (/** @type {unknown} */ chunk, /** @type {unknown} */ encoding, /** @type {unknown} */ callback) {
        if (passing) return write.apply(res, /** @type {any} */ ([chunk, encoding, callback]));
        if (chunks === null) {
          if (!isDocument()) {
            passOn();
            return write.apply(res, /** @type {any} */ ([chunk, encoding, callback]));
          }
          chunks = [];
        }
        if (chunk !== undefined && chunk !== null && typeof chunk !== "function") {
          const buffer = toBuffer(chunk, encoding);
          chunks.push(buffer);
          size += buffer.length;
        }
        const done = typeof encoding === "function" ? encoding : callback;
        if (typeof done === "function") process.nextTick(done);
        if (size > MAX_BUFFERED) passOn();
        return true;
      }
    );
    res.end = /** @type {any} */ (
      function (/** @type {unknown} */ chunk, /** @type {unknown} */ encoding, /** @type {unknown} */ callback) {
        if (passing) return end.apply(res, /** @type {any} */ ([chunk, encoding, callback]));
        const done = [chunk, encoding, callback].find((item) => typeof item === "function");
        const last = chunk !== undefined && chunk !== null && typeof chunk !== "function" ? toBuffer(chunk, encoding) : null;
        if (chunks === null && !isDocument()) {
          restore();
          return end.apply(res, /** @type {any} */ ([chunk, encoding, callback]));
        }
        restore();
        const parts = chunks ?? [];
        if (last) parts.push(last);
        const body = parts.length === 1 ? parts[0] : Buffer.concat(parts);
        chunks = null;
        // Nothing to encode (a 304, an empty answer): as compression() would do it.
        if (body.length === 0) return end.apply(res, /** @type {any} */ ([done]));
        // compression() adds it to every answer it looks at; so do we, since we choose for it.
        const vary = String(res.getHeader("vary") ?? "");
        if (!/\baccept-encoding\b/i.test(vary)) res.setHeader("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
        // @types/negotiator leaves out the preferred list (negotiator 0.6.4 has it).
        const negotiate = /** @type {(available: string[], preferred: string[]) => string | undefined} */ (Negotiator.prototype.encoding);
        const method = negotiate.call(new Negotiator(req), SUPPORTED, PREFERRED);
        const encoder = method ? encoders[method] : undefined;
        const sent = encoder ? encoder(body) : body;
        if (encoder) res.setHeader("Content-Encoding", /** @type {string} */ (method));
        res.setHeader("Content-Length", sent.length);
        return end.call(res, sent, /** @type {any} */ (done));
      }
    );
    next();
  };
}
