import type { LoaderFunctionArgs } from "@remix-run/node";
import { resources, resourceVersions } from "~/i18n/resources.server";
import { isLanguage } from "~/i18n/config";

/** Translations for the browser, cached for a year when versioned by hash. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const lng = params.file?.replace(/\.json$/, "");
  if (!isLanguage(lng)) throw new Response("Not Found", { status: 404 });
  const version = new URL(request.url).searchParams.get("v");
  const cacheControl = version === resourceVersions[lng] ? "public, max-age=31536000, immutable" : "public, max-age=300";
  return new Response(JSON.stringify(resources[lng]), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": cacheControl },
  });
}
