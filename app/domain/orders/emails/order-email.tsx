// The layout and content shared by the two booking e-mails (the notification
// to the customer's customer-service and sales contacts, order-notification.tsx;
// the confirmation to the customer, order-confirmation.tsx). Rendered on the
// server with React Email; every text comes from `t`, fixed to the
// recipient's language by the caller.
import type { TransportType } from "~/domain/catalog";
import { Heading, Section, Text } from "@react-email/components";
import { MailFrame } from "~/emails/mail-frame";
import type { EmailLink } from "~/emails/mail-link";
import type { T } from "~/i18n/keys";
import { formatDateTime, formatSnapshotPrice, snapshotPriceLabel } from "~/domain/booking/format";
import { moduleKey, transportKey } from "~/domain/booking/labels";
import { routeIn } from "~/domain/booking/display.server";
import { vocabulary } from "~/domain/reference/vocabulary.server";
import { usesContainers, type OrderValues } from "~/domain/booking/schemas";
import type { SourceSnapshot } from "~/domain/booking/snapshot";
import { quoteRefWords, quoteTotalWords } from "~/domain/quotes/words.server";

export type OrderEmailPerson = { name: string; email: string | null; phone: string | null };

/** Everything an order e-mail says, in domain terms (no translation yet). */
export type OrderEmailData = {
  id: number;
  kind: "ORDER" | "CONTACT";
  createdAt: Date;
  sourceKind: string;
  mode: TransportType;
  transportType: TransportType | null;
  pol: string | null;
  pod: string | null;
  customer: { username: string; nickname: string | null; company: string | null; phone: string; email: string };
  customerService: OrderEmailPerson | null;
  sales: OrderEmailPerson | null;
  order: OrderValues | null;
  snapshot: SourceSnapshot;
  attachmentName: string | null;
  /** Link to the record, when PUBLIC_URL is configured. */
  link: string | null;
};

export type EmailRow = { label: string; value: string };
export type EmailSection = { title: string; rows: EmailRow[] };

/** The route in the reader's language (an express destination is named in it; no "- →" without an origin). */
export function routeText(data: OrderEmailData, lang: string) {
  return routeIn(data.pol, data.pod, data.snapshot.express, lang);
}

