// Error boundary of the booking and entrustment routes: a missing rate or
// record is a 404 page inside the site layout.
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { useRouteErrorText } from "~/components/ErrorPage";

export function BookingErrorBoundary() {
  const { t } = useTranslation();
  const { status, title, body } = useRouteErrorText();
  return (
    <div className="page error-page" role="alert">
      <p className="error-page__status">{status}</p>
      <h1>{title}</h1>
      <p>{body}</p>
      <p>
        <Link to="/home">{t("common.errors.backHome")}</Link>
      </p>
    </div>
  );
}
