import { runAction } from "~/http/auth.server";
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { languageCookie } from "~/i18n/i18n.server";
import { isLanguage } from "~/i18n/config";
import { safeRedirect } from "~/utils/redirect";
import { readFormData } from "~/utils/form-data.server";

const LANGUAGE = { "*": "session.language" } as const;

/** No-JS language switch: POST lng, get the cookie, go back to the page. */
export const action = (args: ActionFunctionArgs) =>
  runAction(args, LANGUAGE, async ({ request }, gate) => {
    await gate.authorize();
    const form = await readFormData(request);
    const lng = form.get("lng");
    const redirectTo = safeRedirect(form.get("redirectTo"));
    if (!isLanguage(lng)) return redirect(redirectTo);
    return redirect(redirectTo, { headers: { "Set-Cookie": await languageCookie.serialize(lng) } });
  });

export const loader = () => redirect("/home");
