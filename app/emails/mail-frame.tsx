// The frame every React Email mail shares: the product's name above the
// heading, the mail's own content, the one link line (MailLink) and a
// footer under a rule, on a white card of the mail's width.
import type { ReactNode } from "react";
import { Body, Container, Head, Heading, Hr, Html, Preview, Text } from "@react-email/components";
import { MailLink, type EmailLink } from "./mail-link";

type FrameProps = {
  lang: string;
  appName: string;
  preview: string;
  heading: string;
  /** The card's width in px (a code mail is narrower than a booking's tables). */
  width: number;
  link: EmailLink;
  footer: string;
  children: ReactNode;
};

export function MailFrame({ lang, appName, preview, heading, width, link, footer, children }: FrameProps) {
  return (
    <Html lang={lang}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: "#f5f7fa", fontFamily: "system-ui, -apple-system, 'PingFang SC', 'Microsoft YaHei', sans-serif" }}>
        <Container style={{ backgroundColor: "#ffffff", border: "1px solid #e5e7eb", borderRadius: 6, padding: 24, maxWidth: width }}>
          <Text style={{ color: "#0b5cab", fontWeight: 700, margin: 0 }}>{appName}</Text>
          <Heading as="h1" style={{ fontSize: 20, color: "#1f2937" }}>
            {heading}
          </Heading>
          {children}
          <MailLink link={link} />
          <Hr style={{ borderColor: "#e5e7eb" }} />
          <Text style={{ color: "#6b7280", fontSize: 12 }}>{footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}
