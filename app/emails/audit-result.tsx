// The e-mail a customer gets when staff pass or fail their registration or
// their profile change (issue 22 item 16), in the customer's language.
import { Text } from "@react-email/components";
import { MailFrame } from "./mail-frame";
import type { EmailLink } from "./mail-link";
import type { T } from "~/i18n/keys";
import { renderEmail, type RenderedEmail } from "./render";

export type AuditSubject = "registration" | "profile";
export type AuditDecision = "pass" | "fail";

type Props = {
  lang: string;
  appName: string;
  heading: string;
  lines: string[];
  preview: string;
  footer: string;
  /** An absolute link (PUBLIC_URL) to where the customer goes next, or none. */
  link: EmailLink;
};

function AuditResultEmail({ lang, appName, heading, lines, preview, footer, link }: Props) {
  return (
    <MailFrame lang={lang} appName={appName} preview={preview} heading={heading} width={520} link={link} footer={footer}>
      {lines.map((line, index) => (
        <Text key={index} style={{ color: "#1f2937", whiteSpace: "pre-wrap" }}>
          {line}
        </Text>
      ))}
    </MailFrame>
  );
}

/** Subject, HTML and text of an audit decision; `t` is fixed to the customer's language. */
export async function renderAuditResultEmail(options: {
  t: T;
  lang: string;
  subject: AuditSubject;
  decision: AuditDecision;
  username: string;
  reason: string | null;
  /** Where the link leads: the sign-in page after a pass, the contact page after a failure (absolute, or none). */
  link: string | null;
}): Promise<RenderedEmail> {
  const { t, lang, subject, decision, username, reason } = options;
  const appName = t("common.appName");
  const key = `admin.auditMail.${subject}.${decision}` as const;
  const heading = t(`${key}.heading`);
  const lines = [
    t("admin.auditMail.greeting", { username }),
    t(`${key}.body`),
    ...(decision === "fail" && reason ? [t("admin.auditMail.reason", { reason })] : []),
  ];
  const element = (
    <AuditResultEmail
      lang={lang}
      appName={appName}
      heading={heading}
      lines={lines}
      preview={heading}
      footer={t("admin.auditMail.footer")}
      link={
        options.link
          ? { href: options.link, label: t(decision === "pass" ? "admin.auditMail.linkPass" : "admin.auditMail.linkFail") }
          : null
      }
    />
  );
  return renderEmail(element, t(`${key}.subject`, { appName }));
}
