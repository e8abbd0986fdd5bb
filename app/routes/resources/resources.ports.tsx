import { versionsOf, languageOf } from "~/http/context.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "~/utils/zod";
import { portOption } from "~/domain/reference/options";
import { suggestPorts } from "~/domain/reference/ports.server";
import { LANGUAGE_VARY } from "~/i18n/negotiate";

const querySchema = z.object({
  kind: z.enum(["sea", "air"]),
  q: z.string().max(60).default(""),
});

/**
 * Quiet lookups for the sea and air port pickers (the spec's
 * manytimesportbyseaselect / manytimesairportselect): up to 10 ports whose
 * code, name or Chinese name contains q.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const parsed = querySchema.safeParse({ kind: url.searchParams.get("kind"), q: url.searchParams.get("q") ?? "" });
  if (!parsed.success) return Response.json({ options: [] }, { status: 400 });
  const [lng, ports] = await Promise.all([
    languageOf({ request, context }),
    versionsOf({ request, context }).then((versions) => suggestPorts(versions, parsed.data.kind, parsed.data.q)),
  ]);
  return Response.json(
    { options: ports.map((p) => portOption(parsed.data.kind, p, lng)) },
    // Reference data: a short shared cache is fine; labels depend on the language (cookie or Accept-Language).
    { headers: { "Cache-Control": "public, max-age=300", Vary: LANGUAGE_VARY } },
  );
}
