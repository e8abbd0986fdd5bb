// Quotes (issue 25 item 3, decision 402): a customer saves the total of one
// results row; the quote keeps a snapshot of the rate (the customer's tier
// only), the shipment, the fees, the exchange rate and the total, a number
// and a random token for its shared link. Everything is recomputed on the
// server from the row: nothing the browser sends is taken as a price.
import type { TranslationKey } from "~/i18n/keys";
import { randomBytes } from "node:crypto";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { loadBookingSource, type SnapshotFact, type SnapshotPrice } from "~/domain/booking/source.server";
import type { ShipmentRef } from "~/domain/booking/snapshot";
import { modeByKey, MODES, type ModeKey } from "~/domain/modes";
import { priceAccess } from "~/domain/pricing/access";
import { CURRENCY_PARAM } from "~/domain/pricing/currency";
import { checkLclInput } from "~/domain/pricing/lcl";
import type { ShipmentTotal } from "~/domain/pricing/shipment";
import { tierSelect } from "~/domain/pricing/tier-columns";
import type { Tier } from "~/domain/pricing/visibility";
import { rateDelegate, toRateRow } from "~/domain/rates/search.server";
import { convertTotals, readCurrency, readShipment, rowTotals, shipmentParams } from "~/domain/rates/totals.server";
import { currencyChoices, ratesOn } from "~/domain/reference/exchange-rates.server";
import { formatDate, todayInShanghai } from "~/utils/dates";
import { prisma, type Prisma } from "~/utils/db.server";
import { defineTable } from "~/domain/table/paging.server";

/** The personal centre's list of quotes: 10 a page, no filters (a `.server` module, so the route's browser build never calls it). */
export const QUOTES_TABLE = defineTable({ sizes: [10], defaultSize: 10, filters: {} });

/** What a quote keeps (quotes.snapshot). */
export type QuoteSnapshot = {
  mode: ModeKey;
  /** The rate row; null for the answer to a price request (issue 43), whose lines are the desk's. */
  rateId: number | null;
  tier: Tier;
  from: string | null;
  to: string | null;
  facts: SnapshotFact[];
  /** The tier's prices of the row (no other tier's). */
  prices: SnapshotPrice[];
  /** The row's local fees as written. */
  fees: { key: string; labelKey: TranslationKey; value: string }[];
  currency: string | null;
  validFrom: string | null;
  validTo: string | null;
  /** The shipment form's values (counts, kg, cbm, pack). */
  shipment: Record<string, string>;
  /** The total with its parts; with `conversion` and `original` when a currency was chosen. */
  total: ShipmentTotal;
};

export type QuoteFailure = "notFound" | "noTier" | "shipment" | "incomplete" | "currency" | "unavailable";
export type QuoteOutcome = { ok: true; id: number; number: string; token: string } | { ok: false; error: QuoteFailure };

/**
 * The modes a quote can be saved from: every mode with a total. FCL, LCL,
 * air, rail and trailer total the customer's shipment (pricing/shipment.ts);
 * express has no shipment form: its total is the price of the searched
 * destination and weight (pricing/express.ts), which the quote keeps as one
 * part, per shipment.
 */
export const QUOTE_MODES: readonly ModeKey[] = MODES.map((m) => m.key);

/** Express: the total of the searched destination and weight as the one part of a total (one shipment). */
function expressTotal(source: {
  snapshot: { prices: SnapshotPrice[]; currency: string | null; express?: { weight: string } | null };
}): ShipmentTotal | null {
  const total = source.snapshot.prices.find((p) => p.key === "total")?.value;
  const currency = source.snapshot.currency;
  if (!total || !currency || !source.snapshot.express) return null;
  return {
    parts: [
      {
        kind: "freight",
        labelKey: "search.price.total",
        note: `${source.snapshot.express.weight} kg`,
        quantity: "1",
        unit: "bill",
        rate: total,
        currency,
        amount: total,
      },
    ],
    sums: [{ currency, amount: total }],
    excluded: [],
    incomplete: false,
    air: null,
  };
}

