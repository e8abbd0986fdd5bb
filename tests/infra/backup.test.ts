// Backup and restore (tools/backup.mjs, docs/backups.md): rows and files
// come back exactly, into a new database and over a changed one; a damaged
// backup is refused; a failed restore leaves the target untouched; the npm
// commands work end to end.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type pg from "pg";
import { backup, restore, verifyBackup } from "../../tools/backup.mjs";
import { currentDatabaseUrl, testDatabaseInfo } from "../support/db";
import { createEmptyDatabase, dropDatabase, withClient } from "../support/pg";

const ROOT = path.resolve(__dirname, "..", "..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "freight-backup-test-"));
const uploadDir = process.env.UPLOAD_DIR!;
const extraDatabases: string[] = [];

afterAll(async () => {
  for (const name of extraDatabases) await dropDatabase(testDatabaseInfo().adminUrl, name);
  fs.rmSync(scratch, { recursive: true, force: true });
});

async function newEmptyDatabase(): Promise<string> {
  const name = `freight_restore_${crypto.randomBytes(4).toString("hex")}`;
  extraDatabases.push(name);
  return createEmptyDatabase(testDatabaseInfo().adminUrl, name);
}

/** Every public table's rows (as sorted jsonb text, hashed) and every sequence's position. */
async function fingerprint(url: string) {
  return withClient(url, async (client: pg.Client) => {
    const { rows: tables } = await client.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    const out: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: string; h: string | null }>(
        `SELECT count(*)::text AS n, md5(string_agg(to_jsonb(t)::text, E'\\n' ORDER BY to_jsonb(t)::text)) AS h FROM public."${name}" t`,
      );
      out[name] = `${rows[0].n}:${rows[0].h}`;
    }
    const { rows: sequences } = await client.query<{ name: string }>(
      "SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1",
    );
    for (const { name } of sequences) {
      const { rows } = await client.query(`SELECT last_value::text || ':' || is_called AS v FROM public."${name}"`);
      out[`seq:${name}`] = rows[0].v;
    }
    return out;
  });
}

function writeUpload(rel: string, bytes: Buffer) {
  const file = path.join(uploadDir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
}
const readUpload = (dir: string, rel: string) => fs.readFileSync(path.join(dir, rel));

const attachment = crypto.randomBytes(70_000);
const avatar = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(500)]);
let backupDir = "";
let original: Record<string, string> = {};

