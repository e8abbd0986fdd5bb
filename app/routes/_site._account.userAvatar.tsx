// Avatar upload: JPG or PNG by content (magic bytes), at most 2 MB, enforced
// while the body streams in; stored under a generated name, served by
// /avatars/<name>.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  data,
  MaxPartSizeExceededError,
  redirect,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireViewer } from "~/domain/accounts/session.server";
import { flash } from "~/domain/accounts/cookie.server";
import { setAvatar } from "~/domain/accounts/profile.server";
import { AVATAR_MAX_BYTES, detectImageType, saveAvatarFile } from "~/utils/uploads.server";
import { ErrorList } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: "修改头像 / Change avatar" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  return { avatarPath: viewer.avatarPath, name: viewer.nickname || viewer.username };
}

class BadUpload extends Error {}

/** Keeps only the first part named "avatar", at most 2 MB; refuses crowds of parts. */
function avatarUploadHandler(): UploadHandler {
  const memory = unstable_createMemoryUploadHandler({ maxPartSize: AVATAR_MAX_BYTES });
  let parts = 0;
  let taken = false;
  return async (part) => {
    parts += 1;
    if (parts > 10) throw new BadUpload("too many parts");
    if (part.name !== "avatar" || taken) {
      // Not stored; drained so the parser can move on to the next part.
      for await (const _chunk of part.data) void _chunk;
      return undefined;
    }
    taken = true;
    return memory(part);
  };
}

type ActionData = { error: string };

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireViewer(request);
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, avatarUploadHandler());
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return data<ActionData>({ error: "account.avatar.tooLarge" }, { status: 413 });
    if (error instanceof BadUpload || error instanceof TypeError) {
      return data<ActionData>({ error: "account.avatar.required" }, { status: 400 });
    }
    throw error;
  }
  const file = form.get("avatar");
  if (!(file instanceof File) || file.size === 0) return data<ActionData>({ error: "account.avatar.required" }, { status: 400 });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectImageType(bytes);
  if (!type) return data<ActionData>({ error: "account.avatar.invalidType" }, { status: 415 });
  const name = await saveAvatarFile(bytes, type);
  await setAvatar(viewer.id, name);
  const headers = await flash(request, { type: "success", key: "account.avatar.success" });
  return redirect("/userAvatar", { headers });
}

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
            <img className="avatar avatar--large" src={`/avatars/${avatarPath}`} alt={t("account.avatar.alt", { name })} width="96" height="96" />
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