/** The search and shipment parameters a quote remembers (for requote). */
function kept(params: URLSearchParams, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = (params.get(name) ?? "").trim().slice(0, 40);
    if (value) out[name] = value;
  }
  return out;
}

/** The earlier of two YYYY-MM-DD days (null = no end). */
const earlier = (a: string | null, b: string | null) => (a && b ? (a < b ? a : b) : (a ?? b));

/** A row priced for a tier and a shipment: what a quote is made of, before any conversion. */
export type PricedRow = {
  mode: ReturnType<typeof modeByKey>;
  source: NonNullable<Awaited<ReturnType<typeof loadBookingSource>>>;
  total: ShipmentTotal;
  shipmentValues: Record<string, string>;
  fees: QuoteSnapshot["fees"];
};

/**
 * The total of row `rateId` of `modeKey` at `tier` for the shipment of
 * `params` (the results page's parameters), in the row's own currencies.
 * Saving a quote and booking from one (quotes/booking.server.ts) both price
 * the row here, so "the same total today" means the same computation.
 */
export async function priceRow(
  tier: Tier,
  modeKey: string,
  rateId: number,
  params: URLSearchParams,
  now = new Date(),
): Promise<{ ok: true; priced: PricedRow } | { ok: false; error: QuoteFailure }> {
  if (!QUOTE_MODES.includes(modeKey as ModeKey)) return { ok: false, error: "notFound" };
  const mode = modeByKey(modeKey as ModeKey);
  const source = await loadBookingSource({ mode: mode.key, id: String(rateId) }, tier, params, now);
  if (!source || source.kind !== "rate") return { ok: false, error: "notFound" };
  if (source.paused || source.availability !== "valid") return { ok: false, error: "unavailable" };

  let total: ShipmentTotal | undefined | null;
  let shipmentValues: Record<string, string>;
  let fees: QuoteSnapshot["fees"] = [];
  if (mode.shipment === "express") {
    // The price of the searched destination and weight (loadBookingSource read them from `params`).
    total = expressTotal(source);
    if (!total) return { ok: false, error: "shipment" };
    shipmentValues = { [mode.weight!.param]: source.snapshot.express!.weight };
  } else {
    const lcl = mode.calculator
      ? checkLclInput((params.get("cbm") ?? "").trim().slice(0, 12), (params.get("kg") ?? "").trim().slice(0, 12))
      : null;
    const typed = readShipment(mode, params, lcl && "cbm" in lcl ? lcl : null);
    if (!typed.shipment) return { ok: false, error: "shipment" };
    // The row with its fees, the viewer's tier only (as the results page reads it).
    const select: Record<string, true> = { id: true, paused: true, validFrom: true, validTo: true, ...tierSelect(mode, tier) };
    for (const fact of mode.facts)
      if (fact.kind !== "validity") Object.assign(select, { [fact.field]: true }, fact.fallback ? { [fact.fallback]: true } : {});
    if ("field" in mode.currency) select[mode.currency.field] = true;
    const raw = (await rateDelegate(mode).findMany({ where: { id: rateId }, select, take: 1 })) as Record<string, unknown>[];
    if (!raw[0]) return { ok: false, error: "notFound" };
    const row = toRateRow(mode, tier, raw[0]);
    total = rowTotals(mode, typed.shipment, [row])[row.id];
    shipmentValues = typed.values;
    fees = mode.facts.filter((f) => f.fee && row.facts[f.key]).map((f) => ({ key: f.key, labelKey: f.labelKey, value: row.facts[f.key]! }));
  }
  if (!total || total.incomplete) return { ok: false, error: "incomplete" };
  return { ok: true, priced: { mode, source, total, shipmentValues, fees } };
}

