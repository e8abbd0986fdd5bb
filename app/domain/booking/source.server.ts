// What a booking is made from: one rate row of a mode (read with only the
// viewer's tier columns, like the results pages) or one special-price card
// (public prices). The result is both what the dialogs show and the
// entrustment's sourceSnapshot, so the record keeps exactly what the customer
// saw and never another tier's price.
//
// The search engineer's domain has no "one row by id" reader; this one reuses
// its building blocks (mode descriptions, tierSelect, toRateRow, validity).
import type { RateField } from "~/domain/catalog";
import { modeByKey, MODES, type ModeDescription, type ModeKey } from "~/domain/modes";
import { expressQuote } from "~/domain/pricing/express";
import { decimalText, tierSelect } from "~/domain/pricing/tier-columns";
import type { Tier } from "~/domain/pricing/visibility";
import { zoneField } from "~/domain/express-zones";
import { offerStatus } from "~/domain/rates/validity.server";
import { rateDelegate, toRateRow } from "~/domain/rates/search.server";
import { resolveCountry } from "~/domain/reference/countries.server";
import { formatDate, todayInShanghai } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { moduleName, type SourceKind } from "./labels";
import type { TransportType } from "./schemas";
import type { SnapshotFact, SnapshotPrice, SourceSnapshot } from "./snapshot";

export type { SnapshotFact, SnapshotPrice, SourceSnapshot } from "./snapshot";

export type BookingSource = {
  kind: SourceKind;
  modeKey: ModeKey;
  transportType: TransportType;
  id: number;
  paused: boolean;
  /** Today (Asia/Shanghai calendar days, rates and cards alike) within its validity, before or after it. */
  availability: Availability;
  /** The results page of this route, for "search again" when it is not available. */
  searchHref: string;
  pol: string | null;
  pod: string | null;
  moduleName: string;
  snapshot: SourceSnapshot;
};

const ID_PATTERN = /^[1-9]\d{0,9}$/;

/** `/booking/<mode>/<id>`: mode is a rate mode or "offer". */
export function parseSourceParams(params: {
  mode?: string;
  id?: string;
}): { kind: SourceKind; modeKey: ModeKey | null; id: number } | null {
  const { mode, id } = params;
  if (!id || !ID_PATTERN.test(id) || Number(id) > 2_147_483_647) return null;
  if (mode === "offer") return { kind: "offer", modeKey: null, id: Number(id) };
  const described = MODES.find((m) => m.key === mode);
  return described ? { kind: "rate", modeKey: described.key, id: Number(id) } : null;
}

export type Availability = "valid" | "expired" | "upcoming";

/** A rate's DATE bounds against today's calendar day. */
function rateAvailability(validFrom: Date | null, validTo: Date | null, today: Date): Availability {
  if (validTo && validTo < today) return "expired";
  if (validFrom && validFrom > today) return "upcoming";
  return "valid";
}

/** The mode's results URL for a route (the spec's parameter names; express also the weight). */
function searchHref(mode: ModeDescription, from: string | null, to: string | null, weight: string | null): string {
  const params = new URLSearchParams();
  for (const field of mode.fields) {
    const value = field.role === "from" ? from : to;
    if (value) params.set(field.param, value);
  }
  if (mode.weight && weight) params.set(mode.weight.param, weight);
  const query = params.toString();
  return query ? `${mode.path}?${query}` : mode.path;
}

function factSelect(mode: ModeDescription): Record<string, true> {
  const select: Record<string, true> = { id: true, paused: true, validFrom: true, validTo: true };
  for (const fact of mode.facts) {
    if (fact.fee || fact.kind === "validity") continue;
    select[fact.field] = true;
    if (fact.fallback) select[fact.fallback] = true;
  }
  for (const field of mode.fields) if (field.column) select[field.column] = true;
  if ("field" in mode.currency) select[mode.currency.field] = true;
  return select;
}

