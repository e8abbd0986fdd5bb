import { useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { type Language, supportedLanguages } from "~/i18n/config";

/** A plain POST form: switching language works without JavaScript. */
export function LanguageSwitch({ current }: { current: Language }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <details className="dropdown language-switch">
      <summary aria-label={t("common.nav.language")}>{t(`common.languages.${current}`)}</summary>
      <form method="post" action="/set-language" className="dropdown__panel">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        {supportedLanguages.map((lng) => (
          <button
            key={lng}
            type="submit"
            name="lng"
            value={lng}
            lang={lng}
            aria-current={lng === current ? "true" : undefined}
            className="dropdown__item"
          >
            {t(`common.languages.${lng}`)}
          </button>
        ))}
      </form>
    </details>
  );
}
