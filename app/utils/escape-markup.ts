// The one escaper of text put into markup the app writes as strings (the
// request gate's refusal page, the price-request and lane-watch mails, the
// sitemap): the five characters that end text or an attribute, as entities
// both HTML and XML read. React escapes everything else the app renders.
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** `text` safe inside an element or a quoted attribute, in HTML and XML alike. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
