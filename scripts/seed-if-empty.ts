// Seeds the demo data into an empty database (used by `npm start`).
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../app/generated/prisma/client.ts";
import { isDatabaseEmpty, seedDemoData } from "../prisma/seed/index.ts";

const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL }) });
try {
  if (await isDatabaseEmpty(prisma)) {
    const started = Date.now();
    await seedDemoData(prisma, { log: (line: string) => console.log(`[seed] ${line}`) });
    console.log(`[seed] demo data seeded in ${Date.now() - started} ms`);
  }
} finally {
  await prisma.$disconnect();
}
