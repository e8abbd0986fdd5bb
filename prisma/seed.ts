// `prisma db seed` entry point (tsx prisma/seed.ts, with DATABASE_URL set).
// Seeds the demo data into an empty database; a database that already has
// users is left alone. `--reset` first empties every application table
// (for development databases only). Imported as a module, it only exports
// the seed functions (the work lives in prisma/seed/index.ts).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../app/generated/prisma/client.ts";
import { isDatabaseEmpty, seedDemoData } from "./seed/index.ts";
import { truncateAllTables } from "./seed/reset.ts";

export { DEMO_PASSWORD, isDatabaseEmpty, seedDemoData, type SeedOptions } from "./seed/index.ts";

async function main() {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set");
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString }) });
  try {
    if (process.argv.includes("--reset")) {
      console.log("Emptying all tables (--reset)");
      await truncateAllTables(prisma);
    }
    if (!(await isDatabaseEmpty(prisma))) {
      console.log("The database already has users: demo seed skipped (use --reset to start over).");
      return;
    }
    await seedDemoData(prisma, { log: (s) => console.log(s) });
  } finally {
    await prisma.$disconnect();
  }
}

const runAsScript = process.argv[1] != null && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (runAsScript) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
