// A throwaway PostgreSQL server of its own, for tests that must not use the
// run's shared server (the schema-engine stand-in, the seed on an empty DB).
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { startEmbeddedDatabase } from "../../server/embedded-db.js";

export async function startScratchPostgres(port: number, database = "postgres") {
  // As root the server runs as `postgres`: the folder must be traversable.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-scratch-pg-"));
  fs.chmodSync(dir, 0o755);
  const server = await startEmbeddedDatabase({ dataDir: path.join(dir, "pgdata"), port, database, quiet: true, log: () => {} });
  return {
    url: server.url,
    adminUrl: server.adminUrl,
    async stop() {
      try {
        await server.stop();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A TCP port nobody listens on now, chosen by the system: two test runs on
 * one machine (two worktrees, CI beside a developer) never collide.
 */
export async function freePort(avoid: number[] = []): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = net.createServer();
      probe.once("error", reject);
      probe.listen(0, "127.0.0.1", () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
      });
    });
    if (port && !avoid.includes(port)) return port;
  }
}
