// The OpenAPI description of the legacy JSON API (built from app/api/registry.server.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { openApiDocument } from "~/api/openapi.server";

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return Response.json(openApiDocument(url.origin), { headers: { "Cache-Control": "public, max-age=300" } });
}
