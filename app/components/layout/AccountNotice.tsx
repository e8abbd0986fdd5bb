import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ClientViewer } from "~/http/client-viewer";
import { AUDIT } from "~/domain/accounts/status";

/**
 * Logged-in customers whose registration is not approved see no prices and
 * this notice on every site page (spec section 8 wording): pending (audit 1)
 * asks them to have their sales contact approve; failed (audit 3) says so.
 */
export function AccountNotice({ viewer }: { viewer: ClientViewer | null }) {
  const { t } = useTranslation();
  if (!viewer || (viewer.audit !== AUDIT.pending && viewer.audit !== AUDIT.failed)) return null;
  const failed = viewer.audit === AUDIT.failed;
  return (
    <div className={`flash flash--${failed ? "error" : "warning"}`} role="status" data-testid="account-notice">
      {t(failed ? "account.notice.failed" : "account.notice.pending")} <Link to="/contact">{t("account.notice.contact")}</Link>
    </div>
  );
}
