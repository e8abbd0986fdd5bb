// Avatar upload: JPG or PNG by content (magic bytes), at most 2 MB, enforced
// while the body streams in; stored under a generated name, served by
// /avatars/<name>. Used by /userAvatar and POST /my/update/avatar.
import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { AVATAR_MAX_BYTES, detectImageType, saveAvatarFile } from "~/utils/uploads.server";
import { setAvatar } from "./profile.server";
import { isMalformedBody } from "~/utils/form-data.server";

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

export type AvatarResult = { ok: true; name: string } | { ok: false; key: string; status: number };

/** Reads the multipart body, checks the image and makes it the user's avatar. */
export async function replaceAvatar(request: Request, userId: number): Promise<AvatarResult> {
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, avatarUploadHandler());
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { ok: false, key: "account.avatar.tooLarge", status: 413 };
    if (error instanceof BadUpload || isMalformedBody(error)) return { ok: false, key: "account.avatar.required", status: 400 };
    throw error;
  }
  const file = form.get("avatar");
  if (!(file instanceof File) || file.size === 0) return { ok: false, key: "account.avatar.required", status: 400 };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectImageType(bytes);
  if (!type) return { ok: false, key: "account.avatar.invalidType", status: 415 };
  const name = await saveAvatarFile(bytes, type);
  await setAvatar(userId, name);
  return { ok: true, name };
}
