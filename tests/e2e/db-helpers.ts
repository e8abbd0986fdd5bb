// What specs that seed their own data share: a query on the e2e database
// (the embedded PostgreSQL of this worker's server, tests/e2e/servers.ts) and
// a demo account's login (password Demo1234), through the login form with redirectTo.
import pg from "pg";
import type { Page } from "@playwright/test";
import { hydrated, test } from "./fixtures";
import { serverOf } from "./servers";

/** The database of the server this test's worker talks to. */
export function e2eDatabaseUrl(): string {
  return serverOf(test.info().parallelIndex).databaseUrl;
}

export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Logs a demo account in through the login form; resolves once away from /login. */
export async function login(page: Page, email: string, redirectTo = "/home") {
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await hydrated(page);
  await page.getByLabel("邮箱", { exact: true }).fill(email);
  await page.getByLabel("密码", { exact: true }).fill("Demo1234");
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await page.waitForURL((url: URL) => !url.pathname.startsWith("/login"));
}