// Each test runs pg_dump or pg_restore as a child process: on a loaded 2-core machine that can take over 30 s.
describe("backup", { timeout: 120_000 }, () => {
  test("takes the database and the uploads into one timestamped folder with a manifest", async () => {
    // Rows of several kinds beyond the seed: Chinese text, numeric, arrays, json, bytes in files.
    await withClient(currentDatabaseUrl(), async (client) => {
      await client.query(
        "INSERT INTO site_settings (key, value_zh, value_en, updated_at) VALUES ('backup_probe', '备份测试 ' || repeat('x', 3), 'it''s \"quoted\"\n', now())",
      );
      await client.query("UPDATE users SET view_ids = ARRAY[1,2,3] WHERE email = 'sales@example.com'");
    });
    writeUpload("attachments/0123456789abcdef0123456789abcdef.pdf", attachment);
    writeUpload("avatars/fedcba9876543210fedcba9876543210.png", avatar);
    writeUpload("tmp/half-received.upload", Buffer.from("in flight"));
    original = await fingerprint(currentDatabaseUrl());

    const result = await backup({ databaseUrl: currentDatabaseUrl(), uploadDir, outDir: path.join(scratch, "out") });
    backupDir = result.dir;
    expect(path.basename(backupDir)).toMatch(/^backup-\d{8}-\d{6}Z$/);
    expect(fs.existsSync(`${backupDir}.partial`)).toBe(false);
    expect(fs.statSync(backupDir).mode & 0o077).toBe(0);

    const manifest = result.manifest;
    expect(manifest.migrations.map((m: { name: string }) => m.name)).toEqual(
      fs
        .readdirSync(path.join(ROOT, "prisma", "migrations"))
        .filter((n) => /^\d/.test(n))
        .sort(),
    );
    const users = manifest.tables.find((t: { name: string }) => t.name === "users")!;
    expect(users.rows).toBeGreaterThan(10);
    // Parents before children: users before sessions and entrustments.
    const names = manifest.tables.map((t: { name: string }) => t.name);
    expect(names.indexOf("users")).toBeLessThan(names.indexOf("sessions"));
    expect(names.indexOf("users")).toBeLessThan(names.indexOf("entrustments"));
    expect(names).toContain("_prisma_migrations");
    // The uploads, without the in-flight tmp/ folder.
    expect(manifest.uploads.files.map((f: { path: string }) => f.path).sort()).toEqual([
      "attachments/0123456789abcdef0123456789abcdef.pdf",
      "avatars/fedcba9876543210fedcba9876543210.png",
    ]);
    expect(await verifyBackup(backupDir)).toEqual(manifest);
  });

  test("refuses to record a schema other than the applied one (a migration edited or missing)", async () => {
    const migrations = path.join(scratch, "migrations-copy");
    fs.cpSync(path.join(ROOT, "prisma", "migrations"), migrations, { recursive: true });
    const first = fs
      .readdirSync(migrations)
      .filter((n) => /^\d/.test(n))
      .sort()[0];
    fs.appendFileSync(path.join(migrations, first, "migration.sql"), "\n-- edited after it was applied\n");
    const outDir = path.join(scratch, "refused");
    await expect(backup({ databaseUrl: currentDatabaseUrl(), uploadDir, outDir, migrationsDir: migrations })).rejects.toThrow(
      /differs from the one applied/,
    );
    fs.rmSync(path.join(migrations, first), { recursive: true });
    await expect(backup({ databaseUrl: currentDatabaseUrl(), uploadDir, outDir, migrationsDir: migrations })).rejects.toThrow(
      /missing from/,
    );
    // A refused backup leaves nothing behind (no `.partial` folder).
    expect(fs.readdirSync(outDir)).toEqual([]);
  });
});

