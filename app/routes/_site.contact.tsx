import type { MetaFunction } from "@remix-run/node";
import { useTranslation } from "~/i18n/react";

export const meta: MetaFunction = () => [{ title: "Contact | Freight Rate Portal" }];

export default function ContactPage() {
  const { t } = useTranslation();
  return (
    <article className="page prose">
      <h1>{t("common.about.contactTitle")}</h1>
      <p>{t("common.about.contactBody")}</p>
      <address>
        <p>{t("common.companyName")}</p>
        <p>{t("common.footer.address")}</p>
        <p>{t("common.footer.phone")}</p>
        <p>{t("common.footer.website")}</p>
      </address>
    </article>
  );
}
