// The rate search of the six results pages and of the legacy API's price
// queries (customer-portal.md 2.2, 5 and 7): parse the spec's parameters,
// resolve the endpoints, search with the viewer's tier only (priceAccess),
// add the route's totals, calculator and lane watch, and log the search. An
// outcome, never a Response: the results pages
// (routes/site/-server/results.server.ts) add their side panels and meta,
// the API (api/endpoints/rates.server.ts) answers its envelope; both show the
// same viewer the same rows.
import type { TranslationKey } from "~/i18n/keys";
import type { Language } from "~/i18n/config";
import { pageT } from "~/i18n/i18n.server";
import { z } from "~/utils/zod";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { modeByKey, resultsModeView, type ModeKey, type ResultsModeView } from "~/domain/modes";
import { priceAccess, type PriceStatus } from "~/domain/pricing/access";
import { checkExpressWeight, expectedBreak } from "~/domain/pricing/express";
import { checkLclInput, lclCharge, type LclCharge } from "~/domain/pricing/lcl";
import type { Tier } from "~/domain/pricing/visibility";
import { CURRENCY_PARAM } from "~/domain/pricing/currency";
import { watchOffer, type WatchingReader, type WatchOffer } from "~/domain/watches/watches.server";
import type { PickerOption } from "~/domain/reference/options";
import { landPickerLists } from "~/domain/rates/land.server";
import { vocabulary, vocabularyOf } from "~/domain/reference/vocabulary.server";
import { cleanQuery } from "~/domain/reference/lookup";
import { currencyChoices } from "~/domain/reference/exchange-rates.server";
import { todayInShanghai } from "~/utils/dates";
import { oncePer } from "~/utils/once-per";
import type { Versions } from "~/utils/data-cache.server";
import type { Endpoint } from "./endpoints.server";
import { isNewSearch, recordSearch, type SearchRecord } from "./query-log.server";
import { cachedCarriers, cachedEndpoint, cachedExchangeRates, cachedExpress, cachedLandLists, cachedRates } from "./read-cache.server";
import type { RatePage } from "./search.server";
import { searchParamsOf } from "./seo.server";
import {
  convertTotals,
  pageByTotal,
  readCurrency,
  readShipment,
  rowTotals,
  shipmentFields,
  shipmentParams,
  totalsAllowed,
  totalViews,
  type ShipmentForm,
} from "./totals.server";

export type FieldState = {
  param: string;
  value: string;
  /** Translation key of the field's error. */
  error: TranslationKey | null;
  /** "Did you mean" candidates (links that search with that value). */
  candidates: PickerOption[] | null;
};

/** The search form as the search left it: what every outcome carries. */
export type SearchForm = {
  modeKey: ModeKey;
  /** What the page shows of the mode (the full description stays on the server). */
  mode: ResultsModeView;
  fields: FieldState[];
  weight: { value: string; error: TranslationKey | null } | null;
  access: PriceStatus;
  tier: Tier | null;
  /** Resolved parameters of this search (for sort, page and filter links). */
  query: Record<string, string>;
  /** The rail and trailer pickers' lists (null for the other modes). */
  lists: { from: PickerOption[]; to: PickerOption[] } | null;
};

/** What a search that ran found. */
export type RateSearchFound = {
  /** Rows with their facts (in the viewer's language) and the viewer's tier prices only. */
  results: RatePage;
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
  /**
   * The query of a row's "Book" link (issue 45 item 3): express its
   * destination and weight; the other modes the shipment the viewer sized
   * here (when it gives totals) and its currency, which the booking steps
   * carry, the order form takes over and the order records with its total.
   */
  bookingQuery: string | null;
  /** The search's parameters as its canonical URL names them (express: the country's code, the same in both languages). */
  canonical: Record<string, string>;
};

/**
 * idle: no search parameter at all; invalid: messages to fix (`malformed`: a
 * required value missing or not valid, where the page answers 400; otherwise
 * only names that matched nothing or several); ok: the search ran.
 */
export type RateSearch =
  | (SearchForm & { status: "idle" })
  | (SearchForm & { status: "invalid"; malformed: boolean })
  | (SearchForm & { status: "ok" } & RateSearchFound);

export type RateSearchInput = {
  /** Who asks (null: a visitor; the API's visitor queries pass null whoever calls). */
  viewer: Viewer | null;
  lng: Language;
  params: URLSearchParams;
  /** The data versions this request reads (utils/data-cache.server.ts). */
  versions: Versions;
  /** Reads whether the viewer watches the lane (default: a statement of its own). */
  watching?: WatchingReader;
  /** The page of this site the search was made from (`refererOf`): sorting or paging its results is not a new search. */
  referer?: URL | null;
};

