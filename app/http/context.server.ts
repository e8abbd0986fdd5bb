// One context per HTTP request: who asks (the session), in which language,
// and which data versions the request's cached reads are tagged with,
// each resolved once, by whichever loader asks first, and handed down.
//
// The server makes the context with every request (server/app.js calls
// `createLoadContext`, which the build's entry exports, as Remix's
// getLoadContext); Remix passes that one object to the root loader, the
// page's loader, the action and the document's render, so what one resolved
// the others reuse. A request called without it (tests calling a loader
// directly) gets one made on first use, on the context object it was given.
//
// An action's lookups are its own (kept for its request alone), so the loaders
// Remix runs after a form's action (with a GET copy of the request) read the
// session, language and versions the action may have changed, once.
import type { AppLoadContext } from "@remix-run/node";
import { readSession, type SessionLookup } from "~/domain/accounts/session.server";
import { detectLanguage } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/config";
import { readVersions, type Versions } from "~/utils/data-cache.server";
import { getCookieSession } from "./cookies.server";

/** What loaders, actions and the API's handlers are called with (Remix's arguments). */
export type RequestArgs = { request: Request; context: AppLoadContext };

/** What one request resolved so far. */
export type RequestState = {
  session?: Promise<SessionLookup>;
  language?: Promise<Language>;
  versions?: Promise<Versions>;
};

/**
 * The load context of a request (server/app.js, through the build's entry):
 * its CSP nonce and client address, the process's data versions, and the
 * request's own state.
 */
export function createLoadContext(options: {
  cspNonce?: string;
  clientAddress?: string;
  dataVersions?: () => Versions | null;
}): AppLoadContext {
  return { ...options, requestState: {} };
}

const reads = (request: Request) => request.method === "GET" || request.method === "HEAD";

/** The request's state: the context's own for reads, the action's own for its request. */
function stateOf({ request, context }: RequestArgs): RequestState {
  if (!reads(request)) {
    if (context.actionState?.request !== request) context.actionState = { request, state: {} };
    return context.actionState.state;
  }
  // Called without the server's context (a test calling a loader): made on first use.
  return (context.requestState ??= {});
}

/** `Authorization: Bearer <token>` or the bare token (the old client sent it as is). */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization")?.trim();
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const token = match ? match[1] : header;
  return /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null;
}

/**
 * The session of a request, looked up once. Pages carry it in the signed
 * cookie; the legacy JSON API (its dispatcher passes `from: "token"`) only in
 * the Authorization header, never the cookie. The data versions read with it
 * serve the request's cached reads.
 */
export function sessionOf(args: RequestArgs, from: "cookie" | "token" = "cookie"): Promise<SessionLookup> {
  const state = stateOf(args);
  return (state.session ??= (async () => {
    const sessionId = from === "token" ? bearerToken(args.request) : (await getCookieSession(args.request)).get("sid");
    if (!sessionId) return { state: "none" } as const;
    const { lookup, versions } = await readSession(sessionId);
    if (versions) state.versions ??= Promise.resolve(versions);
    return lookup;
  })());
}

/** The language of a page request (the `lng` parameter, then the cookie, else zh-CN), detected once. */
export function languageOf(args: RequestArgs): Promise<Language> {
  const state = stateOf(args);
  return (state.language ??= detectLanguage(args.request));
}

/**
 * The data versions of a request, read once however many caches it consults:
 * those the session's statement brought (a signed-in user's); else, for a
 * read, the ones this process was last told by PostgreSQL (LISTEN/NOTIFY,
 * server/data-versions.js), as the page cache answers visitors by them,
 * while it knows them; else one statement.
 */
export async function versionsOf(args: RequestArgs): Promise<Versions> {
  const state = stateOf(args);
  // The session first: a signed-in user's statement brings the versions; a visitor's lookup reads nothing.
  await (state.session ?? sessionOf(args)).catch(() => undefined);
  return (state.versions ??= (async () => (reads(args.request) ? args.context.dataVersions?.() : null) ?? readVersions())());
}
