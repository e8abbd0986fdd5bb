// Revocable database sessions behind the signed cookie (and behind API tokens).
import crypto from "node:crypto";
import { redirect, type AppLoadContext } from "@remix-run/node";
import { prepared, prisma, sql, type Prisma } from "~/utils/db.server";
import { requestVersions, VERSIONS_SQL, type Versions } from "~/utils/data-cache.server";
import { getCookieSession, sessionStorage } from "./cookie.server";
import { toViewer, VIEWER_COLUMNS, type Viewer, type ViewerRow } from "./viewer.server";
import { bearerToken, isApiPath } from "~/api/prefixes";
import { requestMemo } from "~/utils/server-timing.server";
import { ACCOUNT_STATE } from "~/domain/users/status";
import type { ModeDescription } from "~/domain/modes";
import { keepPageReads, pageReadsMode, PAGE_READS, type PageReadsRow } from "~/domain/rates/viewer-reads.server";

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

/** Sign in: a new database session, its id in the cookie, then redirect. */
export async function createUserSession(
  request: Request,
  userId: number,
  redirectTo: string,
  init: { context?: AppLoadContext; headers?: Headers } = {},
) {
  const sessionId = await createDbSession(userId, request, "cookie", init.context);
  const cookieSession = await getCookieSession(request);
  cookieSession.set("sid", sessionId);
  cookieSession.unset("frozen");
  const headers = init.headers ?? new Headers();
  headers.append("Set-Cookie", await sessionStorage().commitSession(cookieSession));
  return redirect(redirectTo, { headers });
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

/**
 * The client's address. server/index.js puts Express's `req.ip` into the load
 * context (it honours X-Forwarded-For only with TRUST_PROXY=1), so a client
 * cannot pick its own address to dodge rate limits. Without that context
 * (tests, other hosts) the first X-Forwarded-For hop is used.
 */
export function clientAddress(request: Request, context?: AppLoadContext): string | null {
  if (context && typeof context.clientAddress === "string" && context.clientAddress) return context.clientAddress;
  return request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() || request.headers.get("X-Real-IP") || null;
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
 * (app/utils/data-cache.server.ts), in one statement; on a page load of a
 * results page or /home also the user's own reads of that page's mode
 * (domain/rates/viewer-reads.server.ts: contacts, history, watched lanes),
 * one statement instead of two.
 */
const sessionSql = (page: { columns: string; joins: string } | null) =>
  `SELECT se.id AS session_id, se.revoked_at, se.expires_at, se.last_seen_at, ${VIEWER_COLUMNS}, (${VERSIONS_SQL}) AS versions${page ? `, ${page.columns}` : ""}
   FROM sessions se JOIN users u ON u.id = se.user_id JOIN roles r ON r.id = u.role_id ${page ? page.joins : ""}
   WHERE se.id = $1`;
const SESSION_STATEMENT = prepared(sessionSql(null));
const SESSION_WITH_PAGE_READS = prepared(sessionSql(PAGE_READS));

async function readSession(
  sessionId: string,
  page: { request: Request; mode: ModeDescription } | null,
): Promise<{ lookup: SessionLookup; versions: Versions | null }> {
  const [row] = page
    ? await sql<SessionRow & PageReadsRow>(SESSION_WITH_PAGE_READS, [sessionId, page.mode.enumValue])
    : await sql<SessionRow>(SESSION_STATEMENT, [sessionId]);
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
  if (page) keepPageReads(page.request, viewer.id, page.mode, row as SessionRow & PageReadsRow);
  if (now - row.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
    await prisma.session.update({
      where: { id: row.session_id },
      data: { lastSeenAt: new Date(now), expiresAt: new Date(now + IDLE_TIMEOUT_MS) },
    });
  }
  return { lookup: { state: "active", sessionId: row.session_id, viewer }, versions: row.versions };
}

// One lookup per request, shared by the root loader and the route loaders.
const perRequest = requestMemo<SessionLookup>();

/**
 * The session of a request, looked up once. Pages use the signed cookie; the
 * legacy JSON API (app/api/prefixes.ts) uses only the Authorization token,
 * the same database session, never the cookie. The versions read with it
 * serve the request's cached reads.
 */
export function lookupRequest(request: Request): Promise<SessionLookup> {
  return perRequest(request, async () => {
    const api = isApiPath(new URL(request.url).pathname);
    const sessionId = api ? bearerToken(request) : (await getCookieSession(request)).get("sid");
    if (!sessionId) return { state: "none" } as const;
    const mode = api || request.method !== "GET" ? null : pageReadsMode(request);
    const { lookup, versions } = await readSession(sessionId, mode ? { request, mode } : null);
    // Primes the request's data versions with the ones the session read brought along.
    if (versions) void requestVersions(request, versions);
    return lookup;
  });
}

/**
 * To /freeze, signed out: the cookie forgets the session and remembers only
 * which account was frozen, so the page can say whom to contact.
 */
export async function frozenRedirect(request: Request, userId: number) {
  const cookieSession = await getCookieSession(request);
  cookieSession.unset("sid");
  cookieSession.set("frozen", userId);
  return redirect("/freeze", { headers: { "Set-Cookie": await sessionStorage().commitSession(cookieSession) } });
}

/** The account /freeze speaks about (set by frozenRedirect), if any. */
export async function frozenAccountId(request: Request): Promise<number | null> {
  const id = (await getCookieSession(request)).get("frozen");
  return typeof id === "number" && Number.isInteger(id) ? id : null;
}

/**
 * The signed-in user, or null for visitors. A frozen account is signed out
 * everywhere and sent to /freeze; an expired session is forgotten.
 */
export async function getViewer(request: Request): Promise<Viewer | null> {
  const result = await lookupRequest(request);
  if (result.state === "active") return result.viewer;
  if (result.state === "frozen") throw await frozenRedirect(request, result.userId);
  return null;
}

/** Pages that need a session send visitors to /home (spec 2.1). */
export async function requireViewer(request: Request): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer) throw redirect("/home");
  return viewer;
}

/**
 * Back-office screens send a visitor to the login page and, once signed in,
 * back to the screen asked for (issue 22 item 8: /fclbyseaData?pol=NINGBO).
 * Only a page visit (GET) is remembered; Remix's `_data` is not part of it.
 */
export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  if (request.method !== "GET" && request.method !== "HEAD") return redirect("/login");
  url.searchParams.delete("_data");
  const here = `${url.pathname}${url.search}`;
  return redirect(`/login?redirectTo=${encodeURIComponent(here)}`);
}

/** The signed-in viewer of a back-office screen; visitors go to login and back. */
export async function requireStaffViewer(request: Request): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer) throw loginRedirect(request);
  return viewer;
}

export async function getSessionId(request: Request): Promise<string | null> {
  const result = await lookupRequest(request);
  return result.state === "active" ? result.sessionId : null;
}
