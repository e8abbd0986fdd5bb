// Avatar upload: JPG or PNG by content (a header that decodes), at most 2 MB, enforced
// while the body streams in; stored under a generated name, served by
// /avatars/<name>. Used by /userAvatar and POST /my/update/avatar.
import type { TranslationKey } from "~/i18n/keys";
import { AVATAR_MAX_BYTES, detectImage, PHOTO_EXTS, saveAvatarFile } from "~/utils/uploads.server";
import { parseImageUpload } from "~/utils/images.server";
import { setAvatar } from "./profile.server";

export type AvatarResult = { ok: true; name: string } | { ok: false; key: TranslationKey; status: number };

/** Reads the multipart body (the first file named "avatar"), checks the image and makes it the user's avatar. */
export async function replaceAvatar(request: Request, userId: number): Promise<AvatarResult> {
  // The form has one field: a crowd of parts is not this form.
  const upload = await parseImageUpload(request, "avatar", AVATAR_MAX_BYTES, 10);
  if (!upload.ok)
    return upload.error === "tooLarge"
      ? { ok: false, key: "account.avatar.tooLarge", status: 413 }
      : { ok: false, key: "account.avatar.required", status: 400 };
  if (!upload.file) return { ok: false, key: "account.avatar.required", status: 400 };
  const bytes = new Uint8Array(await upload.file.arrayBuffer());
  const ext = detectImage(bytes, PHOTO_EXTS);
  if (!ext) return { ok: false, key: "account.avatar.invalidType", status: 415 };
  const name = await saveAvatarFile(bytes, ext);
  await setAvatar(userId, name);
  return { ok: true, name };
}
