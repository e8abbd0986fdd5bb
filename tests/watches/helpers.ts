// Lane-watch test helpers (issue 25 item 4): watches made through the domain
// service, the digest run on a given Shanghai day, the digest mails.
import { loadViewer } from "~/domain/accounts/viewer.server";
import { runWatchDigest } from "~/domain/watches/digest.server";
import { addWatch } from "~/domain/watches/watches.server";
import { prisma } from "~/utils/db.server";

export const FCL_LANE = { mode: "fcl", pol: "SHANGHAI", pod: "BATAM" } as const;
/** The rows of the watched FCL lane, as the digest's SQL selects them. */
export const FCL_LANE_SQL = "pol = 'SHANGHAI' AND pod = 'BATAM'";

export const userId = async (email: string) => (await prisma.user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;

export async function watch(email: string, lane: { mode: string; pol: string; pod: string } = FCL_LANE, lng = "zh-CN") {
  const viewer = await loadViewer(await userId(email));
  const outcome = await addWatch(viewer!, { ...lane, lng });
  if (!outcome.ok) throw new Error(`addWatch refused: ${outcome.message}`);
  return outcome.id;
}

/** Noon in Shanghai, `days` after today: each call a new digest day. */
export function dayAfter(days: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, 4, 0, 0));
}

export const digestOn = (days: number) => runWatchDigest(dayAfter(days));

/** A digest day no test of the file has run yet (the run is claimed per day). */
let lastDay = 0;
export const newDay = () => ++lastDay;

export const digestMails = (email: string) =>
  prisma.emailOutbox.findMany({ where: { kind: "watch_digest", toAddress: email }, orderBy: { id: "asc" } });

/** The lowest T0, T1 and T2 20GP prices of the FCL lane today (strings as PostgreSQL prints them). */
export async function lowestFcl(): Promise<{ t0: string; t1: string; t2: string }> {
  const [row] = await prisma.$queryRawUnsafe<{ t0: string; t1: string; t2: string }[]>(
    `SELECT min(gp20_t0)::text AS t0, min(gp20_t1)::text AS t1, min(gp20_t2)::text AS t2 FROM fcl_rates WHERE ${FCL_LANE_SQL} AND NOT paused`,
  );
  return row;
}
