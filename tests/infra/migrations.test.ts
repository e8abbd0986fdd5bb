// The migrations build the whole schema on an empty database, Prisma then
// reports it up to date, and the template every test database is cloned
// from holds the demo data.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { dataAreas } from "~/domain/data-areas";
import { sqlTable } from "~/utils/sql-names.server";
import { withTestDb } from "../support/db";
import { createEmptyDatabase, dropDatabase, withClient } from "../support/pg";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const MIGRATIONS_DIR = path.join(ROOT, "prisma", "migrations");

const EXPECTED_TABLES = [
  "users",
  "sessions",
  "roles",
  "menus",
  "role_permissions",
  "sea_ports",
  "airports",
  "express_countries",
  "fcl_rates",
  "lcl_rates",
  "rail_rates",
  "trailer_rates",
  "air_rates",
  "express_rates",
  "special_offers",
  "entrustments",
  "email_outbox",
  "home_contents",
  "home_categories",
  "query_logs",
  "operation_logs",
  "site_settings",
  "email_codes",
  "rate_limits",
  "search_history",
];

function migrationNames(): string[] {
  if (!fs.existsSync(MIGRATIONS_DIR)) return [];
  return fs
    .readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(MIGRATIONS_DIR, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort();
}

function prismaCli(args: string[], databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/prisma.mjs", ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("migrations on an empty database", () => {
  const { adminUrl } = inject("testDatabase");
  const name = `freight_migrations_${crypto.randomBytes(4).toString("hex")}`;
  let url = "";

  beforeAll(async () => {
    url = await createEmptyDatabase(adminUrl, name);
  });

  afterAll(async () => {
    await dropDatabase(adminUrl, name);
  });

  it("has migrations in prisma/migrations", () => {
    expect(migrationNames().length).toBeGreaterThan(0);
  });

  it("migrate deploy creates every table", { timeout: 180_000 }, async () => {
    const deploy = await prismaCli(["migrate", "deploy"], url);
    expect(deploy.code, deploy.output).toBe(0);

    await withClient(url, async (client) => {
      const tables = await client.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
      );
      const names = tables.rows.map((row) => row.table_name);
      expect(names).toEqual(expect.arrayContaining([...EXPECTED_TABLES, "_prisma_migrations"]));

      const applied = await client.query<{ migration_name: string }>(
        "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name",
      );
      expect(applied.rows.map((row) => row.migration_name)).toEqual(migrationNames());
    });
  });

  it("migrate status reports the database up to date", { timeout: 180_000 }, async () => {
    const status = await prismaCli(["migrate", "status"], url);
    expect(status.code, status.output).toBe(0);
    expect(status.output).toMatch(/Database schema is up to date/);
  });
});

describe("the seeded template", () => {
  it("holds the demo users (cloned into this file's database)", async () => {
    const users = await withTestDb(async (client) => {
      const result = await client.query<{ email: string; audit: number; state: number; customer_rating: number | null }>(
        "SELECT email, audit, state, customer_rating FROM users WHERE email = ANY($1)",
        [
          [
            "admin@example.com",
            "t0@example.com",
            "t1@example.com",
            "t2@example.com",
            "data@example.com",
            "pending@example.com",
            "failed@example.com",
            "frozen@example.com",
          ],
        ],
      );
      return new Map(result.rows.map((row) => [row.email, row]));
    });

    expect([...users.keys()].sort()).toEqual([
      "admin@example.com",
      "data@example.com",
      "failed@example.com",
      "frozen@example.com",
      "pending@example.com",
      "t0@example.com",
      "t1@example.com",
      "t2@example.com",
    ]);
    // Audited customers of tiers T0/T1/T2 (customer_rating 1/2/3).
    expect(users.get("t0@example.com")).toMatchObject({ audit: 2, customer_rating: 1 });
    expect(users.get("t1@example.com")).toMatchObject({ audit: 2, customer_rating: 2 });
    expect(users.get("t2@example.com")).toMatchObject({ audit: 2, customer_rating: 3 });
    expect(users.get("pending@example.com")).toMatchObject({ audit: 1 });
    expect(users.get("failed@example.com")).toMatchObject({ audit: 3 });
    expect(users.get("frozen@example.com")).toMatchObject({ state: 2 });
  });

  it("gives the demo users the password Demo1234", async () => {
    const { verifyPassword } = await import("~/domain/accounts/password.server");
    const hash = await withTestDb(async (client) => {
      const result = await client.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE email = $1", [
        "admin@example.com",
      ]);
      return result.rows[0]?.password_hash;
    });
    expect(hash).toBeTruthy();
    expect(await verifyPassword(hash!, "Demo1234")).toBe(true);
  });
});

// Import batches keep before-images as each row's text form, restored by a
// cast to the table's row type (migration 20261207012000_import_batch_chunks,
// decision 204): a later column change to a data area's table would make the
// kept images of that table fail the cast, so every undo of them. Such a
// migration must rewrite the images in import_batch_chunks too.
describe("migrations after the compact batch storage", () => {
  it("that change a data area's columns also rewrite the kept before-images", () => {
    const tables = Object.values(dataAreas).map((area) => sqlTable(area.model));
    const later = fs
      .readdirSync(MIGRATIONS_DIR)
      .filter((name) => /^\d{14}_/.test(name) && name > "20261207012000_import_batch_chunks")
      .map((name) => ({ name, sql: fs.readFileSync(path.join(MIGRATIONS_DIR, name, "migration.sql"), "utf8") }));
    const offending = later.filter(
      ({ sql }) =>
        tables.some((table) =>
          new RegExp(
            `ALTER\\s+TABLE\\s+(ONLY\\s+)?"?${table}"?\\s+[^;]*\\b(ADD|DROP|ALTER|RENAME)\\s+(COLUMN\\b|(?!CONSTRAINT))`,
            "i",
          ).test(sql),
        ) && !/import_batch_chunks/.test(sql),
    );
    expect(offending.map(({ name }) => name)).toEqual([]);
  });
});
