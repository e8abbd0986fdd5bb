// Avatar page: the upload rules live in domain/accounts/avatar.server.ts.
import { requireViewer, runAction } from "~/http/auth.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { flash } from "~/http/cookies.server";
import { replaceAvatar } from "~/domain/accounts/avatar.server";
import { ErrorList } from "~/components/forms";
import { sitePageMeta } from "~/http/page-meta.server";
import { loaderMeta } from "~/components/root-data";

export const meta = loaderMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer({ request, context });
  return {
    meta: await sitePageMeta({ request, context }, { title: "account.avatar.title" }),
    avatarPath: viewer.avatarPath,
    name: viewer.nickname || viewer.username,
  };
}

type ActionData = { error: string };

const OPERATION = { "*": "own.avatar" } as const;

export const action = (args: ActionFunctionArgs) =>
  runAction(args, OPERATION, async ({ request, context }, gate) => {
    const viewer = await requireViewer({ request, context });
    await gate.authorize();
    const result = await replaceAvatar(request, viewer.id);
    if (!result.ok) return data<ActionData>({ error: result.key }, { status: result.status });
    const headers = await flash(request, { type: "success", key: "account.avatar.success" });
    return redirect("/userAvatar", { headers });
  });

export default function UserAvatarPage() {
  const { t } = useTranslation();
  const { avatarPath, name } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const errorId = actionData?.error ? "avatar-error" : undefined;
  return (
    <section aria-labelledby="avatar-title" className="account__form">
      <h1 id="avatar-title">{t("account.avatar.title")}</h1>
      <div className="stack">
        <div>
          <p className="field__hint">{t("account.avatar.current")}</p>
          {avatarPath ? (
            <img
              className="avatar avatar--large"
              src={`/avatars/${avatarPath}`}
              alt={t("account.avatar.alt", { name })}
              width="96"
              height="96"
            />
          ) : (
            <p className="empty">{t("account.avatar.none")}</p>
          )}
        </div>
        <Form method="post" encType="multipart/form-data" className="stack">
          <div className="field">
            <label htmlFor="avatar">{t("account.avatar.file")}</label>
            <input
              id="avatar"
              name="avatar"
              type="file"
              accept="image/jpeg,image/png"
              required
              aria-invalid={errorId ? true : undefined}
              aria-describedby={["avatar-hint", errorId].filter(Boolean).join(" ")}
            />
            <p id="avatar-hint" className="field__hint">
              {t("account.avatar.hint")}
            </p>
            <ErrorList id={errorId} errors={actionData?.error ? [actionData.error] : null} />
          </div>
          <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
            {t("account.avatar.submit")}
          </button>
        </Form>
      </div>
    </section>
  );
}