describe("restore", { timeout: 120_000 }, () => {
  test("into a new empty database and uploads folder: every row, sequence and file is back", async () => {
    const url = await newEmptyDatabase();
    const target = path.join(scratch, "fresh-uploads");
    const result = await restore({ backupDir, databaseUrl: url, uploadDir: target });
    expect(result.replication).toBe("replica");
    expect(await fingerprint(url)).toEqual(original);
    expect(readUpload(target, "attachments/0123456789abcdef0123456789abcdef.pdf").equals(attachment)).toBe(true);
    expect(readUpload(target, "avatars/fedcba9876543210fedcba9876543210.png").equals(avatar)).toBe(true);
    // The restored database works on: new ids continue after the restored ones.
    await withClient(url, async (client) => {
      const max = await client.query<{ max: number }>("SELECT max(id) AS max FROM users");
      const next = await client.query<{ id: number }>(
        "INSERT INTO users (email, username, phone, password_hash, role_id, updated_at) VALUES ('new@example.com', 'new-after-restore', '19900000000', 'x', (SELECT min(id) FROM roles), now()) RETURNING id",
      );
      expect(next.rows[0].id).toBeGreaterThan(max.rows[0].max);
    });
  });

  test("over the changed original: refused without --force, then everything is as at backup time", async () => {
    // Changes after the backup: rows deleted and edited, a file deleted, a file added.
    await withClient(currentDatabaseUrl(), async (client) => {
      await client.query("DELETE FROM site_settings WHERE key = 'backup_probe'");
      await client.query("UPDATE users SET nickname = 'changed after backup' WHERE email = 't0@example.com'");
      await client.query("DELETE FROM sessions");
    });
    fs.rmSync(path.join(uploadDir, "attachments/0123456789abcdef0123456789abcdef.pdf"));
    writeUpload("attachments/ffffffffffffffffffffffffffffffff.pdf", Buffer.from("%PDF-1.4 later"));
    expect(await fingerprint(currentDatabaseUrl())).not.toEqual(original);

    await expect(restore({ backupDir, databaseUrl: currentDatabaseUrl(), uploadDir })).rejects.toThrow(/holds \d+ files/);
    const emptyUploads = path.join(scratch, "empty-uploads");
    await expect(restore({ backupDir, databaseUrl: currentDatabaseUrl(), uploadDir: emptyUploads })).rejects.toThrow(
      /already has \d+ tables/,
    );

    const { prisma } = await import("~/utils/db.server");
    await prisma.$disconnect();
    const result = await restore({ backupDir, databaseUrl: currentDatabaseUrl(), uploadDir, force: true });
    expect(await fingerprint(currentDatabaseUrl())).toEqual(original);
    expect(readUpload(uploadDir, "attachments/0123456789abcdef0123456789abcdef.pdf").equals(attachment)).toBe(true);
    expect(fs.existsSync(path.join(uploadDir, "attachments/ffffffffffffffffffffffffffffffff.pdf"))).toBe(false);
    // What the restore replaced is kept aside, not deleted.
    expect(result.uploadsSetAside).toMatch(/\.replaced-/);
    expect(fs.existsSync(path.join(result.uploadsSetAside!, "attachments/ffffffffffffffffffffffffffffffff.pdf"))).toBe(true);
    fs.rmSync(result.uploadsSetAside!, { recursive: true, force: true });

    // The app reads the restored database.
    const user = await prisma.user.findUniqueOrThrow({ where: { email: "t0@example.com" } });
    expect(user.nickname).not.toBe("changed after backup");
  });

  test("a damaged backup is refused before anything is touched", async () => {
    const copy = path.join(scratch, "damaged");
    fs.cpSync(backupDir, copy, { recursive: true });
    const file = path.join(copy, "uploads/avatars/fedcba9876543210fedcba9876543210.png");
    const bytes = fs.readFileSync(file);
    bytes[20] ^= 0xff;
    fs.writeFileSync(file, bytes);
    const url = await newEmptyDatabase();
    await expect(restore({ backupDir: copy, databaseUrl: url, uploadDir: path.join(scratch, "u-damaged") })).rejects.toThrow(
      /damaged \(checksum\)/,
    );
    expect(fs.existsSync(path.join(scratch, "u-damaged"))).toBe(false);
    await expect(verifyBackup(`${copy}.partial`)).rejects.toThrow(/unfinished/);
  });

  test("a restore that fails half-way leaves the target database empty (one transaction)", async () => {
    // A consistent but impossible backup: one user row twice (checksums redone).
    const copy = path.join(scratch, "duplicate-row");
    fs.cpSync(backupDir, copy, { recursive: true });
    const manifestFile = path.join(copy, "manifest.json");
    const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
    const users = manifest.tables.find((t: { name: string }) => t.name === "users");
    const lines = zlib
      .gunzipSync(fs.readFileSync(path.join(copy, users.file)))
      .toString("utf8")
      .trimEnd()
      .split("\n");
    const gz = zlib.gzipSync(Buffer.from([...lines, lines[0]].join("\n") + "\n"));
    fs.writeFileSync(path.join(copy, users.file), gz);
    users.rows += 1;
    users.sha256 = crypto.createHash("sha256").update(gz).digest("hex");
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));

    const url = await newEmptyDatabase();
    await expect(restore({ backupDir: copy, databaseUrl: url, uploadDir: path.join(scratch, "u-dup") })).rejects.toThrow(/duplicate key/);
    const tables = await withClient(url, (c) => c.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'"));
    expect(tables.rows[0].n).toBe(0);
    expect(fs.existsSync(path.join(scratch, "u-dup"))).toBe(false);
  });

  test("npm run backup / npm run restore work end to end (the CLI)", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: currentDatabaseUrl(), UPLOAD_DIR: uploadDir, NODE_ENV: "production" };
    const taken = spawnSync(process.execPath, ["tools/backup.mjs", "backup", "--out", path.join(scratch, "cli")], {
      cwd: ROOT,
      env,
      encoding: "utf8",
    });
    expect(taken.stderr).toBe("");
    expect(taken.status).toBe(0);
    const dir = taken.stdout.trim().split("\n").at(-1)!;
    expect(dir).toMatch(/backup-\d{8}-\d{6}Z$/);

    const verified = spawnSync(process.execPath, ["tools/backup.mjs", "verify", dir], { cwd: ROOT, env, encoding: "utf8" });
    expect(verified.status).toBe(0);
    expect(verified.stdout).toMatch(/ok: \d+ tables/);

    const url = await newEmptyDatabase();
    const target = path.join(scratch, "cli-uploads");
    const restored = spawnSync(process.execPath, ["tools/backup.mjs", "restore", dir], {
      cwd: ROOT,
      env: { ...env, DATABASE_URL: url, UPLOAD_DIR: target },
      encoding: "utf8",
    });
    expect(restored.stderr).toBe("");
    expect(restored.status).toBe(0);
    expect(await fingerprint(url)).toEqual(await fingerprint(currentDatabaseUrl()));
    expect(readUpload(target, "attachments/0123456789abcdef0123456789abcdef.pdf").equals(attachment)).toBe(true);

    const again = spawnSync(process.execPath, ["tools/backup.mjs", "restore", dir], {
      cwd: ROOT,
      env: { ...env, DATABASE_URL: url, UPLOAD_DIR: path.join(scratch, "cli-uploads-2") },
      encoding: "utf8",
    });
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already has \d+ tables.*--force/);
  });
});

