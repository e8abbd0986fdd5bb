import { prisma } from "~/utils/db.server";

/** Liveness and database reachability, for load balancers and tests. */
export async function loader() {
  await prisma.$queryRaw`SELECT 1`;
  return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
