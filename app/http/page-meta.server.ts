// Titles and descriptions of the pages that are not searches (the results
// pages and /home build theirs in domain/rates/seo.server.ts): translated in
// the request's language, "<page> | <app>". Pages worth indexing (/us,
// /contact) also get a description, a canonical URL and their language
// alternates; the others (booking, records, personal centre, standalone
// pages) noindex.
import type { TranslationKey } from "~/i18n/keys";
import type { MetaDescriptor } from "@remix-run/node";
import { pageT } from "~/i18n/i18n.server";
import { supportedLanguages } from "~/i18n/config";
import { absoluteUrl } from "~/domain/rates/seo.server";
import { metaTags } from "~/domain/site/meta.server";
import { publicOrigin } from "~/utils/public-origin.server";
import { languageOf, type RequestArgs } from "./context.server";

export async function sitePageMeta(
  args: RequestArgs,
  options: {
    /** Translation key of the page's name. */
    title: TranslationKey;
    titleValues?: Record<string, string | number>;
    /** Indexable pages: their description key; the canonical URL is the request's path. */
    description?: TranslationKey;
  },
): Promise<MetaDescriptor[]> {
  const lng = await languageOf(args);
  const t = pageT(lng);
  const title = t("common.meta.pageTitle", { page: t(options.title, options.titleValues ?? {}), app: t("common.appName") });
  if (!options.description) return metaTags({ title, noindex: true }, lng);
  const url = new URL(args.request.url);
  const origin = publicOrigin(url);
  return metaTags(
    {
      title,
      description: t(options.description),
      canonical: absoluteUrl(origin, url.pathname, {}, lng),
      alternates: supportedLanguages.map((l) => ({ hrefLang: l, href: absoluteUrl(origin, url.pathname, {}, l) })),
      noindex: false,
    },
    lng,
  );
}
