import { languageOf, versionsOf } from "~/http/context.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { countryOption } from "~/domain/reference/options";
import { searchCountries } from "~/domain/reference/countries.server";
import { LANGUAGE_VARY } from "~/i18n/negotiate";

/** Quiet lookups for the express destination picker (manytimesexpresscountryselect). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 60);
  const [lng, countries] = await Promise.all([
    languageOf({ request, context }),
    versionsOf({ request, context }).then((versions) => searchCountries(q, undefined, versions)),
  ]);
  return Response.json(
    { options: countries.map((c) => countryOption(c, lng)) },
    { headers: { "Cache-Control": "public, max-age=300", Vary: LANGUAGE_VARY } },
  );
}
