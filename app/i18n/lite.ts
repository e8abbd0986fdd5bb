// The i18n instance pages render with, in the browser and on the server: a
// few hundred bytes instead of i18next (about 15 KB of compressed JavaScript
// on every page), and about ten times faster per t() call (a results page
// makes some 700 of them; i18next's took an eighth of the server's time
// under load). See docs/benchmarks.md, page weight and throughput. A page
// holds one language (switching language is a plain form POST and a new
// document), never loads namespaces and never formats values, so the
// instance needs only what ./react.tsx's useTranslation and the root's
// language effect call (t, getFixedT, exists, language, changeLanguage),
// plus what react-i18next's own hook reads where a page still uses it
// (options, isInitialized, languages, hasLoadedNamespace, on/off). The
// results and home loaders name their pages with it too (pageI18n in
// i18n.server.ts); mail and the API keep i18next.
//
// t() follows i18next 23 for everything the translations use: nested keys,
// {{name}} and {{- name}} interpolation (values as they are: React escapes;
// a variable not passed stays as written), plurals through Intl.PluralRules
// (key_zero for 0, key_one, key_other, then the key), defaultValue, the key
// itself when missing. ./lite.test.ts compares both on every key.
import type { i18n as I18next } from "i18next";

type Options = Record<string, unknown> & { count?: unknown; defaultValue?: unknown };

// i18next's looksLikeObjectPath: "ns:key" is a namespace only in keys without these.
const NATURAL_LANGUAGE = /[ ,?!;]/;

function lookup(data: unknown, path: string): unknown {
  let node = data;
  for (const part of path.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function interpolate(text: string, options: Options): string {
  if (!text.includes("{{")) return text;
  return text.replace(/\{\{(.+?)\}\}/g, (match, name: string) => {
    const path = name.replace(/^-/, "").trim();
    const value = lookup(options, path);
    // i18next 23 (skipOnVariables): a variable not passed at all stays as it is.
    if (value === undefined) return Object.prototype.hasOwnProperty.call(options, path) ? "" : match;
    return value === null ? "" : String(value);
  });
}

export function createLiteI18n(lng: string, resources: Record<string, unknown>) {
  const plural = new Intl.PluralRules(lng);

  /** i18next's extractFromKey: "ns:key" names a namespace unless the key reads like a sentence. */
  function splitKey(key: string): { ns: string; key: string } {
    const dot = key.indexOf(".");
    const objectPath = !NATURAL_LANGUAGE.test(key) || (dot > 0 && !NATURAL_LANGUAGE.test(key.slice(0, dot)));
    if (!key.includes(":") || !objectPath) return { ns: "translation", key };
    const [ns, ...rest] = key.split(":");
    return { ns, key: rest.join(".") };
  }

  function resolve(fullKey: string, options: Options): unknown {
    const { ns, key } = splitKey(fullKey);
    if (ns !== "translation") return undefined;
    const candidates = [key];
    if (typeof options.count === "number") {
      candidates.unshift(`${key}_${plural.select(options.count)}`);
      if (options.count === 0) candidates.unshift(`${key}_zero`);
    }
    for (const candidate of candidates) {
      const value = text(candidate);
      if (value !== undefined && value !== null) return value;
    }
    return undefined;
  }

  // A key's text, looked up once (the resources never change; bounded like `plain` below).
  const texts = new Map<string, unknown>();
  function text(key: string): unknown {
    if (texts.has(key)) return texts.get(key);
    const value = lookup(resources, key);
    if (texts.size < 5_000) texts.set(key, value);
    return value;
  }

  // The instance's texts never change: t(key) without options is the same
  // every time (a results page asks for a few hundred of them). Bounded, in
  // case a key ever comes from outside the code.
  const plain = new Map<string, string>();
  const PLAIN_KEPT = 5_000;

  function t(keys: string | string[], second?: Options | string): string {
    if (typeof keys === "string") {
      if (second === undefined) {
        let text = plain.get(keys);
        if (text === undefined) {
          text = translate(keys, undefined);
          if (plain.size < PLAIN_KEPT) plain.set(keys, text);
        }
        return text;
      }
      // Values but no plural and no default (a results row's validity): the key's text, then its {{values}}.
      if (typeof second === "object" && second.count === undefined && second.defaultValue === undefined) {
        const found = resolve(keys, {});
        if (typeof found === "string") return interpolate(found, second);
      }
    }
    return translate(keys, second);
  }

  function translate(keys: string | string[], second?: Options | string): string {
    const options: Options = typeof second === "string" ? { defaultValue: second } : { ...second };
    const list = Array.isArray(keys) ? keys : [String(keys)];
    let found: unknown;
    for (const key of list) {
      found = resolve(key, options);
      if (found !== undefined) break;
    }
    const { key } = splitKey(list[list.length - 1]);
    if (found !== undefined && typeof found === "object") {
      return `key '${key} (${lng})' returned an object instead of string.`;
    }
    const text = found !== undefined ? found : options.defaultValue !== undefined ? options.defaultValue : key;
    return typeof text === "string" ? interpolate(text, options) : (text as string);
  }

  const instance = {
    language: lng,
    languages: [lng],
    isInitialized: true,
    options: { defaultNS: "translation", ns: ["translation"], fallbackLng: lng, react: { useSuspense: false } },
    t,
    getFixedT: (_lng?: string | null, _ns?: unknown, keyPrefix?: string) =>
      keyPrefix ? (key: string, options?: Options) => t(`${keyPrefix}.${key}`, options) : t,
    exists: (key: string, options: Options = {}) => resolve(key, options) !== undefined,
    hasLoadedNamespace: () => true,
    // No language events: another language is a new document.
    on() {},
    off() {},
    /** The page's own language only: in the browser another one comes with a new document. */
    async changeLanguage(next?: string) {
      if (next && next !== lng && typeof window !== "undefined") {
        window.location.reload();
      }
      return t;
    },
  };
  return instance as unknown as I18next;
}
