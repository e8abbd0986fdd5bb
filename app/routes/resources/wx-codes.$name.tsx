// Serves staff QR business cards to signed-in users (customers see their
// contacts' cards). Only generated names are looked up.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/domain/accounts/session.server";
import { storedImage } from "~/domain/home-content/images.server";
import { imageResponse } from "~/utils/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireViewer(request);
  // Personal contact data: the browser may keep it, shared caches may not.
  return imageResponse(await storedImage("wxcodes", params.name ?? ""), "private, max-age=86400");
}
