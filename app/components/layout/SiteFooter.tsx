import { useTranslation } from "~/i18n/react";
import type { FooterCompany } from "~/domain/site/company";

/** Copyright, filing record, company name, address, phone and website (spec 2.4), from the one company identity. */
export function SiteFooter({ company }: { company: FooterCompany }) {
  const { t } = useTranslation();
  const name = company.name || t("common.appName");
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__company">{name}</p>
        {company.address ? <p>{t("common.footer.address", { address: company.address })}</p> : null}
        <p>
          {company.phone ? t("common.footer.phone", { phone: company.phone }) : null}
          {company.phone && company.website ? " · " : null}
          {company.website ? (
            <>
              {t("common.footer.website")} <a href={company.websiteUrl}>{company.website}</a>
            </>
          ) : null}
        </p>
        <p>
          {t("common.footer.copyright", { year: new Date().getFullYear(), company: name })}
          {company.filingRecord ? (
            <>
              {" · "}
              <a href="https://beian.miit.gov.cn/" rel="noopener noreferrer">
                {company.filingRecord}
              </a>
            </>
          ) : null}
        </p>
      </div>
    </footer>
  );
}
