import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { isLanguage, fallbackLanguage, translationsHref } from "./i18n/config";
import { createLiteI18n } from "./i18n/lite";
import { I18nProvider } from "./i18n/react";

async function hydrate() {
  const html = document.documentElement;
  const lng = isLanguage(html.lang) ? html.lang : fallbackLanguage;
  // Translations are a long-cached resource (versioned by content hash),
  // fetched once instead of being inlined into every page; the document's
  // head preloads this same request (root.tsx).
  const translation = await fetch(translationsHref(lng, html.dataset.i18nVersion ?? "")).then((r) => r.json());
  // Not i18next: a small stand-in with the same t() (app/i18n/lite.ts).
  const i18n = createLiteI18n(lng, translation);
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nProvider i18n={i18n}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nProvider>,
    );
  });
}

void hydrate();
