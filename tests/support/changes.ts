// Row-level change tracking for the fuzz suites: a trigger on every table
// records each INSERT, UPDATE and DELETE, so "a refused request changed
// nothing" is checked for every row of every table, not by counts.
import pg from "pg";
import { currentDatabaseUrl, withTestDb } from "./db";

/**
 * Tables written whatever a request does: the session touch, rate-limit
 * counters, and the read caches' versions, which a statement trigger bumps
 * whenever a writing statement runs, even one that matched no row (a delete
 * of a row already gone). And the operation log's refusal rows (decision
 * 303: a refused operation is written down; that row is all a refusal leaves).
 */
export const ALWAYS_WRITTEN = new Set(["sessions", "rate_limits", "data_versions", "operation_logs:refused"]);

/** Installs the triggers in this test file's database (once, in a beforeAll). */
export async function trackChanges(): Promise<void> {
  await withTestDb(async (db) => {
    await db.query(`CREATE TABLE IF NOT EXISTS fuzz_changes (id bigserial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL)`);
    await db.query(`CREATE OR REPLACE FUNCTION fuzz_track() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE name text := TG_TABLE_NAME;
      BEGIN
        IF TG_TABLE_NAME = 'operation_logs' AND TG_OP = 'INSERT' THEN
          IF NEW.module = 'refused' THEN name := 'operation_logs:refused'; END IF;
        END IF;
        INSERT INTO fuzz_changes (tbl, op) VALUES (name, TG_OP); RETURN NULL;
      END $$`);
    const { rows } = await db.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('fuzz_changes', '_prisma_migrations')`,
    );
    for (const { tablename } of rows) {
      await db.query(`DROP TRIGGER IF EXISTS fuzz_track ON "${tablename}"`);
      await db.query(
        `CREATE TRIGGER fuzz_track AFTER INSERT OR UPDATE OR DELETE ON "${tablename}" FOR EACH ROW EXECUTE FUNCTION fuzz_track()`,
      );
    }
  });
}

/** One connection for the marks (a fuzz run asks thousands of times). */
let client: Promise<pg.Client> | null = null;
function tracker(): Promise<pg.Client> {
  client ??= (async () => {
    const db = new pg.Client({ connectionString: currentDatabaseUrl() });
    await db.connect();
    return db;
  })();
  return client;
}

/** Closes the tracking connection (afterAll). */
export async function stopTracking(): Promise<void> {
  const db = client;
  client = null;
  await (await db)?.end();
}

export async function changeMark(): Promise<number> {
  const db = await tracker();
  return Number((await db.query(`SELECT COALESCE(MAX(id), 0) AS id FROM fuzz_changes`)).rows[0].id);
}

/** "table OP" → rows changed since the mark. */
export async function changesSince(mark: number): Promise<Record<string, number>> {
  const db = await tracker();
  const { rows } = await db.query<{ key: string; n: string }>(
    `SELECT tbl || ' ' || op AS key, count(*) AS n FROM fuzz_changes WHERE id > $1 GROUP BY 1 ORDER BY 1`,
    [mark],
  );
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]));
}

/** The changes since the mark other than the ALWAYS_WRITTEN tables'. */
export async function writesSince(mark: number): Promise<string[]> {
  return Object.entries(await changesSince(mark))
    .filter(([key]) => !ALWAYS_WRITTEN.has(key.split(" ")[0]))
    .map(([key, n]) => `${key} ×${n}`);
}
