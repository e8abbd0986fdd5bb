// The footer of the administration dialogs' forms (the dialog itself is
// components/dialog.tsx).
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { closeHref } from "~/components/urls";

/** Footer of a dialog form: the submit button and a cancel link back to the list. */
export function DialogActions({ submitLabel, busy, cancelTo }: { submitLabel?: string; busy?: boolean; cancelTo?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div className="admin-dialog__actions">
      <Link to={cancelTo ?? closeHref(location)} className="button button--ghost" preventScrollReset>
        {t("admin.common.cancel")}
      </Link>
      <button type="submit" className="button button--primary" disabled={busy}>
        {submitLabel ?? t("admin.common.confirm")}
      </button>
    </div>
  );
}
