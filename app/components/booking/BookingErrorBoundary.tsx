// Error boundary of the booking and entrustment routes: a missing rate or
// record is a 404 page inside the site layout.
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

export function BookingErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  return (
    <div className="page error-page" role="alert">
      <p className="error-page__status">{status}</p>
      <h1>{t(notFound ? "common.errors.notFoundTitle" : "common.errors.serverErrorTitle")}</h1>
      <p>{t(notFound ? "common.errors.notFoundBody" : "common.errors.serverErrorBody")}</p>
      <p>
        <Link to="/home">{t("common.errors.backHome")}</Link>
      </p>
    </div>
  );
}
