// A throwaway PostgreSQL server of its own, for tests that must not use the
// run's shared server (the schema-engine stand-in, the seed on an empty DB).
import fs from "node:fs";
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

export { freePort } from "../../scripts/lib/free-port.mjs";
