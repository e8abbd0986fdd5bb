// The server's V8 settings (server/node-flags.js) reach it however it is
// started: `npm start`, the Docker image's CMD, Playwright's server; the
// scale-out script and the benchmarks spread the same list into their spawn.
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { SERVER_NODE_FLAGS } from "./node-flags.js";
import config from "../playwright.config";

const ROOT = process.cwd();
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

test("npm start, the Dockerfile's CMD and Playwright's server run node with the flags", () => {
  expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
  const start = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts.start;
  expect(start).toContain(`node ${SERVER_NODE_FLAGS.join(" ")} server/index.js`);
  const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(read("Dockerfile"))![1];
  expect(JSON.parse(cmd)).toEqual(["node", ...SERVER_NODE_FLAGS, "server/index.js"]);
  const webServers = config.webServer as { command: string }[];
  expect(webServers.length).toBeGreaterThan(0);
  for (const webServer of webServers)
    expect(webServer.command).toBe(["node", ...SERVER_NODE_FLAGS, "tests/e2e/start-server.mjs"].join(" "));
});

test("the scripts that start server processes spread the same list", () => {
  for (const file of ["scripts/scale-out.mjs", "scripts/load-fault.ts", "scripts/bench/lib/server.ts", "scripts/bench/throughput.ts"]) {
    const text = read(file);
    // Each spawn of node whose arguments name the server's entry point.
    const spawns = text
      .split(/(?=spawn\()/)
      // node: this process's, or another one a benchmark was told to compare (options.node).
      .filter((part) => part.startsWith("spawn(process.execPath") || /^spawn\(\s*(options\.node \?\? )?process\.execPath/.test(part))
      .map((part) => part.slice(0, part.indexOf("{")))
      .filter((call) => /"index\.js"|"start-server\.mjs"/.test(call));
    expect(spawns.length, file).toBeGreaterThan(0);
    for (const call of spawns) expect(call, file).toContain("...SERVER_NODE_FLAGS");
  }
});

test("node accepts the flags", () => {
  const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, "-e", "process.exit(0)"], { encoding: "utf8" });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
});
