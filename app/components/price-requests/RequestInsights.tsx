// The price requests' figures on the insights dashboard (issue 43 item 5):
// received and answered in the period, the median time to answer, the share
// of answers booked, and the way to the desk's open requests of the mode.
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ModeKey } from "~/domain/modes";
import { duration } from "./SlaClock";

export type RequestInsightsData = { received: number; answered: number; medianMinutes: number | null; bookedShare: number | null };

export function RequestInsights({ figures, modeKey }: { figures: RequestInsightsData; modeKey: ModeKey }) {
  const { t } = useTranslation();
  const none = t("priceRequests.insights.none");
  return (
    <section className="insights-section" aria-labelledby="insights-requests" id="requests">
      <h2 id="insights-requests">{t("priceRequests.insights.title")}</h2>
      <p>{t("priceRequests.insights.hint")}</p>
      <dl className="price-desk__facts" data-testid="request-insights">
        <dt>{t("priceRequests.insights.received")}</dt>
        <dd>{figures.received}</dd>
        <dt>{t("priceRequests.insights.answered")}</dt>
        <dd>{figures.answered}</dd>
        <dt>{t("priceRequests.insights.median")}</dt>
        <dd>{figures.medianMinutes === null ? none : duration(t, figures.medianMinutes)}</dd>
        <dt>{t("priceRequests.insights.booked")}</dt>
        <dd>{figures.bookedShare === null ? none : `${Math.round(figures.bookedShare * 1000) / 10}%`}</dd>
      </dl>
      <p>
        <Link to={`/priceDesk?mode=${modeKey}`}>{t("priceRequests.desk.title")}</Link>
      </p>
    </section>
  );
}

/** The unmet lane's open requests on the desk, when it has any. */
export function OpenRequestsLink({
  count,
  modeKey,
  origin,
  destination,
}: {
  count: number | undefined;
  modeKey: ModeKey;
  origin: string;
  destination: string;
}) {
  const { t } = useTranslation();
  if (!count) return null;
  return (
    <>
      {" "}
      ·{" "}
      <Link to={`/priceDesk?${new URLSearchParams({ mode: modeKey, origin, destination })}`}>
        {t("priceRequests.insights.openRequests", { count })}
      </Link>
    </>
  );
}
