"use strict";
// PostgreSQL helpers for the schema-engine stand-in:
//  - connection-string handling (Prisma-style URL parameters),
//  - error mapping to Prisma error codes (P1000, P1001, ...),
//  - a driver-adapter factory built on @prisma/adapter-pg that fixes the
//    adapter's gaps for migrations (see README.md, "adapter-pg pitfalls").

const crypto = require("node:crypto");
const pg = require("pg");
const { PrismaPg } = require("@prisma/adapter-pg");
const { bindMigrationAwareSqlAdapterFactory, DriverAdapterError } = require("@prisma/driver-adapter-utils");

// URL parameters understood by Prisma's native engine but not by node-postgres.
const PRISMA_ONLY_PARAMS = [
  "schema",
  "connection_limit",
  "pool_timeout",
  "socket_timeout",
  "pgbouncer",
  "statement_cache_size",
  "sslaccept",
  "sslidentity",
  "sslpassword",
  "connect_timeout",
  "max_connection_lifetime",
  "max_idle_connection_lifetime",
];

function parseUrl(url) {
  if (typeof url !== "string" || url.length === 0) {
    throw userError(
      "P1013",
      "The provided database string is invalid. No database URL was provided to the schema engine (datasource.url is empty).",
    );
  }
  let u;
  try {
    u = new URL(url);
  } catch {
    throw userError("P1013", "The provided database string is invalid. The scheme is not recognized in database URL.");
  }
  if (u.protocol !== "postgresql:" && u.protocol !== "postgres:") {
    throw userError(
      "P1013",
      `The provided database string is invalid. This schema-engine stand-in only supports postgresql:// URLs (got \`${u.protocol}\`).`,
    );
  }
  return u;
}

/**
 * Describe a PostgreSQL connection URL.
 * Returns { url, poolConfig, schema, database, host, port, user, location }.
 */
function describeUrl(url) {
  const u = parseUrl(url);
  const params = u.searchParams;
  const schema = params.get("schema") || "public";
  const connectTimeout = Number(params.get("connect_timeout") ?? 5);
  const clean = new URL(u.href);
  for (const p of PRISMA_ONLY_PARAMS) clean.searchParams.delete(p);
  const database = decodeURIComponent(u.pathname.replace(/^\//, "")) || "postgres";
  const hostParam = params.get("host");
  const host = hostParam || decodeURIComponent(u.hostname) || "localhost";
  const port = u.port || "5432";
  const user = decodeURIComponent(u.username) || process.env.USER || "postgres";
  const poolConfig = {
    connectionString: clean.href,
    connectionTimeoutMillis: connectTimeout > 0 ? connectTimeout * 1000 : 0,
    max: 4,
  };
  if (params.has("schema")) {
    poolConfig.options = `-c search_path=${quoteIdent(schema)}`;
  }
  return {
    url,
    cleanUrl: clean.href,
    poolConfig,
    schema,
    database,
    host,
    port,
    user,
    location: host.startsWith("/") ? host : `${host}:${port}`,
  };
}

/** The same URL pointing to another database. */
function withDatabase(url, database) {
  const u = parseUrl(url);
  u.pathname = "/" + encodeURIComponent(database);
  return u.href;
}

function quoteIdent(name) {
  return '"' + String(name).replace(/"/g, '""') + '"';
}

function userError(code, message, meta) {
  const e = new Error(message);
  e.code = code;
  if (meta) e.meta = meta;
  e.isUserFacing = true;
  return e;
}

/**
 * Map a node-postgres/network error to { code, message } the way the native
 * engine reports it (code may be undefined for unknown errors).
 */
function mapPgError(err, info) {
  const loc = info ? info.location : "unknown";
  const code = err && err.code;
  const msg = (err && err.message) || String(err);
  if (
    ["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "ETIMEDOUT"].includes(code) ||
    /timeout expired|Connection terminated due to connection timeout/i.test(msg)
  ) {
    return {
      code: "P1001",
      message: `Can't reach database server at \`${loc}\`\n\nPlease make sure your database server is running at \`${loc}\`.`,
    };
  }
  if (code === "ECONNRESET" || /Connection terminated unexpectedly/i.test(msg)) {
    return { code: "P1017", message: "Server has closed the connection." };
  }
  switch (code) {
    case "28P01":
    case "28000":
      return {
        code: "P1000",
        message: `Authentication failed against database server at \`${info ? info.host : loc}\`, the provided database credentials for \`${info ? info.user : "user"}\` are not valid.\n\nPlease make sure to provide valid database credentials for the database server at \`${info ? info.host : loc}\`.`,
      };
    case "3D000": {
      const db = /database "([^"]+)"/.exec(msg)?.[1] ?? (info ? info.database : "");
      return {
        code: "P1003",
        message: `Database \`${db}\` does not exist on the database server at \`${loc}\`.`,
      };
    }
    case "42P04": {
      const db = /database "([^"]+)"/.exec(msg)?.[1] ?? (info ? info.database : "");
      return { code: "P1009", message: `Database \`${db}\` already exists on the database server at \`${loc}\`` };
    }
    case "42501":
      return {
        code: "P1010",
        message: `User \`${info ? info.user : ""}\` was denied access on the database \`${info ? info.database : ""}\``,
      };
    case "57P03":
      return { code: "P1001", message: `Can't reach database server at \`${loc}\`: ${msg}` };
    default:
      if (/SSL|TLS|certificate/i.test(msg)) {
        return { code: "P1011", message: `Error opening a TLS connection: ${msg}` };
      }
      return { code: undefined, message: msg };
  }
}

