// Select lists, special-price cards and price queries (customer-portal.md 7;
// administration.md 7 "Special-offer cards"). Price queries run the results
// pages' rate search (domain/rates/rate-search.server.ts): the same parsing,
// tier rule and query log, so the API shows exactly what the page shows to
// the same viewer.
import { detectLanguage } from "~/i18n/i18n.server";
import { modeByKey, type ModeKey } from "~/domain/modes";
import { createOffer, deleteOffer, getModeOffer, listModeOffers, updateOffer, type AdminOfferCard } from "~/domain/offers/offers.server";
import { offerSchema } from "~/domain/offers/schemas";
import { listOffers } from "~/domain/rates/offers.server";
import { rateSearch, type RateSearch } from "~/domain/rates/rate-search.server";
import { refererOf } from "~/domain/rates/query-log.server";
import { searchCountries } from "~/domain/reference/countries.server";
import { railLists, trailerLists } from "~/domain/rates/land.server";
import { suggestPorts, type PortKind } from "~/domain/reference/ports.server";
import { todayInShanghai } from "~/utils/dates";
import {
  ApiError,
  PUBLIC,
  USER,
  fromOutcome,
  idParam,
  notFound,
  ok,
  op,
  type ApiContext,
  type ApiReply,
  type Endpoint,
} from "../contract/core.server";
import { CountryOptionEntity, CreatedEntity, PortOptionEntity, offerEntity, rateEntity } from "../contract/entities";
import { LEGACY_MODES } from "../contract/legacy";
import { shape } from "../contract/wire";

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
    response: { data: shape.list(PortOptionEntity) },
    async handler(ctx) {
      return ok(await suggestPorts(await ctx.versions(), kind, queryText(ctx)));
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
    response: { data: shape.list(CountryOptionEntity) },
    async handler(ctx) {
      return ok(await searchCountries(queryText(ctx)));
    },
  };
}

/** The rate search as the API answers it: rows with their facts and the viewer's tier prices only. */
function searchReply(result: RateSearch): ApiReply {
  const weight = modeByKey(result.modeKey).weight;
  if (result.status === "idle") throw new ApiError(1, "api.searchParamsRequired", 400);
  if (result.status === "invalid") {
    // The page words these with what was typed ("没有找到“{{text}}”") and the limit: so does the API.
    const problems = result.fields
      .filter((f) => f.error)
      .map((f) => ({ param: f.param, key: f.error!, values: { text: f.value } as Record<string, string>, candidates: f.candidates }));
    if (result.weight?.error && weight)
      problems.push({
        param: weight.param,
        key: result.weight.error,
        values: { text: result.weight.value, max: String(weight.max) },
        candidates: null,
      });
    // A required value missing or not valid is a bad request (as the page's 400); a name that matched nothing, not.
    throw new ApiError(
      1,
      problems[0] ? { key: problems[0].key, values: problems[0].values } : "api.badRequest",
      result.malformed ? 400 : 200,
      {
        problems,
      },
    );
  }
  const page = result.results;
  return {
    status: 0,
    message: page.total === 0 ? "api.noQuotation" : "api.ok",
    data: page.rows.map((row) => ({ ...row, lcl: result.calculator?.charges?.[row.id] ?? undefined })),
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
    response: {
      data: shape.list(rateEntity(key)),
      members: {
        page: shape.scalar("integer"),
        pageCount: shape.scalar("integer"),
        sort: shape.scalar("string", "price | validity"),
        tier: shape.scalar("string", "T0, T1 or T2: the tier whose prices the rows carry; null without prices"),
        access: shape.scalar("string", "why prices are (not) shown: visitor, pending, failed, ok …"),
        query: shape.scalar("any", "the resolved search parameters"),
        carriers: shape.scalar("any", "carriers on the route (FCL, air)"),
        express: shape.scalar("any", "express: destination country, zone (part_code, part), weight, chargeable weight"),
      },
    },
    async handler(ctx) {
      // The language as the pages read it (the lng parameter, then the cookie): the rows' vocabulary.
      const [lng, versions] = await Promise.all([detectLanguage(ctx.request), ctx.versions()]);
      return searchReply(
        await rateSearch(key, {
          viewer: visitor ? null : ctx.user,
          lng,
          params: ctx.url.searchParams,
          versions,
          referer: refererOf(ctx.request),
        }),
      );
    },
  };
}

/** A card as staff edit it: its form values, id, currency and status. */
function staffCard(card: AdminOfferCard): Record<string, unknown> {
  return { ...card.values, id: card.id, currency: card.currency, status: card.status };
}

function offerEndpoints(legacy: string, key: ModeKey): Endpoint[] {
  const mode = modeByKey(key);
  const base = `special${legacy}sale`;
  const card = offerEntity(key, "staff");
  return [
    {
      method: "GET",
      path: `/nopermission/get${base}`,
      access: PUBLIC,
      summary: `${key} special-price cards valid now (public, with their special price).`,
      response: { data: shape.list(offerEntity(key, "public")) },
      async handler() {
        const cards = await listOffers(mode);
        return ok(
          cards.map((c) => ({ id: c.id, [mode.card.from]: c.from, [mode.card.to]: c.to, ...c.facts, ...c.prices, currency: c.currency })),
        );
      },
    },
    {
      method: "POST",
      path: `/my/save${base}`,
      access: op("offer.create"),
      summary: `Add a ${key} special-price card (form body: the card's fields).`,
      input: card,
      response: { data: shape.one(CreatedEntity) },
      async handler(ctx) {
        const values = (await ctx.parse(offerSchema(mode))) as Record<string, string>;
        const outcome = await createOffer(ctx.user, mode, values);
        return fromOutcome(outcome, "admin.offer.added", "admin.offer.addFailed", { data: outcome.ok ? { id: outcome.id } : null });
      },
    },
    {
      method: "GET",
      path: `/my/byid${base}/{id}`,
      access: op("offer.read"),
      summary: `One ${key} card as its edit call takes it.`,
      response: { data: shape.one(card) },
      async handler(ctx) {
        const found = await getModeOffer(mode, idParam(ctx.params.id));
        if (!found) throw notFound("admin.offer.loadFailed");
        return ok(staffCard(found));
      },
    },
    {
      method: "PUT",
      path: `/my/edit${base}`,
      access: op("offer.update"),
      summary: `Edit a ${key} card (id plus the card's fields; what GET /my/byid${base}/{id} returns is accepted unchanged).`,
      input: card,
      response: { data: shape.none },
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
      access: op("offer.delete"),
      summary: `Delete a ${key} card.`,
      response: { data: shape.none },
      async handler(ctx) {
        return fromOutcome(await deleteOffer(ctx.user, mode, idParam(ctx.params.id)), "admin.offer.deleted", "admin.offer.deleteFailed");
      },
    },
    {
      method: "GET",
      path: `/my/list${base}`,
      access: op("offer.read"),
      summary: `Every ${key} card, expired and upcoming included (staff view).`,
      response: { data: shape.list(card) },
      async handler() {
        return ok((await listModeOffers(mode)).map(staffCard));
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
    response: { data: shape.object({ dock: shape.scalar("list"), trailer_door_point: shape.scalar("list") }) },
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
    response: { data: shape.object({ pol: shape.scalar("list"), pod: shape.scalar("list") }) },
    async handler() {
      const lists = await railLists(todayInShanghai());
      return ok({ pol: lists.from, pod: lists.to });
    },
  },
  ...Object.entries(LEGACY_MODES).flatMap(([legacy, key]) => [
    priceQuery(key, true),
    priceQuery(key, false),
    ...offerEndpoints(legacy, key),
  ]),
];
