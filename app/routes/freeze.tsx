import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StandaloneLayout } from "~/components/standalone/StandaloneLayout";

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

/** Where a frozen account lands; its sessions were already revoked. */
export default function FreezePage() {
  const { t } = useTranslation();
  return (
    <StandaloneLayout title={t("account.freeze.title")}>
      <p>{t("account.freeze.body")}</p>
      <Link to="/home" className="button button--primary">
        {t("common.errors.backHome")}
      </Link>
    </StandaloneLayout>
  );
}
