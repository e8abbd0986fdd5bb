import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { fallbackLanguage, i18nConfig, supportedLanguages, type Language, isLanguage } from "./config";
import { resources } from "./resources.server";

/** The chosen language lives in a plain cookie (no JavaScript needed to switch). */
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

// searchParams then cookie: zh-CN stays the default whatever the browser says.
export const i18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    cookie: languageCookie,
    order: ["searchParams", "cookie"],
  },
  i18next: {
    ...i18nConfig,
    resources: Object.fromEntries(
      Object.entries(resources).map(([lng, translation]) => [lng, { translation }]),
    ),
  },
});

export async function getLanguage(request: Request): Promise<Language> {
  const lng = await i18n.getLocale(request);
  return isLanguage(lng) ? lng : fallbackLanguage;
}

export async function getT(request: Request) {
  return i18n.getFixedT(await getLanguage(request));
}
