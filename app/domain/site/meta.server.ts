// Titles and descriptions of the pages that are not searches (the results
// pages and /home build theirs in rates/seo.server.ts): translated in the
// page's language, "<page> | <app>". Pages worth indexing (/us, /contact)
// also get a description, a canonical URL and their language alternates;
// the others (booking, records, personal centre, standalone pages) noindex.
import type { TranslationKey } from "~/i18n/keys";
import type { MetaDescriptor } from "@remix-run/node";
import { getLanguage, pageT } from "~/i18n/i18n.server";
import { supportedLanguages, type Language } from "~/i18n/config";
import { absoluteUrl } from "~/domain/rates/seo.server";
import { publicOrigin } from "~/utils/public-origin.server";
import type { PageMeta } from "./page-meta";

/**
 * The tags of a page, built here so the browser needs no code for them: the
 * route's meta function only hands them over (utils/root-data.ts loaderMeta).
 */
export function metaTags(meta: PageMeta, lng: Language): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [{ title: meta.title }];
  if (meta.description) tags.push({ name: "description", content: meta.description });
  if (meta.canonical) tags.push({ tagName: "link", rel: "canonical", href: meta.canonical });
  for (const a of meta.alternates ?? []) tags.push({ tagName: "link", rel: "alternate", hrefLang: a.hrefLang, href: a.href });
  if (meta.noindex) tags.push({ name: "robots", content: "noindex" });
  // Open Graph (issue 45 item 9): a shared link of an indexable page shows its title, description and site.
  if (meta.canonical && !meta.noindex) {
    const locale = (l: string) => l.replace("-", "_");
    tags.push(
      { property: "og:type", content: "website" },
      { property: "og:site_name", content: pageT(lng)("common.appName") },
      { property: "og:title", content: meta.title },
      ...(meta.description ? [{ property: "og:description", content: meta.description }] : []),
      { property: "og:url", content: meta.canonical },
      { property: "og:locale", content: locale(lng) },
      ...supportedLanguages.filter((l) => l !== lng).map((l) => ({ property: "og:locale:alternate", content: locale(l) })),
    );
  }
  return tags;
}

export async function sitePageMeta(
  request: Request,
  options: {
    /** Translation key of the page's name. */
    title: TranslationKey;
    titleValues?: Record<string, string | number>;
    /** Indexable pages: their description key; the canonical URL is the request's path. */
    description?: TranslationKey;
  },
): Promise<MetaDescriptor[]> {
  const lng = await getLanguage(request);
  const t = pageT(lng);
  const title = t("common.meta.pageTitle", { page: t(options.title, options.titleValues ?? {}), app: t("common.appName") });
  if (!options.description) return metaTags({ title, noindex: true }, lng);
  const url = new URL(request.url);
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
