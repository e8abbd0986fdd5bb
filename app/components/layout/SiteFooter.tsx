import { useTranslation } from "~/i18n/react";

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__company">{t("common.companyName")}</p>
        <p>{t("common.footer.address")}</p>
        <p>
          {t("common.footer.phone")} · {t("common.footer.website")}
        </p>
        <p>
          {t("common.footer.copyright", { year: new Date().getFullYear() })} ·{" "}
          <a href="https://beian.miit.gov.cn/" rel="noopener noreferrer">
            {t("common.footer.filing")}
          </a>
        </p>
      </div>
    </footer>
  );
}
