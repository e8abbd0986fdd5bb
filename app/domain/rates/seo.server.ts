// For crawlers (who are visitors and never see a price): titles,
// descriptions and canonical URLs per route and language, and the popular
// routes listed in the sitemap. Nothing here reads a price column.
import type { RateField } from "~/domain/catalog";
import type { T } from "~/i18n/keys";
import { MODES, type ModeDescription } from "~/domain/modes";
import { publicOrigin } from "~/utils/public-origin.server";
import { prisma } from "~/utils/db.server";
import { todayInShanghai } from "~/utils/dates";
import { vocabulary } from "~/domain/reference/vocabulary.server";
import { rateDelegate } from "./search.server";
import { offerValidToday, validToday } from "./validity.server";
import { RATE_TABLES, rateModel } from "~/domain/catalog";
import { countriesByCodes } from "~/domain/reference/countries.server";
import { dataCache, type Versions } from "~/utils/data-cache.server";
import { sqlTable } from "~/utils/sql-names.server";
import { formatDate } from "~/utils/dates";
import type { Language } from "~/i18n/config";

export type { PageMeta } from "~/domain/site/page-meta";
import type { PageMeta } from "~/domain/site/page-meta";

/** Absolute URL of a path with parameters, in a language (zh-CN is the default, no parameter). */
export function absoluteUrl(origin: string, path: string, params: Record<string, string>, lng: string): string {
  const search = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== ""));
  if (lng === "en-US") search.set("lng", "en-US");
  const query = search.toString();
  return `${origin}${path}${query ? `?${query}` : ""}`;
}

export function pageMeta(options: {
  mode: ModeDescription;
  t: T;
  lng: string;
  url: URL;
  /** Resolved search parameters, or null when there is no valid search. */
  resolved: Record<string, string> | null;
  indexable: boolean;
  /** The search's parameters as its canonical URL names them (express: the country code, the same in both languages). */
  canonical?: Record<string, string>;
}): PageMeta {
  const { mode, t, lng, url, resolved } = options;
  const origin = publicOrigin(url);
  const app = t("common.appName");
  const modeName = t(mode.labelKey);
  // Named in the page's language (西安 → Xi'an on English pages); the URL keeps the stored names.
  const values = resolved ? mode.fields.map((f) => vocabulary(resolved[f.param], lng)) : [];
  const route =
    resolved && mode.weight
      ? t("search.meta.expressRoute", { country: values[0], weight: resolved[mode.weight.param] })
      : resolved
        ? `${values[0]} → ${values[1]}`
        : null;
  const params = resolved
    ? (options.canonical ??
      searchParamsOf(
        mode,
        mode.fields.map((f) => resolved[f.param]),
        mode.weight ? resolved[mode.weight.param] : null,
      ))
    : {};
  return {
    title: route ? t("search.meta.routeTitle", { route, mode: modeName, app }) : t("search.meta.modeTitle", { mode: modeName, app }),
    description: route
      ? t("search.meta.routeDescription", { route, mode: modeName })
      : t("search.meta.modeDescription", { mode: modeName }),
    canonical: absoluteUrl(origin, mode.path, params, lng),
    alternates: ["zh-CN", "en-US"].map((l) => ({ hrefLang: l, href: absoluteUrl(origin, mode.path, params, l) })),
    noindex: !options.indexable,
  };
}

/**
 * A search's parameters in one order, the form's (its fields, then the
 * weight): the canonical URL of a results page and the sitemap's URL of the
 * same search are the same string.
 */
export function searchParamsOf(mode: ModeDescription, values: readonly string[], weight?: string | null): Record<string, string> {
  const params: Record<string, string> = {};
  mode.fields.forEach((f, i) => {
    params[f.param] = values[i];
  });
  if (mode.weight && weight) params[mode.weight.param] = weight;
  return params;
}

export type SitemapEntry = { path: string; params: Record<string, string> };

const POPULAR_PER_MODE = 20;

