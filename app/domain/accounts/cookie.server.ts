import type { TranslationKey } from "~/i18n/keys";
import { createCookieSessionStorage } from "@remix-run/node";
import { env, secureCookies } from "~/utils/env.server";

/**
 * The signed cookie holds only the id of a database session (revocable) and
 * one-shot flash messages. Without maxAge it ends with the browser session,
 * like the legacy token kept in session storage.
 */
export type FlashMessage = {
  type: "success" | "info" | "warning" | "error";
  key: TranslationKey;
  values?: Record<string, string | number>;
};
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

export async function getCookieSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/** Flash a translated message (by key) to the next page the user sees. */
export async function flash(request: Request, message: FlashMessage, init: { headers?: Headers } = {}) {
  const session = await getCookieSession(request);
  session.flash("message", message);
  const headers = init.headers ?? new Headers();
  headers.append("Set-Cookie", await sessionStorage().commitSession(session));
  return headers;
}
