"use strict";
// Loads @prisma/schema-engine-wasm (wasm-bindgen output) by hand: the package
// is ESM and imports the .wasm file as a module, which Node cannot do, so we
// instantiate the .wasm ourselves with schema_engine_bg.js as its import object.

const fs = require("node:fs");
const path = require("node:path");
const { pathToFileURL } = require("node:url");

const PKG = "@prisma/schema-engine-wasm";

/** Folder of the installed package (it does not export ./package.json). */
function packageDir() {
  const entry = require.resolve(PKG); // .../schema_engine.js
  return path.dirname(entry);
}

/** Engine hash from the package version "7.10.0-4.<hash>", without loading the wasm. */
function engineHash() {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(packageDir(), "package.json"), "utf8"));
    const m = /\.([0-9a-f]{40})$/.exec(pkg.version);
    if (m) return m[1];
  } catch {
    // fall through
  }
  try {
    return require("@prisma/engines-version").enginesVersion;
  } catch {
    return "unknown";
  }
}

/** Panic registry the wasm module writes panic messages to (must exist before loading). */
class PanicRegistry {
  constructor() {
    this.message = "";
  }
  get() {
    return this.message;
  }
  set_message(value) {
    this.message = `RuntimeError: ${value}`;
  }
}

let loaded;

async function loadWasm() {
  if (loaded) return loaded;
  loaded = (async () => {
    if (!globalThis.PRISMA_WASM_PANIC_REGISTRY) globalThis.PRISMA_WASM_PANIC_REGISTRY = new PanicRegistry();
    const dir = packageDir();
    const bg = await import(pathToFileURL(path.join(dir, "schema_engine_bg.js")).href);
    const bytes = fs.readFileSync(path.join(dir, "schema_engine_bg.wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": bg });
    bg.__wbg_set_wasm(instance.exports);
    instance.exports.__wbindgen_start();
    return bg;
  })();
  return loaded;
}

function lastPanicMessage() {
  const reg = globalThis.PRISMA_WASM_PANIC_REGISTRY;
  return reg && typeof reg.get === "function" ? reg.get() : "";
}

module.exports = { loadWasm, engineHash, packageDir, lastPanicMessage };
