"use strict";
// JSON-RPC 2.0 server over stdio (one JSON message per line), speaking the
// protocol of the native `schema-engine` binary, backed by the WASM engine.

const fs = require("node:fs");
const readline = require("node:readline");
const { loadWasm, lastPanicMessage } = require("./wasm.cjs");
const {
  createAdapterFactory,
  createOfflineAdapterFactory,
  createDatabase,
  runScript,
  describeUrl,
  mapPgError,
  userError,
} = require("./pg.cjs");
const { log, forwardWasmLog } = require("./log.cjs");

const ENGINE_ERROR_CODE = 4466; // what the native engine uses for all command errors
const SHADOW_CACHE_MISS = /shadow DB must be provided through an external factory/;

function send(msg) {
  process.stdout.write(JSON.stringify(msg) + "\n");
}

class RpcServer {
  /**
   * @param {{ datamodels: string[], datasource?: {url?: string, shadowDatabaseUrl?: string} }} opts
   */
  constructor(opts) {
    this.datamodelPaths = opts.datamodels || [];
    this.datasource = opts.datasource || {};
    this.queue = Promise.resolve();
    this.outgoing = new Map();
    this.nextOutgoingId = 1;
    this.enginePromise = null;
    this.adapterFactory = null;
    this.poisoned = null;
  }

  start() {
    const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
    rl.on("line", (line) => this.onLine(line));
    rl.on("close", () => {
      // The CLI closes stdin when it is done (and usually SIGTERMs us right after).
      this.queue.then(() => this.shutdown(0));
    });
    const onSignal = () => this.shutdown(0);
    process.on("SIGTERM", onSignal);
    process.on("SIGINT", onSignal);
    // Rust panics inside async wasm code surface as uncaught RuntimeErrors
    // ("unreachable"), not as rejections of the pending call.
    process.on("uncaughtException", (err) => this.onFatal(err));
    process.on("unhandledRejection", (err) => this.onFatal(err));
  }

  onFatal(err) {
    const isPanic = err instanceof WebAssembly.RuntimeError || (err && err.name === "RuntimeError");
    const current = this.current;
    this.current = null;
    if (current && current.id !== undefined) {
      send({ jsonrpc: "2.0", id: current.id, error: this.toRpcError(err) });
    }
    log("ERROR", isPanic ? lastPanicMessage() || String(err) : (err && err.stack) || String(err));
    // The wasm instance cannot be trusted after a panic: exit like the native
    // engine does (101 = Rust panic), dropping leftover shadow databases.
    this.shutdown(isPanic ? 101 : 1);
  }

  async shutdown(code) {
    if (this.shuttingDown) return;
    this.shuttingDown = true;
    try {
      if (this.adapterFactory) {
        await Promise.race([this.adapterFactory.cleanup(), new Promise((r) => setTimeout(r, 3000).unref())]);
      }
    } finally {
      process.exit(code);
    }
  }

  onLine(line) {
    if (!line.trim()) return;
    let msg;
    try {
      msg = JSON.parse(line);
    } catch (e) {
      send({ jsonrpc: "2.0", id: null, error: { code: -32700, message: `Parse error: ${e.message}` } });
      return;
    }
    if (msg && msg.method === undefined && (msg.result !== undefined || msg.error !== undefined)) {
      // Response to a request we sent (e.g. "print").
      const pending = this.outgoing.get(msg.id);
      if (pending) {
        this.outgoing.delete(msg.id);
        pending(msg);
      }
      return;
    }
    if (!msg || typeof msg.method !== "string") {
      send({ jsonrpc: "2.0", id: msg && msg.id !== undefined ? msg.id : null, error: { code: -32600, message: "Invalid Request" } });
      return;
    }
    // Requests are handled one at a time, in order.
    this.queue = this.queue.then(() => this.handle(msg));
  }

  request(method, params) {
    const id = this.nextOutgoingId++;
    return new Promise((resolve) => {
      this.outgoing.set(id, resolve);
      send({ jsonrpc: "2.0", id, method, params });
    });
  }