/** Popular routes: today's special offers and the routes with the most valid rows. */
export async function popularRoutes(now: Date = new Date()): Promise<SitemapEntry[]> {
  const today = todayInShanghai(now);
  const entries: SitemapEntry[] = [];
  const seen = new Set<string>();
  const add = (mode: ModeDescription, values: (string | null | undefined)[], weight: string | null = null) => {
    if (values.some((v) => !v)) return;
    const params = searchParamsOf(mode, values as string[], weight);
    const key = `${mode.path}?${new URLSearchParams(params)}`;
    if (seen.has(key)) return;
    seen.add(key);
    entries.push({ path: mode.path, params });
  };

  const offers = await prisma.specialOffer.findMany({
    where: offerValidToday(now),
    select: { mode: true, pol: true, pod: true, dock: true, doorPoint: true, destination: true, weight: true },
    orderBy: { id: "asc" },
  });
  // Express cards name their destination (Chinese); its canonical search names the country's code.
  const destinations = offers.filter((o) => o.mode === "EXPRESS" && o.destination).map((o) => o.destination!);
  const codes = new Map(
    (
      await prisma.expressCountry.findMany({ where: { countryZh: { in: destinations } }, select: { countryZh: true, countryCode: true } })
    ).map((c) => [c.countryZh, c.countryCode]),
  );
  for (const offer of offers) {
    const mode = MODES.find((m) => m.enumValue === offer.mode);
    if (!mode) continue;
    if (mode.weight) {
      if (offer.weight) add(mode, [codes.get(offer.destination ?? "") ?? offer.destination], offer.weight.toFixed(1));
    } else if (mode.card.from === "dock") add(mode, [offer.dock, offer.doorPoint]);
    else add(mode, [offer.pol, offer.pod]);
  }

  for (const mode of MODES) {
    const columns = mode.fields.map((f) => f.column);
    if (!columns.every((c): c is RateField => c !== null)) continue;
    const groups = await rateDelegate(mode).groupBy({
      by: columns,
      where: { ...validToday(today), paused: false },
      _count: { _all: true },
      orderBy: { _count: { id: "desc" } },
      take: POPULAR_PER_MODE,
    });
    for (const g of groups)
      add(
        mode,
        columns.map((c) => g[c] as string),
      );
  }
  return entries;
}

/** A popular lane as a link: the results page of its search, named in the page's language. */
export type PopularLane = { href: string; label: string };

/** What the popular routes read: the rate tables, the special-price cards and the express countries. */
const POPULAR_TABLES = [
  ...RATE_TABLES.map((table) => sqlTable(rateModel(table.key))),
  sqlTable("specialOffer"),
  sqlTable("expressCountry"),
];
const popularCache = dataCache<SitemapEntry[]>(4);
const laneCache = dataCache<PopularLane[]>(48);

/** Shown at most on /home and the results pages (the sitemap lists them all). */
export const POPULAR_SHOWN = 12;

/**
 * The popular lanes of a mode as links (issue 45 item 9): the sitemap's
 * routes, so crawlers reach the lane pages by links and not only through the
 * sitemap, and visitors find the busy lanes. Read once per day and data
 * version, off the request's path once read: after a change of any rate
 * table the lanes read before are shown while the new ones are read (a
 * GROUP BY over every rate table, about 0.3 s at 1,000,000 FCL rates, which
 * the first results page after each edit or import waited for). English
 * pages link to English pages (`lng=en-US`).
 */
export async function popularLanes(
  mode: ModeDescription,
  lng: Language,
  versions: Versions,
  now: Date = new Date(),
): Promise<PopularLane[]> {
  const day = formatDate(todayInShanghai(now));
  return laneCache.getStale(versions, POPULAR_TABLES, `${day}|${mode.key}|${lng}`, async () => {
    const all = await popularCache.get(versions, POPULAR_TABLES, day, () => popularRoutes(now));
    const entries = all.filter((entry) => entry.path === mode.path).slice(0, POPULAR_SHOWN);
    const countries = mode.weight
      ? new Map((await countriesByCodes(entries.map((e) => e.params[mode.fields[0].param]))).map((c) => [c.code, c]))
      : null;
    return entries.map((entry) => {
      const values = mode.fields.map((f) => entry.params[f.param]);
      let label: string;
      if (countries && mode.weight) {
        const country = countries.get(values[0]);
        const name = country ? (lng === "en-US" ? country.en : country.zh) : values[0];
        label = `${name} · ${entry.params[mode.weight.param]} kg`;
      } else label = values.map((v) => vocabulary(v, lng)).join(" → ");
      const search = new URLSearchParams(entry.params);
      if (lng === "en-US") search.set("lng", "en-US");
      return { href: `${mode.path}?${search}`, label };
    });
  });
}
