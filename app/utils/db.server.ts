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
export async function sql<Row extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<Row[]> {
  return (await pool.query<Row>({ text, values, types })).rows;
}

export { Prisma } from "~/generated/prisma/client";
