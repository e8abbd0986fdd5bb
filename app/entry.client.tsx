import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { i18nConfig, isLanguage, fallbackLanguage } from "./i18n/config";

async function hydrate() {
  const html = document.documentElement;
  const lng = isLanguage(html.lang) ? html.lang : fallbackLanguage;
  // Translations are a long-cached resource (versioned by content hash),
  // fetched once instead of being inlined into every page.
  const version = html.dataset.i18nVersion ?? "";
  const translation = await fetch(`/locales/${lng}.json?v=${version}`).then((r) => r.json());
  await i18next.use(initReactI18next).init({
    ...i18nConfig,
    lng,
    resources: { [lng]: { translation } },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
