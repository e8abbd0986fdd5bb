import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import type { Contact, ContactCardData } from "~/domain/site/contact";

type ContactLine = "mobile" | "phone" | "landline" | "email" | "qq" | "wechat" | "address" | "website";

const tel = (number: string) => <a href={`tel:${number.replace(/[^\d+]/g, "")}`}>{number}</a>;

/** The lines of one contact: what exists of mobile, phone, landline, e-mail, QQ, WeChat, address, website, QR card. */
export function ContactLines({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const lines: [ContactLine, React.ReactNode][] = [];
  if (contact.mobile) lines.push(["mobile", tel(contact.mobile)]);
  if (contact.phone) lines.push(["phone", tel(contact.phone)]);
  if (contact.landline) lines.push(["landline", tel(contact.landline)]);
  if (contact.email) lines.push(["email", <a href={`mailto:${contact.email}`}>{contact.email}</a>]);
  if (contact.qq) lines.push(["qq", contact.qq]);
  if (contact.wechat) lines.push(["wechat", contact.wechat]);
  if (contact.address) lines.push(["address", contact.address]);
  if (contact.website) lines.push(["website", contact.websiteUrl ? <a href={contact.websiteUrl}>{contact.website}</a> : contact.website]);
  return (
    <>
      <p className="contact-card__name">{contact.name}</p>
      <dl className="contact-card__lines">
        {lines.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`search.contact.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {contact.wxCode ? (
        <figure className="contact-card__qr">
          <img src={contact.wxCode} alt={t("search.contact.wxCodeAlt", { name: contact.name })} width="120" height="120" loading="lazy" />
          <figcaption>{t("search.contact.wxCode")}</figcaption>
        </figure>
      ) : null}
    </>
  );
}

function PersonalContacts({ data }: { data: Extract<ContactCardData, { kind: "personal" }> }) {
  const { t } = useTranslation();
  const [enhanced, setEnhanced] = useState(false);
  const [showing, setShowing] = useState<"service" | "sales">(data.service ? "service" : "sales");
  useEffect(() => setEnhanced(true), []);
  const sections = (["service", "sales"] as const).filter((role) => data[role]);
  // Without JavaScript (or without a toggle) every contact is shown.
  const visible = enhanced && data.toggle ? sections.filter((role) => role === showing) : sections;
  return (
    <>
      {enhanced && data.toggle ? (
        <div className="contact-card__toggle" role="group" aria-label={t("search.contact.switch")}>
          {sections.map((role) => (
            <button
              key={role}
              type="button"
              className="contact-card__switch"
              aria-pressed={showing === role}
              onClick={() => setShowing(role)}
            >
              {t(`search.contact.${role}`)}
            </button>
          ))}
        </div>
      ) : null}
      {visible.map((role) => (
        <section key={role} className="contact-card__section">
          <h3>{t(`search.contact.${role}`)}</h3>
          <ContactLines contact={data[role]!} />
        </section>
      ))}
    </>
  );
}

/**
 * The customer's own customer-service and sales contacts (spec 2.4), or the
 * company's for visitors. Floating on the home and rate pages (a <details>,
 * so it opens without JavaScript); inline under an empty result.
 */
export function ContactCard({ data, variant = "floating" }: { data: ContactCardData; variant?: "floating" | "inline" }) {
  const { t } = useTranslation();
  const body =
    data.kind === "personal" ? (
      <PersonalContacts data={data} />
    ) : data.company ? (
      <section className="contact-card__section">
        <h3>{t("search.contact.company")}</h3>
        <ContactLines contact={data.company} />
      </section>
    ) : null;
  const promise = <p className="contact-card__promise">{t("search.contact.promise")}</p>;
  if (variant === "inline") {
    return (
      <aside className="contact-card contact-card--inline" aria-label={t("search.contact.title")}>
        {body}
        {promise}
      </aside>
    );
  }
  return (
    <aside className="contact-card contact-card--floating" aria-label={t("search.contact.title")}>
      <details>
        <summary>{t("search.contact.title")}</summary>
        <div className="contact-card__panel">
          {body}
          {promise}
        </div>
      </details>
    </aside>
  );
}
