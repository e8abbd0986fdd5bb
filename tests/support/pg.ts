// Plain PostgreSQL helpers for the test harness (no vitest or app imports:
// used by the global setup in the main process and by the workers).
import pg from "pg";

/** What the global setup hands to every worker (vitest `provide`/`inject`). */
export type TestDatabaseInfo = {
  /** URL of the server's `postgres` database (for CREATE/DROP DATABASE). */
  adminUrl: string;
  /** Migrated and seeded database every test database is cloned from. */
  templateDatabase: string;
  port: number;
};

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

export const TEMPLATE_DATABASE = "freight_template";

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The URL of another database on the same server. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

export function databaseNameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ""));
}

export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * CREATE DATABASE name TEMPLATE template. PostgreSQL refuses while anyone is
 * connected to the template (SQLSTATE 55006): retry for a few seconds.
 */
export async function createDatabaseFromTemplate(adminUrl: string, name: string, template: string): Promise<string> {
  await withClient(adminUrl, async (client) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== "55006" || attempt >= 100) throw error;
        await sleep(100);
      }
    }
  });
  return databaseUrl(adminUrl, name);
}

export async function createEmptyDatabase(adminUrl: string, name: string): Promise<string> {
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${quoteIdent(name)}`));
  return databaseUrl(adminUrl, name);
}

/** Drops a database, ending its open connections (PostgreSQL 13+). */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
}
