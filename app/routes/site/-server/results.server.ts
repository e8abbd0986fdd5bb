// The results pages (/fclbysea ... /express): parse the spec's parameters,
// authorize (visibleTier through priceAccess), resolve the endpoints, search,
// and describe the page for crawlers. The six routes call this with their
// mode key; the page component reads the mode description.
import type { TranslationKey } from "~/i18n/keys";
import { data } from "@remix-run/node";
import { z } from "~/utils/zod";
import { getViewer } from "~/domain/accounts/session.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { modeByKey, resultsModeView, type ModeKey, type ResultsModeView } from "~/domain/modes";
import { priceAccess, type PriceStatus } from "~/domain/pricing/access";
import { checkExpressWeight, expectedBreak } from "~/domain/pricing/express";
import { checkLclInput, lclCharge, type LclCharge } from "~/domain/pricing/lcl";
import type { Tier } from "~/domain/pricing/visibility";
import { watchOffer, type WatchOffer } from "~/domain/watches/watches.server";
import type { PickerOption } from "~/domain/reference/options";
import { landPickerLists } from "~/domain/reference/land.server";
import { vocabulary, vocabularyOf } from "~/domain/reference/vocabulary.server";
import { cleanQuery } from "~/domain/reference/lookup";
import { getLanguage, pageT } from "~/i18n/i18n.server";
import { todayInShanghai } from "~/utils/dates";
import { requestVersions } from "~/utils/data-cache.server";
import { loadContactCard, type ContactCardData } from "~/domain/rates/contacts.server";
import type { Endpoint } from "~/domain/rates/endpoints.server";
import { recordSearch, type SearchRecord } from "~/domain/rates/query-log.server";
import {
  cachedCarriers,
  cachedDefaultSuggestions,
  cachedEndpoint,
  cachedExchangeRates,
  cachedExpress,
  cachedLandLists,
  cachedRates,
} from "~/domain/rates/read-cache.server";
import type { RatePage, RateRow } from "~/domain/rates/search.server";
import type { MetaDescriptor } from "@remix-run/node";
import { metaTags } from "~/domain/site/meta.server";
import { pageMeta, searchParamsOf } from "~/domain/rates/seo.server";
import { loadSuggestions, type FieldSuggestions } from "~/domain/rates/suggestions.server";
import {
  convertTotals,
  pageByTotal,
  readCurrency,
  readShipment,
  rowTotals,
  shipmentFields,
  totalsAllowed,
  totalViews,
  type ShipmentForm,
} from "~/domain/rates/totals.server";
import { CURRENCY_PARAM } from "~/domain/pricing/currency";
import { currencyChoices } from "~/domain/reference/exchange-rates.server";

export type FieldState = {
  param: string;
  value: string;
  /** Translation key of the field's error. */
  error: TranslationKey | null;
  /** "Did you mean" candidates (links that search with that value). */
  candidates: PickerOption[] | null;
};

export type ResultsData = {
  modeKey: ModeKey;
  /** What the page shows of the mode (the full description stays on the server). */
  mode: ResultsModeView;
  fields: FieldState[];
  weight: { value: string; error: TranslationKey | null } | null;
  /** idle: no search yet; invalid: messages to fix; ok: results below. */
  status: "idle" | "invalid" | "ok";
  access: PriceStatus;
  tier: Tier | null;
  results: RatePage | null;
  /** Resolved parameters of this search (for sort, page and filter links). */
  query: Record<string, string>;
  /** The searched route as the results heading says it, in the page's language. */
  heading: string | null;
  express: { country: string; zoneCode: string; zone: string; weight: string; chargeable: string } | null;
  carriers: string[] | null;
  carrier: string | null;
  calculator: {
    cbm: string;
    kg: string;
    errors: Partial<Record<"cbm" | "kg", TranslationKey>>;
    charges: Record<number, LclCharge> | null;
  } | null;
  /** The all-in total's shipment form and the totals (issue 25 item 1); null for express (its total is its price). */
  shipment: ShipmentForm | null;
  /** The "watch this lane" form (issue 25 item 4): customers who see a tier, on a lane with both endpoints; null otherwise. */
  watch: WatchOffer | null;
  suggestions: Record<string, FieldSuggestions>;
  lists: { from: PickerOption[]; to: PickerOption[] } | null;
  contact: ContactCardData;
  meta: MetaDescriptor[];
};

