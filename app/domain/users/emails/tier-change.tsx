// To a customer's salesperson and customer service, in each one's language:
// the customer's price tier was changed, from what to what, by whom and when
// (issue 44 item 6). The layout is the booking e-mails' (domain/orders/emails/order-email.tsx).
import { keyUnder, type T } from "~/i18n/keys";
import { formatDateTime } from "~/domain/booking/format";
import { OrderEmail, renderEmail, type RenderedEmail } from "~/domain/orders/emails/order-email";

export async function renderTierChangeEmail(options: {
  t: T;
  lang: string;
  customer: { username: string; company: string | null };
  before: number | null;
  after: number | null;
  by: string;
  at: Date;
  /** An absolute link (PUBLIC_URL) to the customer on the user screen, or none (issue 45 item 6). */
  link: string | null;
}): Promise<RenderedEmail> {
  const { t, lang, customer, before, after, by, at, link } = options;
  const tier = (value: number | null) => (value === null ? t("admin.tierMail.none") : t(keyUnder("admin.user.tier.", value)));
  const values = { username: customer.username, tier: tier(after), by };
  const rows = [
    { label: t("admin.tierMail.customer"), value: customer.username },
    ...(customer.company ? [{ label: t("admin.tierMail.company"), value: customer.company }] : []),
    { label: t("admin.tierMail.before"), value: tier(before) },
    { label: t("admin.tierMail.after"), value: tier(after) },
    { label: t("admin.tierMail.by"), value: by },
    { label: t("admin.tierMail.at"), value: formatDateTime(at.toISOString()) },
  ];
  const element = (
    <OrderEmail
      lang={lang}
      appName={t("common.appName")}
      preview={t("admin.tierMail.heading", values)}
      heading={t("admin.tierMail.heading", values)}
      intro={t("admin.tierMail.intro", values)}
      sections={[{ title: t("admin.tierMail.section"), rows }]}
      link={link ? { href: link, label: t("admin.tierMail.link") } : null}
      footer={t("admin.tierMail.footer")}
    />
  );
  return renderEmail(element, t("admin.tierMail.subject", { ...values, appName: t("common.appName") }));
}