async function loadRate(
  modeKey: ModeKey,
  id: number,
  tier: Tier | null,
  query: URLSearchParams,
  today: Date,
): Promise<BookingSource | null> {
  const mode = modeByKey(modeKey);
  let express: SourceSnapshot["express"] = null;
  let priceField: RateField | null = null;
  let weight: string | null = null;
  if (mode.key === "express") {
    // The price depends on the destination and weight searched (the results page passes them on).
    const country = query.get(mode.fields[0].param);
    weight = query.get(mode.weight?.param ?? "num");
    const resolved = country ? await resolveCountry(country) : null;
    if (resolved?.status === "found" && weight && /^\d{1,3}(\.\d)?$/.test(weight)) {
      const option = resolved.option;
      express = { country: option.en, countryZh: option.zh, zoneCode: option.zoneCode, weight };
      priceField = zoneField(option.zoneCode);
    }
  }
  const select = {
    ...factSelect(mode),
    ...tierSelect(mode, tier),
    ...(mode.key === "express" && tier && priceField ? ({ [priceField]: true, fuel: true, discount: true } as const) : {}),
  };
  const rows = (await rateDelegate(mode).findMany({ where: { id }, select, take: 1 })) as Record<string, unknown>[];
  const row = rows[0];
  if (!row) return null;

  const shown = toRateRow(mode, tier, mode.key === "express" ? { ...row, weight: decimalText(row.weight, 1) } : row);
  const facts: SnapshotFact[] = [];
  for (const fact of mode.facts) {
    if (fact.kind === "validity") continue;
    const value = shown.facts[fact.key];
    if (value !== null && value !== undefined && value !== "") facts.push({ key: fact.key, labelKey: fact.labelKey, value });
  }
  const prices: SnapshotPrice[] = [];
  if (tier && mode.key === "express") {
    const price = priceField ? decimalText(row[priceField]) : null;
    if (price) {
      const quote = expressQuote({ price, fuel: decimalText(row.fuel), discount: decimalText(row.discount, 4) });
      for (const column of mode.prices) {
        const value = quote[column.key as keyof typeof quote];
        if (value) prices.push({ key: column.key, labelKey: column.labelKey, value, format: column.format });
      }
    }
  } else if (tier && shown.prices) {
    for (const column of mode.prices) {
      const value = shown.prices[column.key];
      if (value) prices.push({ key: column.key, labelKey: column.labelKey, value, format: column.format });
    }
  }

  const [fromField, toField] = [mode.fields.find((f) => f.role === "from"), mode.fields.find((f) => f.role === "to")];
  const pol = fromField?.column ? ((row[fromField.column] as string | null) ?? null) : null;
  // Express: the country's Chinese name is stored (staff read Chinese; the query logs keep it so too);
  // pages and the customer's mail name it in the reader's language from the snapshot.
  const pod = toField?.column ? ((row[toField.column] as string | null) ?? null) : (express?.countryZh ?? null);
  const transportType = mode.enumValue;
  return {
    kind: "rate",
    modeKey: mode.key,
    transportType,
    id,
    paused: shown.paused,
    availability: rateAvailability(row.validFrom as Date | null, row.validTo as Date | null, today),
    searchHref: searchHref(mode, pol, pod, express?.weight ?? null),
    pol,
    pod,
    moduleName: moduleName("rate", transportType),
    snapshot: {
      source: "rate",
      mode: mode.key,
      id,
      tier: prices.length ? tier : null,
      from: pol,
      to: pod,
      facts,
      prices,
      currency: prices.length ? String(shown.currency) : null,
      validFrom: shown.validFrom,
      validTo: shown.validTo,
      express,
    },
  };
}

const OFFER_SCALE: Record<string, number> = { fuel: 2, discount: 4, weight: 1 };

async function loadOffer(id: number, now: Date): Promise<BookingSource | null> {
  const head = await prisma.specialOffer.findUnique({ where: { id }, select: { mode: true } });
  if (!head) return null;
  const mode = MODES.find((m) => m.enumValue === head.mode);
  if (!mode) return null;
  const { card } = mode;
  const select: Record<string, true> = { id: true, currency: true, validFrom: true, validTo: true, [card.from]: true, [card.to]: true };
  for (const f of card.facts) select[f.field] = true;
  for (const p of card.prices) select[p.field] = true;
  const row = (await prisma.specialOffer.findUnique({ where: { id }, select })) as Record<string, unknown> | null;
  if (!row) return null;

  const facts: SnapshotFact[] = [];
  for (const f of card.facts) {
    const value = row[f.field];
    if (value === null || value === undefined || value === "") continue;
    const text = value instanceof Date ? formatDate(todayInShanghai(value)) : f.kind === "weight" ? decimalText(value, 1)! : String(value);
    facts.push({ key: f.field, labelKey: f.labelKey, value: text });
  }
  const prices: SnapshotPrice[] = [];
  for (const p of card.prices) {
    const value = decimalText(row[p.field], OFFER_SCALE[p.field] ?? 2);
    if (value) prices.push({ key: p.field, labelKey: p.labelKey, value, format: p.format });
  }
  const validFrom = row.validFrom as Date | null;
  const validTo = row.validTo as Date | null;
  const from = (row[card.from] as string | null) ?? null;
  const to = (row[card.to] as string | null) ?? null;
  const transportType = mode.enumValue;
  return {
    kind: "offer",
    modeKey: mode.key,
    transportType,
    id,
    paused: false,
    availability: offerStatus(validFrom, validTo, now),
    searchHref: searchHref(mode, from, to, mode.weight && row.weight != null ? decimalText(row.weight, 1) : null),
    pol: from,
    pod: to,
    moduleName: moduleName("offer", transportType),
    snapshot: {
      source: "offer",
      mode: mode.key,
      id,
      tier: null,
      from,
      to,
      facts,
      prices,
      currency: (row.currency as string | null) ?? ("fixed" in mode.currency ? mode.currency.fixed : null),
      validFrom: validFrom ? formatDate(todayInShanghai(validFrom)) : null,
      validTo: validTo ? formatDate(todayInShanghai(validTo)) : null,
      express: null,
    },
  };
}

/**
 * One rate row (only `tier`'s prices; none without a tier) or one card.
 * `query` carries the express destination and weight of the search.
 */
export async function loadBookingSource(
  params: { mode?: string; id?: string },
  tier: Tier | null,
  query: URLSearchParams = new URLSearchParams(),
  now: Date = new Date(),
): Promise<BookingSource | null> {
  const parsed = parseSourceParams(params);
  if (!parsed) return null;
  if (parsed.kind === "offer") return loadOffer(parsed.id, now);
  return loadRate(parsed.modeKey!, parsed.id, tier, query, todayInShanghai(now));
}
