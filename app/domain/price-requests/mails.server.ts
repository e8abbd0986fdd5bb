// The mails of a price request (issue 43), written to the outbox in the
// transaction that changes the request: to the customer's salesperson and
// customer service when it arrives (in Chinese, the back office's language),
// to the requester when it is answered or declined (in the language they
// asked in), and the lane's news when an answer becomes a rate. String
// templates with every value escaped, like the lane-watch digest: a mail is a
// few lines, and the lane news goes to many readers at once.
import type { T } from "~/i18n/keys";
import type { Language } from "~/i18n/config";
import { configuredOrigin } from "~/utils/public-origin.server";
import { escapeMarkup } from "~/utils/escape-markup";

export type MailBody = {
  /** Label → value lines (a fact table). */
  facts?: readonly (readonly [string, string])[];
  /** Free paragraphs, in order, after the facts. */
  paragraphs?: readonly string[];
  /** Bulleted lines (a total's breakdown). */
  items?: readonly string[];
  /** Links: only with PUBLIC_URL (mails carry absolute links only then); `path` starts with "/". */
  links?: readonly { text: string; path: string }[];
};

export type RenderedMail = { subject: string; html: string; text: string };

/** One mail: subject and heading, facts, paragraphs, items, links; every word comes from the caller's `t`. */
export function renderMail(t: T, lng: Language, subject: string, heading: string, body: MailBody): RenderedMail {
  const origin = configuredOrigin();
  const links = origin ? (body.links ?? []).map((l) => ({ text: l.text, href: `${origin}${l.path}` })) : [];
  const facts = body.facts ?? [];
  const text = [
    heading,
    "",
    ...facts.map(([label, value]) => `${label}: ${value}`),
    ...(facts.length ? [""] : []),
    ...(body.items ?? []).map((item) => `  - ${item}`),
    ...(body.items?.length ? [""] : []),
    ...(body.paragraphs ?? []).flatMap((p) => [p, ""]),
    ...links.map((l) => `${l.text}: ${l.href}`),
    ...(links.length ? [""] : []),
    t("priceRequests.mail.footer"),
  ].join("\n");
  const html = `<!DOCTYPE html><html lang="${lng}"><head><meta charset="utf-8"><title>${escapeMarkup(subject)}</title></head><body style="font-family:system-ui,'PingFang SC','Microsoft YaHei',sans-serif;color:#1f2937;background:#f5f7fa"><div style="background:#fff;border:1px solid #e5e7eb;border-radius:6px;padding:24px;max-width:600px;margin:0 auto"><p style="color:#0b5cab;font-weight:700;margin:0">${escapeMarkup(t("common.appName"))}</p><h1 style="font-size:20px">${escapeMarkup(heading)}</h1>${
    facts.length
      ? `<table style="border-collapse:collapse">${facts
          .map(
            ([label, value]) =>
              `<tr><th style="text-align:left;padding:2px 12px 2px 0;color:#6b7280;font-weight:400;vertical-align:top">${escapeMarkup(label)}</th><td style="padding:2px 0;white-space:pre-line">${escapeMarkup(value)}</td></tr>`,
          )
          .join("")}</table>`
      : ""
  }${body.items?.length ? `<ul>${body.items.map((i) => `<li>${escapeMarkup(i)}</li>`).join("")}</ul>` : ""}${(body.paragraphs ?? [])
    .map((p) => `<p style="white-space:pre-line">${escapeMarkup(p)}</p>`)
    .join("")}${
    links.length
      ? `<p>${links.map((l) => `<a href="${escapeMarkup(l.href)}" style="color:#0b5cab">${escapeMarkup(l.text)}</a>`).join(" · ")}</p>`
      : ""
  }<hr style="border-color:#e5e7eb"><p style="color:#6b7280;font-size:12px">${escapeMarkup(t("priceRequests.mail.footer"))}</p></div></body></html>`;
  return { subject: subject.replace(/[\r\n]+/g, " ").slice(0, 300), html, text };
}
