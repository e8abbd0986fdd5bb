// The authentication and authorization gate every loader and action goes
// through: who the request's session is (app/http/context.server.ts), where a
// visitor or a frozen account is sent, and the operation registry's answer
// (domain/permissions/operations.server.ts) as a reply: a redirect or a 403.
// The domain decides; this module turns its decisions into HTTP.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { createDbSession } from "~/domain/accounts/session.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { checkOperation, isOperation, mayPerform, OPERATIONS, type OperationId } from "~/domain/permissions/operations.server";
import { hasBackOffice } from "~/domain/permissions/permissions.server";
import { getCookieSession, sessionStorage } from "./cookies.server";
import { sessionOf, type RequestArgs } from "./context.server";

/** Sign in: a new database session, its id in the cookie, then redirect. */
export async function createUserSession(args: RequestArgs, userId: number, redirectTo: string, init: { headers?: Headers } = {}) {
  const sessionId = await createDbSession(userId, args.request, "cookie", args.context);
  const cookieSession = await getCookieSession(args.request);
  cookieSession.set("sid", sessionId);
  cookieSession.unset("frozen");
  const headers = init.headers ?? new Headers();
  headers.append("Set-Cookie", await sessionStorage().commitSession(cookieSession));
  return redirect(redirectTo, { headers });
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
export async function getViewer(args: RequestArgs): Promise<Viewer | null> {
  const result = await sessionOf(args);
  if (result.state === "active") return result.viewer;
  if (result.state === "frozen") throw await frozenRedirect(args.request, result.userId);
  return null;
}

/** Pages that need a session send visitors to /home (spec 2.1). */
export async function requireViewer(args: RequestArgs): Promise<Viewer> {
  const viewer = await getViewer(args);
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
export async function requireStaffViewer(args: RequestArgs): Promise<Viewer> {
  const viewer = await getViewer(args);
  if (!viewer) throw loginRedirect(args.request);
  return viewer;
}

export async function getSessionId(args: RequestArgs): Promise<string | null> {
  const result = await sessionOf(args);
  return result.state === "active" ? result.sessionId : null;
}

/** A refused request (403): the error boundary shows the translated refusal. */
export function forbidden(): Response {
  return new Response("Forbidden", { status: 403, statusText: "Forbidden" });
}

/** Staff only: a user whose menu list has no entry with a parent gets 403. */
export async function requireBackOffice(args: RequestArgs): Promise<Viewer> {
  const viewer = await requireStaffViewer(args);
  if (!hasBackOffice(viewer)) throw forbidden();
  return viewer;
}

/** Loaders: the signed-in viewer who may perform `id`; visitors go to /home (staff screens: to login and back), others get 403. */
export async function requireOperation(args: RequestArgs, id: OperationId): Promise<Viewer> {
  // Staff screens: a visitor signs in and comes back (issue 22 item 8).
  const viewer = OPERATIONS[id].who === "staff" ? await requireStaffViewer(args) : await requireViewer(args);
  if (!(await checkOperation(viewer, id))) throw forbidden();
  return viewer;
}

// ---------------------------------------------------------------- page actions

/**
 * The operations an action declared, by request. Route modules wrap their
 * action in a plain function (the browser build drops it; a call at module
 * level would survive tree-shaking), so a test finds the declaration by
 * calling the action and asking here.
 */
const declaredFor = new WeakMap<Request, DeclaredOperations>();

export function declaredOperations(request: Request): DeclaredOperations | undefined {
  return declaredFor.get(request);
}

/** Intent (the form's `intent` field) → the operation it performs; `*` for actions without intents. */
export type DeclaredOperations = Readonly<Record<string, OperationId>>;

export type OperationGate = {
  /** The viewer (null for a visitor on a public action). */
  readonly viewer: Viewer | null;
  /**
   * Authorizes the operation declared for `intent` (400 for an intent not
   * declared, 403 when the viewer may not) and returns the viewer.
   */
  authorize(intent?: string): Promise<Viewer | null>;
  /** The same, for a staff or signed-in operation: the viewer is never null. */
  authorizeUser(intent?: string): Promise<Viewer>;
};

type ActionFn<T> = (args: ActionFunctionArgs, gate: OperationGate) => Promise<T>;

export type DeclaredAction<T> = ((args: ActionFunctionArgs) => Promise<T>) & { readonly operations: DeclaredOperations };

function isSuccess(result: unknown): boolean {
  if (result instanceof Response) return result.status < 400;
  const init =
    (result as { type?: string; init?: ResponseInit | null } | null)?.type === "DataWithResponseInit"
      ? (result as { init?: ResponseInit | null }).init
      : null;
  return (init?.status ?? 200) < 400;
}

/**
 * A route action that declares the operations it performs (intent → id). The
 * declaration is attached to the function (`action.operations`) and recorded
 * per request (`declaredOperations`), so a test enumerating the route tree
 * sees what every action does. Staff screens are
 * gated before the body is read: the viewer must be able to perform at least
 * one declared operation. The handler authorizes the exact operation of the
 * submitted intent with `gate.authorize(intent)`, before it validates; an
 * action that ends in success without doing so is a programming error (500).
 */
export function operationAction<T>(declared: DeclaredOperations, handler: ActionFn<T>): DeclaredAction<T> {
  const ids = Object.values(declared);
  for (const id of ids) if (!isOperation(id)) throw new Error(`operationAction: unknown operation ${id}`);
  const staffOnly = ids.every((id) => OPERATIONS[id].who === "staff");
  const needsSession = ids.some((id) => OPERATIONS[id].who !== "anyone");
  const action = async (args: ActionFunctionArgs): Promise<T> => {
    declaredFor.set(args.request, declared);
    let viewer: Viewer | null = null;
    if (staffOnly) {
      viewer = await requireStaffViewer(args);
      if (!ids.some((id) => mayPerform(viewer, id))) throw forbidden();
    } else if (needsSession) {
      // The handler words a visitor's or frozen account's refusal (its own requireViewer, the booking gate).
      const session = await sessionOf(args);
      viewer = session.state === "active" ? session.viewer : null;
    }
    let authorized = false;
    const authorize = async (intent = "*"): Promise<Viewer | null> => {
      const id = declared[intent];
      if (!id) throw new Response("Bad Request", { status: 400, statusText: "Bad Request" });
      if (!(await checkOperation(viewer, id))) {
        if (!viewer && OPERATIONS[id].who !== "anyone") throw redirect("/home");
        throw forbidden();
      }
      authorized = true;
      return viewer;
    };
    const gate: OperationGate = {
      viewer,
      authorize,
      async authorizeUser(intent) {
        const who = await authorize(intent);
        if (!who) throw redirect("/home");
        return who;
      },
    };
    const result = await handler(args, gate);
    if (!authorized && isSuccess(result))
      throw new Error(`action ${new URL(args.request.url).pathname} succeeded without authorizing an operation`);
    return result;
  };
  return Object.assign(action, { operations: declared });
}

/**
 * Runs `handler` as an action declaring `declared`, for route modules: the
 * call stays inside the exported arrow function, which the browser build
 * drops (a module-level call into a .server module would survive there).
 *   export const action = (args: ActionFunctionArgs) => runAction(args, INTENTS, async ({ request }, gate) => { ... });
 */
export function runAction<T>(args: ActionFunctionArgs, declared: DeclaredOperations, handler: ActionFn<T>): Promise<T> {
  return operationAction(declared, handler)(args);
}
