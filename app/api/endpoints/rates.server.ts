// Select lists, special-price cards and price queries (customer-portal.md 7;
// administration.md 7 "Special-offer cards"). Price queries run the results
// pages' loader (loadResultsPage): the same parsing, tier rule and query log,
// so the API shows exactly what the page shows to the same viewer.
import { modeByKey, type ModeKey } from "~/domain/modes";
import { createOffer, deleteOffer, getModeOffer, listModeOffers, updateOffer } from "~/domain/offers/offers.server";
import { offerSchema } from "~/domain/offers/schemas";
import { listOffers } from "~/domain/rates/offers.server";
import { loadResultsPage, type ResultsData } from "~/domain/rates/page.server";
import { searchCountries } from "~/domain/reference/countries.server";
import { railLists, trailerLists } from "~/domain/reference/land.server";
import { searchPorts, type PortKind } from "~/domain/reference/ports.server";
import { todayInShanghai } from "~/utils/dates";
import { ApiError, PUBLIC, USER, fromOutcome, idParam, notFound, ok, staff, type ApiContext, type ApiReply, type Endpoint } from "../core.server";
import { LEGACY_MODES } from "../legacy";

const OFFERS = "/saleList";

function queryText(ctx: ApiContext): string {
  return (ctx.url.searchParams.get("query") ?? ctx.url.searchParams.get("q") ?? "").slice(0, 60);
}

function portList(kind: PortKind, quiet: boolean): Endpoint {
  const name = kind === "sea" ? "portbyseaselect" : "airportselect";
  return {
    method: "GET",
    path: `/nopermission/${quiet ? "manytimes" : ""}${name}`,
    access: PUBLIC,
    summary: `${kind === "sea" ? "Sea ports" : "Airports"} whose code, name or Chinese name contains \`query\` (at most 10)${quiet ? "; the typing variant" : ""}.`,
    fields: [{ name: "query" }],
    async handler(ctx) {
      const ports = await searchPorts(kind, queryText(ctx));
      return ok(ports.map((p) => ({ id: p.code, portname: p.name, portcode: p.code, portzhname: p.nameZh })));
    },
  };
}

function countryList(quiet: boolean): Endpoint {
  return {
    method: "GET",
    path: `/nopermission/${quiet ? "manytimes" : ""}expresscountryselect`,
    access: PUBLIC,
    summary: `Express destination countries matching \`query\` (at most 10)${quiet ? "; the typing variant" : ""}.`,
    fields: [{ name: "query" }],
    async handler(ctx) {
      const countries = await searchCountries(queryText(ctx));
      return ok(countries.map((c) => ({ id: c.code, country_code: c.code, country_zh: c.zh, country_en: c.en, part_code: c.zoneCode, part: c.zone })));
    },
  };
}

/** The page's loader data as the API answers it: rows with their facts and the viewer's tier prices only. */
function searchReply(result: ResultsData, http: number): ApiReply {
  if (result.status === "idle") throw new ApiError(1, "api.searchParamsRequired", 400);
  if (result.status === "invalid") {
    // The page words these with what was typed ("没有找到“{{text}}”"): so does the API.
    const problems = result.fields.filter((f) => f.error).map((f) => ({ param: f.param, key: f.error!, values: { text: f.value }, candidates: f.candidates }));
    if (result.weight?.error) problems.push({ param: "num", key: result.weight.error, values: { text: result.weight.value }, candidates: null });
    throw new ApiError(1, problems[0] ? { key: problems[0].key, values: problems[0].values } : "api.badRequest", http, { problems });
  }
  const page = result.results!;
  return {
    status: 0,
    message: page.total === 0 ? "api.noQuotation" : "api.ok",
    data: page.rows.map((row) => ({
      id: row.id,
      paused: row.paused,
      ...row.facts,
      valid_fm: row.validFrom,
      valid_to: row.validTo,
      currency: row.currency,
      prices: row.prices,
      lcl: result.calculator?.charges?.[row.id] ?? undefined,
    })),
    total: page.total,
    extra: {
      page: page.page,
      pageCount: page.pageCount,
      sort: page.sort,
      tier: result.tier,
      access: result.access,
      query: result.query,
      carriers: result.carriers,
      express: result.express,
    },
  };
}

