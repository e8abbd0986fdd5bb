// Serves stored avatars. Only generated names (32 hex digits + .jpg/.png)
// are looked up, so no path from the URL ever reaches the file system.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { avatarContentType, isAvatarName, readAvatarFile } from "~/utils/uploads.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const name = params.name ?? "";
  if (!isAvatarName(name)) throw new Response("Not found", { status: 404 });
  const bytes = await readAvatarFile(name);
  if (!bytes) throw new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": avatarContentType(name),
      "Content-Length": String(bytes.length),
      // A name is never reused: cache for good.
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    },
  });
}
