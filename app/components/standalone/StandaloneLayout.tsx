import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { useRootData } from "~/components/root-data";
import { fallbackLanguage } from "~/i18n/config";
import { LanguageSwitch } from "~/components/layout/LanguageSwitch";
import { FlashMessage } from "~/components/layout/FlashMessage";

/** Layout of the standalone pages (/login, /freeze, /norights, /tips). */
export function StandaloneLayout({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <div className="standalone">
      <header className="standalone__header">
        <Link to="/home" className="brand">
          <img src="/logo.svg" alt="" width="32" height="32" />
          <span>{t("common.appName")}</span>
        </Link>
        <LanguageSwitch current={root?.lng ?? fallbackLanguage} />
      </header>
      <main id="main" className="standalone__card">
        <h1>{title}</h1>
        <FlashMessage message={root?.message ?? null} />
        {children}
      </main>
    </div>
  );
}
