// Rolls the query-trace logs up for the insights dashboard now (what the
// server does every ten minutes): `npm run insights:refresh` against
// DATABASE_URL, e.g. from cron on a host where no server runs, or after a
// restore. Prints the rollup rows written.
import { refreshInsights } from "../app/domain/insights/rollup.server";
import { prisma } from "../app/utils/db.server";

const started = Date.now();
refreshInsights()
  .then(async (rows) => {
    console.log(`[insights] rolled up ${rows} rows in ${Date.now() - started} ms`);
    await prisma.$disconnect();
    process.exit(0);
  })
  .catch((error) => {
    console.error("[insights] refresh failed:", error);
    process.exit(1);
  });
