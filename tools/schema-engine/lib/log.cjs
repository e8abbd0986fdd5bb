"use strict";
// Log lines in the native engine's stderr format:
// {"timestamp":"...","level":"INFO","fields":{"message":"..."},"target":"schema_engine"}
// The Prisma CLI parses these (JSON per line); ERROR lines become its "last error".

const LEVELS = { TRACE: 0, DEBUG: 1, INFO: 2, WARN: 3, ERROR: 4 };

function minLevel() {
  const v = String(process.env.RUST_LOG || "info").toLowerCase();
  if (v.includes("trace")) return LEVELS.TRACE;
  if (v.includes("debug")) return LEVELS.DEBUG;
  if (v.includes("warn")) return LEVELS.WARN;
  if (v.includes("error")) return LEVELS.ERROR;
  return LEVELS.INFO;
}

const threshold = minLevel();

function writeLine(obj) {
  process.stderr.write(JSON.stringify(obj) + "\n");
}

function log(level, message, extraFields = {}, target = "schema_engine") {
  const lvl = String(level).toUpperCase();
  if ((LEVELS[lvl] ?? LEVELS.INFO) < threshold) return;
  writeLine({ timestamp: new Date().toISOString(), level: lvl, fields: { message, ...extraFields }, target });
}

/** Forward a JSON log line produced by the wasm engine. */
function forwardWasmLog(line) {
  let obj;
  try {
    obj = typeof line === "string" ? JSON.parse(line) : line;
  } catch {
    log("INFO", String(line));
    return;
  }
  if (!obj || typeof obj !== "object") return;
  const lvl = String(obj.level || "INFO").toUpperCase();
  if ((LEVELS[lvl] ?? LEVELS.INFO) < threshold) return;
  writeLine({ timestamp: new Date().toISOString(), ...obj, level: lvl, fields: obj.fields || {} });
}

module.exports = { log, forwardWasmLog, writeLine };
