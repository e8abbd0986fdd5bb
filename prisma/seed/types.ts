import type { Prisma } from "../../app/generated/prisma/client.ts";

/** The transaction client every seed module writes through. */
export type Tx = Prisma.TransactionClient;
