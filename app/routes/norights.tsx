import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StandaloneLayout } from "~/components/standalone/StandaloneLayout";

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function NoRightsPage() {
  const { t } = useTranslation();
  return (
    <StandaloneLayout title={t("common.errors.forbiddenTitle")}>
      <p>{t("common.errors.forbiddenBody")}</p>
      <Link to="/home" className="button button--primary">
        {t("common.errors.backHome")}
      </Link>
    </StandaloneLayout>
  );
}
