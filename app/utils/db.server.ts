import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "~/generated/prisma/client";
import { env } from "./env.server";

// One client per process (kept on globalThis so dev rebuilds reuse it).
const globalStore = globalThis as unknown as { __prisma?: PrismaClient };

export const prisma: PrismaClient =
  globalStore.__prisma ??
  (globalStore.__prisma = new PrismaClient({
    adapter: new PrismaPg({ connectionString: env().DATABASE_URL, max: 10 }),
  }));

export { Prisma } from "~/generated/prisma/client";