describe("import batches across a restore", { timeout: 180_000 }, () => {
  test("a batch committed before the backup undoes after the restore as it would have before it: a row edited since is the one conflict", async () => {
    const { fclArea } = await import("~/domain/data-areas");
    const { importSpreadsheet } = await import("~/domain/import-export/import.server");
    const { undoBatch } = await import("~/domain/import-export/batches.server");
    const { prisma } = await import("~/utils/db.server");
    const { headers, rowOf, sheetBytes, whoIs } = await import("../data/helpers");
    const viewer = await whoIs("data@example.com");
    const ids = [990_001, 990_002, 990_003, 990_004];
    const sheet = (price: number) =>
      sheetBytes([
        headers(fclArea),
        ...ids.map((id) =>
          rowOf(fclArea, { id, pol: "SHANGHAI", pod: "HAMBURG", "20GP_T0": price, valid_fm: "2026-01-01", valid_to: "2099-02-01" }),
        ),
      ]);
    expect(await importSpreadsheet(fclArea, viewer, sheet(100), { fileName: "first.xlsx" })).toMatchObject({ ok: true, inserted: 4 });
    const second = await importSpreadsheet(fclArea, viewer, sheet(150), { fileName: "second.xlsx" });
    if (!second.ok) throw new Error(JSON.stringify(second.problems));
    await prisma.fclRate.update({ where: { id: ids[1] }, data: { remark: "edited after the import" } });

    const taken = await backup({ databaseUrl: currentDatabaseUrl(), uploadDir, outDir: path.join(scratch, "batches") });
    await prisma.$disconnect();
    await restore({
      backupDir: taken.dir,
      databaseUrl: currentDatabaseUrl(),
      uploadDir: path.join(scratch, "batches-uploads"),
      force: true,
    });

    // Every row was written again by the restore; the batch still tells the edited row from the others.
    expect(await undoBatch(fclArea, viewer, second.batchId!)).toEqual({
      ok: false,
      reason: "conflicts",
      conflicts: { count: 1, ids: [ids[1]] },
    });
    expect(await undoBatch(fclArea, viewer, second.batchId!, { rest: true })).toEqual({ ok: true, restored: 3, deleted: 0, skipped: 1 });
    const rows = await prisma.fclRate.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.id, Number(r.gp20T0), r.remark])).toEqual([
      [ids[0], 100, null],
      [ids[1], 150, "edited after the import"],
      [ids[2], 100, null],
      [ids[3], 100, null],
    ]);
  });
});