/** The sections both e-mails share: the booking, the rate as seen, and the order. */
export function bookingSections(t: T, lang: string, data: OrderEmailData): EmailSection[] {
  const rows = (pairs: [string, string | number | null | undefined][]): EmailRow[] =>
    pairs
      .filter(([, value]) => value !== null && value !== undefined && value !== "")
      .map(([label, value]) => ({ label, value: String(value) }));
  const sections: EmailSection[] = [
    {
      title: t("booking.email.sectionBooking"),
      rows: rows([
        [t("booking.record.number"), `#${data.id}`],
        [t("booking.record.kind"), t(`booking.kind.${data.kind}`)],
        [t("booking.record.module"), t(moduleKey(data.sourceKind, data.mode))],
        [t("booking.record.transportType"), data.transportType ? t(transportKey(data.transportType)) : null],
        [t("booking.record.route"), routeText(data, lang)],
        [t("booking.record.createdAt"), formatDateTime(data.createdAt)],
      ]),
    },
  ];
  const s = data.snapshot;
  sections.push({
    title: t(s.source === "offer" ? "booking.source.offerTitle" : "booking.source.rateTitle"),
    rows: [
      ...s.facts.map((f) => ({ label: t(f.labelKey), value: vocabulary(f.value, lang) })),
      ...(s.validFrom || s.validTo
        ? [{ label: t("search.col.validity"), value: t("search.col.validityRange", { from: s.validFrom ?? "…", to: s.validTo ?? "…" }) }]
        : []),
      ...(s.express ? [{ label: t("booking.source.expressFor"), value: `${s.express.country}, ${s.express.weight} kg` }] : []),
      ...s.prices.map((p) => ({ label: snapshotPriceLabel(t, s.mode, p), value: formatSnapshotPrice(p, s.currency) })),
    ],
  });
  if (s.quote) {
    // Booked from a quote (decision 402): its number and total are the entrustment's.
    const quote = quoteRefWords(s.quote, t);
    sections.push({
      title: t("quoteBooking.quote.title", { number: quote.number }),
      rows: rows([
        [t("quoteBooking.quote.total"), quote.totalText],
        [t("quotes.quote.validUntil"), quote.validUntil ?? t("quotes.quote.noEnd")],
        [t("quoteBooking.quote.rateUsed"), quote.rateUsed],
        [t("quotes.shipment.breakdown"), quote.breakdown.join("\n")],
      ]),
    });
  }
  if (s.shipment) {
    // Sized on the results page (issue 45 item 3): the total shown there is the order's.
    const shipment = quoteTotalWords(s.shipment.total, t);
    sections.push({
      title: t("booking.shipment.title"),
      rows: rows([
        [t("booking.shipment.total"), shipment.totalText],
        [t("quoteBooking.quote.rateUsed"), shipment.rateUsed],
        [t("quotes.shipment.breakdown"), shipment.breakdown.join("\n")],
      ]),
    });
  }
  const o = data.order;
  if (o) {
    const containers = usesContainers(data.transportType);
    sections.push({
      title: t("booking.email.sectionOrder"),
      rows: rows([
        [t("booking.field.gp20Count"), containers ? o.gp20Count : null],
        [t("booking.field.gp40Count"), containers ? o.gp40Count : null],
        [t("booking.field.hq40Count"), containers ? o.hq40Count : null],
        [t("booking.field.otherSize"), containers ? o.otherSize : null],
        [t("booking.field.grossWeight"), o.grossWeight],
        [t("booking.field.volume"), o.volume],
        [t("booking.field.packages"), o.packages],
        [t("booking.field.commodityZh"), o.commodityZh],
        [t("booking.field.commodityEn"), o.commodityEn],
        [t("booking.field.hsCode"), o.hsCode],
        [t("booking.field.shipper"), o.shipper],
        [t("booking.field.consignee"), o.consignee],
        [t("booking.field.notifyParty"), o.notifyParty],
        [t("booking.field.attachment"), data.attachmentName],
      ]),
    });
  } else if (data.attachmentName) {
    sections.push({ title: t("booking.email.sectionOrder"), rows: rows([[t("booking.field.attachment"), data.attachmentName]]) });
  }
  return sections;
}

type LayoutProps = {
  lang: string;
  appName: string;
  preview: string;
  heading: string;
  intro: string;
  sections: EmailSection[];
  link: EmailLink;
  footer: string;
};

export function OrderEmail({ lang, appName, preview, heading, intro, sections, link, footer }: LayoutProps) {
  return (
    <MailFrame lang={lang} appName={appName} preview={preview} heading={heading} width={600} link={link} footer={footer}>
      <Text style={{ color: "#1f2937" }}>{intro}</Text>
      {sections.map((section) => (
        <Section key={section.title} style={{ margin: "16px 0" }}>
          <Heading as="h2" style={{ fontSize: 16, color: "#1f2937", margin: "0 0 8px" }}>
            {section.title}
          </Heading>
          <table role="presentation" cellPadding={0} cellSpacing={0} style={{ width: "100%", borderCollapse: "collapse" }}>
            <tbody>
              {section.rows.map((row) => (
                <tr key={row.label}>
                  <td style={{ color: "#6b7280", padding: "4px 12px 4px 0", verticalAlign: "top", whiteSpace: "nowrap", fontSize: 14 }}>
                    {row.label}
                  </td>
                  <td style={{ color: "#1f2937", padding: "4px 0", whiteSpace: "pre-wrap", fontSize: 14 }}>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      ))}
    </MailFrame>
  );
}

export { renderEmail, type RenderedEmail } from "~/emails/render";
