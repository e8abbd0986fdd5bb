// What the server's page cache for visitors (server/page-cache.js, decision
// 607) needs to know of the app, handed to it through the build's entry
// (`build.entry.module.pageCacheRules`) instead of lists of its own: the pages
// a visitor may be answered from memory (every mode's results page, from the
// catalog, and the site's public pages), the search parameters whose case it
// may fold (the modes' endpoint fields), the languages and the language
// cookie, and the Shanghai day the pages depend on (validity is by day).
import { MODES } from "~/domain/modes";
import { supportedLanguages } from "~/i18n/config";
import { languageCookie } from "~/i18n/i18n.server";
import { formatDate, todayInShanghai } from "~/utils/dates";

export type PageCacheRules = {
  /** Paths exactly as Remix matches them. */
  paths: readonly string[];
  /** Typed endpoints (codes and names): the same page whatever their case. */
  foldedParams: readonly string[];
  languages: readonly string[];
  /** The language cookie's name: a request with no other cookie may be answered from the cache. */
  languageCookies: readonly string[];
  /** The calendar day in Asia/Shanghai ("YYYY-MM-DD") at `now` (ms since the epoch). */
  day: (now: number) => string;
};

export const pageCacheRules: PageCacheRules = {
  paths: ["/home", ...MODES.map((mode) => mode.path), "/us", "/contact", "/robots.txt", "/sitemap.xml"],
  foldedParams: [...new Set(MODES.flatMap((mode) => mode.fields.map((field) => field.param)))],
  languages: [...supportedLanguages],
  languageCookies: [languageCookie.name],
  day: (now) => formatDate(todayInShanghai(new Date(now))),
};
