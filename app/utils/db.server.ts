import { createHash } from "node:crypto";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "~/generated/prisma/client";
import { env } from "./env.server";
import { currentTiming, recordQuery } from "./server-timing.server";
import { singleton } from "./singleton.server";

// One connection pool and one client per process (singletons, so dev
// rebuilds reuse them). Prisma runs on the pool; the few statements every
// page request makes (session and viewer, versions, search history) use it
// directly through `sql`, which costs a fraction of a Prisma query's CPU.

/**
 * A connection that adds the time of each statement to the Server-Timing
 * record of the request it runs for (utils/server-timing.server.ts): Prisma's
 * statements, transactions included, and `sql`'s alike.
 */
class TimedClient extends pg.Client {
  // pg's query has many overloads; this passes every form through unchanged.

  query(...args: any[]): any {
    const record = currentTiming();

    const run = (list: any[]) => (super.query as (...a: any[]) => any)(...list);
    if (!record) return run(args);
    const started = performance.now();
    const done = () => recordQuery(record, performance.now() - started);
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const callback = args[last];

      return run([...args.slice(0, last), (...result: any[]) => (done(), callback(...result))]);
    }
    const result = run(args);
    if (result && typeof result.then === "function") result.then(done, done);
    return result;
  }
}

function createPool(): pg.Pool {
  const created = new pg.Pool({ connectionString: env().DATABASE_URL, max: 10, Client: TimedClient });
  // An idle connection closed by the server (restart, failover, a dropped
  // database) must not end the process: the pool opens a new one when needed.
  created.on("error", (error) => console.warn(`[db] idle connection lost: ${error.message}`));
  return created;
}

export const pool: pg.Pool = singleton("__pgPool", createPool);

export const prisma: PrismaClient = singleton("__prisma", () => new PrismaClient({ adapter: new PrismaPg(pool) }));

// Prisma keeps DateTime columns as `timestamp(3)` in UTC; pg would read
// them in the process's time zone.
const TIMESTAMP_OID = 1114;
const utcTimestamp = (text: string) => new Date(`${text.replace(" ", "T")}Z`);
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP_OID ? utcTimestamp : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * One parameterised statement on the pool; rows as pg returns them
 * (snake_case unless aliased; timestamps as UTC Dates). Pass times as ISO
 * strings or use now(): pg would write a Date in local time.
 */
export async function sql<Row extends Record<string, unknown>>(text: string | PreparedStatement, values: unknown[] = []): Promise<Row[]> {
  const query = typeof text === "string" ? { text, values, types } : { name: text.name, text: text.text, values, types };
  return (await pool.query<Row>(query)).rows;
}

/** A fixed statement that each pooled connection parses and plans once (see `prepared`). */
export type PreparedStatement = { readonly name: string; readonly text: string };

/**
 * A statement of fixed text that requests run again and again (the session
 * lookup, the per-user reads of the results page): `sql` runs it as a named
 * prepared statement, so PostgreSQL parses and plans it once per pooled
 * connection instead of on every request (decision 608). Only for texts
 * written in the code, never built from input: each distinct text stays
 * prepared on every connection for the connection's life.
 */
export function prepared(text: string): PreparedStatement {
  return { name: `p_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`, text };
}

export { Prisma } from "~/generated/prisma/client";
