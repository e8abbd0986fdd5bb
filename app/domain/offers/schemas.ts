// Special-offer forms: one zod schema per mode, built from the card fields
// (cards.ts). Every field is required; dates are a calendar day plus a time
// that defaults to 00:00:00, in Asia/Shanghai.
import { z } from "~/utils/zod";
import { formatDateTime } from "~/utils/dates";
import type { ModeDescription } from "~/domain/modes";
import { compare, parseFixed } from "~/domain/pricing/decimal";
import { expressQuote } from "~/domain/pricing/express";
import { offerFormFields, RAIL_CURRENCIES, type OfferFormField } from "./cards";

const NUMBER_RULES: Record<string, { pattern: RegExp; max: number; message: string }> = {
  money: { pattern: /^\d{1,10}(\.\d{1,2})?$/, max: 9_999_999_999, message: "admin.offer.invalidMoney" },
  percent: { pattern: /^\d{1,3}(\.\d{1,2})?$/, max: 100, message: "admin.offer.invalidPercent" },
  factor: { pattern: /^\d(\.\d{1,4})?$/, max: 1, message: "admin.offer.invalidFactor" },
  weight: { pattern: /^\d{1,3}(\.\d)?$/, max: 299, message: "admin.offer.invalidWeight" },
};

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** A Shanghai calendar day and time as an instant. */
export function shanghaiInstant(date: string, time: string): Date | null {
  if (!DATE_PATTERN.test(date) || !TIME_PATTERN.test(time)) return null;
  const full = time.length === 5 ? `${time}:00` : time;
  const instant = new Date(`${date}T${full}+08:00`);
  if (Number.isNaN(instant.getTime())) return null;
  // Reject days that do not exist (2026-02-30 rolls over).
  const back = formatDateTime(instant).slice(0, 10);
  return back === date ? instant : null;
}

/** An instant as the Shanghai day and time the form shows. */
export function shanghaiParts(instant: Date): { date: string; time: string } {
  const text = formatDateTime(instant, { seconds: true });
  return { date: text.slice(0, 10), time: text.slice(11, 19) };
}

function fieldSchema(field: OfferFormField) {
  const required = z.string({ required_error: field.requiredKey }).trim().min(1, field.requiredKey);
  switch (field.kind) {
    case "text":
      return required.pipe(z.string().max(100, "admin.common.tooLong100"));
    case "currency":
      return required.pipe(z.enum(RAIL_CURRENCIES, { errorMap: () => ({ message: field.requiredKey }) }));
    case "datetime":
      return required.pipe(z.string().regex(DATE_PATTERN, "admin.offer.required.date"));
    default: {
      const rule = NUMBER_RULES[field.kind];
      return required.pipe(
        z.string().refine((value) => rule.pattern.test(value) && Number(value) > 0 && Number(value) <= rule.max, rule.message),
      );
    }
  }
}

/** The express card's total from its parts (pricing/express.ts): special price × (1 + fuel %) × discount, to the cent. */
export function expressCardTotal(values: Record<string, string>): string | null {
  const { specialCost, fuel, discount } = values;
  if (![specialCost, fuel, discount].every((v) => typeof v === "string" && NUMBER_PATTERN.test(v))) return null;
  return expressQuote({ price: specialCost, fuel, discount }).total;
}

const NUMBER_PATTERN = /^\d+(\.\d+)?$/;

export function offerSchema(mode: ModeDescription) {
  const shape: Record<string, z.ZodTypeAny> = {};
  const fields = offerFormFields(mode);
  const express = mode.key === "express";
  for (const field of fields) {
    // Express: the total may be left empty (it is computed); given, it must be the sum of its parts.
    if (express && field.name === "totalCost") {
      const rule = NUMBER_RULES.money;
      shape[field.name] = z
        .string()
        .trim()
        .optional()
        .transform((value) => value ?? "")
        .refine((value) => value === "" || (rule.pattern.test(value) && Number(value) > 0 && Number(value) <= rule.max), rule.message);
      continue;
    }
    shape[field.name] = fieldSchema(field);
    if (field.kind === "datetime") {
      shape[`${field.name}Time`] = z
        .string()
        .trim()
        .optional()
        .transform((value) => value || "00:00:00")
        .pipe(z.string().regex(TIME_PATTERN, "admin.offer.invalidTime"));
    }
  }
  return z
    .object(shape)
    .superRefine((value, ctx) => {
      for (const field of fields) {
        if (field.kind !== "datetime" || typeof value[field.name] !== "string") continue;
        if (!shanghaiInstant(value[field.name], value[`${field.name}Time`])) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field.name], message: "admin.offer.required.date" });
        }
      }
      if (express && value.totalCost) {
        const total = expressCardTotal(value);
        if (total !== null && compare(parseFixed(value.totalCost)!, parseFixed(total)!) !== 0) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["totalCost"], message: "admin.offer.totalMismatch" });
        }
      }
    })
    .transform((value) => (express && !value.totalCost ? { ...value, totalCost: expressCardTotal(value) ?? "" } : value));
}

export type OfferValues = Record<string, string>;
