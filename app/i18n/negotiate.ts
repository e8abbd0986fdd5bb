// The one rule of a request's language (issue 45 item 2; decision 009).
// Pure, with no server or browser dependency, so every place that must
// agree on it calls this function: the server's getLanguage (i18n.server.ts),
// the root loader that keeps a chosen language in the cookie, and the page
// cache's key (server/page-cache.js, through the build's entry module).
//
//   1. `?lng=` in the URL: a link that names its language (the sitemap's
//      hreflang URLs, a mail's links) is read in it;
//   2. else the language cookie (the visitor's choice, or the `?lng=` they
//      arrived with: see languageToKeep);
//   3. else the browser's Accept-Language, on a first visit: the first
//      language it prefers (by q) that we have, English or Chinese of any
//      region (en-GB → en-US, zh-TW → zh-CN);
//   4. else zh-CN, the spec's default.
import { fallbackLanguage, supportedLanguages, type Language } from "./config";

export type LanguageChoice = {
  /** The URL's `lng` parameter, as sent. */
  param?: string | null;
  /** The language cookie's value, as stored. */
  cookie?: string | null;
  /** The Accept-Language header, as sent. */
  acceptLanguage?: string | null;
};

export type LanguageSource = "param" | "cookie" | "header" | "default";

/** A supported language for a tag: exact ("en-US"), or by its primary subtag ("en", "en-GB", "zh-Hant-TW"). */
export function supportedTag(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase();
  const exact = supportedLanguages.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split(/[-_]/)[0];
  return supportedLanguages.find((l) => l.slice(0, 2).toLowerCase() === primary) ?? null;
}

/** The first supported language of an Accept-Language header, by preference (q), or null. */
export function headerLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranges = header
    .split(",")
    .slice(0, 30)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.tag && range.tag !== "*" && range.q > 0 && Number.isFinite(range.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) {
    const lng = supportedTag(range.tag);
    if (lng) return lng;
  }
  return null;
}

/** The language of a request and what decided it. */
export function chooseLanguage(choice: LanguageChoice): { lng: Language; source: LanguageSource } {
  const param = supportedTag(choice.param);
  if (param) return { lng: param, source: "param" };
  const cookie = supportedTag(choice.cookie);
  if (cookie) return { lng: cookie, source: "cookie" };
  const header = headerLanguage(choice.acceptLanguage);
  if (header) return { lng: header, source: "header" };
  return { lng: fallbackLanguage, source: "default" };
}

/**
 * The language to store in the cookie after this request, or null: a
 * visitor who arrives by a `?lng=` link stays in that language on the next
 * click (a link without it, a form, a redirect), with or without JavaScript.
 */
export function languageToKeep(choice: LanguageChoice): Language | null {
  const { lng, source } = chooseLanguage(choice);
  return source === "param" && supportedTag(choice.cookie) !== lng ? lng : null;
}

/** What a language-dependent answer varies by, for HTTP caches. */
export const LANGUAGE_VARY = "Cookie, Accept-Language";
