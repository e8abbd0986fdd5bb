// /embed/price-request/post (issue 43 item 6): the documented endpoint a plain
// form on another website posts to. The one cross-site POST the portal takes
// (server/csrf.js lets this path through): only with the form token staff
// issued for the site (`site` + `token`, embed.server.ts), or from the
// portal's own pages. The request is a visitor's (held, rate-limited), marked
// with the site. Answers by a 303 to /embed/price-request: the receipt, or the
// form with what was typed and its problems named.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { clientAddress } from "~/domain/accounts/session.server";
import { runAction } from "~/http/auth.server";
import { submitRequestForm } from "~/domain/price-requests/form.server";
import { validEmbedToken } from "~/domain/price-requests/embed.server";
import { isLanguage } from "~/i18n/config";
import { languageOf } from "~/http/context.server";
import { readFormData } from "~/utils/form-data.server";
import { env } from "~/utils/env.server";
import { checkCrossSiteRequest, REFUSED_TEXT } from "../../../server/csrf.js";

export const action = (args: ActionFunctionArgs) =>
  runAction(args, { "*": "request.create" }, async ({ request, context }, gate) => {
    await gate.authorize();
    const form = await readFormData(request);
    const site = form.get("site");
    const settings = env();
    const ours = checkCrossSiteRequest({
      method: request.method,
      headers: request.headers,
      trustProxy: settings.TRUST_PROXY === "1",
      publicUrl: settings.PUBLIC_URL ?? null,
    }).ok;
    if (!validEmbedToken(site, form.get("token")) && !ours)
      return new Response(REFUSED_TEXT, {
        status: 403,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    const typedLng = form.get("lng");
    const lng = isLanguage(typedLng) ? typedLng : await languageOf({ request, context });
    const named = typeof site === "string" && validEmbedToken(site, form.get("token")) ? site : null;
    const outcome = await submitRequestForm(
      { viewer: null, address: clientAddress(request, context), lng, channel: named ? `embed:${named}` : "embed" },
      form,
    );
    const back = new URLSearchParams({ lng, ...(named ? { site: named } : {}) });
    if (outcome.ok) {
      back.set("sent", outcome.number);
      return redirect(`/embed/price-request?${back}`, 303);
    }
    // What was typed goes back to the page, which names the problems (never the token).
    for (const [name, value] of Object.entries(outcome.values))
      if (!["token", "lng", "site"].includes(name) && value) back.set(name, value.slice(0, 1000));
    back.set("invalid", "1");
    if (outcome.status === 429) back.set("busy", "1");
    return redirect(`/embed/price-request?${back}`, 303);
  });
