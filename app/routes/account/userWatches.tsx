// /userWatches: the customer's lane watches (issue 25 item 4), listed and
// removable; the results page's "watch this lane" form posts here too
// (intent add, with the page to return to). Plain POST forms: no JavaScript needed.
import { languageOf } from "~/http/context.server";
import { requireViewer, requireOperation, runAction } from "~/http/auth.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { addWatch, listWatches, removeWatch } from "~/domain/watches/watches.server";
import { watchLane } from "~/domain/watches/lanes.server";
import { readFormData } from "~/utils/form-data.server";
import { backToList, idOf, intentOf } from "~/http/replies.server";
import { formatDateTime } from "~/utils/dates";
import { sitePageMeta } from "~/http/page-meta.server";
import { loaderMeta } from "~/components/root-data";
import { IntentForm } from "~/components/forms";

export const meta = loaderMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireOperation({ request, context }, "watch.read");
  const lng = await languageOf({ request, context });
  const watches = await listWatches(viewer.id, lng);
  return {
    meta: await sitePageMeta({ request, context }, { title: "watches.title" }),
    // The mode's name is looked up here: lanes.server is a server module, absent from the browser build.
    watches: watches.map((w) => ({
      ...w,
      search: searchHref(w.mode, w.pol, w.pod),
      modeLabel: watchLane(w.mode)?.mode.labelKey ?? "watches.mode",
    })),
  };
}

function searchHref(mode: string, pol: string, pod: string): string | null {
  const lane = watchLane(mode);
  if (!lane) return null;
  const [from, to] = lane.mode.fields;
  return `${lane.mode.path}?${new URLSearchParams({ [from.param]: pol, [to.param]: pod })}`;
}

/** Only a path of this site to go back to (never another origin). */
function safeReturn(value: FormDataEntryValue | null): string {
  return typeof value === "string" && /^\/(?![/\\])/.test(value) && value.length < 2000 ? value : "/userWatches";
}

export const action = (args: ActionFunctionArgs) =>
  runAction(args, { add: "watch.add", remove: "watch.remove" }, async ({ request, context }, gate) => {
    await requireViewer({ request, context });
    const form = await readFormData(request);
    const intent = intentOf(form);
    const viewer = await gate.authorizeUser(intent);
    if (intent === "add") {
      const to = safeReturn(form.get("returnTo"));
      const outcome = await addWatch(viewer, {
        mode: form.get("mode"),
        pol: form.get("pol"),
        pod: form.get("pod"),
        lng: await languageOf({ request, context }),
      });
      if (!outcome.ok) return backToList(request, outcome.message ?? "watches.errors.badLane", "error", { to });
      return backToList(request, outcome.existing ? "watches.already" : "watches.added", "success", { to });
    }
    const id = idOf(form.get("id"));
    const outcome = id ? await removeWatch(viewer.id, id) : null;
    if (!outcome?.ok) return backToList(request, "watches.errors.notFound", "error", { to: "/userWatches" });
    return backToList(request, "watches.removed", "success", { to: "/userWatches" });
  });

export default function UserWatchesPage() {
  const { t } = useTranslation();
  const { watches } = useLoaderData<typeof loader>();
  return (
    <section className="account-page" aria-labelledby="watches-title">
      <h1 id="watches-title">{t("watches.title")}</h1>
      {watches.length === 0 ? (
        <p className="empty">{t("watches.empty")}</p>
      ) : (
        <table className="datatable" data-testid="watch-list">
          <thead>
            <tr>
              <th scope="col">{t("watches.mode")}</th>
              <th scope="col">{t("watches.route")}</th>
              <th scope="col">{t("watches.since")}</th>
              <th scope="col">{t("admin.common.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {watches.map((w) => (
              <tr key={w.id}>
                <td>{t(w.modeLabel)}</td>
                <td>
                  {w.polName} → {w.podName}
                </td>
                <td>{formatDateTime(w.createdAt)}</td>
                <td>
                  {w.search ? <Link to={w.search}>{t("watches.open")}</Link> : null}{" "}
                  <IntentForm
                    intent="remove"
                    values={{ id: w.id }}
                    className="inline-form--text"
                    button={{ className: "button button--link" }}
                  >
                    {t("watches.remove")}
                  </IntentForm>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
