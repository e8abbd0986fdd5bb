// The booking dialogs (spec 2.3) are URL-addressed pages under the site
// layout, drawn by the one dialog (components/dialog.tsx, look "booking").
// Widths: step 1 30 % and step 2 70 % of the window on desktop, 90 % and
// 100 % below 1280 px (booking.css).
import type { TranslationKey } from "~/i18n/keys";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

/** The outcome box of a refused booking (login prompt, audit status 2 or 3, paused). */
export function GateNotice({
  tone,
  messageKey,
  loginHref,
}: {
  tone: "warning" | "error";
  messageKey: TranslationKey;
  loginHref?: string | null;
}) {
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
