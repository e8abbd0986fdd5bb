// The service-level clock of a price request in the desk's queue (issue 43):
// time left, due soon (under half an hour) or overdue, in the page's language.
import type { T } from "~/i18n/keys";
import { useTranslation } from "~/i18n/react";
import type { SlaState } from "~/domain/price-requests/sla";

/** "3 h 20 min" in the page's language. */
export const duration = (t: T, minutes: number) => t("priceRequests.duration", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });

export function SlaClock({ sla }: { sla: { state: SlaState; minutes: number } | null }) {
  const { t } = useTranslation();
  if (!sla) return null;
  return <span className={`sla sla--${sla.state}`}>{t(`priceRequests.sla.${sla.state}`, { time: duration(t, sla.minutes) })}</span>;
}
