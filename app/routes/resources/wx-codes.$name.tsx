// Serves staff QR business cards to signed-in users (customers see their
// contacts' cards). Only generated names are looked up.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/domain/accounts/session.server";
import { imageResponse } from "~/domain/home-content/images.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireViewer(request);
  const response = await imageResponse("wxcodes", params.name ?? "");
  // Personal contact data: the browser may keep it, shared caches may not.
  response.headers.set("Cache-Control", "private, max-age=86400");
  return response;
}
