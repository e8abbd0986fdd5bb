// Special-offer cards (administration.md 2.4): list, add, edit and delete per
// mode. The customer home reads the same table on every request (no cache),
// so a change shows on /home at once.
import { prisma } from "~/utils/db.server";
import { resolvedNameSql } from "~/domain/reference/port-aliases.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import type { ModeDescription } from "~/domain/modes";
import { logOperation } from "~/domain/operation-log/operation-log.server";
import { fail, type Outcome } from "~/domain/outcome";
import type { TranslationKey } from "~/i18n/keys";
import { offerStatus } from "~/domain/rates/validity.server";
import { fixedCurrency, offerFormFields } from "./cards";
import { shanghaiInstant, shanghaiParts, type OfferValues } from "./schemas";

export type AdminOfferCard = {
  id: number;
  from: string | null;
  to: string | null;
  /** Form values as strings (dates split into day and time). */
  values: Record<string, string>;
  currency: string;
  /** "valid", "expired" or "upcoming", so staff see what customers see. */
  status: "valid" | "expired" | "upcoming";
  /** The card's endpoints that name no known port (decision 302: staff are warned, the card is kept). */
  unknownPorts: string[];
};

/**
 * The modes whose card endpoints are ports of the reference tables: sea
 * ports (their names, codes, Chinese names and aliases, as the rate imports
 * resolve them) and airports. Rail stations, docks and express zones are
 * free text of their own lists.
 */
const PORT_TABLE: Partial<Record<ModeDescription["key"], "sea" | "air">> = { fcl: "sea", lcl: "sea", air: "air" };

/** Of `names`, those that match no known port of the mode (empty for modes without ports). */
export async function unknownPortNames(mode: ModeDescription, names: readonly (string | null)[]): Promise<Set<string>> {
  const kind = PORT_TABLE[mode.key];
  const distinct = [...new Set(names.filter((n): n is string => !!n && n.trim() !== ""))];
  if (!kind || distinct.length === 0) return new Set();
  const known =
    kind === "sea"
      ? `${resolvedNameSql("n.name")} IS NOT NULL`
      : `EXISTS (SELECT 1 FROM airports a WHERE port_name_key(a.code) = port_name_key(n.name)
           OR port_name_key(a.name) = port_name_key(n.name) OR port_name_key(a.name_zh) = port_name_key(n.name))`;
  const rows = await prisma.$queryRawUnsafe<{ name: string }[]>(
    `SELECT n.name FROM unnest($1::text[]) AS n(name) WHERE NOT (${known})`,
    distinct,
  );
  return new Set(rows.map((r) => r.name));
}

/** What staff are told after saving a card: that customers will not see it, or that a port is unknown. */
export async function offerWarning(
  mode: ModeDescription,
  values: OfferValues,
  now = new Date(),
): Promise<{ key: TranslationKey; values?: Record<string, string> } | null> {
  const validTo = values.validTo ? shanghaiInstant(values.validTo, values.validToTime ?? "00:00:00") : null;
  const unknown = [...(await unknownPortNames(mode, [values[mode.card.from], values[mode.card.to]]))];
  // The customers' rule (the card shows through its last day).
  const expired = offerStatus(null, validTo, now) === "expired";
  if (expired && unknown.length) return { key: "admin.offer.warn.savedExpiredUnknown", values: { ports: unknown.join(", ") } };
  if (expired) return { key: "admin.offer.warn.savedExpired" };
  if (unknown.length) return { key: "admin.offer.warn.savedUnknown", values: { ports: unknown.join(", ") } };
  return null;
}

function asText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function toCard(mode: ModeDescription, row: Record<string, unknown>, now: Date, unknown: Set<string>): AdminOfferCard {
  const values: Record<string, string> = {};
  for (const field of offerFormFields(mode)) {
    const value = row[field.name];
    if (field.kind === "datetime") {
      const parts = value instanceof Date ? shanghaiParts(value) : { date: "", time: "00:00:00" };
      values[field.name] = parts.date;
      values[`${field.name}Time`] = parts.time;
    } else {
      values[field.name] = asText(value);
    }
  }
  const validFrom = row.validFrom as Date | null;
  const validTo = row.validTo as Date | null;
  const status = offerStatus(validFrom, validTo, now);
  const from = (row[mode.card.from] as string | null) ?? null;
  const to = (row[mode.card.to] as string | null) ?? null;
  return {
    id: row.id as number,
    from,
    to,
    values,
    currency: (row.currency as string | null) ?? fixedCurrency(mode) ?? "USD",
    status,
    unknownPorts: [from, to].filter((name): name is string => name !== null && unknown.has(name)),
  };
}

