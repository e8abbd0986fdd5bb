// A page's meta tags from its description (title, description, canonical URL,
// language alternates, noindex): the results pages and /home describe
// theirs in rates/seo.server.ts, the other pages in app/http/page-meta.server.ts.
import type { MetaDescriptor } from "@remix-run/node";
import { pageT } from "~/i18n/i18n.server";
import { supportedLanguages, type Language } from "~/i18n/config";
import type { PageMeta } from "./page-meta";

/**
 * The tags of a page, built here so the browser needs no code for them: the
 * route's meta function only hands them over (components/root-data.ts loaderMeta).
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
