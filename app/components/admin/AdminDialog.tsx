// A dialog the server renders open (URL-addressed). Without JavaScript it is
// an open <dialog> over a backdrop with a close link; with JavaScript it is
// promoted to a real modal (focus trap, Escape closes by navigating back).
import { Link, useLocation } from "@remix-run/react";
import { useId } from "react";
import { useUrlDialog } from "~/components/useUrlDialog";
import { useTranslation } from "~/i18n/react";
import { closeHref } from "./urls";

type Props = {
  title: string;
  children: React.ReactNode;
  /** Where closing goes; defaults to the current list without the dialog. */
  closeTo?: string;
  wide?: boolean;
};

export function AdminDialog({ title, children, closeTo, wide }: Props) {
  const { t } = useTranslation();
  const location = useLocation();
  const titleId = useId();
  const target = closeTo ?? closeHref(location);
  const ref = useUrlDialog(target);

  return (
    <div className="admin-dialog__backdrop">
      <dialog ref={ref} open className={`admin-dialog${wide ? " admin-dialog--wide" : ""}`} aria-labelledby={titleId}>
        <header className="admin-dialog__header">
          <h2 id={titleId}>{title}</h2>
          <Link to={target} className="admin-dialog__close" preventScrollReset aria-label={t("admin.common.close")}>
            ×
          </Link>
        </header>
        <div className="admin-dialog__body">{children}</div>
      </dialog>
    </div>
  );
}

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
