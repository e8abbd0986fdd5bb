// Exchange rates (issue 25 item 2, decision 402): staff maintain them on
// /exchangeRates (menu 26, operations exchangeRate.*); the results pages, and
// quotes, read the rate of each currency valid on a day. 1 unit of a currency
// = rate_cny CNY; CNY is the base and has no row. The rate of a currency on a
// day is its row with the earliest valid_until on or after that day, so staff
// can enter next period's rate ahead of time.
import type { Viewer } from "~/domain/accounts/viewer.server";
import { changesBetween, logOperation } from "~/domain/operation-log/operation-log.server";
import { BASE_CURRENCY, type ExchangeRateUsed } from "~/domain/pricing/currency";
import { parseFixed } from "~/domain/pricing/decimal";
import { currencyCode } from "~/utils/normalize";
import { formatDate } from "~/utils/dates";
import { Prisma, prisma } from "~/utils/db.server";
import { defineTable } from "~/domain/table/paging.server";
import { z } from "~/utils/zod";

export type ExchangeRateRow = { id: number; currency: string; rate: string; validUntil: string; updatedBy: string | null; updatedAt: Date };

/** The rate of every currency valid on `day` (a DATE value, UTC midnight). */
export async function ratesOn(day: Date): Promise<Map<string, ExchangeRateUsed>> {
  const rows = await prisma.$queryRaw<{ currency: string; rate: string; validUntil: Date }[]>`
    SELECT DISTINCT ON (currency) currency, rate_cny::text AS rate, valid_until AS "validUntil"
    FROM exchange_rates WHERE valid_until >= ${day}::date ORDER BY currency, valid_until`;
  return new Map(rows.map((r) => [r.currency, { currency: r.currency, rate: trimRate(r.rate), validUntil: formatDate(r.validUntil) }]));
}

/** The currencies a customer can choose on `day`: CNY and every currency with a valid rate. */
/** The /exchangeRates list: its page sizes and the currency filter. */
export const exchangeRateTable = defineTable({ sizes: [10, 20, 50], defaultSize: 20, filters: { q: z.string().trim().max(3) } });

export const currencyChoices = (rates: ReadonlyMap<string, ExchangeRateUsed>) => [BASE_CURRENCY, ...[...rates.keys()].sort()];

/** "7.100000" → "7.1" (at least the cents kept: "7.10"). */
function trimRate(rate: string): string {
  const [whole, fraction = ""] = rate.split(".");
  const kept = fraction.replace(/0+$/, "").padEnd(2, "0");
  return `${whole}.${kept}`;
}

const toRow = (r: {
  id: number;
  currency: string;
  rate: string;
  validUntil: Date;
  updatedBy: string | null;
  updatedAt: Date;
}): ExchangeRateRow => ({
  ...r,
  rate: trimRate(r.rate),
  validUntil: formatDate(r.validUntil),
});

