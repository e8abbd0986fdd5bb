// /watch/unsubscribe?w=<watch>&s=<signature>: the link of each lane in the
// watch digest e-mail (issue 25 item 4). It works without login: the
// signature (HMAC of the watch and its owner with SESSION_SECRET) is the
// authority. GET only shows what the link would stop (mail scanners open
// links), the POST form removes the watch; a POST to the link itself (a mail
// client's one-click unsubscribe, RFC 8058) does too. A bad or used link:
// 404 with a message in the page's language. No JavaScript needed. The
// document is never stored and sends no Referer (the link is the key).
import { languageOf } from "~/http/context.server";
import { runAction } from "~/http/auth.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { sitePageMeta } from "~/http/page-meta.server";
import { laneTitle } from "~/domain/watches/lanes.server";
import { unsubscribeByLink, watchOfLink } from "~/domain/watches/watches.server";
import { readFormData } from "~/utils/form-data.server";
import { loaderMeta } from "~/components/root-data";

export const meta = loaderMeta;
// Decision 403: the page of a signed link is not kept, and its URL is not passed on as a Referer.
export const headers = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

type State = { state: "confirm"; route: string; w: string; s: string } | { state: "done"; route: string } | { state: "invalid" };

const text = (value: FormDataEntryValue | string | null) => (typeof value === "string" ? value : null);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [w, s] = [url.searchParams.get("w"), url.searchParams.get("s")];
  const [row, lng] = await Promise.all([watchOfLink(w, s), languageOf({ request, context })]);
  const meta = await sitePageMeta({ request, context }, { title: "watches.unsubscribe.title" });
  const state: State = row ? { state: "confirm", route: laneTitle(row, lng), w: w!, s: s! } : { state: "invalid" };
  return data({ meta, ...state }, { status: row ? 200 : 404, headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

export const action = (args: ActionFunctionArgs) =>
  runAction(args, { "*": "watch.unsubscribe" }, async ({ request, context }, gate) => {
    await gate.authorize();
    const form = await readFormData(request);
    // The confirmation form posts w and s; a one-click POST to the link carries them in its URL.
    const query = new URL(request.url).searchParams;
    const [w, s] = [text(form.get("w")) ?? query.get("w"), text(form.get("s")) ?? query.get("s")];
    const [outcome, lng] = await Promise.all([unsubscribeByLink(w, s), languageOf({ request, context })]);
    const state: State = outcome.ok ? { state: "done", route: laneTitle(outcome, lng) } : { state: "invalid" };
    return data(state, { status: outcome.ok ? 200 : 404, headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
  });

export default function WatchUnsubscribe() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const view: State = acted ?? loaded;
  return (
    <div className="page narrow-page">
      <h1>{t("watches.unsubscribe.title")}</h1>
      {view.state === "confirm" ? (
        <Form method="post">
          <p>{t("watches.unsubscribe.confirm", { route: view.route })}</p>
          <input type="hidden" name="w" value={view.w} />
          <input type="hidden" name="s" value={view.s} />
          <button type="submit" className="button button--primary">
            {t("watches.unsubscribe.submit")}
          </button>
        </Form>
      ) : view.state === "done" ? (
        <p role="status" data-testid="unsubscribed">
          {t("watches.unsubscribe.done", { route: view.route })}
        </p>
      ) : (
        <p role="alert">{t("watches.unsubscribe.invalid")}</p>
      )}
    </div>
  );
}
