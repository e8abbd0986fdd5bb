// A message key in the user's language, for everything a user or a script
// reads (form errors on the pages, the API's messages and field errors). A
// key without a translation reads as a generic "not valid" in that language:
// never a raw key (tests/i18n/translations.test.ts finds the keys that would).
// The key here comes from data (a form reply's errors, an API problem), so
// this is the one place that asks t() for a key typed only as a string
// (decision 008, typed translation keys).
import type { T, TranslateOptions, TranslationKey } from "./keys";

type AnyKeyT = (key: string, options?: TranslateOptions) => string;

export const FALLBACK_MESSAGE: TranslationKey = "validation.zod.invalid";

export function messageText(t: T, key: string, values?: Record<string, unknown>): string {
  return textOrElse(t, key, values, () => t(FALLBACK_MESSAGE));
}

/** The text of a key read from storage or sent by the server (a log's field label, a refusal's reason), or `fallback` when the texts have no such key. */
export function storedKeyText(t: T, key: string, fallback: string): string {
  return textOrElse(t, key, undefined, () => fallback);
}

function textOrElse(typedT: T, key: string, values: Record<string, unknown> | undefined, orElse: () => string): string {
  const t = typedT as AnyKeyT;
  const text = values ? t(key, values) : t(key);
  return text === key ? orElse() : text;
}
