// The one schema of the environment (server/env.js): every variable the
// product's code reads is in it, .env.example lists exactly its variables,
// and a bad value stops the start with the variable's name.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { envSchema, parseEnv } from "./env.js";

const ROOT = path.resolve(__dirname, "..");
const schemaKeys = Object.keys(envSchema.shape).sort();

/** Variables that are not settings of the product: the platform's, and the benchmark and test harness knobs. */
const NOT_SETTINGS = new Set([
  "PATH",
  "HOME",
  "USER",
  "CI",
  "XDG_CACHE_HOME",
  "RUST_LOG",
  "CHROMIUM_PATH",
  "CHROME_PATH",
  "LOAD_APP_ROOT",
  "E2E_SERVER_LOG",
]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" || entry.name === "bench" ? [] : sourceFiles(rel);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

describe("environment", () => {
  it("every variable the app, the server, the seed and the operator scripts read is in the schema", () => {
    const read = new Map<string, string>();
    for (const file of ["app", "server", "prisma", "scripts"].flatMap(sourceFiles)) {
      for (const match of fs
        .readFileSync(path.join(ROOT, file), "utf8")
        .matchAll(/(?:process\.env|settings|serverSettings\(\)|env\(\))\.([A-Z][A-Z0-9_]*)/g)) {
        if (!read.has(match[1])) read.set(match[1], file);
      }
    }
    const missing = [...read]
      .filter(([name]) => !schemaKeys.includes(name) && !NOT_SETTINGS.has(name))
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
    // The list is not vacuous: the server's own settings are read and known.
    expect([...read.keys()]).toEqual(expect.arrayContaining(["TRUST_PROXY", "RUN_MIGRATIONS", "SEED_DEMO", "DATA_CACHE"]));
  });

  it(".env.example lists exactly the schema's variables", () => {
    const example = fs.readFileSync(path.join(ROOT, ".env.example"), "utf8");
    const listed = [...example.matchAll(/^#?\s?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]).sort();
    expect([...new Set(listed)]).toEqual(schemaKeys);
  });

  it("defaults: an empty environment is a valid one", () => {
    const settings = parseEnv({});
    expect(settings).toMatchObject({ PORT: 3000, PG_PORT: 5433, RUN_MIGRATIONS: "1", SEED_DEMO: "0", TRUST_PROXY: "0", PAGE_CACHE_MB: 64 });
  });

  it("an empty variable is an unset one (its default applies)", () => {
    const settings = parseEnv({ DATABASE_URL: "", PORT: "", TRUST_PROXY: "" });
    expect(settings.DATABASE_URL).toBeUndefined();
    expect(settings).toMatchObject({ PORT: 3000, TRUST_PROXY: "0" });
  });

  it.each([
    ["PORT", "http"],
    ["TRUST_PROXY", "yes"],
    ["PG_PORT", "70000"],
    ["SESSION_SECRET", "short"],
    ["PUBLIC_URL", "not a url"],
    ["APP_PORTS", "3001;3002"],
    ["PAGE_CACHE_MB", "0"],
  ])("%s=%s stops the start and names the variable", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`Invalid environment:[\\s\\S]*${name}:`));
  });

  it("the app's settings: a parsed list setting is accepted, a missing database or secret is named", async () => {
    const { env, reloadEnv } = await import("~/utils/env.server");
    const saved = { APP_PORTS: process.env.APP_PORTS, DATABASE_URL: process.env.DATABASE_URL };
    try {
      process.env.APP_PORTS = "3001,3002";
      expect(reloadEnv().APP_PORTS).toEqual([3001, 3002]);
      delete process.env.DATABASE_URL;
      expect(() => reloadEnv()).toThrow(/DATABASE_URL: is required/);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      reloadEnv();
    }
    expect(env().DATABASE_URL).toBeTruthy();
  });

  it(".nvmrc names the Node major version package.json accepts", () => {
    const major = fs.readFileSync(path.join(ROOT, ".nvmrc"), "utf8").trim();
    const engines = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).engines.node as string;
    expect(engines).toMatch(new RegExp(`>=${major}\\.`));
  });
});
