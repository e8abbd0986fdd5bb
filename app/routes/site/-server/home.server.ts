// The inquiry home (/home?tab=...): the active tab's search form (prefilled
// from the URL, so suggestion links work without JavaScript), its
// suggestions, its "recommended today" cards, the maintenance notice and the
// contact card. Only the active tab's data is loaded (spec 4, tab switching).
import { data } from "@remix-run/node";
import { getViewer } from "~/http/auth.server";
import { languageOf, versionsOf, type RequestArgs } from "~/http/context.server";
import { homeTabMode, MODES, modeView, type ModeKey, type ModeView } from "~/domain/modes";
import { priceAccess, type PriceStatus } from "~/domain/pricing/access";
import { cleanQuery } from "~/domain/reference/lookup";
import { pageT } from "~/i18n/i18n.server";
import { LANGUAGE_VARY } from "~/i18n/negotiate";
import { todayInShanghai } from "~/utils/dates";
import { websiteBlocks, type HomeBlock } from "~/domain/home-content/home-content.server";
import { pendingAuditCount } from "~/domain/permissions/backoffice.server";
import { loadContactCard, type ContactCardData } from "~/domain/rates/contacts.server";
import { listOffers, maintenanceNotice, offersIn, type OfferCard } from "~/domain/rates/offers.server";
import { cachedDefaultSuggestions, cachedLandLists } from "~/domain/rates/read-cache.server";
import { landPickerLists } from "~/domain/rates/land.server";
import type { PickerOption } from "~/domain/reference/options";
import type { MetaDescriptor } from "@remix-run/node";
import { metaTags } from "~/domain/site/meta.server";
import { absoluteUrl, popularLanes, type PopularLane } from "~/domain/rates/seo.server";
import { publicOrigin } from "~/utils/public-origin.server";
import { loadSuggestions, type FieldSuggestions } from "~/domain/rates/suggestions.server";
import { viewerReads } from "~/domain/rates/viewer-reads.server";

export type HomeData = {
  modeKey: ModeKey;
  /** What the page shows of the active tab's mode (the full description stays on the server). */
  mode: ModeView;
  values: Record<string, string>;
  suggestions: Record<string, FieldSuggestions>;
  lists: { from: PickerOption[]; to: PickerOption[] } | null;
  offers: OfferCard[];
  notice: string | null;
  access: PriceStatus;
  contact: ContactCardData;
  /** Website home content (/homeList), for everyone. */
  blocks: HomeBlock[];
  /** Administrators: new registrations awaiting audit (administration 2, "on entry"). */
  pendingAudit: number;
  /** The tab's popular lanes as links to their results pages (issue 45 item 9). */
  popular: PopularLane[];
  meta: MetaDescriptor[];
};

export async function loadHomePage(args: RequestArgs) {
  const url = new URL(args.request.url);
  const tab = url.searchParams.get("tab");
  const mode = homeTabMode(tab);
  const [viewer, lng, versions] = await Promise.all([getViewer(args), languageOf(args), versionsOf(args)]);
  const t = pageT(lng);
  const today = todayInShanghai();

  const values: Record<string, string> = {};
  for (const field of mode.fields) values[field.param] = cleanQuery(url.searchParams.get(field.param));
  if (mode.weight) values[mode.weight.param] = (url.searchParams.get(mode.weight.param) ?? "").trim().slice(0, 12);

  // The viewer's history and contacts in one statement (no lane on the home page).
  const reads = viewer ? viewerReads(viewer.id, mode) : null;
  const [suggestions, lists, offers, notice, contact, blocks, pendingAudit, popular] = await Promise.all([
    loadSuggestions(mode, viewer, lng, () => cachedDefaultSuggestions(versions, mode, lng), reads?.history),
    cachedLandLists(versions, mode, today),
    listOffers(mode).then((cards) => offersIn(cards, lng)),
    maintenanceNotice(lng),
    loadContactCard(versions, viewer, lng, reads?.contacts),
    websiteBlocks(lng),
    viewer ? pendingAuditCount(viewer) : 0,
    popularLanes(mode, lng, versions),
  ]);

  const origin = publicOrigin(url);
  const tabParams: Record<string, string> = mode === MODES[0] && !tab ? {} : { tab: mode.homeTab };
  const modeName = t(mode.labelKey);
  const payload: HomeData = {
    modeKey: mode.key,
    mode: modeView(mode),
    values,
    suggestions,
    lists: landPickerLists(lists, lng),
    offers,
    notice,
    access: priceAccess(viewer).status,
    contact,
    blocks,
    pendingAudit,
    popular,
    meta: metaTags(
      {
        // The home page's own title and description (issue 45 item 9): not the FCL results page's.
        title: tabParams.tab
          ? t("search.meta.homeTabTitle", { mode: modeName, app: t("common.appName") })
          : t("search.meta.homeTitle", { app: t("common.appName") }),
        description: tabParams.tab ? t("search.meta.homeTabDescription", { mode: modeName }) : t("search.meta.homeDescription"),
        canonical: absoluteUrl(origin, "/home", tabParams, lng),
        alternates: ["zh-CN", "en-US"].map((l) => ({ hrefLang: l, href: absoluteUrl(origin, "/home", tabParams, l) })),
        // Prefilled forms are the same page as the tab itself.
        noindex: Object.values(values).some(Boolean),
      },
      lng,
    ),
  };
  return data(payload, { headers: { "Cache-Control": "private, no-cache", Vary: LANGUAGE_VARY } });
}
