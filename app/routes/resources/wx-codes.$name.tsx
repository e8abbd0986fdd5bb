// Serves staff QR business cards to signed-in users (customers see their
// contacts' cards). Only generated names are looked up.
import { requireViewer } from "~/http/auth.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { storedImage } from "~/utils/images.server";
import { imageResponse } from "~/http/replies.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireViewer({ request, context });
  // Personal contact data: the browser may keep it, shared caches may not.
  return imageResponse(await storedImage("wxcodes", params.name ?? ""), "private, max-age=86400");
}