/**
 * A total in the currency `params` chooses (`cur`) with the exchange rates
 * valid on `today`, or as it is without a choice. Refused ("currency") when
 * the choice is unknown or a rate it needs is missing: never a partial figure.
 */
async function inCurrency(
  total: ShipmentTotal,
  rateId: number,
  params: URLSearchParams,
  today: Date,
): Promise<{ ok: true; total: ShipmentTotal; currency: string } | { ok: false; error: "currency" }> {
  const rates = await ratesOn(today);
  const currency = readCurrency(params, currencyChoices(rates));
  if (currency.error) return { ok: false, error: "currency" };
  if (!currency.value) return { ok: true, total, currency: "" };
  const converted = convertTotals({ [rateId]: total }, currency.value, rates, (key) => String(key))[rateId];
  if (converted.incomplete) return { ok: false, error: "currency" };
  return { ok: true, total: { ...converted, note: null }, currency: currency.value };
}

/**
 * The shipment a customer sized on the results page and booked (issue 45
 * item 3): its values (the page's parameters) and the total the page showed,
 * computed as a quote computes it (priceRow, then the chosen currency at
 * today's rates), for the viewer's tier only. Null when `params` name no
 * shipment or the row has no total for it (a needed price missing): the
 * booking then records no total, as before.
 */
export async function bookedShipment(
  tier: Tier,
  modeKey: ModeKey,
  rateId: number,
  params: URLSearchParams,
  now = new Date(),
): Promise<ShipmentRef | null> {
  const mode = modeByKey(modeKey);
  const names = shipmentParams(mode);
  if (!names.some((name) => name !== CURRENCY_PARAM && params.get(name))) return null;
  const priced = await priceRow(tier, modeKey, rateId, params, now);
  if (!priced.ok) return null;
  const converted = await inCurrency(priced.priced.total, rateId, params, todayInShanghai(now));
  if (!converted.ok) return null;
  return { values: kept(params, names), total: converted.total };
}

/**
 * Saves the quote of row `rateId` of `modeKey` for the viewer's tier and the
 * shipment and currency of `params` (the results page's parameters).
 */
export async function createQuote(
  viewer: Viewer,
  modeKey: string,
  rateId: number,
  params: URLSearchParams,
  now = new Date(),
): Promise<QuoteOutcome> {
  const tier = priceAccess(viewer).tier;
  if (!tier) return { ok: false, error: "noTier" };
  const priced = await priceRow(tier, modeKey, rateId, params, now);
  if (!priced.ok) return priced;
  const { mode, source, shipmentValues, fees } = priced.priced;
  const today = todayInShanghai(now);
  const converted = await inCurrency(priced.priced.total, rateId, params, today);
  if (!converted.ok) return converted;
  const { total, currency } = converted;
  const validUntil = earlier(source.snapshot.validTo, total.conversion?.ok ? total.conversion.validUntil : null);

  const snapshot: QuoteSnapshot = {
    mode: mode.key,
    rateId,
    tier,
    from: source.snapshot.from,
    to: source.snapshot.to,
    facts: source.snapshot.facts,
    prices: source.snapshot.prices,
    fees,
    currency: source.snapshot.currency,
    validFrom: source.snapshot.validFrom,
    validTo: source.snapshot.validTo,
    shipment: shipmentValues,
    total,
  };
  const searchParams = kept(params, [
    ...mode.fields.map((f) => f.param),
    ...(mode.weight ? [mode.weight.param] : []),
    ...Object.keys(shipmentValues),
    ...shipmentParams(mode),
  ]);
  return prisma.$transaction(async (tx) => {
    const saved = await insertQuote(
      tx,
      { userId: viewer.id, mode: mode.key, rateId, tier, currency, params: searchParams, snapshot, validUntil },
      now,
    );
    return { ok: true, ...saved } as const;
  });
}

/**
 * Writes a quote with its number and random token (saving one from a results
 * row, and the answer to a price request: issue 43). `userId` null: a
 * visitor's answer, read through its link only.
 */
