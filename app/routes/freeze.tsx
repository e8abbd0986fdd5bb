import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { StandaloneLayout } from "~/components/standalone/StandaloneLayout";

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

/**
 * Where a frozen account lands: the guard (session.server getViewer) has
 * already revoked all its sessions and cleared the cookie.
 */
export default function FreezePage() {
  const { t } = useTranslation();
  return (
    <StandaloneLayout title={t("account.freeze.title")}>
      <p role="alert">{t("account.freeze.body")}</p>
      <p style={{ display: "flex", gap: ".5rem", flexWrap: "wrap" }}>
        <Link to="/contact" className="button button--primary">
          {t("account.freeze.contact")}
        </Link>
        <Link to="/home" className="button button--ghost">
          {t("common.errors.backHome")}
        </Link>
      </p>
    </StandaloneLayout>
  );
}
