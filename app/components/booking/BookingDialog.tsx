// The booking dialogs (spec 2.3) are URL-addressed pages under the site
// layout. The server renders an open <dialog> over a backdrop, so a plain
// link works without JavaScript; with JavaScript it is promoted to a real
// modal (focus trap, inert page, Escape closes by navigating to `closeTo`).
// Widths: step 1 30 % and step 2 70 % of the window on desktop, 90 % and
// 100 % below 1280 px (booking.css).
import { Link } from "@remix-run/react";
import { useId } from "react";
import { useUrlDialog } from "~/components/useUrlDialog";
import { useTranslation } from "~/i18n/react";

type Props = {
  title: string;
  /** "choice": the 30 % dialog (step 1, results); "form": the 70 % dialog (the shipping order). */
  size: "choice" | "form";
  closeTo: string;
  children: React.ReactNode;
};

export function BookingDialog({ title, size, closeTo, children }: Props) {
  const { t } = useTranslation();
  const ref = useUrlDialog(closeTo);
  const titleId = useId();

  return (
    <div className="booking-backdrop">
      <dialog ref={ref} open className={`booking-dialog booking-dialog--${size}`} aria-labelledby={titleId}>
        <header className="booking-dialog__header">
          <h1 id={titleId}>{title}</h1>
          <Link to={closeTo} className="booking-dialog__close" aria-label={t("booking.dialog.close")}>
            ×
          </Link>
        </header>
        <div className="booking-dialog__body">{children}</div>
      </dialog>
    </div>
  );
}

/** The outcome box of a refused booking (login prompt, audit status 2 or 3, paused). */
export function GateNotice({ tone, messageKey, loginHref }: { tone: "warning" | "error"; messageKey: string; loginHref?: string | null }) {
  const { t } = useTranslation();
  return (
    <div className={`booking-gate booking-gate--${tone}`} role={tone === "error" ? "alert" : "status"} data-testid="booking-gate">
      <p>{t(messageKey)}</p>
      {loginHref ? (
        <p>
          <Link to={loginHref} className="button button--primary">
            {t("booking.gate.loginLink")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
