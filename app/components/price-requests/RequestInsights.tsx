// The price requests' figures on the insights dashboard (issue 43 item 5):
// received and answered in the period, the median time to answer, the share
// of answers booked, and the way to the desk's requests of the mode (for
// those who hold the desk).
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ModeKey } from "~/domain/modes";
import { duration } from "./SlaClock";

export type RequestInsightsData = {
  received: number;
  answered: number;
  medianMinutes: number | null;
  bookedShare: number | null;
  /** The viewer holds the desk (the link to it is offered only then). */
  desk: boolean;
};

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
      {figures.desk ? (
        <p>
          <Link to={`/priceDesk?mode=${modeKey}`}>{t("priceRequests.desk.title")}</Link>
        </p>
      ) : null}
    </section>
  );
}