/** Every card of a mode (staff also see expired and upcoming ones). */
export async function listModeOffers(mode: ModeDescription, now = new Date()): Promise<AdminOfferCard[]> {
  const rows = await prisma.specialOffer.findMany({
    where: { mode: mode.enumValue },
    orderBy: [{ validTo: { sort: "desc", nulls: "first" } }, { id: "desc" }],
  });
  const records = rows as unknown as Record<string, unknown>[];
  const unknown = await unknownPortNames(
    mode,
    records.flatMap((row) => [row[mode.card.from] as string | null, row[mode.card.to] as string | null]),
  );
  return records.map((row) => toCard(mode, row, now, unknown));
}

export async function getModeOffer(mode: ModeDescription, id: number, now = new Date()): Promise<AdminOfferCard | null> {
  const row = await prisma.specialOffer.findFirst({ where: { id, mode: mode.enumValue } });
  if (!row) return null;
  const record = row as unknown as Record<string, unknown>;
  const unknown = await unknownPortNames(mode, [record[mode.card.from] as string | null, record[mode.card.to] as string | null]);
  return toCard(mode, record, now, unknown);
}

function dataOf(mode: ModeDescription, values: OfferValues) {
  const data: Record<string, string | Date | null> = {};
  for (const field of offerFormFields(mode)) {
    data[field.name] = field.kind === "datetime" ? shanghaiInstant(values[field.name], values[`${field.name}Time`]) : values[field.name];
  }
  data.currency = fixedCurrency(mode) ?? values.currency;
  return data;
}

function summary(mode: ModeDescription, values: Record<string, unknown>) {
  return `${mode.key}: ${asText(values[mode.card.from])} → ${asText(values[mode.card.to])}`;
}

/** The logged values of an offer: its form's fields and currency, with their labels (issue 22 item 12). */
function logged(mode: ModeDescription, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries([
    ...offerFormFields(mode).map((field) => [field.name, row[field.name] ?? null]),
    ["currency", row.currency ?? null],
  ]);
}

function logLabels(mode: ModeDescription): Record<string, string> {
  return Object.fromEntries([
    ...offerFormFields(mode).map((field) => [field.name, field.labelKey]),
    ["currency", "admin.offer.field.currency"],
  ]);
}

export async function createOffer(viewer: Viewer, mode: ModeDescription, values: OfferValues): Promise<Outcome<{ id: number }>> {
  const offer = await prisma.$transaction(async (tx) => {
    const created = await tx.specialOffer.create({ data: { mode: mode.enumValue, ...dataOf(mode, values) } });
    await logOperation(tx, viewer, {
      module: "add",
      operation: "specialOffers",
      targetIds: String(created.id),
      params: summary(mode, values),
      after: logged(mode, created as unknown as Record<string, unknown>),
      labels: logLabels(mode),
    });
    return created;
  });
  return { ok: true, id: offer.id };
}

export async function updateOffer(viewer: Viewer, mode: ModeDescription, id: number, values: OfferValues): Promise<Outcome> {
  const existing = await prisma.specialOffer.findFirst({ where: { id, mode: mode.enumValue } });
  if (!existing) return fail(404, "admin.offer.loadFailed");
  await prisma.$transaction(async (tx) => {
    const updated = await tx.specialOffer.update({ where: { id }, data: dataOf(mode, values) });
    await logOperation(tx, viewer, {
      module: "edit",
      operation: "specialOffers",
      targetIds: String(id),
      params: summary(mode, values),
      before: logged(mode, existing as unknown as Record<string, unknown>),
      after: logged(mode, updated as unknown as Record<string, unknown>),
      labels: logLabels(mode),
    });
  });
  return { ok: true };
}

export async function deleteOffer(viewer: Viewer, mode: ModeDescription, id: number): Promise<Outcome> {
  const existing = await prisma.specialOffer.findFirst({ where: { id, mode: mode.enumValue } });
  if (!existing) return fail(404, "admin.offer.deleteFailed");
  await prisma.$transaction(async (tx) => {
    await tx.specialOffer.delete({ where: { id } });
    const row = existing as unknown as Record<string, unknown>;
    await logOperation(tx, viewer, {
      module: "delete",
      operation: "specialOffers",
      targetIds: String(id),
      params: summary(mode, row),
      before: logged(mode, row),
      labels: logLabels(mode),
    });
  });
  return { ok: true };
}
