import type { MetaFunction } from "@remix-run/node";
import { useTranslation } from "~/i18n/react";

export const meta: MetaFunction = () => [{ title: "About us | Freight Rate Portal" }];

export default function AboutPage() {
  const { t } = useTranslation();
  return (
    <article className="page prose">
      <h1>{t("common.about.title")}</h1>
      <p>{t("common.about.body")}</p>
    </article>
  );
}
