// The six-digit code e-mail (registration and password reset), rendered on
// the server with React Email in the language of the request that asked.
import { Section, Text } from "@react-email/components";
import { MailFrame } from "./mail-frame";
import type { EmailLink } from "./mail-link";
import { renderEmail } from "./render";
import type { T } from "~/i18n/keys";

export type CodeEmailPurpose = "register" | "reset";

type Props = {
  lang: string;
  appName: string;
  heading: string;
  intro: string;
  code: string;
  expiry: string;
  ignore: string;
  preview: string;
  /** The form the code goes into, as an absolute link (PUBLIC_URL), or none. */
  link: EmailLink;
};

export function VerificationCodeEmail({ lang, appName, heading, intro, code, expiry, ignore, preview, link }: Props) {
  return (
    <MailFrame lang={lang} appName={appName} preview={preview} heading={heading} width={480} link={link} footer={ignore}>
      <Text style={{ color: "#1f2937" }}>{intro}</Text>
      <Section style={{ textAlign: "center", margin: "16px 0" }}>
        <Text style={{ fontSize: 32, letterSpacing: 8, fontWeight: 700, color: "#1f2937", margin: 0 }}>{code}</Text>
      </Section>
      <Text style={{ color: "#6b7280" }}>{expiry}</Text>
    </MailFrame>
  );
}

/** Subject, HTML and plain text of a code e-mail; `t` is fixed to the user's language. */
export async function renderVerificationCodeEmail(options: {
  t: T;
  lang: string;
  purpose: CodeEmailPurpose;
  code: string;
  minutes: number;
  /** The registration or reset form, absolute (PUBLIC_URL), or none. */
  link: string | null;
}): Promise<{ subject: string; html: string; text: string }> {
  const { t, lang, purpose, code, minutes } = options;
  const appName = t("common.appName");
  const subject = t(`account.email.${purpose}.subject`, { appName });
  const element = (
    <VerificationCodeEmail
      lang={lang}
      appName={appName}
      heading={t(`account.email.${purpose}.heading`)}
      intro={t(`account.email.${purpose}.intro`)}
      code={code}
      expiry={t("account.email.expiry", { minutes })}
      ignore={t("account.email.ignore")}
      preview={t("account.email.preview", { code })}
      link={options.link ? { href: options.link, label: t(`account.email.${purpose}.link`) } : null}
    />
  );
  return renderEmail(element, subject);
}
