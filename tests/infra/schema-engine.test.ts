// Tests of the Node stand-in for Prisma's native schema engine
// (tools/schema-engine/schema-engine.cjs) and of scripts/prisma.mjs.
// They start their own embedded PostgreSQL (temp folder, a free port) and
// drive the engine both directly (CLI mode, JSON-RPC) and through the real
// Prisma CLI. Standalone: npx vitest run tests/infra/schema-engine.test.ts --config tools/schema-engine/vitest.config.mjs
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { freePort, startScratchPostgres } from "../support/scratch-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const ENGINE = path.join(ROOT, "tools", "schema-engine", "schema-engine.cjs");
const WRAPPER = path.join(ROOT, "scripts", "prisma.mjs");
const requireFromRoot = createRequire(path.join(ROOT, "package.json"));
const ENGINES_HASH: string = requireFromRoot("@prisma/engines-version").enginesVersion;

const PORT = await freePort();
const CLOSED_PORT = await freePort([PORT]); // nothing listens there
const SERVER = `postgresql://postgres:postgres@127.0.0.1:${PORT}`;
const CLI_TIMEOUT = 180_000;

const SCHEMA_V1 = `datasource db {
  provider = "postgresql"
}

enum Mode {
  ROAD
  SEA
  AIR
}

model Carrier {
  id    Int    @id @default(autoincrement())
  name  String @unique
  lanes Lane[]
}

model Lane {
  id          Int     @id @default(autoincrement())
  origin      String
  destination String
  mode        Mode    @default(ROAD)
  carrierId   Int
  carrier     Carrier @relation(fields: [carrierId], references: [id], onDelete: Cascade)

  @@index([origin, destination])
}
`;

const SCHEMA_V2 = SCHEMA_V1.replace(
  "  mode        Mode    @default(ROAD)\n",
  "  mode        Mode    @default(ROAD)\n  notes       String?\n",
);

// A migration Prisma does not generate: a plpgsql body full of semicolons.
const FUNCTION_MIGRATION = `CREATE OR REPLACE FUNCTION lane_origin_upper() RETURNS trigger AS $$
BEGIN
  NEW.origin := upper(NEW.origin);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER lane_origin_upper BEFORE INSERT OR UPDATE ON "Lane"
  FOR EACH ROW EXECUTE FUNCTION lane_origin_upper();
`;

type RunResult = { code: number | null; stdout: string; stderr: string };

/** Environment for child processes: no inherited DATABASE_URL, no colors. */
function childEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", CI: "1" };
  delete env.DATABASE_URL;
  delete env.SHADOW_DATABASE_URL;
  delete env.PRISMA_SCHEMA_ENGINE_BINARY;
  env.PATH = [path.dirname(process.execPath), env.PATH].filter(Boolean).join(path.delimiter);
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

function run(command: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: opts.cwd ?? ROOT, env: opts.env ?? childEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Run the stand-in the way Prisma does: as an executable (shebang). */
function engine(args: string[]): Promise<RunResult> {
  return run(ENGINE, args);
}

function datasource(url: string): string[] {
  return ["--datasource", JSON.stringify({ url })];
}

/** Parse CLI-mode stderr the way the Prisma CLI does (first line skipped, the rest JSON). */
function parseEngineStderr(stderr: string) {
  return stderr
    .replace(/\n$/, "")
    .split(/\r?\n/)
    .slice(1)
    .map((line) => JSON.parse(line) as { level: string; target: string; fields: { message: string; error_code?: string } });
}

async function query<T = Record<string, unknown>>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

let tmpDir: string;
let server: Awaited<ReturnType<typeof startScratchPostgres>> | undefined;

beforeAll(async () => {
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "schema-engine-test-"));
  server = await startScratchPostgres(PORT);
}, 180_000);