const optionsSchema = z.object({
  sort: z.enum(["price", "validity", "total"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  carrier: z.string().trim().max(60).optional().catch(undefined),
});

/** The rows in English, once per row list (cached lists are shared; the vocabulary is fixed in the code). */
const englishRows = oncePer((rows: RatePage["rows"]) => rows.map((row) => ({ ...row, facts: vocabularyOf(row.facts, "en-US") })));

export async function rateSearch(
  modeKey: ModeKey,
  { viewer, lng, params, versions, watching, referer }: RateSearchInput,
): Promise<RateSearch> {
  const mode = modeByKey(modeKey);
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

  // Endpoints: required (spec 5), then resolved by code or name.
  let malformed = false;
  const resolutions = await Promise.all(
    mode.fields.map(async (field): Promise<[Endpoint | null, FieldState]> => {
      const text = cleanQuery(params.get(field.param));
      if (!submitted) return [null, { param: field.param, value: "", error: null, candidates: null }];
      if (!text) {
        malformed = true;
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

  let weight: SearchForm["weight"] = null;
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
        malformed = true;
        weight = { value: raw.slice(0, 12), error: `search.validation.weight.${checked.problem}` };
      }
    }
  }

  const found = endpoints.every((e) => e?.status === "found") && (!mode.weight || weightValue !== null);
  const resolved = found ? (endpoints as Extract<Endpoint, { status: "found" }>[]) : null;

  const query: Record<string, string> = {};
  mode.fields.forEach((field, i) => {
    query[field.param] = fields[i].value;
  });
  if (mode.weight) query[mode.weight.param] = weight?.value ?? "";

  const form = (): SearchForm => ({
    modeKey: mode.key,
    mode: resultsModeView(mode),
    fields,
    weight,
    access: access.status,
    tier: access.tier,
    query,
    lists: landPickerLists(lists, lng),
  });
  if (!submitted) return { ...form(), status: "idle" };
  // One log row per search the user submits (issue 44 item 2), made when the search is known to be complete.
  const logged = !!viewer && isNewSearch(mode, params, referer ?? null);
  if (!resolved) {
    // A name that matched no port is still demand: logged as typed (the insights show it as unmet, with its alias mapping).
    const unknownOnly =
      !malformed &&
      endpoints.some((e) => e?.status === "notFound") &&
      endpoints.every((e) => e?.status === "found" || e?.status === "notFound");
    if (logged && unknownOnly) {
      const log: SearchRecord["log"] = { carrier: null };
      const history: SearchRecord["history"] = {};
      mode.fields.forEach((field, i) => {
        const endpoint = endpoints[i]!;
        log[field.logColumn] = endpoint.status === "found" ? endpoint.log : fields[i].value;
        // Only names that matched go to the search history (its suggestions are searches to repeat).
        history[field.role] = endpoint.status === "found" ? endpoint.history : null;
      });
      if (mode.weight) log.weight = weightValue!;
      recordSearch({ userId: viewer.id, mode, log, history });
    }
    return { ...form(), status: "invalid", malformed };
  }

  let results: RatePage;
  let express: RateSearchFound["express"] = null;
  let carriers: string[] | null = null;
  let carrier: string | null = null;
  let calculator: RateSearchFound["calculator"] = null;
  let shipmentForm: ShipmentForm | null = null;

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
  const watch = await watchOffer(viewer, mode.key, endOf("from"), endOf("to"), watching);

  if (logged) {
    const log: SearchRecord["log"] = { carrier };
    const history: SearchRecord["history"] = {};
    mode.fields.forEach((field, i) => {
      log[field.logColumn] = resolved[i].log;
      history[field.role] = resolved[i].history;
    });
    if (mode.weight) log.weight = weightValue!;
    recordSearch({ userId: viewer!.id, mode, log, history });
  }
  // The data's vocabulary in the page's language (a copy: the rows may be cached).
  if (lng === "en-US") results = { ...results, rows: englishRows(results.rows) };
  const booking = new URLSearchParams();
  if (express && mode.weight) {
    booking.set(mode.fields[0].param, query[mode.fields[0].param]);
    booking.set(mode.weight.param, express.weight);
  } else if (shipment) {
    for (const name of shipmentParams(mode)) {
      const value = name === CURRENCY_PARAM ? currency.value : (params.get(name) ?? "").trim().slice(0, 12);
      if (value) booking.set(name, value);
    }
  }
  return {
    ...form(),
    status: "ok",
    results,
    heading: mode.weight ? (express?.country ?? null) : mode.fields.map((f) => vocabulary(query[f.param], lng)).join(" → "),
    express,
    carriers,
    carrier,
    calculator,
    shipment: shipmentForm,
    watch,
    bookingQuery: booking.size ? `?${booking}` : null,
    // Express: the country's code, so both languages' pages and the sitemap name one URL.
    canonical: searchParamsOf(
      mode,
      mode.fields.map((f, i) => resolved[i].country?.code ?? query[f.param]),
      mode.weight ? query[mode.weight.param] : null,
    ),
  };
}
