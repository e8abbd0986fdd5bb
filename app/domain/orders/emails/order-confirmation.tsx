// To the customer, in the language they booked in: what we received, and who
// will contact them within half an hour.
import type { T } from "~/i18n/keys";
import { bookingSections, OrderEmail, renderEmail, routeText, type OrderEmailData, type RenderedEmail } from "./order-email";

export async function renderOrderConfirmation(options: { t: T; lang: string; data: OrderEmailData }): Promise<RenderedEmail> {
  const { t, lang, data } = options;
  const values = { id: data.id, route: routeText(data, lang) };
  const kind = data.kind === "ORDER" ? "order" : "contact";
  const sections = bookingSections(t, lang, data);
  const contacts = [
    data.customerService ? { label: t("booking.record.customerService"), person: data.customerService } : null,
    data.sales ? { label: t("booking.record.sales"), person: data.sales } : null,
  ].filter((c) => c !== null);
  if (contacts.length) {
    sections.push({
      title: t("booking.email.sectionContacts"),
      rows: contacts.map(({ label, person }) => ({
        label,
        value: [person.name, person.phone, person.email].filter(Boolean).join("  "),
      })),
    });
  }
  const element = (
    <OrderEmail
      lang={lang}
      appName={t("common.appName")}
      preview={t(`booking.email.customer.${kind}.preview`, values)}
      heading={t(`booking.email.customer.${kind}.heading`, values)}
      intro={t(kind === "order" ? "booking.success.order" : "booking.success.contact")}
      sections={sections}
      link={data.link ? { href: data.link, label: t("booking.email.openRecord") } : null}
      footer={t("booking.email.customer.footer")}
    />
  );
  return renderEmail(element, t(`booking.email.customer.${kind}.subject`, values));
}
