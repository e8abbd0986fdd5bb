// An entrustment's status and its history (issue 25 item 5): the customer's
// record page and the staff dialog on /app-order draw it the same way.
import { useTranslation } from "~/i18n/react";
import { formatDateTime } from "~/domain/booking/format";
import { type EntrustmentStatusValue, statusKey } from "~/domain/booking/status";

export type StatusHistoryEntry = {
  from: EntrustmentStatusValue;
  to: EntrustmentStatusValue;
  reason: string | null;
  actor: "staff" | "customer";
  at: string;
};

export function StatusBadge({ status }: { status: EntrustmentStatusValue }) {
  const { t } = useTranslation();
  return (
    <span className={`status-badge status-badge--${status.toLowerCase()}`} data-status={status}>
      {t(statusKey(status))}
    </span>
  );
}

export function StatusHistory({ history, audience }: { history: readonly StatusHistoryEntry[]; audience: "customer" | "staff" }) {
  const { t } = useTranslation();
  if (history.length === 0) return <p className="field__hint">{t("watches.status.noHistory")}</p>;
  const who = (actor: "staff" | "customer") =>
    actor === "staff"
      ? t("watches.status.byStaff")
      : t(audience === "customer" ? "watches.status.byCustomer" : "watches.status.byCustomerStaffView");
  return (
    <ol className="status-history" data-testid="status-history">
      {history.map((event, i) => (
        <li key={i}>
          <time dateTime={event.at}>{formatDateTime(event.at)}</time> · {t(statusKey(event.from))} →{" "}
          <strong>{t(statusKey(event.to))}</strong> · {who(event.actor)}
          {event.reason ? (
            <>
              {" "}
              · {t("watches.status.reason")}: {event.reason}
            </>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
