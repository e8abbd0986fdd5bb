// The PDF of a quote (issue 25 item 3, decision 402), in the reader's
// language. Every line is set in Noto Sans SC (OFL-1.1, the TTF of
// @expo-google-fonts/noto-sans-sc), which has the Latin and the Chinese
// glyphs; pdfkit embeds only the glyphs used (a subset, a few KB) with a
// ToUnicode map, so the text can be searched and copied. The font file
// (10 MB) is read and parsed once per process; a render then costs tens of
// milliseconds (bench:quote-pdf, docs/benchmarks.md).
import fs from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import type { Language } from "~/i18n/config";
import { pageT } from "~/i18n/i18n.server";
import type { QuoteView } from "./quotes.server";
import type { CompanyView } from "~/domain/site/company";
import { forwarderLines, quoteWords } from "./words.server";

/** The font file inside its npm package (Regular weight). */
export const QUOTE_FONT_FILE = "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf";

type Font = ReturnType<typeof fontkit.create>;
let font: Font | null = null;

/** The parsed font, shared by every document of the process (fontkit fonts are read-only; each document makes its own subset). */
function cjkFont(): Font {
  if (!font) {
    const file = createRequire(import.meta.url).resolve(QUOTE_FONT_FILE);
    font = fontkit.create(fs.readFileSync(file));
  }
  return font;
}

const MARGIN = 56;

/** The quote as a PDF (A4) in `lng`, under the forwarder's name, address and contact (`company`, in `lng`). */
export async function quotePdf(quote: QuoteView, lng: Language, company: CompanyView): Promise<Buffer> {
  const t = pageT(lng);
  const q = quoteWords(quote, lng);
  const title = t("quotes.quote.title", { number: q.number });
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    // The CJK font from the start: pdfkit then never loads its standard Helvetica.
    font: cjkFont() as unknown as string,
    lang: lng,
    displayTitle: true,
    info: { Title: title, Subject: q.route, CreationDate: new Date(quote.createdAt) },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const pair = (label: string, value: string) => {
    doc.fontSize(10).fillColor("#555555").text(label, { continued: false });
    doc.fontSize(11).fillColor("#000000").text(value).moveDown(0.3);
  };
  const [forwarder, ...forwarderRest] = forwarderLines(company, t);
  if (forwarder) doc.fontSize(13).text(forwarder);
  for (const line of forwarderRest) doc.fontSize(9).fillColor("#555555").text(line);
  doc.fillColor("#000000").moveDown(0.8);
  doc.fontSize(18).text(title).moveDown(0.5);
  if (q.expired)
    doc
      .fontSize(11)
      .fillColor("#b00020")
      .text(t("quotes.quote.expired", { day: q.validUntil }))
      .fillColor("#000000")
      .moveDown(0.5);
  pair(t("quotes.quote.mode"), t(q.modeLabel));
  pair(t("quotes.quote.route"), q.route || "-");
  pair(t("quotes.quote.createdAt"), q.createdAt);
  pair(t("quotes.quote.validUntil"), q.validUntil ?? t("quotes.quote.noEnd"));
  for (const f of q.facts) pair(t(f.labelKey), f.value);
  for (const p of q.prices) pair(p.label, p.text);
  for (const f of q.fees) pair(t(f.labelKey), f.value);
  doc.moveDown(0.5).fontSize(14).text(t("quotes.quote.total"));
  doc.fontSize(16).text(q.totalText).moveDown(0.3);
  if (q.rateUsed) doc.fontSize(10).text(q.rateUsed).moveDown(0.3);
  doc.moveDown(0.5).fontSize(12).text(t("quotes.shipment.breakdown")).moveDown(0.2);
  doc.fontSize(10);
  for (const line of q.breakdown) doc.text(`• ${line}`);
  doc.moveDown(1).fontSize(9).fillColor("#555555").text(t("quotes.quote.pdfNote"));
  doc.end();
  return done;
}