export async function insertQuote(
  tx: Prisma.TransactionClient,
  quote: {
    userId: number | null;
    mode: ModeKey;
    rateId: number | null;
    tier: string;
    currency: string;
    params: Record<string, string>;
    snapshot: QuoteSnapshot;
    validUntil: string | null;
  },
  now = new Date(),
): Promise<{ id: number; number: string; token: string }> {
  const token = randomBytes(18).toString("base64url");
  const { validUntil, ...data } = quote;
  const created = await tx.quote.create({
    data: {
      ...data,
      number: `pending-${token}`,
      token,
      snapshot: data.snapshot as unknown as Prisma.InputJsonValue,
      validUntil: validUntil ? new Date(`${validUntil}T00:00:00.000Z`) : null,
    },
  });
  const number = `Q${formatDate(todayInShanghai(now)).replace(/-/g, "")}-${String(created.id).padStart(6, "0")}`;
  await tx.quote.update({ where: { id: created.id }, data: { number } });
  return { id: created.id, number, token };
}

export type QuoteView = {
  id: number;
  number: string;
  token: string;
  mode: ModeKey;
  tier: string;
  currency: string;
  createdAt: string;
  /** The calendar day it was saved, in Shanghai (the day the business counts in). */
  savedOn: string;
  validUntil: string | null;
  expired: boolean;
  snapshot: QuoteSnapshot;
  /** The results page with the same search and shipment: today's price. */
  requoteHref: string;
  /** Who saved it (booking from it is theirs alone; null: a visitor's answer) and the search it was saved from (server side only). */
  userId: number | null;
  /** Null: the answer to a price request (issue 43). */
  rateId: number | null;
  params: Record<string, string>;
};

type QuoteRecord = {
  id: number;
  userId: number | null;
  rateId: number | null;
  number: string;
  token: string;
  mode: string;
  tier: string;
  currency: string;
  params: unknown;
  snapshot: unknown;
  validUntil: Date | null;
  createdAt: Date;
};

function viewOf(q: QuoteRecord, today: Date): QuoteView {
  const mode = modeByKey(q.mode as ModeKey);
  const search = new URLSearchParams(q.params as Record<string, string>);
  search.set("sort", "total");
  return {
    id: q.id,
    number: q.number,
    token: q.token,
    mode: mode.key,
    tier: q.tier,
    currency: q.currency,
    createdAt: q.createdAt.toISOString(),
    savedOn: formatDate(todayInShanghai(q.createdAt)),
    validUntil: q.validUntil ? formatDate(q.validUntil) : null,
    expired: q.validUntil !== null && q.validUntil < today,
    snapshot: q.snapshot as QuoteSnapshot,
    requoteHref: `${mode.path}?${search}`,
    userId: q.userId,
    rateId: q.rateId,
    params: q.params as Record<string, string>,
  };
}

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** The quote of a shared link (no login), or null. */
export async function quoteByToken(token: string, now = new Date()): Promise<QuoteView | null> {
  if (!TOKEN.test(token)) return null;
  const q = await prisma.quote.findUnique({ where: { token } });
  return q ? viewOf(q, todayInShanghai(now)) : null;
}

/** A customer's own quotes, newest first. */
export async function listOwnQuotes(
  userId: number,
  page: { skip: number; take: number },
  now = new Date(),
): Promise<{ rows: QuoteView[]; total: number }> {
  const [rows, total] = await Promise.all([
    prisma.quote.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: page.skip, take: page.take }),
    prisma.quote.count({ where: { userId } }),
  ]);
  const today = todayInShanghai(now);
  return { rows: rows.map((q) => viewOf(q, today)), total };
}

/** One of a customer's own quotes by id (another user's: null). */
export async function ownQuote(userId: number, id: number, now = new Date()): Promise<QuoteView | null> {
  const q = await prisma.quote.findFirst({ where: { id, userId } });
  return q ? viewOf(q, todayInShanghai(now)) : null;
}
