// What specs that seed their own data share: a query on the e2e database
// (E2E_PG_PORT, the server's embedded PostgreSQL) and a demo account's login
// (password Demo1234), through the login form with redirectTo.
import pg from "pg";
import type { Page } from "@playwright/test";
import { hydrated } from "./fixtures";

export const E2E_DB_URL = `postgresql://postgres:postgres@127.0.0.1:${process.env.E2E_PG_PORT || "55433"}/freight`;

export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: E2E_DB_URL });
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
