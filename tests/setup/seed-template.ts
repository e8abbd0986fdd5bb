// Seeds the test template database (DATABASE_URL) with the demo data, using
// the real today so rate validity windows are current. Run by the global
// setup: `tsx tests/setup/seed-template.ts`.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../app/generated/prisma/client";
import { seedDemoData } from "../../prisma/seed/index";

const connectionString = process.env.DATABASE_URL;
if (!connectionString) {
  console.error("seed-template: DATABASE_URL is not set");
  process.exit(1);
}

const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString }) });
try {
  await seedDemoData(prisma, { log: (line) => console.log(`[seed] ${line}`) });
} finally {
  await prisma.$disconnect();
}
