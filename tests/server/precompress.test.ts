// The gzip copies of the built scripts and stylesheets (scripts/precompress.mjs,
// Zopfli): what express-static-gzip sends to a client that accepts only gzip,
// so what the JavaScript budget counts (npm run bench:budget). They must be
// the files exactly, and smaller than zlib's best (the room they make).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";

const BUILD = path.resolve(__dirname, "..", "..", "public", "build");
const assets = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? assets(file) : /\.(js|css)$/.test(entry.name) ? [file] : [];
  });

describe("precompressed gzip copies of public/build", () => {
  it("decompress to the file byte for byte, and are smaller than zlib level 9 in total", () => {
    const files = assets(BUILD).filter((file) => fs.existsSync(`${file}.gz`));
    expect(files.length).toBeGreaterThan(10);
    let copies = 0;
    let level9 = 0;
    for (const file of files) {
      const data = fs.readFileSync(file);
      const gz = fs.readFileSync(`${file}.gz`);
      expect(zlib.gunzipSync(gz).equals(data), path.relative(BUILD, file)).toBe(true);
      copies += gz.length;
      level9 += zlib.gzipSync(data, { level: 9 }).length;
    }
    // Zopfli: about 3 % fewer bytes than zlib -9 over the whole build.
    expect(copies).toBeLessThan(level9 * 0.985);
  });
});
