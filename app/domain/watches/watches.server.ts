// A customer's lane watches (issue 25 item 4, docs/decisions/403): add from
// the results page, list and remove in the personal centre and the API,
// remove without login through the signed link of the digest e-mail.
// Returns Outcomes (no Responses).
import crypto from "node:crypto";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { visibleTier } from "~/domain/pricing/visibility";
import { vocabulary } from "~/domain/reference/vocabulary.server";
import { isLanguage, fallbackLanguage } from "~/i18n/config";
import { todayInShanghai } from "~/utils/dates";
import { prepared, prisma, sql } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { fail, type Outcome } from "~/domain/outcome";
import { uniqueViolation } from "~/utils/unique-violation.server";
import { watchLane } from "./lanes.server";
import { fillWatchNow } from "./snapshot.server";

export const MAX_WATCHES = 50;
const PLACE_MAX = 100;
const ERR = "watches.errors";

export type WatchRow = {
  id: number;
  mode: string;
  modeKey: string;
  pol: string;
  pod: string;
  polName: string;
  podName: string;
  createdAt: string;
};

/** The customer's watches, newest first, with the endpoints named in `lng`. */
export async function listWatches(userId: number, lng: string): Promise<WatchRow[]> {
  const rows = await prisma.laneWatch.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map((row) => ({
    id: row.id,
    mode: row.mode,
    modeKey: watchLane(row.mode)?.mode.key ?? row.mode.toLowerCase(),
    pol: row.pol,
    pod: row.pod,
    polName: vocabulary(row.pol, lng),
    podName: vocabulary(row.pod, lng),
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Watches a lane. Only customers who see a tier may (the digest is about
 * their tier's prices); the snapshot starts today, so the first digest
 * reports only what changes after the watch was added.
 */
export async function addWatch(
  viewer: Viewer,
  input: { mode: unknown; pol: unknown; pod: unknown; lng: string },
): Promise<Outcome<{ id: number; existing: boolean }>> {
  // The input first (a message about it whoever asks), then who asks.
  const lane = typeof input.mode === "string" ? watchLane(input.mode) : null;
  if (!lane) return fail(400, `${ERR}.badMode`, { mode: [`${ERR}.badMode`] });
  const pol = typeof input.pol === "string" ? input.pol.trim() : "";
  const pod = typeof input.pod === "string" ? input.pod.trim() : "";
  if (!pol || !pod || pol.length > PLACE_MAX || pod.length > PLACE_MAX) return fail(400, `${ERR}.badLane`, { pol: [`${ERR}.badLane`] });
  if (!visibleTier(viewer)) return fail(403, `${ERR}.noTier`);
  const key = { userId: viewer.id, mode: lane.mode.enumValue, pol, pod };
  const existing = await prisma.laneWatch.findUnique({ where: { userId_mode_pol_pod: key }, select: { id: true } });
  if (existing) return { ok: true, id: existing.id, existing: true };
  if ((await prisma.laneWatch.count({ where: { userId: viewer.id } })) >= MAX_WATCHES) return fail(409, `${ERR}.tooMany`);
  try {
    const id = await prisma.$transaction(async (tx) => {
      const row = await tx.laneWatch.create({
        data: { ...key, language: isLanguage(input.lng) ? input.lng : fallbackLanguage },
        select: { id: true },
      });
      await fillWatchNow(tx, todayInShanghai(), "w.id = $2", [row.id]);
      await tx.$executeRawUnsafe(
        "UPDATE lane_watches w SET last_price = n.price, last_count = n.cnt, last_run_at = now() FROM watch_now n WHERE n.watch_id = w.id AND w.id = $1",
        row.id,
      );
      return row.id;
    });
    return { ok: true, id, existing: false };
  } catch (error) {
    if (!uniqueViolation(error)) throw error;
    const row = await prisma.laneWatch.findUniqueOrThrow({ where: { userId_mode_pol_pod: key }, select: { id: true } });
    return { ok: true, id: row.id, existing: true };
  }
}

/** Removes one of the customer's own watches (404 for anyone else's). */
export async function removeWatch(userId: number, id: number): Promise<Outcome> {
  const { count } = await prisma.laneWatch.deleteMany({ where: { id, userId } });
  return count === 1 ? { ok: true } : fail(404, `${ERR}.notFound`);
}

// ---------------------------------------------------------------- unsubscribe

function signature(watchId: number, userId: number): string {
  return crypto
    .createHmac("sha256", env().SESSION_SECRET)
    .update(`lane-watch-unsubscribe:${watchId}:${userId}`)
    .digest("base64url")
    .slice(0, 32);
}

/** The signed query of a watch's unsubscribe link (the link works without login). */
export function unsubscribeQuery(watchId: number, userId: number): string {
  return `w=${watchId}&s=${signature(watchId, userId)}`;
}

/** The watch a signed link names, if the signature holds and it still exists. */
export async function watchOfLink(w: string | null, s: string | null) {
  if (!w || !/^[1-9]\d{0,9}$/.test(w) || !s || !/^[A-Za-z0-9_-]{32}$/.test(s)) return null;
  const row = await prisma.laneWatch.findUnique({
    where: { id: Number(w) },
    select: { id: true, userId: true, mode: true, pol: true, pod: true },
  });
  if (!row) return null;
  const expected = Buffer.from(signature(row.id, row.userId));
  return crypto.timingSafeEqual(expected, Buffer.from(s)) ? row : null;
}

/** Unsubscribes through a signed link: removes that watch. */
export async function unsubscribeByLink(w: string | null, s: string | null): Promise<Outcome<{ pol: string; pod: string; mode: string }>> {
  const row = await watchOfLink(w, s);
  if (!row) return fail(404, `${ERR}.badLink`);
  await prisma.laneWatch.deleteMany({ where: { id: row.id } });
  return { ok: true, pol: row.pol, pod: row.pod, mode: row.mode };
}

/** The "watch this lane" form of a results page: a customer who sees a tier, on a watchable mode; null for anyone else. */
export type WatchOffer = { mode: string; pol: string; pod: string; watching: boolean };

const WATCHING_STATEMENT = prepared(
  `SELECT 1 FROM lane_watches WHERE user_id = $1 AND mode = $2::transport_mode AND pol = $3 AND pod = $4`,
);

/** Whether the viewer watches a lane (`mode`: the enum value of its mode). */
export type WatchingReader = (viewer: Viewer, lane: { mode: string; pol: string; pod: string }) => Promise<boolean>;

/** Every results page of a customer asks: a prepared statement on the pool, not a Prisma query (decision 608). */
export const readWatching: WatchingReader = async (viewer, lane) =>
  (await sql(WATCHING_STATEMENT, [viewer.id, lane.mode, lane.pol, lane.pod])).length > 0;

/** `watching` reads the watch (a page that reads it with its other reads passes its own: domain/rates/viewer-reads.server.ts). */
export async function watchOffer(
  viewer: Viewer | null,
  modeKey: string,
  pol: string,
  pod: string,
  watching: WatchingReader = readWatching,
): Promise<WatchOffer | null> {
  const lane = watchLane(modeKey);
  if (!viewer || !visibleTier(viewer) || !lane || !pol || !pod) return null;
  return { mode: lane.mode.key, pol, pod, watching: await watching(viewer, { mode: lane.mode.enumValue, pol, pod }) };
}
