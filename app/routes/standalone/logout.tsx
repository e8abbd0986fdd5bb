import { getSessionId, runAction } from "~/http/auth.server";
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { revokeSession } from "~/domain/accounts/session.server";
import { getCookieSession, sessionStorage } from "~/http/cookies.server";

const LOGOUT = { "*": "session.logout" } as const;

/** Logout revokes the database session, clears the cookie and goes to /home. */
export const action = (args: ActionFunctionArgs) =>
  runAction(args, LOGOUT, async ({ request, context }, gate) => {
    await gate.authorize();
    const sessionId = await getSessionId({ request, context });
    if (sessionId) await revokeSession(sessionId);
    const session = await getCookieSession(request);
    session.unset("sid");
    session.flash("message", { type: "success", key: "common.messages.logoutSuccess" });
    return redirect("/home", { headers: { "Set-Cookie": await sessionStorage().commitSession(session) } });
  });

// Logging out changes state: never on GET.
export const loader = () => redirect("/home");