/** Run fn(client) with a short-lived pg.Client. */
async function withClient(config, fn) {
  const client = new pg.Client(config);
  client.on("error", () => {});
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Connect to the database named in the URL (throws pg errors). */
async function canConnect(url) {
  const info = describeUrl(url);
  await withClient(info.poolConfig, (c) => c.query("SELECT 1"));
}

/** Run a statement against the maintenance database of the server in `url`. */
async function withMaintenanceClient(url, fn) {
  const info = describeUrl(url);
  let lastErr;
  for (const db of ["postgres", "template1"]) {
    const cfg = { ...info.poolConfig, connectionString: withDatabase(info.cleanUrl, db) };
    delete cfg.options;
    try {
      return await withClient(cfg, fn);
    } catch (e) {
      lastErr = e;
      if (e && e.code === "3D000") continue; // maintenance db missing: try the next one
      throw e;
    }
  }
  throw lastErr;
}

async function createDatabase(url) {
  const info = describeUrl(url);
  await withMaintenanceClient(url, (c) => c.query(`CREATE DATABASE ${quoteIdent(info.database)}`));
  if (info.schema !== "public") {
    await withClient(info.poolConfig, (c) => c.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(info.schema)}`));
  }
  return info.database;
}

async function dropDatabaseByName(client, name) {
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  } catch (e) {
    if (e && e.code === "42601") {
      // PostgreSQL < 13 has no WITH (FORCE)
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
    } else {
      throw e;
    }
  }
}

async function dropDatabase(url) {
  const info = describeUrl(url);
  await withMaintenanceClient(url, (c) => dropDatabaseByName(c, info.database));
}

/**
 * Run a whole SQL script as ONE simple-protocol query (like the native
 * engine's raw_cmd): `$$` bodies stay intact, and PostgreSQL runs the
 * statements in one implicit transaction, so a failing script changes nothing
 * (unless the script itself issues COMMIT).
 */
async function runScript(url, script) {
  const info = describeUrl(url);
  await withClient(info.poolConfig, (c) => c.query(script));
}

// ---------------------------------------------------------------------------
// Driver adapter factory
// ---------------------------------------------------------------------------

// Column type oids @prisma/adapter-pg 7.10 knows how to map (fieldToColumnType).
// Every other built-in type (< 16384) makes it throw "Unsupported column type":
// those are rewritten to `text` and returned unparsed. This covers `"char"`
// (oid 18, e.g. pg_constraint.contype, which PostgreSQL 18 uses for NOT NULL
// constraints) and other catalog types.
const ADAPTER_SUPPORTED_OIDS = new Set([
  16, 17, 19, 20, 21, 23, 25, 26, 114, 142, 650, 700, 701, 790, 869, 1042, 1043, 1082, 1083, 1114, 1184, 1266, 1560, 1562, 1700, 2950, 3802,
  // arrays
  143, 199, 651, 791, 1000, 1001, 1002, 1005, 1007, 1009, 1014, 1015, 1016, 1021, 1022, 1028, 1041, 1115, 1182, 1183, 1185, 1231, 1561,
  1563, 2951, 3807,
]);
const FIRST_NORMAL_OBJECT_ID = 16384;
const TEXT_OID = 25;
const CHAR_OID = 18;
const COLUMN_TYPE_CHARACTER = 6; // ColumnTypeEnum.Character in @prisma/driver-adapter-utils
const identity = (v) => v;
// rows array of a pg result -> indices of its `"char"` columns. adapter-pg's
// queryRaw returns the very same rows array, which lets the queryRaw wrapper
// below report those columns as Character (the describer reads
// pg_constraint.contype with get_char(); as Text it panics on PostgreSQL 18,
// whose NOT NULL constraints show up there as contype 'n').
const charColumnsByRows = new WeakMap();

function fixResult(res) {
  if (Array.isArray(res)) {
    res.forEach(fixResult);
    return res;
  }
  if (res && Array.isArray(res.fields)) {
    let charCols;
    res.fields.forEach((f, i) => {
      if (f && f.dataTypeID < FIRST_NORMAL_OBJECT_ID && !ADAPTER_SUPPORTED_OIDS.has(f.dataTypeID)) {
        if (f.dataTypeID === CHAR_OID) (charCols ||= []).push(i);
        f.dataTypeID = TEXT_OID;
      }
    });
    if (charCols && Array.isArray(res.rows)) charColumnsByRows.set(res.rows, charCols);
  }
  return res;
}

// Unsupported built-in types come back unparsed (plain text) instead of the
// objects some pg-types parsers produce (interval, point, ...).
{
  const builtins = pg.types.builtins || {};
  for (const oid of new Set([...Object.values(builtins), 18, 22, 30, 194, 1017, 1187, 3361, 3402, 5017])) {
    if (typeof oid === "number" && !ADAPTER_SUPPORTED_OIDS.has(oid)) pg.types.setTypeParser(oid, "text", identity);
  }
}

function instrumentClient(client) {
  if (client.__standInPatched) return;
  client.__standInPatched = true;
  const orig = client.query.bind(client);
  client.query = function query(config, values, callback) {
    if (typeof values === "function") {
      callback = values;
      values = undefined;
    }
    if (typeof callback === "function") {
      return orig(config, values, (err, res) => callback(err, err ? res : fixResult(res)));
    }
    const r = values === undefined ? orig(config) : orig(config, values);
    if (r && typeof r.then === "function") return r.then(fixResult);
    return r;
  };
}

/**
 * Report `"char"` columns as Character in queryRaw results, and let the
 * caller see query errors (hooks.onQueryError).
 */
function patchQueryable(q, hooks) {
  const origQueryRaw = q.queryRaw.bind(q);
  q.queryRaw = async (query) => {
    let result;
    try {
      result = await origQueryRaw(query);
    } catch (e) {
      if (hooks.onQueryError) hooks.onQueryError(e);
      throw e;
    }
    const charCols = result && charColumnsByRows.get(result.rows);
    if (charCols) for (const i of charCols) result.columnTypes[i] = COLUMN_TYPE_CHARACTER;
    return result;
  };
  return q;
}

function createPool(config) {
  const pool = new pg.Pool(config);
  pool.on("connect", instrumentClient);
  pool.on("error", () => {});
  return pool;
}

/**
 * Build a @prisma/adapter-pg adapter on a pool we own, with executeScript
 * replaced by a single simple-protocol query.
 * hooks: { onDispose?, onScriptError?, onQueryError? }
 */
async function makeAdapter(info, hooks = {}) {
  const pool = createPool(info.poolConfig);
  const factory = new PrismaPg(pool, { schema: info.schema, disposeExternalPool: true });
  const adapter = patchQueryable(await factory.connect(), hooks);
  const origStartTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (...args) => patchQueryable(await origStartTransaction(...args), hooks);
  adapter.executeScript = async function executeScript(script) {
    try {
      await pool.query(script);
    } catch (error) {
      if (hooks.onScriptError) hooks.onScriptError(error);
      this.onError(error); // throws a DriverAdapterError, as adapter-pg does
    }
  };
  const origDispose = adapter.dispose.bind(adapter);
  adapter.dispose = async () => {
    try {
      await origDispose();
    } finally {
      if (hooks.onDispose) await hooks.onDispose();
    }
  };
  return adapter;
}

/**
 * Adapter factory for when the database cannot be reached. The WASM engine
 * queries the server version when it is constructed (the native engine
 * connects lazily), so without a database even `migrate diff --from-empty
 * --to-schema` would fail. This factory answers that probe with a fixed
 * recent PostgreSQL version and fails every other query with `cause` (the
 * original connection error), so commands that need the database report it.
 */
function createOfflineAdapterFactory(cause) {
  const fail = async () => {
    throw cause;
  };
  const adapter = {
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    async queryRaw(query) {
      if (/current_setting\('server_version_num'\)/.test(query.sql) && /pg_namespace/.test(query.sql)) {
        return {
          columnNames: ["exists", "version", "numeric_version"],
          columnTypes: [5, 7, 0], // Boolean, Text, Int32
          rows: [[true, "PostgreSQL 17.0 (offline: database not reachable)", 170000]],
        };
      }
      throw cause;
    },
    executeRaw: fail,
    executeScript: fail,
    startTransaction: fail,
    getConnectionInfo: () => ({ schemaName: "public", supportsRelationJoins: true }),
    dispose: async () => {},
  };
  return bindMigrationAwareSqlAdapterFactory({
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    connect: async () => adapter,
    connectToShadowDb: fail,
  });
}

/**
 * Remove everything from an (external) shadow database, like the native
 * engine does before using a configured shadowDatabaseUrl.
 */
async function resetDatabase(info) {
  await withClient(info.poolConfig, async (c) => {
    const { rows } = await c.query(
      `SELECT nspname FROM pg_namespace
        WHERE nspname <> 'information_schema' AND nspname NOT LIKE 'pg\\_%'`,
    );
    for (const r of rows) await c.query(`DROP SCHEMA IF EXISTS ${quoteIdent(r.nspname)} CASCADE`);
    await c.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(info.schema)}`);
    if (info.schema !== "public") await c.query('CREATE SCHEMA IF NOT EXISTS "public"');
  });
}

