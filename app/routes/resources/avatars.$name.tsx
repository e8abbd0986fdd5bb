// Serves stored avatars. Only generated names (32 hex digits + .jpg/.png)
// are looked up, so no path from the URL ever reaches the file system.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { avatarContentType, isAvatarName, readAvatarFile } from "~/utils/uploads.server";
import { imageResponse } from "~/http/replies.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const name = params.name ?? "";
  const bytes = isAvatarName(name) ? await readAvatarFile(name) : null;
  return imageResponse(bytes ? { bytes, contentType: avatarContentType(name) } : null);
}
