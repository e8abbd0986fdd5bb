// Shared by server and client: the languages and the single namespace.
export const supportedLanguages = ["zh-CN", "en-US"] as const;
export type Language = (typeof supportedLanguages)[number];
export const fallbackLanguage: Language = "zh-CN";
export const defaultNS = "translation";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

/**
 * Where the browser reads a language's translations: fetched by
 * entry.client.tsx before it hydrates, and preloaded by the document's head
 * (root.tsx) so that the download runs beside the scripts'. The version is the
 * content hash (the root loader's `i18nVersion`), under which the file is
 * cached for a year (routes/resources/locales.$file.tsx).
 */
export const translationsHref = (lng: Language, version: string) => `/locales/${lng}.json?v=${version}`;

export const i18nConfig = {
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  defaultNS,
  ns: [defaultNS],
  // React escapes already.
  interpolation: { escapeValue: false },
};

/**
 * A stored name in the reader's language: its English form on English pages
 * where staff gave one, else the Chinese (menus, roles, home content).
 */
export function inLanguage(lng: string | undefined, chinese: string, english: string | null | undefined): string {
  return lng === "en-US" && english ? english : chinese;
}
