// The e2e servers, one per Playwright worker: the app on a port and its
// embedded PostgreSQL on another, both chosen by the system once per run.
// The runner picks them (playwright.config.ts calls this) and keeps them in
// E2E_SERVER_PORTS; its workers load the config again and inherit the
// variable, so they find the same ports.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Browser workers: each runs a browser and a server. E2E_WORKERS=1 for one. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS || 2));

export type E2eServer = { port: number; pgPort: number; url: string; databaseUrl: string };

export function e2eServers(): E2eServer[] {
  // scripts/lib/free-port.mjs, synchronously: a Playwright configuration cannot wait.
  process.env.E2E_SERVER_PORTS ??= execFileSync(
    process.execPath,
    [path.join(ROOT, "scripts", "lib", "free-port.mjs"), String(2 * E2E_WORKERS)],
    {
      encoding: "utf8",
    },
  ).trim();
  const ports = process.env.E2E_SERVER_PORTS.split(",").map(Number);
  return Array.from({ length: ports.length / 2 }, (_, i) => {
    const [port, pgPort] = [ports[2 * i], ports[2 * i + 1]];
    return { port, pgPort, url: `http://127.0.0.1:${port}`, databaseUrl: `postgresql://postgres:postgres@127.0.0.1:${pgPort}/freight` };
  });
}

/** The server of a worker (its parallelIndex). */
export function serverOf(parallelIndex: number): E2eServer {
  const servers = e2eServers();
  return servers[parallelIndex % servers.length];
}
