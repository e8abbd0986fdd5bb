// The one link line of an e-mail (issue 45 item 6): an absolute link
// (mailLink, PUBLIC_URL) to where the reader goes next, or nothing.
import { Link, Text } from "@react-email/components";

export type EmailLink = { href: string; label: string } | null;

export function MailLink({ link }: { link: EmailLink }) {
  if (!link) return null;
  return (
    <Text>
      <Link href={link.href} style={{ color: "#0b5cab" }}>
        {link.label}
      </Link>
    </Text>
  );
}
