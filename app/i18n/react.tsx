// useTranslation for the app's components: the t() of the i18n instance the
// entries provide (i18next on the server, the small instance of ./client.ts
// in the browser), fixed to the page's language and the one namespace, as
// react-i18next's hook gives it. That hook (Suspense, namespace loading,
// re-renders on language events) and the package index that brings it cost
// about 1.6 KB of compressed JavaScript on every page, and nothing here
// needs them: the one namespace is loaded before rendering, and another
// language is a new document (docs/benchmarks.md, page weight).
// Nothing here imports "react-i18next": its index would pull the whole
// package into the chunk every page loads.
import type { i18n as I18n } from "i18next";
import type { T, TranslateOptions, TranslationKey } from "./keys";
import { createContext, useContext, useMemo, type ReactNode } from "react";

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useTranslation(): { t: T; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useTranslation needs an I18nProvider (app/entry.client.tsx, app/entry.server.tsx)");
  // Typed by the keys of the texts (./keys.ts); the instance behind it takes any string.
  const t = useMemo(() => i18n.getFixedT(null, "translation") as T, [i18n]);
  return { t, i18n };
}

// A message key in the user's language, for everything a user or a script
// reads (form errors on the pages, a refusal's reason on an error page, the
// API's messages and field errors). A key without a translation reads as a
// generic "not valid" in that language: never a raw key
// (tests/foundation/translations.test.ts finds the keys that would). The key
// here comes from data (a form reply's errors, an API problem, a stored log
// label), so this is the one place that asks t() for a key typed only as a
// string (decision 008, typed translation keys). It lives in this module,
// which every page loads, so that the error boundary shares it without one
// more chunk (decision 008; it was app/i18n/message.ts).

type AnyKeyT = (key: string, options?: TranslateOptions) => string;

export const FALLBACK_MESSAGE: TranslationKey = "validation.zod.invalid";

export function messageText(t: T, key: string, values?: Record<string, unknown>): string {
  return textOrElse(t, key, values, () => t(FALLBACK_MESSAGE));
}

/** The text of a key read from storage or sent by the server (a log's field label, a refusal's reason), or `fallback` when the texts have no such key. */
export function storedKeyText(t: T, key: string, fallback: string): string {
  return textOrElse(t, key, undefined, () => fallback);
}

function textOrElse(typedT: T, key: string, values: Record<string, unknown> | undefined, orElse: () => string): string {
  const t = typedT as AnyKeyT;
  const text = values ? t(key, values) : t(key);
  return text === key ? orElse() : text;
}
