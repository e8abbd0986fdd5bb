import { languageOf } from "~/http/context.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { countryOption } from "~/domain/reference/options";
import { searchCountries } from "~/domain/reference/countries.server";

/** Quiet lookups for the express destination picker (manytimesexpresscountryselect). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 60);
  const [lng, countries] = await Promise.all([languageOf({ request, context }), searchCountries(q)]);
  return Response.json(
    { options: countries.map((c) => countryOption(c, lng)) },
    { headers: { "Cache-Control": "public, max-age=300", Vary: "Cookie" } },
  );
}
