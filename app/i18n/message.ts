// A message key in the user's language, for everything a user or a script
// reads (form errors on the pages, the API's messages and field errors). A
// key without a translation reads as a generic "not valid" in that language:
// never a raw key (tests/i18n/translations.test.ts finds the keys that would).
type T = (key: string, options?: Record<string, unknown>) => string;

export const FALLBACK_MESSAGE = "validation.zod.invalid";

export function messageText(t: T, key: string, values?: Record<string, unknown>): string {
  const text = values ? t(key, values) : t(key);
  return text === key ? t(FALLBACK_MESSAGE) : text;
}
