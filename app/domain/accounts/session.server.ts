// Revocable database sessions behind the signed cookie (and behind API
// tokens): made, read and revoked here; which session a request carries, and
// what a page does about it (redirects, the cookie), is the HTTP layer's
// (app/http/auth.server.ts).
import crypto from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { prepared, prisma, sql, type Prisma } from "~/utils/db.server";
import { VERSIONS_SQL, type Versions } from "~/utils/data-cache.server";
import { toViewer, VIEWER_COLUMNS, type Viewer, type ViewerRow } from "./viewer.server";
import { ACCOUNT_STATE } from "./status";

/** Idle expiry: 10 hours without a request (spec: 36,000,000 ms). */
export const IDLE_TIMEOUT_MS = 36_000_000;
/** Touch the session at most once a minute, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export type SessionKind = "cookie" | "api";

export async function createDbSession(userId: number, request: Request, kind: SessionKind = "cookie", context?: AppLoadContext) {
  const id = crypto.randomBytes(32).toString("base64url");
  const now = new Date();
  await prisma.session.create({
    data: {
      id,
      userId,
      kind,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + IDLE_TIMEOUT_MS),
      ip: clientAddress(request, context),
      userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
    },
  });
  await prisma.user.update({ where: { id: userId }, data: { lastLoginAt: now } });
  return id;
}

/**
 * The client's address. server/app.js puts Express's `req.ip` into the load
 * context (it honours X-Forwarded-For only with TRUST_PROXY=1), so a client
 * cannot pick its own address to dodge rate limits. Without that context
 * (tests, other hosts) the first X-Forwarded-For hop is used.
 */
export function clientAddress(request: Request, context?: AppLoadContext): string | null {
  if (context && typeof context.clientAddress === "string" && context.clientAddress) return context.clientAddress;
  return request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() || request.headers.get("X-Real-IP") || null;
}

export async function revokeSession(sessionId: string) {
  await prisma.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/**
 * Ends every session of a user at once (freezing, password change, deletion);
 * `exceptSessionId` keeps the caller's own session (change of password).
 */
export async function revokeUserSessions(userId: number, options: { exceptSessionId?: string; tx?: Prisma.TransactionClient } = {}) {
  const client = options.tx ?? prisma;
  await client.session.updateMany({
    where: { userId, revokedAt: null, ...(options.exceptSessionId ? { id: { not: options.exceptSessionId } } : {}) },
    data: { revokedAt: new Date() },
  });
}

export type SessionLookup =
  { state: "none" } | { state: "active"; sessionId: string; viewer: Viewer } | { state: "expired" } | { state: "frozen"; userId: number };

type SessionRow = ViewerRow & {
  session_id: string;
  revoked_at: Date | null;
  expires_at: Date;
  last_seen_at: Date;
  versions: Versions | null;
};

/**
 * Resolve a session id (from the cookie or an API token) to its user: the
 * session, its user with role, permissions and menus, and the data versions
 * (app/utils/data-cache.server.ts), in one statement.
 */
const SESSION_STATEMENT = prepared(
  `SELECT se.id AS session_id, se.revoked_at, se.expires_at, se.last_seen_at, ${VIEWER_COLUMNS}, (${VERSIONS_SQL}) AS versions
   FROM sessions se JOIN users u ON u.id = se.user_id JOIN roles r ON r.id = u.role_id
   WHERE se.id = $1`,
);

/**
 * The session `sessionId` names, with the data versions read in the same
 * statement (null when the session is not active). A frozen account's
 * sessions are revoked, an expired session is; an active one is touched at
 * most once a minute (idle expiry).
 */
export async function readSession(sessionId: string): Promise<{ lookup: SessionLookup; versions: Versions | null }> {
  const [row] = await sql<SessionRow>(SESSION_STATEMENT, [sessionId]);
  const now = Date.now();
  // A frozen account is told so on its next request, even though freezing
  // already revoked this session (administration 2.1 revokes in the same
  // transaction): otherwise it would silently become a visitor.
  if (row && row.state === ACCOUNT_STATE.frozen) {
    await revokeUserSessions(row.id);
    return { lookup: { state: "frozen", userId: row.id }, versions: null };
  }
  if (!row || row.revoked_at) return { lookup: { state: "none" }, versions: row?.versions ?? null };
  if (row.expires_at.getTime() <= now) {
    await revokeSession(row.session_id);
    return { lookup: { state: "expired" }, versions: null };
  }
  const viewer = toViewer(row);
  if (now - row.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
    await prisma.session.update({
      where: { id: row.session_id },
      data: { lastSeenAt: new Date(now), expiresAt: new Date(now + IDLE_TIMEOUT_MS) },
    });
  }
  return { lookup: { state: "active", sessionId: row.session_id, viewer }, versions: row.versions };
}
