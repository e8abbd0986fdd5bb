// A page's meta tags from its description (title, description, canonical URL,
// language alternates, noindex): the results pages and /home describe
// theirs in rates/seo.server.ts, the other pages in app/http/page-meta.server.ts.
import type { MetaDescriptor } from "@remix-run/node";
import type { PageMeta } from "./page-meta";

/**
 * The tags of a page, built here so the browser needs no code for them: the
 * route's meta function only hands them over (components/root-data.ts loaderMeta).
 */
export function metaTags(meta: PageMeta): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [{ title: meta.title }];
  if (meta.description) tags.push({ name: "description", content: meta.description });
  if (meta.canonical) tags.push({ tagName: "link", rel: "canonical", href: meta.canonical });
  for (const a of meta.alternates ?? []) tags.push({ tagName: "link", rel: "alternate", hrefLang: a.hrefLang, href: a.href });
  if (meta.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
