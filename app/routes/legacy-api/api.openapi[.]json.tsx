// The OpenAPI description of the legacy JSON API (built from app/api/registry.server.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { openApiDocument } from "~/api/openapi.server";
import { publicOrigin } from "~/utils/public-origin.server";

export function loader({ request }: LoaderFunctionArgs) {
  return Response.json(openApiDocument(publicOrigin(new URL(request.url))), { headers: { "Cache-Control": "public, max-age=300" } });
}
