// Reads a PDF's text as a reader's copy-and-paste would (pdf.js through
// unpdf): the quote PDFs' tests and the confidentiality suite check what a
// PDF says, not how it is encoded.
import { extractText, getDocumentProxy } from "unpdf";

export async function pdfText(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(bytes instanceof Uint8Array ? new Uint8Array(bytes) : new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** The names of the fonts a PDF embeds (their /FontName entries, subset prefix dropped). */
export function embeddedFonts(bytes: ArrayBuffer | Uint8Array): string[] {
  const raw = Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString("latin1");
  return [...raw.matchAll(/\/FontName \/(?:[A-Z]{6}\+)?([\w-]+)/g)].map((m) => m[1]);
}