  async handle(msg) {
    const isNotification = msg.id === undefined;
    this.current = msg;
    try {
      const result = await this.dispatch(msg.method, msg.params);
      if (this.current !== msg) return; // already answered by onFatal
      this.current = null;
      if (!isNotification) send({ jsonrpc: "2.0", id: msg.id, result: result === undefined ? null : result });
    } catch (err) {
      if (this.current !== msg) return;
      this.current = null;
      const error = this.toRpcError(err);
      log("ERROR", error.data ? error.data.message : error.message, error.data?.error_code ? { error_code: error.data.error_code } : {});
      if (!isNotification) send({ jsonrpc: "2.0", id: msg.id, error });
    }
  }

  toRpcError(err) {
    if (err && err.rpcCode) return { code: err.rpcCode, message: err.message };
    if (err instanceof WebAssembly.RuntimeError || (err && err.name === "RuntimeError")) {
      const message = lastPanicMessage() || String(err && err.message);
      this.poisoned = message;
      return {
        code: ENGINE_ERROR_CODE,
        message: "An error happened. Check the data field for details.",
        data: { is_panic: true, message, backtrace: err && err.stack },
      };
    }
    const data = { is_panic: false, message: err && err.message ? err.message : String(err) };
    // JS errors thrown inside the adapter only reach us as "External error id#N".
    const ext = /External error id#(\d+)/.exec(data.message);
    const registry = this.adapterFactory && this.adapterFactory.factory.errorRegistry;
    if (ext && registry) {
      const found = registry.consumeError(Number(ext[1]));
      if (found && found.error) data.message += `\n${found.error.message || found.error}`;
    }
    if (err && typeof err.code === "string" && /^P\d{4}$/.test(err.code)) data.error_code = err.code;
    if (err && err.meta !== undefined) data.meta = err.meta;
    if (!data.error_code && err && !err.isUserFacing && err.code && typeof err.severity === "string") {
      // Raw PostgreSQL error (from our own JS paths, e.g. dbExecute)
      data.message = `ERROR: ${err.message}`;
    }
    return { code: ENGINE_ERROR_CODE, message: "An error happened. Check the data field for details.", data };
  }

  readDatamodels() {
    return this.datamodelPaths.map((p) => [p, fs.readFileSync(p, "utf8")]);
  }

  engine() {
    if (!this.enginePromise) {
      this.enginePromise = (async () => {
        const bg = await loadWasm();
        this.adapterFactory = createAdapterFactory({
          url: this.datasource.url,
          shadowDatabaseUrl: this.datasource.shadowDatabaseUrl,
          log: (level, message) => log(level, message),
        });
        const datamodels = this.datamodelPaths.length ? this.readDatamodels() : undefined;
        try {
          return await bg.SchemaEngine.new({ datamodels }, forwardWasmLog, this.adapterFactory.factory);
        } catch (e) {
          // The WASM engine probes the database when constructed; the native
          // engine connects lazily, so commands that need no database (e.g.
          // `migrate diff --from-empty --to-schema`) work without one.
          const cause = this.adapterFactory.takeLastQueryError();
          if (!cause) throw e;
          log("WARN", `Database not reachable (${String(e && e.message).split("\n")[0]}); continuing without it.`);
          return bg.SchemaEngine.new({ datamodels }, forwardWasmLog, createOfflineAdapterFactory(cause));
        }
      })();
      this.enginePromise.catch(() => {
        this.enginePromise = null;
      });
    }
    return this.enginePromise;
  }