afterAll(async () => {
  try {
    await server?.stop();
  } finally {
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}, 120_000);

describe("schema-engine stand-in: command line", () => {
  it("is executable and prints the native version line", async () => {
    expect(fs.statSync(ENGINE).mode & 0o111).not.toBe(0);
    const r = await engine(["--version"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`schema-engine-cli ${ENGINES_HASH}\n`);
  });

  it("cli can-connect-to-database succeeds against a running server", async () => {
    const r = await engine([...datasource(`${SERVER}/postgres`), "cli", "can-connect-to-database"]);
    expect(r.stderr).not.toMatch(/ERROR/);
    expect(r.code).toBe(0);
  });

  it.each([
    ["a missing database", `${SERVER}/no_such_db`, "P1003", /Database `no_such_db` does not exist/],
    ["a closed port", `postgresql://postgres:postgres@127.0.0.1:${CLOSED_PORT}/postgres`, "P1001", /Can't reach database server/],
    ["a wrong password", `postgresql://postgres:wrong@127.0.0.1:${PORT}/postgres`, "P1000", /Authentication failed/],
  ])("cli can-connect-to-database fails for %s with a JSON error line", async (_label, url, code, message) => {
    const r = await engine([...datasource(url), "cli", "can-connect-to-database"]);
    expect(r.code).toBe(1);
    const lines = parseEngineStderr(r.stderr); // throws if a line is not JSON
    const error = lines.find((l) => l.level === "ERROR" && l.target === "schema_engine::logger");
    expect(error?.fields.error_code).toBe(code);
    expect(error?.fields.message).toMatch(message);
  });

  it("cli create-database and drop-database", async () => {
    const url = `${SERVER}/se_created`;
    expect((await engine([...datasource(url), "cli", "create-database"])).code).toBe(0);
    expect((await engine([...datasource(url), "cli", "can-connect-to-database"])).code).toBe(0);
    expect((await engine([...datasource(url), "cli", "drop-database"])).code).toBe(0);
    expect((await engine([...datasource(url), "cli", "can-connect-to-database"])).code).toBe(1);
  });
});

describe("schema-engine stand-in: JSON-RPC over stdio", () => {
  it("answers in order, prints diff scripts through a print request and reports errors", async () => {
    const schemaFile = path.join(tmpDir, "rpc.prisma");
    fs.writeFileSync(schemaFile, SCHEMA_V1);
    const child = spawn(ENGINE, ["--datamodels", schemaFile, ...datasource(`${SERVER}/postgres`)], {
      env: childEnv(),
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const messages: Array<Record<string, any>> = [];
    const waiters: Array<() => void> = [];
    readline.createInterface({ input: child.stdout }).on("line", (line) => {
      messages.push(JSON.parse(line));
      waiters.splice(0).forEach((w) => w());
    });
    const next = async () => {
      while (messages.length === 0) await new Promise<void>((r) => waiters.push(r));
      return messages.shift()!;
    };
    const send = (msg: object) => child.stdin.write(JSON.stringify({ jsonrpc: "2.0", ...msg }) + "\n");
    const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    const filters = { externalTables: [], externalEnums: [] };

    try {
      send({
        id: 1,
        method: "diff",
        params: {
          from: { tag: "empty" },
          to: { tag: "schemaDatamodel", files: [{ path: schemaFile, content: SCHEMA_V1 }] },
          script: true,
          exitCode: null,
          filters,
        },
      });
      const print = await next();
      expect(print.method).toBe("print");
      expect(print.params.content).toContain('CREATE TYPE "Mode" AS ENUM');
      expect(print.params.content).toContain('CREATE INDEX "Lane_origin_destination_idx"');
      send({ id: print.id, result: {} });
      expect(await next()).toEqual({ jsonrpc: "2.0", id: 1, result: { exitCode: 0 } });

      send({ id: 2, method: "getDatabaseVersion" });
      send({
        id: 3,
        method: "diff",
        params: {
          from: { tag: "empty" },
          to: { tag: "schemaDatamodel", files: [{ path: "broken.prisma", content: "model {" }] },
          script: true,
          exitCode: null,
          filters,
        },
      });
      send({ id: 4, method: "noSuchMethod", params: {} });
      const version = await next();
      expect(version.id).toBe(2);
      expect(version.result).toMatch(/PostgreSQL/);
      const invalid = await next();
      expect(invalid.id).toBe(3);
      expect(invalid.error.code).toBe(4466);
      expect(invalid.error.data).toMatchObject({ is_panic: false, error_code: "P1012" });
      const unknown = await next();
      expect(unknown.id).toBe(4);
      expect(unknown.error.code).toBe(-32601);
    } finally {
      child.stdin.end();
    }
    expect(await exited).toBe(0);
    // Every stderr line is a JSON log line.
    for (const line of stderr.split("\n").filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
  }, 60_000);
});

describe("Prisma CLI with the stand-in (scripts/prisma.mjs)", () => {
  let project: string;
  const prisma = (args: string[], database: string) =>
    run(process.execPath, [WRAPPER, ...args], {
      cwd: project,
      env: childEnv({ DATABASE_URL: `${SERVER}/${database}`, PRISMA_SCHEMA_ENGINE_BINARY: ENGINE }),
    });
  const output = (r: RunResult) => `${r.stdout}\n${r.stderr}`;

  beforeAll(() => {
    project = path.join(tmpDir, "project");
    fs.mkdirSync(path.join(project, "prisma", "migrations"), { recursive: true });
    fs.writeFileSync(path.join(project, "prisma", "schema.prisma"), SCHEMA_V1);
    // A plain object config: no import, so the scratch project needs no node_modules.
    fs.writeFileSync(
      path.join(project, "prisma.config.ts"),
      "export default {\n  schema: 'prisma/schema.prisma',\n  migrations: { path: 'prisma/migrations' },\n" +
        "  datasource: { url: process.env.DATABASE_URL },\n};\n",
    );
  });

  it(
    "uses the stand-in when no native engine is installed",
    async () => {
      const enginesDir = path.dirname(requireFromRoot.resolve("@prisma/engines/package.json"));
      const hasNative = fs.readdirSync(enginesDir).some((f) => /^schema-engine-/.test(f));
      const r = await run(process.execPath, [WRAPPER, "-v"], { cwd: project, env: childEnv() });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`schema-engine-cli ${ENGINES_HASH}`);
      if (!hasNative) expect(r.stdout).toMatch(/tools\/schema-engine\/schema-engine\.cjs, resolved by PRISMA_SCHEMA_ENGINE_BINARY/);
    },
    CLI_TIMEOUT,
  );

  it(
    "migrate diff writes the SQL of a schema",
    async () => {
      const init = path.join(project, "prisma", "migrations", "20240101000000_init");
      fs.mkdirSync(init);
      const r = await prisma(
        [
          "migrate",
          "diff",
          "--from-empty",
          "--to-schema",
          "prisma/schema.prisma",
          "--script",
          "--output",
          path.join(init, "migration.sql"),
        ],
        "se_unused",
      );
      expect(r.code, output(r)).toBe(0);
      const sql = fs.readFileSync(path.join(init, "migration.sql"), "utf8");
      expect(sql).toContain('CREATE TABLE "Lane"');
      expect(sql).toContain('FOREIGN KEY ("carrierId") REFERENCES "Carrier"("id")');
      const fn = path.join(project, "prisma", "migrations", "20240101000001_functions");
      fs.mkdirSync(fn);
      fs.writeFileSync(path.join(fn, "migration.sql"), FUNCTION_MIGRATION);
    },
    CLI_TIMEOUT,
  );

  it(
    "migrate deploy applies all migrations to a fresh database, migrate status is up to date",
    async () => {
      const deploy = await prisma(["migrate", "deploy"], "se_deploy");
      expect(deploy.code, output(deploy)).toBe(0);
      expect(deploy.stdout).toContain("20240101000000_init");
      expect(deploy.stdout).toContain("20240101000001_functions");
      expect(deploy.stdout).toContain("All migrations have been successfully applied.");

      // the $$ function arrived whole
      await query(`${SERVER}/se_deploy`, `INSERT INTO "Carrier"(name) VALUES ('acme')`);
      const [lane] = await query<{ origin: string }>(
        `${SERVER}/se_deploy`,
        `INSERT INTO "Lane"(origin, destination, "carrierId") VALUES ('rotterdam', 'GDANSK', 1) RETURNING origin`,
      );
      expect(lane.origin).toBe("ROTTERDAM");

      const status = await prisma(["migrate", "status"], "se_deploy");
      expect(status.code, output(status)).toBe(0);
      expect(status.stdout).toContain("2 migrations found in prisma/migrations");
      expect(status.stdout).toContain("Database schema is up to date!");
    },
    CLI_TIMEOUT,
  );

  it(
    "a failing migration changes nothing and is reported as P3018",
    async () => {
      const dir = path.join(project, "prisma", "migrations", "20240101000002_broken");
      fs.mkdirSync(dir);
      fs.writeFileSync(
        path.join(dir, "migration.sql"),
        'CREATE TABLE "Partial" (id int);\nALTER TABLE "Lane" ADD COLUMN "zz" int;\nSELECT 1/0;\n',
      );
      try {
        const r = await prisma(["migrate", "deploy"], "se_deploy");
        expect(r.code).toBe(1);
        expect(output(r)).toContain("P3018");
        expect(output(r)).toContain("Migration name: 20240101000002_broken");
        expect(output(r)).toContain("division by zero");
        const [state] = await query<{ partial: string | null; zz: string }>(
          `${SERVER}/se_deploy`,
          `SELECT to_regclass('"Partial"')::text AS partial,
                (SELECT count(*) FROM information_schema.columns WHERE table_name = 'Lane' AND column_name = 'zz')::text AS zz`,
        );
        expect(state).toEqual({ partial: null, zz: "0" });

        const resolve = await prisma(["migrate", "resolve", "--rolled-back", "20240101000002_broken"], "se_deploy");
        expect(resolve.code, output(resolve)).toBe(0);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      const status = await prisma(["migrate", "status"], "se_deploy");
      expect(status.code, output(status)).toBe(0);
    },
    CLI_TIMEOUT,
  );

  it(
    "migrate dev applies pending migrations, creates a new one through a shadow database and drops it",
    async () => {
      fs.writeFileSync(path.join(project, "prisma", "schema.prisma"), SCHEMA_V2);
      const r = await prisma(["migrate", "dev", "--name", "add_notes"], "se_dev");
      expect(r.code, output(r)).toBe(0);
      expect(r.stdout).toContain("Your database is now in sync with your schema.");
      const created = fs.readdirSync(path.join(project, "prisma", "migrations")).find((d) => d.endsWith("_add_notes"));
      expect(created).toBeDefined();
      expect(fs.readFileSync(path.join(project, "prisma", "migrations", created!, "migration.sql"), "utf8")).toMatch(
        /ALTER TABLE "Lane" ADD COLUMN\s+"notes" TEXT/,
      );
      const applied = await query<{ migration_name: string }>(
        `${SERVER}/se_dev`,
        `SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name`,
      );
      expect(applied.map((m) => m.migration_name)).toEqual(["20240101000000_init", "20240101000001_functions", created]);
      const shadows = await query(`${SERVER}/postgres`, `SELECT datname FROM pg_database WHERE datname LIKE 'prisma_migrate_shadow_db_%'`);
      expect(shadows).toEqual([]);
    },
    CLI_TIMEOUT,
  );
});
