#!/usr/bin/env node
// @ts-check
// After `remix build`: every script, stylesheet and source map in
// public/build gets a brotli (quality 11) and a gzip copy beside it, which
// server/index.js serves (express-static-gzip) to browsers that accept
// them. The gzip copy of what a page loads (scripts, stylesheets) is made by
// Zopfli (@gfx/zopfli): a standard gzip stream, about 3 % smaller than
// zlib's level 9 (the framework chunk 82.6 KB instead of 85.2 KB), that
// takes seconds instead of milliseconds, once per build; source maps, read
// only by developer tools, keep zlib's level 9. Zopfli's output is kept in
// node_modules/.cache/zopfli by the file's content hash, so a rebuild
// compresses only the chunks that changed (the framework chunk rarely does). The hashed assets never change, so they are compressed once,
// harder than compression() can afford per request: about 12 % fewer bytes
// than brotli 4 for a phone's first visit, and no CPU per asset request.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { promisify } from "node:util";
import crypto from "node:crypto";
import { gzipAsync } from "@gfx/zopfli";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = path.join(root, "public", "build");
const COMPRESSIBLE = /\.(js|mjs|css|map|json|svg|txt)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * @param {string} folder
 * @returns {string[]}
 */
function filesBelow(folder) {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => /** @type {string[]} */ {
    const file = path.join(folder, entry.name);
    return entry.isDirectory() ? filesBelow(file) : COMPRESSIBLE.test(entry.name) ? [file] : [];
  });
}

if (!fs.existsSync(dir)) {
  console.error(`[precompress] ${dir} is missing: run remix build first`);
  process.exit(1);
}
const zopfliCache = path.join(root, "node_modules", ".cache", "zopfli");
fs.mkdirSync(zopfliCache, { recursive: true });
/** The Zopfli gzip of `data`, from the cache when this content was compressed before. */
async function zopfli(/** @type {Buffer} */ data) {
  const cached = path.join(zopfliCache, `${crypto.createHash("sha256").update(data).digest("hex")}.gz`);
  if (fs.existsSync(cached)) return fs.readFileSync(cached);
  const gz = Buffer.from(await gzipAsync(data, { numiterations: 5 }));
  fs.writeFileSync(cached, gz);
  return gz;
}

const started = Date.now();
const files = filesBelow(dir);
let raw = 0;
let br = 0;
await Promise.all(
  files.map(async (/** @type {string} */ file) => {
    const data = fs.readFileSync(file);
    const [b, g] = await Promise.all([
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      file.endsWith(".map") ? gzip(data, { level: 9 }) : zopfli(data),
    ]);
    raw += data.length;
    // Only where it is smaller: the plain file is served otherwise.
    if (b.length < data.length) fs.writeFileSync(`${file}.br`, b);
    if (g.length < data.length) fs.writeFileSync(`${file}.gz`, g);
    br += Math.min(b.length, data.length);
  }),
);
console.log(
  `[precompress] ${files.length} files, ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli, in ${Date.now() - started} ms`,
);