/**
 * An error the WASM engine can display: plain JS errors thrown from the
 * adapter factory only show up as "External error id#N".
 */
function adapterError(message, pgError) {
  return new DriverAdapterError({
    kind: "postgres",
    code: (pgError && pgError.code) || "N/A",
    severity: "ERROR",
    message,
    detail: undefined,
    column: undefined,
    hint: undefined,
  });
}

function sameDatabase(a, b) {
  try {
    const x = new URL(a);
    const y = new URL(b);
    return (
      x.hostname === y.hostname &&
      (x.port || "5432") === (y.port || "5432") &&
      x.pathname === y.pathname &&
      (x.searchParams.get("schema") || "public") === (y.searchParams.get("schema") || "public")
    );
  } catch {
    return false;
  }
}

/**
 * Migration-aware adapter factory for the WASM schema engine.
 *   url               main database (may be undefined: then any use fails)
 *   shadowDatabaseUrl optional external shadow database
 *   log(level, msg)   logger
 */
function createAdapterFactory({ url, shadowDatabaseUrl, log = () => {} }) {
  const createdShadowDbs = new Set();
  const info = url ? describeUrl(url) : null;
  let lastScriptError = null;
  let lastQueryError = null;
  const mainHooks = {
    onScriptError: (e) => {
      lastScriptError = e;
    },
    onQueryError: (e) => {
      lastQueryError = e;
    },
  };

  const noDatasource = () =>
    adapterError(
      "This command needs a database connection, but no datasource URL was given to the schema engine. Set `datasource.url` in prisma.config.ts.",
    );

  const factory = {
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    async connect() {
      if (!info) {
        lastQueryError = noDatasource();
        throw lastQueryError;
      }
      return makeAdapter(info, mainHooks);
    },
    async connectToShadowDb() {
      if (!info) throw noDatasource();
      if (shadowDatabaseUrl) {
        if (sameDatabase(shadowDatabaseUrl, url)) {
          throw adapterError(
            "The shadow database you configured appears to be the same as the main database. Please specify another shadow database.",
          );
        }
        const shadowInfo = describeUrl(shadowDatabaseUrl);
        await resetDatabase(shadowInfo);
        log("INFO", `Connected to the external shadow database \`${shadowInfo.database}\`.`);
        return makeAdapter(shadowInfo);
      }
      // adapter-pg's own connectToShadowDb passes {connectionString, database}
      // and the connection string wins, so its "shadow" is the main database.
      // Create and drop a real, separate database instead.
      const name = `prisma_migrate_shadow_db_${crypto.randomUUID()}`;
      try {
        await withClient(info.poolConfig, (c) => c.query(`CREATE DATABASE ${quoteIdent(name)}`));
      } catch (e) {
        throw adapterError(
          `Prisma Migrate could not create the shadow database. Please make sure the database user has permission to create databases. Read more about the shadow database (and workarounds) at https://pris.ly/d/migrate-shadow\n\nOriginal error: ${e.message}`,
          e,
        );
      }
      createdShadowDbs.add(name);
      log("INFO", `Created shadow database \`${name}\`.`);
      const shadowInfo = describeUrl(withDatabase(url, name));
      if (shadowInfo.schema !== "public") {
        await withClient(shadowInfo.poolConfig, (c) => c.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(shadowInfo.schema)}`));
      }
      return makeAdapter(shadowInfo, {
        onDispose: async () => {
          await dropShadow(name);
        },
      });
    },
  };

  async function dropShadow(name) {
    try {
      await withClient(info.poolConfig, (c) => dropDatabaseByName(c, name));
      createdShadowDbs.delete(name);
      log("INFO", `Dropped shadow database \`${name}\`.`);
    } catch (e) {
      log("WARN", `Could not drop shadow database \`${name}\`: ${e.message}`);
    }
  }

  return {
    factory: bindMigrationAwareSqlAdapterFactory(factory),
    /** Drop shadow databases that were not disposed (e.g. on SIGTERM). */
    async cleanup() {
      for (const name of [...createdShadowDbs]) await dropShadow(name);
    },
    pendingShadowDatabases: () => [...createdShadowDbs],
    /** Last PostgreSQL error raised by a script on the main database (consumed). */
    takeLastScriptError() {
      const e = lastScriptError;
      lastScriptError = null;
      return e;
    },
    /** Last error of a query on the main database (consumed). */
    takeLastQueryError() {
      const e = lastQueryError;
      lastQueryError = null;
      return e;
    },
  };
}

module.exports = {
  describeUrl,
  withDatabase,
  quoteIdent,
  mapPgError,
  userError,
  canConnect,
  createDatabase,
  dropDatabase,
  runScript,
  createAdapterFactory,
  createOfflineAdapterFactory,
};