function priceQuery(key: ModeKey, visitor: boolean): Endpoint {
  const mode = modeByKey(key);
  const names: Record<ModeKey, string> = {
    fcl: visitor ? "touristswholebysea" : "wholebysea",
    lcl: visitor ? "touristslclbyseaquery" : "lclbyseaquery",
    trailer: visitor ? "touriststrailerquery" : "trailerquery",
    rail: visitor ? "touristsrailroadquery" : "railroadquery",
    air: visitor ? "touristsbyairquery" : "byairquery",
    express: visitor ? "touristsexpressquery" : "expressquery",
  };
  return {
    method: "GET",
    path: visitor ? `/nopermission/${names[key]}` : `/query/${names[key]}`,
    access: visitor ? PUBLIC : USER,
    summary: visitor
      ? `${mode.key} rates for visitors: route facts, no prices (as ${mode.path} without a session).`
      : `${mode.key} rates for the signed-in user: prices of the user's tier only, once the registration audit has passed (as ${mode.path}).`,
    fields: [
      ...mode.fields.map((f) => ({ name: f.param, required: true })),
      ...(mode.weight ? [{ name: mode.weight.param, required: true, description: "kg, at most 299" }] : []),
      { name: "sort", description: "price | validity" },
      { name: "page", type: "integer" as const },
      ...(mode.carrierFilter ? [{ name: "carrier" }] : []),
      ...(mode.calculator ? [{ name: "cbm" }, { name: "kg" }] : []),
    ],
    async handler(ctx) {
      const result = await loadResultsPage(key, ctx.request, { viewer: visitor ? null : ctx.user });
      return searchReply(result.data, result.init?.status ?? 200);
    },
  };
}

function offerEndpoints(legacy: string, key: ModeKey): Endpoint[] {
  const mode = modeByKey(key);
  const base = `special${legacy}sale`;
  const fieldsDoc = () => [{ name: "fields of the mode's card form (see the back office /saleList)" }];
  return [
    {
      method: "GET",
      path: `/nopermission/get${base}`,
      access: PUBLIC,
      summary: `${key} special-price cards valid now (public, with their special price).`,
      async handler() {
        const cards = await listOffers(mode);
        return ok(cards.map((c) => ({ id: c.id, from: c.from, to: c.to, ...c.facts, ...c.prices, currency: c.currency })));
      },
    },
    {
      method: "POST",
      path: `/my/save${base}`,
      access: staff(OFFERS),
      summary: `Add a ${key} special-price card.`,
      fields: fieldsDoc(),
      async handler(ctx) {
        const values = (await ctx.parse(offerSchema(mode))) as Record<string, string>;
        const outcome = await createOffer(ctx.user, mode, values);
        return fromOutcome(outcome, "admin.offer.added", "admin.offer.addFailed", { data: outcome.ok ? { id: outcome.id } : null });
      },
    },
    {
      method: "GET",
      path: `/my/byid${base}/{id}`,
      access: staff(OFFERS),
      summary: `One ${key} card with its form values.`,
      async handler(ctx) {
        const card = await getModeOffer(mode, idParam(ctx.params.id));
        if (!card) throw notFound("admin.offer.loadFailed");
        return ok(card);
      },
    },
    {
      method: "PUT",
      path: `/my/edit${base}`,
      access: staff(OFFERS),
      summary: `Edit a ${key} card (id plus the form fields).`,
      fields: [{ name: "id", type: "integer", required: true }, ...fieldsDoc()],
      async handler(ctx) {
        const fields = await ctx.fields();
        const id = idParam(String(fields.get("id") ?? ""));
        const values = (await ctx.parse(offerSchema(mode))) as Record<string, string>;
        return fromOutcome(await updateOffer(ctx.user, mode, id, values), "admin.offer.edited", "admin.offer.editFailed");
      },
    },
    {
      method: "DELETE",
      path: `/my/del${base}/{id}`,
      access: staff(OFFERS),
      summary: `Delete a ${key} card.`,
      async handler(ctx) {
        return fromOutcome(await deleteOffer(ctx.user, mode, idParam(ctx.params.id)), "admin.offer.deleted", "admin.offer.deleteFailed");
      },
    },
    {
      method: "GET",
      path: `/my/list${base}`,
      access: staff(OFFERS),
      summary: `Every ${key} card, expired and upcoming included (staff view).`,
      async handler() {
        return ok(await listModeOffers(mode));
      },
    },
  ];
}

export const rateEndpoints: Endpoint[] = [
  portList("sea", false),
  portList("sea", true),
  portList("air", false),
  portList("air", true),
  countryList(false),
  countryList(true),
  {
    method: "GET",
    path: "/nopermission/trailerselectquery",
    access: PUBLIC,
    summary: "Trailer port areas (dock) and door points with rates valid today.",
    async handler() {
      const lists = await trailerLists(todayInShanghai());
      return ok({ dock: lists.from, trailer_door_point: lists.to });
    },
  },
  {
    method: "GET",
    path: "/nopermission/railroadselectquery",
    access: PUBLIC,
    summary: "Railway origins (pol) and destinations (pod) with rates valid today.",
    async handler() {
      const lists = await railLists(todayInShanghai());
      return ok({ pol: lists.from, pod: lists.to });
    },
  },
  ...Object.entries(LEGACY_MODES).flatMap(([legacy, key]) => [priceQuery(key, true), priceQuery(key, false), ...offerEndpoints(legacy, key)]),
];
