// To the customer's customer-service and sales contacts: a new shipping order
// or contact request, with the customer, the rate as the customer saw it and
// the order (its file attached by the relay). Staff read it in Chinese.
import type { T } from "~/i18n/keys";
import { bookingSections, OrderEmail, renderEmail, routeText, type OrderEmailData, type RenderedEmail } from "./order-email";

export async function renderOrderNotification(options: { t: T; lang: string; data: OrderEmailData }): Promise<RenderedEmail> {
  const { t, lang, data } = options;
  const customerName = data.customer.company || data.customer.nickname || data.customer.username;
  const values = { id: data.id, customer: customerName, route: routeText(data, lang) };
  const kind = data.kind === "ORDER" ? "order" : "contact";
  const sections = bookingSections(t, lang, data);
  sections.splice(1, 0, {
    title: t("booking.email.sectionCustomer"),
    rows: [
      { label: t("booking.record.company"), value: data.customer.company ?? "-" },
      {
        label: t("booking.record.username"),
        value: data.customer.nickname ? `${data.customer.username} (${data.customer.nickname})` : data.customer.username,
      },
      { label: t("booking.record.phone"), value: data.customer.phone },
      { label: t("booking.record.email"), value: data.customer.email },
    ],
  });
  const element = (
    <OrderEmail
      lang={lang}
      appName={t("common.appName")}
      preview={t(`booking.email.staff.${kind}.preview`, values)}
      heading={t(`booking.email.staff.${kind}.heading`, values)}
      intro={t(`booking.email.staff.${kind}.intro`, values)}
      sections={sections}
      link={data.link ? { href: data.link, label: t("booking.email.openRecord") } : null}
      footer={t("booking.email.staff.footer")}
    />
  );
  return renderEmail(element, t(`booking.email.staff.${kind}.subject`, values));
}
