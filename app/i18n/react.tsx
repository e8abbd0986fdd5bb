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
import type { T } from "./keys";
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
