// The Dockerfile without a Docker engine (none on this machine): its runtime
// stage rebuilt by hand from the Dockerfile's own lines, then started with its
// own CMD on this file's database. What it checks:
//   - every COPY source of the build stages exists in the repository;
//   - the final image's files (its COPY --from=build lines, taken from this
//     checkout after `npm run build`) with node_modules pruned as the build
//     stage prunes them (`npm prune --omit=dev`) are enough: the CMD starts,
//     applies the migrations, answers /healthz and serves /home and a build
//     asset, with the image's ENV (NODE_ENV=production, UPLOAD_DIR). Not
//     checked: the `node` user and the base image's packages (no engine here);
//   - the image takes Prisma's native schema engine and nothing of tools/:
//     PRISMA_ENGINE=native in the build and final stages and a build step
//     that fails without the engine (shown here, where it is not installed:
//     the step exits non-zero); tools/ is never copied (.dockerignore). The
//     emulated image below is given the stand-in explicitly, in place of the
//     engine a real build installs.
import fs from "node:fs";
import path from "node:path";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/free-port.mjs";

const ROOT = process.cwd();
const dockerfile = fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
/** Instructions with their continuation lines joined, comments dropped. */
const lines = dockerfile
  .replace(/\\\n/g, " ")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));
const stages: string[][] = [];
for (const line of lines) {
  if (/^FROM\s/i.test(line)) stages.push([]);
  stages[stages.length - 1]?.push(line);
}
const finalStage = stages[stages.length - 1];

const nativeEngine =
  fs.existsSync(path.join(ROOT, "node_modules", "@prisma", "engines")) &&
  fs.readdirSync(path.join(ROOT, "node_modules", "@prisma", "engines")).some((f) => /^schema-engine-/.test(f));

let image: string | null = null;
let child: ChildProcess | null = null;

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    await new Promise((resolve) => child!.once("exit", resolve));
  }
  if (image) fs.rmSync(image, { recursive: true, force: true });
});