  /**
   * The WASM engine reports a failing migration script as a generic
   * "external connector error"; the native engine reports P3018 with the
   * migration name and the database error. Rebuild that.
   */
  migrationFailedError(e) {
    const msg = String((e && e.message) || "");
    const name = /migration_name="([^"]+)"/.exec(msg);
    const dbErr = this.adapterFactory && this.adapterFactory.takeLastScriptError();
    if (!name || (e && e.code) || !dbErr) return e;
    const lines = [`ERROR: ${dbErr.message}`];
    if (dbErr.detail) lines.push(`DETAIL: ${dbErr.detail}`);
    if (dbErr.hint) lines.push(`HINT: ${dbErr.hint}`);
    const databaseError = lines.join("\n");
    return userError(
      "P3018",
      "A migration failed to apply. New migrations cannot be applied before the error is recovered from. " +
        "Read more about how to resolve migration issues in a production database: https://pris.ly/d/migrate-resolve" +
        `\n\nMigration name: ${name[1]}\n\nDatabase error code: ${dbErr.code || "unknown"}\n\nDatabase error:\n${databaseError}\n`,
      { migration_name: name[1], database_error_code: dbErr.code || "", database_error: databaseError },
    );
  }

  urlFromDatasourceParam(param) {
    if (param && param.tag === "ConnectionString" && param.url) return param.url;
    if (param && param.url) return param.url;
    if (this.datasource.url) return this.datasource.url;
    throw userError(undefined, "No datasource URL was provided to the schema engine.");
  }

  async dispatch(method, params) {
    if (this.poisoned) {
      const e = new WebAssembly.RuntimeError(this.poisoned);
      throw e;
    }
    switch (method) {
      case "createDatabase": {
        // Not available in the WASM engine: plain CREATE DATABASE.
        const url = this.urlFromDatasourceParam(params && params.datasource);
        try {
          return { databaseName: await createDatabase(url) };
        } catch (e) {
          throw pgToUserError(e, url);
        }
      }
      case "dbExecute": {
        // Run the script as one simple-protocol query (like the native engine).
        const target = params && params.datasourceType;
        const url = target && target.tag === "url" ? target.url : this.datasource.url;
        if (!url) throw userError(undefined, "No datasource URL was provided to the schema engine.");
        try {
          await runScript(url, params.script);
        } catch (e) {
          const mapped = mapPgError(e, safeDescribe(url));
          if (mapped.code) throw userError(mapped.code, mapped.message);
          throw e;
        }
        return null;
      }
      case "getDatabaseVersion": {
        const engine = await this.engine();
        return engine.version(params ?? null);
      }
      case "diff": {
        const engine = await this.engine();
        const result = await engine.diff(params);
        if (result && typeof result.stdout === "string") {
          // The native engine prints through a client request the CLI acknowledges.
          await this.request("print", { content: result.stdout });
        }
        return { exitCode: result ? result.exitCode : 0 };
      }
      case "debugPanic": {
        const engine = await this.engine();
        return engine.debugPanic();
      }
      case "getDatabaseDescription": {
        const e = new Error(`Method not supported by the schema-engine stand-in: ${method}`);
        e.rpcCode = -32601;
        throw e;
      }
      case "applyMigrations": {
        const engine = await this.engine();
        this.adapterFactory.takeLastScriptError();
        try {
          return await engine.applyMigrations(params);
        } catch (e) {
          throw this.migrationFailedError(e);
        }
      }
      case "evaluateDataLoss":
      case "createMigration": {
        // In the WASM engine these two only read the "schema from migration
        // history" from a cache that diagnoseMigrationHistory/devDiagnostic
        // fill, keyed by the migrations *applied in the database* at that
        // time; on a miss they fail with "PostgreSQL shadow DB must be
        // provided through an external factory" (the native engine would
        // create a shadow database itself). That happens in `migrate dev`
        // right after applyMigrations applied pending migrations. Fill the
        // cache for the current list (now fully applied) and retry once.
        const engine = await this.engine();
        try {
          return await engine[method](params);
        } catch (e) {
          if (!SHADOW_CACHE_MISS.test(String(e && e.message)) || !params || !params.migrationsList) throw e;
          log("INFO", `${method}: migration schema cache miss, running diagnoseMigrationHistory to fill it`);
          await engine.diagnoseMigrationHistory({
            migrationsList: params.migrationsList,
            optInToShadowDatabase: true,
            filters: params.filters || { externalTables: [], externalEnums: [] },
          });
          return await engine[method](params);
        }
      }
      default: {
        const engine = await this.engine();
        if (typeof engine[method] !== "function" || method === "free" || method.startsWith("__")) {
          const e = new Error(`Method not found: ${method}`);
          e.rpcCode = -32601;
          throw e;
        }
        return engine[method](params);
      }
    }
  }
}

function safeDescribe(url) {
  try {
    return describeUrl(url);
  } catch {
    return undefined;
  }
}

function pgToUserError(e, url) {
  if (e && e.isUserFacing) return e;
  const mapped = mapPgError(e, safeDescribe(url));
  return mapped.code ? userError(mapped.code, mapped.message) : e;
}

module.exports = { RpcServer };
