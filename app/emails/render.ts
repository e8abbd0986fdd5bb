// Renders a react-email element to the HTML and plain text stored in the outbox.
import { render } from "@react-email/components";

export type RenderedEmail = { subject: string; html: string; text: string };

export async function renderEmail(element: React.ReactElement, subject: string): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  // React 18's streaming renderer pads a chunk that ends inside a multi-byte
  // character with NUL bytes (facebook/react#26228, react-email#1667): with
  // Chinese text they appear at random places. PostgreSQL refuses them and
  // mail clients truncate at them: strip them.
  const clean = (value: string) => value.replace(/\0/g, "");
  // A subject is one header line.
  return { subject: subject.replace(/[\r\n]+/g, " ").slice(0, 300), html: clean(html), text: clean(text) };
}