export async function listExchangeRates(options: {
  q?: string;
  skip: number;
  take: number;
}): Promise<{ rows: ExchangeRateRow[]; total: number }> {
  const q = (options.q ?? "").trim().toUpperCase();
  const where = q ? Prisma.sql`WHERE currency = ${q}` : Prisma.empty;
  const [rows, [{ total }]] = await Promise.all([
    prisma.$queryRaw<Parameters<typeof toRow>[0][]>`
      SELECT id, currency, rate_cny::text AS rate, valid_until AS "validUntil", updated_by AS "updatedBy", updated_at AS "updatedAt"
      FROM exchange_rates ${where} ORDER BY valid_until DESC, currency, id OFFSET ${options.skip} LIMIT ${options.take}`,
    prisma.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM exchange_rates ${where}`,
  ]);
  return { rows: rows.map(toRow), total: Number(total) };
}

export async function findExchangeRate(id: number): Promise<ExchangeRateRow | null> {
  const rows = await prisma.$queryRaw<Parameters<typeof toRow>[0][]>`
    SELECT id, currency, rate_cny::text AS rate, valid_until AS "validUntil", updated_by AS "updatedBy", updated_at AS "updatedAt"
    FROM exchange_rates WHERE id = ${id}`;
  return rows[0] ? toRow(rows[0]) : null;
}

export type ExchangeRateField = "currency" | "rate" | "validUntil";
export type ExchangeRateFailure = "currency" | "base" | "rate" | "validUntil" | "taken" | "notFound";
export type ExchangeRateOutcome =
  | { ok: true; id: number; currency: string }
  | { ok: false; error: ExchangeRateFailure; field: ExchangeRateField | null; values?: Record<string, string> };

const CURRENCY = /^[A-Z]{3}$/;
const RATE = /^\d{1,12}(\.\d{1,6})?$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD that is a real calendar day, as a DATE value. */
function dayOf(text: string): Date | null {
  const match = DAY.exec(text);
  if (!match) return null;
  const date = new Date(`${text}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || formatDate(date) !== text ? null : date;
}

type Ctx = Pick<Viewer, "id" | "username">;
type Input = { id: number | null; currency: string; rate: string; validUntil: string };

/** Checks a typed rate: the first problem, with the field it belongs to. */
export function checkExchangeRate(
  input: Omit<Input, "id">,
): ExchangeRateOutcome | { ok: true; currency: string; rate: string; validUntil: Date } {
  // An ISO 4217 code, full-width letters and blanks as typed made plain (issue 40 item 4): "ｕｓｄ " is USD, "XYZ" none.
  const currency = currencyCode(input.currency) ?? "";
  if (!CURRENCY.test(currency)) return { ok: false, error: "currency", field: "currency" };
  if (currency === BASE_CURRENCY) return { ok: false, error: "base", field: "currency" };
  const rate = input.rate.trim();
  const fixed = RATE.test(rate) ? parseFixed(rate) : null;
  if (!fixed || fixed.units <= 0n) return { ok: false, error: "rate", field: "rate" };
  const validUntil = dayOf(input.validUntil.trim());
  if (!validUntil) return { ok: false, error: "validUntil", field: "validUntil" };
  return { ok: true, currency, rate, validUntil };
}

/** Adds (id null) or changes a rate; one log entry. A second rate of a currency for the same day is refused. */
export async function saveExchangeRate(viewer: Ctx, input: Input): Promise<ExchangeRateOutcome> {
  const checked = checkExchangeRate(input);
  if (!checked.ok || !("validUntil" in checked)) return checked as ExchangeRateOutcome;
  const { currency, rate, validUntil } = checked;
  try {
    return await prisma.$transaction(async (tx) => {
      const before = input.id === null ? null : await tx.exchangeRate.findUnique({ where: { id: input.id } });
      if (input.id !== null && !before) return { ok: false, error: "notFound", field: null } as const;
      const row = before
        ? await tx.exchangeRate.update({
            where: { id: before.id },
            data: { currency, rateCny: rate, validUntil, updatedBy: viewer.username },
          })
        : await tx.exchangeRate.create({ data: { currency, rateCny: rate, validUntil, updatedBy: viewer.username } });
      await logOperation(tx, viewer, {
        module: before ? "edit" : "add",
        operation: "exchangeRates",
        targetIds: row.id,
        params: before ? null : { currency, rate, validUntil: formatDate(validUntil) },
        changes: before
          ? changesBetween(
              { currency: before.currency, rate: trimRate(before.rateCny.toString()), validUntil: formatDate(before.validUntil) },
              { currency, rate: trimRate(rate.includes(".") ? rate : `${rate}.00`), validUntil: formatDate(validUntil) },
            )
          : null,
      });
      return { ok: true, id: row.id, currency } as const;
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      return { ok: false, error: "taken", field: "validUntil", values: { currency, day: formatDate(validUntil) } };
    }
    throw error;
  }
}

export async function deleteExchangeRate(viewer: Ctx, id: number): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ currency: string; rate: string; validUntil: Date }[]>`
      DELETE FROM exchange_rates WHERE id = ${id} RETURNING currency, rate_cny::text AS rate, valid_until AS "validUntil"`;
    if (!rows[0]) return false;
    await logOperation(tx, viewer, {
      module: "delete",
      operation: "exchangeRates",
      targetIds: id,
      params: { currency: rows[0].currency, rate: trimRate(rows[0].rate), validUntil: formatDate(rows[0].validUntil) },
    });
    return true;
  });
}