/** The facts that have a value (the null ones left out). */
export function presentFacts(facts: RateRow["facts"]): RateRow["facts"] {
  const present: RateRow["facts"] = {};
  for (const key in facts) if (facts[key] !== null) present[key] = facts[key];
  return present;
}

const optionsSchema = z.object({
  sort: z.enum(["price", "validity", "total"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  carrier: z.string().trim().max(60).optional().catch(undefined),
});

/**
 * `options.viewer` fixes who asks (the API's visitor queries pass null);
 * otherwise the request's session decides. `options.page`: for the results
 * page, whose rows leave out their empty facts (the table shows "-" for a
 * missing one; decision 608), where the API keeps them as null.
 */
export async function loadResultsPage(modeKey: ModeKey, request: Request, options: { viewer?: Viewer | null; page?: boolean } = {}) {
  const mode = modeByKey(modeKey);
  const url = new URL(request.url);
  const params = url.searchParams;
  const [viewer, lng] = await Promise.all([options.viewer !== undefined ? options.viewer : getViewer(request), getLanguage(request)]);
  // After the session lookup, which reads them with the session.
  const versions = await requestVersions(request);
  const t = pageT(lng);
  const access = priceAccess(viewer);
  const today = todayInShanghai();
  const view = optionsSchema.parse({
    sort: params.get("sort") ?? undefined,
    page: params.get("page") ?? undefined,
    carrier: params.get("carrier") || undefined,
  });

  const submitted = mode.fields.some((f) => params.has(f.param)) || (!!mode.weight && params.has(mode.weight.param));
  const lists = await cachedLandLists(versions, mode, today);
  // Independent reads run side by side (the page waits for the slowest, not the sum).
  const sideData = Promise.all([
    loadSuggestions(mode, viewer, lng, () => cachedDefaultSuggestions(versions, mode, lng)),
    loadContactCard(request, viewer, lng),
  ]);
  // Awaited below; this only keeps an early throw from leaving it unhandled.
  sideData.catch(() => {});

  // Endpoints: required (spec 5), then resolved by code or name.
  let badRequest = false;
  const resolutions = await Promise.all(
    mode.fields.map(async (field): Promise<[Endpoint | null, FieldState]> => {
      const text = cleanQuery(params.get(field.param));
      if (!submitted) return [null, { param: field.param, value: "", error: null, candidates: null }];
      if (!text) {
        badRequest = true;
        return [null, { param: field.param, value: "", error: field.requiredKey, candidates: null }];
      }
      const endpoint = await cachedEndpoint(versions, mode, field, text, lng, lists);
      return [
        endpoint,
        {
          param: field.param,
          value: endpoint.status === "found" ? endpoint.value : text,
          error:
            endpoint.status === "ambiguous"
              ? "search.validation.didYouMean"
              : endpoint.status === "notFound"
                ? "search.validation.notFound"
                : null,
          candidates: endpoint.status === "found" || endpoint.candidates.length === 0 ? null : endpoint.candidates,
        },
      ];
    }),
  );
  const endpoints = resolutions.map(([endpoint]) => endpoint);
  const fields = resolutions.map(([, field]) => field);

  let weight: ResultsData["weight"] = null;
  let weightValue: string | null = null;
  if (mode.weight) {
    const raw = (params.get(mode.weight.param) ?? "").trim();
    if (!submitted) weight = { value: "", error: null };
    else {
      const checked = checkExpressWeight(raw);
      if ("weight" in checked) {
        weightValue = checked.weight;
        weight = { value: raw, error: null };
      } else {
        badRequest = true;
        weight = { value: raw.slice(0, 12), error: `search.validation.weight.${checked.problem}` };
      }
    }
  }

  const found = endpoints.every((e) => e?.status === "found") && (!mode.weight || weightValue !== null);
  const resolved = found ? (endpoints as Extract<Endpoint, { status: "found" }>[]) : null;
  const status: ResultsData["status"] = !submitted ? "idle" : resolved ? "ok" : "invalid";

  const query: Record<string, string> = {};
  mode.fields.forEach((field, i) => {
    query[field.param] = fields[i].value;
  });
  if (mode.weight) query[mode.weight.param] = weight?.value ?? "";

  let results: RatePage | null = null;
  let express: ResultsData["express"] = null;
  let carriers: string[] | null = null;
  let carrier: string | null = null;
  let calculator: ResultsData["calculator"] = null;
  let shipmentForm: ShipmentForm | null = null;
  let watch: WatchOffer | null = null;

  if (resolved) {
    // The shipment of the all-in totals (LCL: the calculator's CBM and kg).
    const lclChecked = mode.calculator
      ? checkLclInput((params.get("cbm") ?? "").trim().slice(0, 12), (params.get("kg") ?? "").trim().slice(0, 12))
      : null;
    const typed = readShipment(
      mode,
      params,
      lclChecked && "cbm" in lclChecked && (params.get("cbm") || params.get("kg")) ? lclChecked : null,
    );
    const shipment = totalsAllowed(access.tier, typed.shipment) ? typed.shipment : null;
    const byTotal = view.sort === "total" && shipment !== null;
    // The currency of the totals (decision 402): the rates valid today, cached while the table is unchanged.
    const rates = access.tier && mode.shipment !== "express" ? await cachedExchangeRates(versions, today) : null;
    const currencies = rates ? currencyChoices(rates) : [];
    const currency = readCurrency(params, currencies);
    const totalsOf = (rows: RatePage["rows"]) => {
      const totals = rowTotals(mode, shipment!, rows);
      return currency.value && rates ? convertTotals(totals, currency.value, rates, t) : totals;
    };
    const match: Record<string, string> = {};
    mode.fields.forEach((field, i) => {
      if (field.column) match[field.column] = resolved[i].match;
    });
    if (mode.key === "express") {
      const country = resolved[0].country!;
      results = await cachedExpress(versions, {
        mode,
        country,
        weight: weightValue!,
        priced: access.tier !== null,
        sort: view.sort === "total" ? "price" : (view.sort ?? "price"),
        page: view.page ?? 1,
        today,
      });
      express = {
        country: resolved[0].value,
        zoneCode: country.zoneCode,
        zone: vocabulary(country.zone, lng),
        weight: weightValue!,
        chargeable: expectedBreak(weightValue!),
      };
    } else {
      const search = async (carrier: string | null) => {
        const sort = view.sort === "total" ? "price" : (view.sort ?? "price");
        if (!byTotal) return cachedRates(versions, { mode, match, tier: access.tier, sort, page: view.page ?? 1, today, carrier });
        // By total: the route's rows (cached), their totals, then the asked page.
        const all = await cachedRates(versions, { mode, match, tier: access.tier, sort, page: 1, today, carrier, all: true });
        return pageByTotal(all, totalsOf(all.rows), view.page ?? 1);
      };
      if (mode.carrierFilter && view.carrier) {
        // A carrier filter counts only when the route has that carrier today.
        carriers = await cachedCarriers(versions, mode, match, today);
        carrier = carriers.includes(view.carrier) ? view.carrier : null;
        results = await search(carrier);
      } else if (mode.carrierFilter) {
        [carriers, results] = await Promise.all([cachedCarriers(versions, mode, match, today), search(null)]);
      } else {
        results = await search(null);
      }
    }
    if (carrier) query.carrier = carrier;
    if (mode.shipment !== "express") {
      const values = currency.value ? { ...typed.values, [CURRENCY_PARAM]: currency.value } : typed.values;
      const errors = currency.error ? { ...typed.errors, [CURRENCY_PARAM]: currency.error } : typed.errors;
      shipmentForm = {
        values,
        errors,
        totals: shipment ? totalViews(totalsOf(results.rows), t) : null,
        fields: shipmentFields(mode, t),
        currencies,
      };
    }

    if (mode.calculator) {
      const cbmRaw = (params.get("cbm") ?? "").trim().slice(0, 12);
      const kgRaw = (params.get("kg") ?? "").trim().slice(0, 12);
      calculator = { cbm: cbmRaw, kg: kgRaw, errors: {}, charges: null };
      if (cbmRaw || kgRaw) {
        const checked = checkLclInput(cbmRaw, kgRaw);
        if ("problems" in checked) {
          for (const [key, problem] of Object.entries(checked.problems)) {
            calculator.errors[key as "cbm" | "kg"] = `search.calculator.errors.${problem}`;
          }
        } else if (access.tier) {
          // Only for viewers who see prices: the total is a price.
          calculator.charges = {};
          for (const row of results.rows) {
            calculator.charges[row.id] = lclCharge({
              cbm: checked.cbm,
              kg: checked.kg,
              perCbm: row.prices?.freightCbm ?? null,
              perTon: row.prices?.freightTon ?? null,
            });
          }
        }
      }
    }

    // The lane as the rate rows store it (the watch's digest compares those columns).
    const endOf = (role: string) => resolved[mode.fields.findIndex((f) => f.role === role)]?.match ?? "";
    watch = await watchOffer(viewer, mode.key, endOf("from"), endOf("to"));

    if (viewer) {
      const log: SearchRecord["log"] = { carrier };
      const history: SearchRecord["history"] = {};
      mode.fields.forEach((field, i) => {
        log[field.logColumn] = resolved[i].log;
        history[field.role] = resolved[i].history;
      });
      if (mode.weight) log.weight = weightValue!;
      recordSearch({ userId: viewer.id, mode, log, history });
    }
  }

  const [suggestions, contact] = await sideData;
  // The data's vocabulary in the page's language; the page's rows without their empty facts (a copy: the rows may be cached).
  if (results && (lng === "en-US" || options.page)) {
    const factsOf = (facts: RateRow["facts"]) => (lng === "en-US" ? vocabularyOf(facts, lng) : facts);
    results = {
      ...results,
      rows: results.rows.map((row) => ({ ...row, facts: options.page ? presentFacts(factsOf(row.facts)) : factsOf(row.facts) })),
    };
  }
  const payload: ResultsData = {
    modeKey: mode.key,
    mode: resultsModeView(mode),
    fields,
    weight,
    status,
    access: access.status,
    tier: access.tier,
    results,
    query,
    heading: !results
      ? null
      : mode.weight
        ? (express?.country ?? null)
        : mode.fields.map((f) => vocabulary(query[f.param], lng)).join(" → "),
    express,
    carriers,
    carrier,
    calculator,
    shipment: shipmentForm,
    watch,
    suggestions,
    lists: landPickerLists(lists, lng),
    contact,
    meta: metaTags(
      pageMeta({
        mode,
        t,
        lng,
        url,
        resolved: resolved ? query : null,
        indexable: status !== "invalid",
        // Express: the country's code, so both languages' pages and the sitemap name one URL.
        canonical: resolved
          ? searchParamsOf(
              mode,
              mode.fields.map((f, i) => resolved[i].country?.code ?? query[f.param]),
              mode.weight ? query[mode.weight.param] : null,
            )
          : undefined,
      }),
    ),
  };
  return data(payload, {
    status: badRequest ? 400 : 200,
    // Prices depend on who asks: never shared caches.
    headers: { "Cache-Control": "private, no-cache", Vary: "Cookie" },
  });
}
