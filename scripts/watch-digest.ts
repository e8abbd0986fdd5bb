// Runs today's lane-watch digest now (what a server process does once a day
// from WATCH_DIGEST_HOUR): `npm run watch:digest` against DATABASE_URL, e.g.
// from cron on a host where no server runs (WATCH_DIGEST=0). A second run on
// the same Shanghai day sends nothing. Prints what it did.
import { runWatchDigest } from "../app/domain/watches/digest.server";
import { prisma } from "../app/utils/db.server";

const started = Date.now();
runWatchDigest()
  .then(async (report) => {
    console.log(
      report.ran
        ? `[watch-digest] ${report.day}: ${report.watches} watches, ${report.news} with news, ${report.mails} mails queued in ${Date.now() - started} ms`
        : `[watch-digest] ${report.day}: already run today, nothing sent`,
    );
    await prisma.$disconnect();
    process.exit(0);
  })
  .catch((error) => {
    console.error("[watch-digest] failed:", error);
    process.exit(1);
  });
