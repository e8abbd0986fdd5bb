// Back-office benchmark (issue 22, Checks; not a test): with 10,000 users
// and 100,000 rows in every rate table (10,000 in each reference list), the
// server time of the user list and of each data-area list stays under 300 ms:
// the first page, a filtered page and the last page, each measured through
// the route's own loader (authorization, queries, filter lists, counts) with
// a signed-in administrator. Prints p50/p95 per page and the machine load;
// exits non-zero when a p50 is 300 ms or more.
//
//   npm run bench:backoffice        RATE_ROWS=… USERS=… RUNS=… for other sizes
//
// Database: a scratch database (scripts/bench/lib/scratch-db.ts). The rows
// are copies of the demo rows (set-based INSERT … SELECT), with every
// unique text column made unique, so each table keeps the demo data's shape.
import os from "node:os";
import type pg from "pg";
import { openScratchDatabase, percentiles, ms } from "./lib/scratch-db";
import { runBench } from "./lib/exit";
import { recordResults } from "./lib/results";

const RATE_ROWS = Number(process.env.RATE_ROWS ?? 100_000);
const REFERENCE_ROWS = Number(process.env.REFERENCE_ROWS ?? 10_000);
const USERS = Number(process.env.USERS ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 7);
const BUDGET_MS = 300;
const log = (line: string) => console.log(`[backoffice] ${line}`);

