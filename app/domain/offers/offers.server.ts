// Special-offer cards (administration.md 2.4): list, add, edit and delete per
// mode. The customer home reads the same table on every request (no cache),
// so a change shows on /home at once.
import { prisma } from "~/utils/db.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import type { ModeDescription } from "~/domain/modes";
import { logOperation } from "~/domain/operation-log/operation-log.server";
import { fail, type Outcome } from "~/domain/outcome";
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
};

function asText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function toCard(mode: ModeDescription, row: Record<string, unknown>, now: Date): AdminOfferCard {
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
  return {
    id: row.id as number,
    from: (row[mode.card.from] as string | null) ?? null,
    to: (row[mode.card.to] as string | null) ?? null,
    values,
    currency: (row.currency as string | null) ?? fixedCurrency(mode) ?? "USD",
    status,
  };
}

/** Every card of a mode (staff also see expired and upcoming ones). */
export async function listModeOffers(mode: ModeDescription, now = new Date()): Promise<AdminOfferCard[]> {
  const rows = await prisma.specialOffer.findMany({
    where: { mode: mode.enumValue },
    orderBy: [{ validTo: { sort: "desc", nulls: "first" } }, { id: "desc" }],
  });
  return rows.map((row) => toCard(mode, row as unknown as Record<string, unknown>, now));
}

export async function getModeOffer(mode: ModeDescription, id: number, now = new Date()): Promise<AdminOfferCard | null> {
  const row = await prisma.specialOffer.findFirst({ where: { id, mode: mode.enumValue } });
  return row ? toCard(mode, row as unknown as Record<string, unknown>, now) : null;
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