describe("the Dockerfile's steps", () => {
  it("copies only what exists, and its build stage runs `npm ci`, then `npm run build && npm prune --omit=dev`", () => {
    for (const stage of stages.slice(0, -1)) {
      for (const line of stage.filter((l) => /^COPY\s/i.test(l) && !/--from=/.test(l))) {
        const sources = line.split(/\s+/).slice(1, -1);
        for (const source of sources) {
          if (source.endsWith("*")) continue; // optional (.npmrc*)
          expect(fs.existsSync(path.join(ROOT, source)), `${line}: ${source}`).toBe(true);
        }
      }
    }
    const runs = stages
      .flat()
      .filter((l) => /^RUN\s/i.test(l))
      .map((l) => l.slice(4).trim());
    expect(runs).toContain("npm ci");
    expect(runs).toContain("npm run build && npm prune --omit=dev");
    // The scripts those commands run are the ones this checkout uses.
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(pkg.scripts.build).toMatch(/remix build/);
    expect(fs.existsSync(path.join(ROOT, "build", "index.js")), "run `npm run build` first").toBe(true);
  });

  it("uses Prisma's native schema engine, fails its build without it, and leaves tools/ out", () => {
    const envOf = (stage: string[]) => stage.filter((l) => /^ENV\s/i.test(l)).join(" ");
    expect(envOf(stages[0])).toMatch(/\bPRISMA_ENGINE=native\b/);
    expect(envOf(finalStage)).toMatch(/\bPRISMA_ENGINE=native\b/);
    const runs = stages[0].filter((l) => /^RUN\s/i.test(l)).map((l) => l.slice(4).trim());
    expect(runs.indexOf("node scripts/prisma.mjs --version")).toBeGreaterThan(runs.indexOf("npm ci"));
    // No line copies tools/, and the build context leaves it out (the build stage's `COPY . .`).
    expect(lines.filter((l) => /^COPY\s/i.test(l) && /\btools\b/.test(l))).toEqual([]);
    const ignored = fs
      .readFileSync(path.join(ROOT, ".dockerignore"), "utf8")
      .split("\n")
      .map((l) => l.trim());
    expect(ignored).toContain("tools");
    // That build step on a machine without the engine (this one, offline): it fails.
    if (!nativeEngine) {
      const step = spawnSync(process.execPath, ["scripts/prisma.mjs", "--version"], {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, PRISMA_ENGINE: "native", PRISMA_SCHEMA_ENGINE_BINARY: "" },
        timeout: 60_000,
      });
      expect(step.status, step.stdout + step.stderr).not.toBe(0);
    }
  });

  it("the final image's files, pruned, start with its CMD and serve pages", async () => {
    // In the project (the same file system as node_modules, for hard links).
    fs.mkdirSync(path.join(ROOT, ".data"), { recursive: true });
    image = fs.mkdtempSync(path.join(ROOT, ".data", "image-"));
    const copies = finalStage.filter((l) => /^COPY\s+--from=build/i.test(l));
    expect(copies.length).toBeGreaterThan(3);
    for (const line of copies) {
      const parts = line.split(/\s+/).slice(2);
      const target = parts.pop()!;
      for (const source of parts) {
        const from = path.join(ROOT, source.replace(/^\/app\/?/, ""));
        const to =
          target.endsWith("/") || parts.length > 1
            ? path.join(image, target.replace(/^\.\/?/, ""), path.basename(from))
            : path.join(image, target.replace(/^\.\/?/, ""));
        fs.mkdirSync(path.dirname(to), { recursive: true });
        if (source.endsWith("node_modules")) {
          // 840 MB: hard links (same file system), never written through:
          // npm's own record is removed so that prune writes a new file.
          const linked = spawnSync("cp", ["-al", from, to], { encoding: "utf8" });
          expect(linked.status, linked.stderr).toBe(0);
          fs.rmSync(path.join(to, ".package-lock.json"), { force: true });
        } else fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true });
      }
    }
    // The build stage's `npm prune --omit=dev`, on the copied node_modules.
    fs.copyFileSync(path.join(ROOT, "package-lock.json"), path.join(image, "package-lock.json"));
    const prune = spawnSync("npm", ["prune", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund", "--offline"], {
      cwd: image,
      encoding: "utf8",
    });
    expect(prune.status, prune.stderr).toBe(0);
    fs.rmSync(path.join(image, "package-lock.json"));
    expect(fs.existsSync(path.join(image, "node_modules", "vitest")), "dev dependencies pruned").toBe(false);

    const env: Record<string, string> = {};
    for (const line of finalStage.filter((l) => /^ENV\s/i.test(l))) {
      for (const [, name, value] of line.slice(4).matchAll(/(\w+)=(\S+)/g)) env[name] = value;
    }
    const cmd = JSON.parse(finalStage.find((l) => /^CMD\s/i.test(l))!.slice(4)) as string[];
    const uploads = path.join(image, "data", "uploads");
    fs.mkdirSync(uploads, { recursive: true });
    const port = await freePort();
    let output = "";
    const server = spawn(cmd[0] === "node" ? process.execPath : cmd[0], cmd.slice(1), {
      cwd: image,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        PATH: process.env.PATH!,
        HOME: image,
        NODE_ENV: "production",
        ...env,
        // In place of the native engine a real build installs (none on this machine): the build machines' stand-in.
        ...(nativeEngine
          ? {}
          : { PRISMA_ENGINE: "", PRISMA_SCHEMA_ENGINE_BINARY: path.join(ROOT, "tools", "schema-engine", "schema-engine.cjs") }),
        UPLOAD_DIR: uploads,
        PORT: String(port),
        DATABASE_URL: process.env.DATABASE_URL!,
        SESSION_SECRET: "image-test-secret-0123456789abcdef0123",
        INSECURE_COOKIES: "1",
      },
    });
    child = server;
    server.stdout!.on("data", (chunk) => (output += chunk));
    server.stderr!.on("data", (chunk) => (output += chunk));
    const base = `http://127.0.0.1:${port}`;
    let up = false;
    for (let i = 0; i < 900 && !up && server.exitCode === null; i++) {
      up = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!up) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(up, output).toBe(true);
    expect(output).toMatch(/listening on/);
    const home = await fetch(`${base}/home`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html lang="zh-CN"');
    const asset = (await fetch(`${base}/fclbysea`).then((r) => r.text())).match(/\/build\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    expect((await fetch(base + asset)).status).toBe(200);
  }, 240_000);
});
