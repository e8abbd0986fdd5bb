// To the customer, in the language they booked in: their entrustment's new
// status, the reason when one was given, and the link to the record.
import type { T } from "~/i18n/keys";
import { OrderEmail, renderEmail, type RenderedEmail } from "./order-email";
import { type EntrustmentStatusValue, statusKey } from "~/domain/booking/status";
import { formatDateTime } from "~/domain/booking/format";

export type StatusEmailData = {
  id: number;
  route: string;
  from: EntrustmentStatusValue;
  to: EntrustmentStatusValue;
  reason: string | null;
  actor: "staff" | "customer";
  at: Date;
  link: string | null;
};

export async function renderStatusChange(options: { t: T; lang: string; data: StatusEmailData }): Promise<RenderedEmail> {
  const { t, lang, data } = options;
  const values = { id: data.id, status: t(statusKey(data.to)) };
  const rows = [
    { label: t("booking.record.number"), value: `#${data.id}` },
    { label: t("booking.record.route"), value: data.route },
    { label: t("watches.status.before"), value: t(statusKey(data.from)) },
    { label: t("watches.status.after"), value: t(statusKey(data.to)) },
    ...(data.reason ? [{ label: t("watches.status.reason"), value: data.reason }] : []),
    { label: t("watches.status.at"), value: formatDateTime(data.at.toISOString()) },
  ];
  const element = (
    <OrderEmail
      lang={lang}
      appName={t("common.appName")}
      preview={t("watches.status.email.preview", values)}
      heading={t("watches.status.email.heading", values)}
      intro={t(data.actor === "customer" ? "watches.status.email.introCustomer" : "watches.status.email.introStaff", values)}
      sections={[{ title: t("watches.status.email.section"), rows }]}
      link={data.link ? { href: data.link, label: t("booking.email.openRecord") } : null}
      footer={t("booking.email.customer.footer")}
    />
  );
  return renderEmail(element, t("watches.status.email.subject", values));
}

export type CancellationNoticeData = {
  id: number;
  route: string;
  customer: { username: string; nickname: string | null; company: string | null; phone: string };
  reason: string | null;
  at: Date;
  /** The entrustment on /app-order, when PUBLIC_URL is configured. */
  link: string | null;
};

/** To the customer's sales and customer-service contacts: the customer cancelled a booking (issue 45 item 4). */
export async function renderCancellationNotice(options: { t: T; lang: string; data: CancellationNoticeData }): Promise<RenderedEmail> {
  const { t, lang, data } = options;
  const customer = data.customer.company || data.customer.nickname || data.customer.username;
  const values = { id: data.id, customer, route: data.route };
  const rows = [
    { label: t("booking.record.number"), value: `#${data.id}` },
    { label: t("booking.record.route"), value: data.route },
    { label: t("booking.record.company"), value: data.customer.company ?? "-" },
    { label: t("booking.record.username"), value: data.customer.username },
    { label: t("booking.record.phone"), value: data.customer.phone },
    { label: t("watches.status.reason"), value: data.reason ?? t("watches.status.email.noReason") },
    { label: t("watches.status.at"), value: formatDateTime(data.at.toISOString()) },
  ];
  const element = (
    <OrderEmail
      lang={lang}
      appName={t("common.appName")}
      preview={t("watches.status.email.cancelStaff.preview", values)}
      heading={t("watches.status.email.cancelStaff.heading", values)}
      intro={t("watches.status.email.cancelStaff.intro", values)}
      sections={[{ title: t("watches.status.email.section"), rows }]}
      link={data.link ? { href: data.link, label: t("booking.email.openRecord") } : null}
      footer={t("booking.email.staff.footer")}
    />
  );
  return renderEmail(element, t("watches.status.email.cancelStaff.subject", values));
}
