// The signed session cookie (the HTTP side of accounts: which database session
// a browser carries, and its flash messages).
import type { FlashMessage } from "~/domain/outcome";
import { createCookieSessionStorage, createSession, type Session } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { env, secureCookies } from "~/utils/env.server";

export type { FlashMessage };

// The signed cookie holds only the id of a database session (revocable) and
// one-shot flash messages. Without maxAge it ends with the browser session,
// like the legacy token kept in session storage.
/**
 * `sid`: the database session. `frozen`: the id of an account that was found
 * frozen (its sessions revoked), so /freeze can name its customer service;
 * it signs nobody in.
 */
type SessionData = { sid: string; frozen: number };
type FlashData = { message: FlashMessage };

let storage: ReturnType<typeof createCookieSessionStorage<SessionData, FlashData>> | undefined;

export function sessionStorage() {
  if (!storage) {
    const secure = secureCookies();
    storage = createCookieSessionStorage<SessionData, FlashData>({
      cookie: {
        // __Host- pins the cookie to this host over HTTPS (production only).
        name: secure ? "__Host-session" : "session",
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure,
        secrets: env().SESSION_SECRET.split(","),
      },
    });
  }
  return storage;
}

/**
 * What a Cookie header's signed session says, by the header's text: checking
 * the signature (Web Crypto's HMAC, on the thread pool) ran twice on every
 * page of a signed-in user (the root loader and the session lookup). The
 * answer for a header never changes while the secrets do not, so it is kept
 * per process (bounded); each caller still gets a Session of its own
 * (flash reads and sets change only that copy). Decision 608.
 */
const parsedHeaders = new LRUCache<string, Session<SessionData, FlashData>["data"]>({ max: 5_000 });

export async function getCookieSession(request: Request) {
  const header = request.headers.get("Cookie");
  if (!header) return sessionStorage().getSession(null);
  const known = parsedHeaders.get(header);
  if (known) return createSession<SessionData, FlashData>({ ...known } as SessionData);
  const session = await sessionStorage().getSession(header);
  parsedHeaders.set(header, { ...session.data });
  return session;
}

/** Flash a translated message (by key) to the next page the user sees. */
export async function flash(request: Request, message: FlashMessage, init: { headers?: Headers } = {}) {
  const session = await getCookieSession(request);
  session.flash("message", message);
  const headers = init.headers ?? new Headers();
  headers.append("Set-Cookie", await sessionStorage().commitSession(session));
  return headers;
}
