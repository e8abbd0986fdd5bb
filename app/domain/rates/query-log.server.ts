// Query-trace logs (administration.md 2.7): one QueryLog row per search by a
// logged-in user, written in the background with the search history.
import type { ModeDescription } from "~/domain/modes";
import { prisma } from "~/utils/db.server";
import { runInBackground } from "./background.server";
import { saveHistory } from "./history.server";

export type SearchRecord = {
  userId: number;
  mode: ModeDescription;
  /** QueryLog columns (pol, pod, dock, doorPoint, destination, carrier, weight). */
  log: {
    pol?: string;
    pod?: string;
    dock?: string;
    doorPoint?: string;
    destination?: string;
    carrier?: string | null;
    weight?: string;
  };
  history: { from?: string | null; to?: string | null };
};

export async function writeSearchRecord(record: SearchRecord): Promise<void> {
  await prisma.queryLog.create({
    data: { mode: record.mode.enumValue, userId: record.userId, ...record.log, carrier: record.log.carrier ?? null },
  });
  await saveHistory(record.userId, record.mode, record.history);
}

/** Fire-and-forget: the page never waits for, nor fails because of, the log. */
export function recordSearch(record: SearchRecord): void {
  runInBackground(`query log ${record.mode.key}`, () => writeSearchRecord(record));
}
