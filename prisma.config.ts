// Prisma 7 reads the database URL from here, not from schema.prisma.
// `npm run prisma -- <command>` (scripts/prisma.mjs) fills DATABASE_URL from the
// embedded PostgreSQL when it is not set, so commands work on a fresh machine.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: {
    path: "prisma/migrations",
    seed: "tsx prisma/seed.ts",
  },
  datasource: {
    // generate/validate need no database: a placeholder keeps them offline.
    url: process.env.DATABASE_URL ?? "postgresql://localhost:5433/freight",
    shadowDatabaseUrl: process.env.SHADOW_DATABASE_URL,
  },
});
