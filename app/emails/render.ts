// Renders a react-email element to the HTML and plain text stored in the outbox.
import { render } from "@react-email/components";

export type RenderedEmail = { subject: string; html: string; text: string };

export async function renderEmail(element: React.ReactElement, subject: string): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  // A subject is one header line.
  return { subject: subject.replace(/[\r\n]+/g, " ").slice(0, 300), html, text };
}
