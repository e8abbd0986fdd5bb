// Typed translation keys (decision 008). TranslationKey is every key the
// Chinese texts hold, derived by type from app/locales/zh-CN/*.json through
// ./resources.server.ts (a type-only import: nothing of the texts reaches the
// browser bundle from here), as "area.dotted.key"; a plural key
// ("search.count_other") is also asked for without its suffix, as i18next
// does with { count }. T is the t() of every page, loader, mail and API
// reply (useTranslation in ./react.tsx, pageT and i18n.getFixedT in
// ./i18n.server.ts): a misspelt literal key fails tsc, and a key built from
// data must be built from typed parts (`search.x.${ModeKey}`), which
// TypeScript checks against this union. Keys that really come from outside the
// code (a message key in a form reply) go through messageText (./message.ts),
// which falls back to a generic message.
import type { Translations } from "./resources.server";

type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";

type Leaves<Node, Prefix extends string = ""> = {
  [K in keyof Node & string]: Node[K] extends string ? `${Prefix}${K}` : Leaves<Node[K], `${Prefix}${K}.`>;
}[keyof Node & string];

type WithoutPlural<Key extends string> = Key extends `${infer Base}_${PluralSuffix}` ? Base : never;

type LeafKey = Leaves<Translations>;

/** Every translation key the code may ask for. */
export type TranslationKey = LeafKey | WithoutPlural<LeafKey>;

/** Interpolation values, count, defaultValue. */
export type TranslateOptions = Record<string, unknown>;

/** t() of the app: a key of the texts (or keys to try in turn), options or a default text. */
export type T = (key: TranslationKey | readonly TranslationKey[], options?: TranslateOptions | string) => string;

/** The keys of one area under a prefix: KeysUnder<"search.x."> is "fcl" | "lcl" | … for `search.x.${…}`. */
export type KeysUnder<Prefix extends string> = TranslationKey extends infer Key
  ? Key extends `${Prefix}${infer Rest}`
    ? Rest
    : never
  : never;

/**
 * The key of a value read from data (a status code, a level, a role id)
 * under a prefix of the texts: tsc checks that the prefix is one
 * (`keyUnder("admin.user.state.", row.state)`); the value is only known at
 * run time, and t() says the key itself (or its defaultValue) when the texts
 * have no such entry. Values with a union type build their key as a typed
 * template instead (`search.sort.${sort}`), which tsc checks entirely.
 */
export function keyUnder<const Prefix extends string>(
  prefix: Prefix & ([KeysUnder<Prefix>] extends [never] ? "is not a prefix of any translation key" : unknown),
  value: string | number,
): TranslationKey {
  return `${prefix}${value}` as TranslationKey;
}
