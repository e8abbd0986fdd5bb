// Error boundary of the booking and entrustment routes: a missing rate or
// record is a 404 page inside the site layout; an expired (410) or not yet
// valid (404) rate or card says so, shows nothing of it and offers a search
// for its route.
import { isRouteErrorResponse, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary, type ErrorInfo } from "~/components/ErrorPage";
import type { Unavailable } from "~/routes/site/-server/booking-context.server";

function UnavailableNotice({ data }: { data: Unavailable }) {
  const { t } = useTranslation();
  // A quote that can no longer be booked (decision 402) offers the requote at today's price.
  const words =
    data.unavailable === "quote"
      ? {
          title: t(`quoteBooking.refused.${data.reason}.title`, { number: data.number }),
          body: t(`quoteBooking.refused.${data.reason}.body`),
          action: t("quoteBooking.refused.requote"),
        }
      : {
          title: t(`booking.unavailable.${data.unavailable}.title`),
          body: t(`booking.unavailable.${data.unavailable}.body`),
          action: t("booking.unavailable.search"),
        };
  return (
    <div className="page error-page" role="alert" data-testid="booking-unavailable">
      <h1>{words.title}</h1>
      <p>{words.body}</p>
      <p className="error-page__actions">
        <Link className="button button--primary" to={data.searchHref}>
          {words.action}
        </Link>
        <Link className="button button--ghost" to="/home">
          {t("common.errors.backHome")}
        </Link>
      </p>
    </div>
  );
}

const unavailable = ({ error }: ErrorInfo) =>
  isRouteErrorResponse(error) && (error.data as Partial<Unavailable> | null)?.unavailable ? (
    <UnavailableNotice data={error.data as Unavailable} />
  ) : null;

export function BookingErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: unavailable, 410: unavailable }} />;
}