/** Fills `table` up to `rows` rows by copying its own rows; unique text columns get a suffix. */
async function fill(client: pg.Client, table: string, rows: number) {
  const { rows: columns } = await client.query<{ name: string; type: string }>(
    `SELECT column_name AS name, data_type AS type FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = $1 AND column_name <> 'id' AND is_generated = 'NEVER'
     ORDER BY ordinal_position`,
    [table],
  );
  const { rows: unique } = await client.query<{ name: string }>(
    `SELECT DISTINCT a.attname AS name FROM pg_index i
     JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
     WHERE i.indrelid = $1::regclass AND i.indisunique AND NOT i.indisprimary`,
    [table],
  );
  const uniques = new Set(unique.map((u) => u.name));
  const [{ n }] = (await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`)).rows;
  const have = Number(n);
  if (have === 0 || have >= rows) return;
  const names = columns.map((c) => `"${c.name}"`).join(", ");
  const values = columns
    .map((c) => (uniques.has(c.name) && /char|text/.test(c.type) ? `left(src."${c.name}", 40) || '~' || g` : `src."${c.name}"`))
    .join(", ");
  await client.query(
    `INSERT INTO "${table}" (${names})
     SELECT ${values} FROM generate_series(1, $1::int) g
     JOIN (SELECT *, row_number() OVER (ORDER BY id) - 1 AS rn FROM "${table}") src ON src.rn = g % $2::int`,
    [rows - have, have],
  );
  await client.query(`ANALYZE "${table}"`);
}

async function main() {
  const db = await openScratchDatabase({ log, name: "freight_bench_backoffice" });
  try {
    const { dataAreas } = await import("../../app/domain/data-areas");
    const { sqlColumn, sqlTable } = await import("../../app/utils/sql-names.server");
    const { REFERENCE_TABLES } = await import("../../app/domain/catalog");
    const reference = new Set<string>(REFERENCE_TABLES.map((t) => t.key));
    const t = performance.now();
    for (const area of Object.values(dataAreas)) {
      const rows = reference.has(area.key) ? REFERENCE_ROWS : RATE_ROWS;
      await fill(db.client, sqlTable(area.model), rows);
    }
    await fill(db.client, "users", USERS);
    log(
      `filled in ${((performance.now() - t) / 1000).toFixed(1)} s: ${RATE_ROWS.toLocaleString("en")} rows per rate table, ${REFERENCE_ROWS.toLocaleString("en")} per reference list, ${USERS.toLocaleString("en")} users`,
    );

    // Signed in as the administrator (the domain's own session; route modules import CSS, which tsx cannot load).
    const { createUserSession } = await import("../../app/http/auth.server");
    const { prisma } = await import("../../app/utils/db.server");
    const admin = await prisma.user.findFirstOrThrow({ where: { email: "admin@example.com" }, select: { id: true } });
    const signedIn = await createUserSession(
      { request: new Request("http://localhost/login", { method: "POST" }), context: {} },
      admin.id,
      "/home",
    );
    const cookie = (signedIn.headers.get("Set-Cookie") ?? "").split(";")[0];
    if (!cookie) throw new Error("no session cookie");

    const { dataAreaLoader } = await import("../../app/routes/backoffice/-server/data-area.server");
    const { userListLoader } = await import("../../app/routes/admin/-server/users.server");
    type Loader = (args: never) => Promise<unknown>;
    const userList = { loader: (({ request }: { request: Request }) => userListLoader({ request, context: {} })) as Loader };
    const dataArea = {
      loader: (async (args: { request: Request }) =>
        dataAreaLoader(Object.values(dataAreas).find((a) => a.path === new URL(args.request.url).pathname)!)(args as never)) as Loader,
    };
    const time = async (loader: Loader, url: string) => {
      const run = async () => {
        const start = performance.now();
        const result = await loader({
          request: new Request(`http://localhost${url}`, { headers: { Cookie: cookie } }),
          params: {},
          context: {},
        } as never);
        if (result instanceof Response && result.status >= 300) throw new Error(`${url}: ${result.status}`);
        return performance.now() - start;
      };
      await run(); // warm-up
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) samples.push(await run());
      return percentiles(samples);
    };

    const results: { url: string; p50: number; p95: number }[] = [];
    const measure = async (loader: Loader, url: string) => {
      const { p50, p95 } = await time(loader, url);
      results.push({ url, p50, p95 });
      log(`${url.padEnd(52)} p50 ${ms(p50).padStart(10)}  p95 ${ms(p95).padStart(10)}${p50 >= BUDGET_MS ? "  OVER" : ""}`);
    };
    const lastPage = (total: number, size = 10) => Math.max(1, Math.ceil(total / size));

    log(
      `load before: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")} (${os.cpus().length} cores, shared)`,
    );
    const users = Number((await db.client.query(`SELECT count(*) AS n FROM users`)).rows[0].n);
    await measure(userList.loader, "/userList");
    await measure(userList.loader, "/userList?q=bench");
    await measure(userList.loader, `/userList?page=${lastPage(users)}`);
    for (const area of Object.values(dataAreas)) {
      const total = Number((await db.client.query(`SELECT count(*) AS n FROM "${sqlTable(area.model)}"`)).rows[0].n);
      const open = area.dateFilter ? "from=&to=&" : "";
      await measure(dataArea.loader, area.path);
      const filter = area.filters[0];
      if (filter) {
        const value =
          filter.kind === "select"
            ? String(
                (
                  await db.client.query(
                    `SELECT "${sqlColumn(area.model, filter.field)}" AS v FROM "${sqlTable(area.model)}" WHERE "${sqlColumn(area.model, filter.field)}" IS NOT NULL LIMIT 1`,
                  )
                ).rows[0]?.v ?? "a",
              )
            : "an";
        await measure(dataArea.loader, `${area.path}?${open}${filter.param}=${encodeURIComponent(value)}`);
        // Typed text (the type-ahead's text filter): "contains".
        if (filter.kind === "select")
          await measure(dataArea.loader, `${area.path}?${open}${filter.param}=${encodeURIComponent(value.slice(0, 3))}`);
      }
      await measure(dataArea.loader, `${area.path}?${open}page=${lastPage(total)}`);
    }
    // The operation log with as many rows as a rate table, searched by a label shown (issue 22 item 12).
    const { logOperation } = await import("../../app/domain/operation-log/operation-log.server");
    const adminViewer = await prisma.user.findFirstOrThrow({ where: { id: admin.id }, select: { id: true, username: true } });
    await prisma.$transaction((tx) =>
      logOperation(tx, adminViewer, {
        module: "edit",
        operation: "fclRates",
        targetIds: 1,
        before: { pol: "NINGBO" },
        after: { pol: "SHANGHAI" },
      }),
    );
    await fill(db.client, "operation_logs", RATE_ROWS);
    const { loader: logLoader } = {
      loader: (async ({ request }: { request: Request }) => {
        const { requireOperation } = await import("../../app/http/auth.server");
        const { listOperationLogs, operationLogTable } = await import("../../app/domain/logs/logs.server");
        const { parseTableQuery } = await import("../../app/domain/table/paging.server");
        const viewer = await requireOperation({ request, context: {} }, "logs.operation.read");
        return listOperationLogs(viewer, parseTableQuery(request, operationLogTable));
      }) as Loader,
    };
    await measure(logLoader, "/log-list");
    await measure(logLoader, `/log-list?q=${encodeURIComponent("海运整箱")}`);
    await measure(logLoader, `/log-list?q=${encodeURIComponent("shanghai")}&from=&to=`);
    log(
      `load after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    const over = results.filter((r) => r.p50 >= BUDGET_MS);
    const slowest = [...results].sort((a, b) => b.p50 - a.p50)[0];
    if (!process.env.RATE_ROWS && !process.env.USERS && !process.env.REFERENCE_ROWS)
      recordResults("bench:backoffice", [
        {
          metric: `back-office lists, ${USERS.toLocaleString("en")} users, ${RATE_ROWS.toLocaleString("en")} rows per area: ${results.length} pages, p50`,
          target: `< ${BUDGET_MS} ms`,
          value: over.length
            ? `over: ${over.map((r) => `${r.url} ${r.p50.toFixed(0)} ms`).join(", ")}`
            : `all; slowest ${slowest.url} ${slowest.p50.toFixed(0)} ms`,
          met: over.length === 0,
        },
      ]);
    if (over.length) {
      log(`OVER ${BUDGET_MS} ms (p50): ${over.map((r) => r.url).join(", ")}`);
      process.exitCode = 1;
    } else log(`every page under ${BUDGET_MS} ms (p50)`);
  } finally {
    await db.close();
  }
}

runBench(main);
