import { createCookie } from "@remix-run/node";
import type { i18n as I18nInstance } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { fallbackLanguage, i18nConfig, supportedLanguages, type Language, isLanguage } from "./config";
import { chooseLanguage, languageToKeep, type LanguageChoice } from "./negotiate";
import type { T } from "./keys";
import { createLiteI18n } from "./lite";
import { resources } from "./resources.server";

// Like the session cookie (accounts/cookie.server.ts, secureCookies()): Secure
// and __Host- in production unless INSECURE_COOKIES=1. Read from process.env
// here because this module is imported before the environment is validated.
const secureLanguageCookie = process.env.NODE_ENV === "production" && process.env.INSECURE_COOKIES !== "1";

/** The chosen language lives in a plain cookie (no JavaScript needed to switch). */
export const languageCookie = createCookie(secureLanguageCookie ? "__Host-lng" : "lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: secureLanguageCookie,
  maxAge: 60 * 60 * 24 * 365,
});

/** What decides a request's language, read from the request (./negotiate.ts has the rule). */
async function languageChoice(request: Request): Promise<LanguageChoice> {
  const cookie = (await languageCookie.parse(request.headers.get("Cookie")).catch(() => null)) as unknown;
  return {
    param: new URL(request.url).searchParams.get("lng"),
    cookie: typeof cookie === "string" ? cookie : null,
    acceptLanguage: request.headers.get("Accept-Language"),
  };
}

// The one rule of ./negotiate.ts (?lng=, the cookie, Accept-Language on a first visit, zh-CN).
const remixI18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    order: ["custom"],
    findLocale: async (request) => chooseLanguage(await languageChoice(request)).lng,
  },
  i18next: {
    ...i18nConfig,
    resources: Object.fromEntries(Object.entries(resources).map(([lng, translation]) => [lng, { translation }])),
  },
});

// remix-i18next builds and initialises a new i18next instance (with every
// translation) on each getFixedT call: about 1 ms on every page that names
// itself in the visitor's language. The translations never change while the
// server runs, so the t of a language is made once (docs/benchmarks.md,
// throughput). Calls with namespaces or options go through unchanged.
const uncachedGetFixedT = remixI18n.getFixedT.bind(remixI18n);
const fixedTByLanguage = new Map<string, ReturnType<typeof uncachedGetFixedT>>();
remixI18n.getFixedT = ((requestOrLocale: string | Request, ...rest: unknown[]) => {
  if (!isLanguage(requestOrLocale) || rest.some((arg) => arg !== undefined)) {
    return (uncachedGetFixedT as (...args: unknown[]) => ReturnType<typeof uncachedGetFixedT>)(requestOrLocale, ...rest);
  }
  let fixed = fixedTByLanguage.get(requestOrLocale);
  if (!fixed) {
    fixed = uncachedGetFixedT(requestOrLocale);
    fixedTByLanguage.set(requestOrLocale, fixed);
    fixed.catch(() => fixedTByLanguage.delete(requestOrLocale));
  }
  return fixed;
}) as typeof remixI18n.getFixedT;

/**
 * The instance, with getFixedT giving the app's typed t (./keys.ts): the
 * i18next t behind it takes any string; the code may only ask for keys of
 * the texts.
 */
export const i18n = remixI18n as Omit<RemixI18Next, "getFixedT"> & { getFixedT(locale: Language | Request): Promise<T> };

/**
 * The language a request asks for: the `lng` parameter, then the language
 * cookie, else zh-CN. Pages read it once per request through their context
 * (app/http/context.server.ts, languageOf).
 */
export async function detectLanguage(request: Request): Promise<Language> {
  const lng = await i18n.getLocale(request);
  return isLanguage(lng) ? lng : fallbackLanguage;
}

/**
 * The Set-Cookie header that keeps the language a visitor arrived in by a
 * `?lng=` link (./negotiate.ts, languageToKeep), or null. The root loader
 * sends it with every page, so the next click, form or redirect is in the
 * same language with or without JavaScript (issue 45 item 2).
 */
export async function keptLanguageCookie(request: Request): Promise<string | null> {
  const lng = languageToKeep(await languageChoice(request));
  return lng ? languageCookie.serialize(lng) : null;
}

export async function getT(request: Request) {
  return i18n.getFixedT(await detectLanguage(request));
}

/** The t() of pageI18n(lng), typed by the keys of the texts. */
export function pageT(lng: Language): T {
  return pageI18n(lng).t as T;
}

/**
 * What pages of a language are written with: the small instance of
 * ./lite.ts (the same one the browser hydrates with), made once per
 * language. Documents render with it (entry.server.tsx) and the results and
 * home loaders name their pages with it: i18next's t() took an eighth of the
 * server's time on a results page, and its t with options about 0.35 ms of
 * every results loader (docs/benchmarks.md, throughput). Mail and the API
 * keep i18next (getFixedT above).
 */
const pageInstances = new Map<Language, I18nInstance>();
export function pageI18n(lng: Language): I18nInstance {
  let instance = pageInstances.get(lng);
  if (!instance) {
    instance = createLiteI18n(lng, resources[lng]);
    pageInstances.set(lng, instance);
  }
  return instance;
}
