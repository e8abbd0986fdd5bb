// Error boundary of the booking and entrustment routes: a missing rate or
// record is a 404 page inside the site layout; an expired or not yet valid
// rate or card says so, shows nothing of it and offers a search for its route.
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { useRouteErrorText } from "~/components/ErrorPage";
import type { Unavailable } from "~/domain/booking/context.server";

export function BookingErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const { status, title, body } = useRouteErrorText();
  const unavailable = isRouteErrorResponse(error) ? (error.data as Partial<Unavailable> | null)?.unavailable : undefined;
  if (unavailable && isRouteErrorResponse(error)) {
    const { searchHref } = error.data as Unavailable;
    return (
      <div className="page error-page" role="alert" data-testid="booking-unavailable">
        <h1>{t(`booking.unavailable.${unavailable}.title`)}</h1>
        <p>{t(`booking.unavailable.${unavailable}.body`)}</p>
        <p className="error-page__actions">
          <Link className="button button--primary" to={searchHref}>
            {t("booking.unavailable.search")}
          </Link>
          <Link className="button button--ghost" to="/home">
            {t("common.errors.backHome")}
          </Link>
        </p>
      </div>
    );
  }
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
