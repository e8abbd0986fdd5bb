// Database helpers for tests running in a vitest worker. Each test file has
// its own database, cloned from the migrated and seeded template by
// tests/setup/setup-file.ts; process.env.DATABASE_URL points at it.
import type pg from "pg";
import { inject } from "vitest";
import { createDatabaseFromTemplate, databaseNameOf, dropDatabase, withClient, type TestDatabaseInfo } from "./pg";

export { allowConsoleError } from "./console";

export function testDatabaseInfo(): TestDatabaseInfo {
  return inject("testDatabase");
}

/** URL of this test file's own database. */
export function currentDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: is tests/setup/setup-file.ts configured in vitest.config.ts?");
  return url;
}

/**
 * Puts this test file's database back to the seeded state: disconnects the
 * app's Prisma client, drops the database and clones the template again
 * under the same name (so DATABASE_URL stays valid; the client reconnects on
 * its next query).
 */
export async function resetDatabase(): Promise<void> {
  const { prisma } = await import("~/utils/db.server");
  await prisma.$disconnect();
  const { adminUrl, templateDatabase } = testDatabaseInfo();
  const name = databaseNameOf(currentDatabaseUrl());
  await dropDatabase(adminUrl, name);
  await createDatabaseFromTemplate(adminUrl, name, templateDatabase);
}

/** Runs raw SQL against this test file's database with a short-lived pg client. */
export async function withTestDb<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  return withClient(currentDatabaseUrl(), fn);
}
