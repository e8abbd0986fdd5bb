// Normalisation at the boundary (issue 40 item 4): what an import, the wizard
// and the exchange-rate screen do to a value before they check it. Full-width
// characters become half-width (NFKC: ＳＨＡＮＧＨＡＩ → SHANGHAI, ９００ → 900),
// text is trimmed, codes are upper-case, and a currency is an ISO 4217 code
// (the runtime's own list, Intl.supportedValuesOf: no table to keep). Shared
// by server and browser.

/** How a text column is normalised on import (AreaColumn.normalize). */
export type TextNormalization =
  /** Kept exactly as written (the port lists: their space checks exist to find stray spaces). */
  | "none"
  /** Blanks around it removed. */
  | "trim"
  /** A name (port, carrier, dock): NFKC, trimmed, runs of blanks made one ("COSCO  " → "COSCO"). */
  | "name"
  /** A code: NFKC, no blanks, upper case. */
  | "code"
  /** An ISO 4217 currency code (also 人民币/RMB/¥ → CNY, 美元/US$ → USD …); anything else is refused. */
  | "currency";

/** Currencies as Chinese sheets write them. */
const CURRENCY_WORDS: Readonly<Record<string, string>> = {
  RMB: "CNY",
  人民币: "CNY",
  元: "CNY",
  "¥": "CNY",
  美元: "USD",
  美金: "USD",
  US$: "USD",
  $: "USD",
  欧元: "EUR",
  "€": "EUR",
  英镑: "GBP",
  "£": "GBP",
  日元: "JPY",
  港币: "HKD",
  港元: "HKD",
};

let iso: Set<string> | null = null;
/** The ISO 4217 codes the runtime knows (Intl.supportedValuesOf). */
export function isoCurrencies(): Set<string> {
  iso ??= new Set(Intl.supportedValuesOf("currency"));
  return iso;
}

/** The ISO 4217 code a cell names ("usd  ", "ＵＳＤ", "RMB", "人民币"), or null when it names none. */
export function currencyCode(text: string): string | null {
  const compact = text.normalize("NFKC").replace(/\s+/g, "").toUpperCase();
  const code = CURRENCY_WORDS[compact] ?? compact;
  return /^[A-Z]{3}$/.test(code) && isoCurrencies().has(code) ? code : null;
}

/** A text as its column keeps it; null when a currency names none. */
export function normalizeText(kind: TextNormalization, text: string): string | null {
  switch (kind) {
    case "none":
      return text;
    case "trim":
      return text.trim();
    case "name":
      return text.normalize("NFKC").replace(/\s+/g, " ").trim();
    case "code":
      return text.normalize("NFKC").replace(/\s+/g, "").toUpperCase();
    case "currency":
      return currencyCode(text);
  }
}

/** A number written as text, full-width digits and separators made half-width (９００ → 900, １，２００．５ → 1,200.5). */
export const halfWidth = (text: string) => text.normalize("NFKC");
