// The price-request form (issue 43): one zod schema per mode and requester
// (a visitor adds their contact), for conform in the browser and
// parseWithZod in the action. Messages are translation keys.
import { z } from "~/utils/zod";
import { hasControlCharacters } from "~/utils/control-characters";
import { MODES, modeByKey, type ModeKey } from "~/domain/modes";
import { cargoKind, containerParam, containerTypes } from "./cargo";

export const LANE_MAX = 100;
export const REMARKS_MAX = 1000;
export const COUNT_MAX = 999;
export const MODE_KEYS = MODES.map((m) => m.key) as [ModeKey, ...ModeKey[]];

// Control characters (NUL and the like) never reach the database or a mail.
const CONTROL = { test: hasControlCharacters };
/** One end of the lane: required (conform sends an empty field as absent), at most LANE_MAX characters. */
const laneEnd = (missing: "priceRequests.errors.origin" | "priceRequests.errors.destination") =>
  z
    .string({ required_error: missing })
    .trim()
    .min(1, missing)
    .max(LANE_MAX, "priceRequests.errors.lane")
    .refine((s) => !CONTROL.test(s), "priceRequests.errors.lane");

const count = z.coerce
  .number({ invalid_type_error: "priceRequests.errors.count" })
  .int("priceRequests.errors.count")
  .min(0, "priceRequests.errors.count")
  .max(COUNT_MAX, "priceRequests.errors.count")
  .optional();
const cbm = z
  .string()
  .trim()
  .regex(/^\d{1,5}(\.\d{1,3})?$/, "priceRequests.errors.cbm")
  .optional();
const kg = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d)?$/, "priceRequests.errors.kg")
  .optional();
const pieces = z.coerce
  .number({ invalid_type_error: "priceRequests.errors.pieces" })
  .int("priceRequests.errors.pieces")
  .min(1, "priceRequests.errors.pieces")
  .max(99_999, "priceRequests.errors.pieces")
  .optional();
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "priceRequests.errors.readyDate")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, "priceRequests.errors.readyDate")
  .optional();
// Browsers send a textarea's line breaks as CRLF but count them once for maxlength: so do we.
const remarks = z.preprocess(
  (value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() : value),
  z
    .string()
    .max(REMARKS_MAX, "priceRequests.errors.remarks")
    .refine((s) => !CONTROL.test(s.replace(/[\n\t]/g, "")), "priceRequests.errors.text")
    .optional(),
);

const contact = {
  contactName: z
    .string({ required_error: "priceRequests.errors.contactName" })
    .trim()
    .min(1, "priceRequests.errors.contactName")
    .max(30, "priceRequests.errors.contactName"),
  company: z
    .string({ required_error: "priceRequests.errors.company" })
    .trim()
    .min(1, "priceRequests.errors.company")
    .max(50, "priceRequests.errors.company"),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[\d\s-]{5,20}$/, "priceRequests.errors.phone")
    .optional(),
  email: z.string().trim().max(100, "priceRequests.errors.email").email("priceRequests.errors.email").optional(),
};

export type RequestFormValues = {
  mode: ModeKey;
  origin?: string;
  destination: string;
  counts: Record<string, number>;
  cbm?: string;
  kg?: string;
  pieces?: number;
  readyDate?: string;
  remarks?: string;
  currency?: string;
  contactName?: string;
  company?: string;
  phone?: string;
  email?: string;
};

/**
 * The form of `modeKey` for a customer (`visitor` false) or a visitor. The
 * lane is checked here for shape only; the service checks the ready date
 * against today and the currency against the day's choices.
 */
export function requestSchema(modeKey: ModeKey, visitor: boolean) {
  const mode = modeByKey(modeKey);
  const hasOrigin = mode.fields.some((f) => f.role === "from");
  const containers = cargoKind(mode) === "containers" ? containerTypes(mode) : [];
  const shape: Record<string, z.ZodTypeAny> = {
    mode: z.enum(MODE_KEYS, { errorMap: () => ({ message: "priceRequests.errors.mode" }) }),
    origin: hasOrigin ? laneEnd("priceRequests.errors.origin") : z.string().optional(),
    destination: laneEnd("priceRequests.errors.destination"),
    readyDate: day,
    remarks,
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, "priceRequests.errors.currency")
      .optional(),
    ...(visitor ? contact : {}),
  };
  if (containers.length) for (const c of containers) shape[containerParam(c.key)] = count;
  else Object.assign(shape, { cbm, kg, pieces });
  return z
    .object(shape)
    .superRefine((value, ctx) => {
      for (const [path, message] of Object.entries(crossFieldErrors(modeKey, visitor, (name) => value[name])))
        ctx.addIssue({ code: "custom", path: [path], message });
    })
    .transform((value): RequestFormValues => ({
      mode: value.mode,
      origin: hasOrigin ? value.origin : undefined,
      destination: value.destination,
      counts: Object.fromEntries(
        containers.map((c) => [c.key, Number(value[containerParam(c.key)] ?? 0)]).filter(([, n]) => Number(n) > 0),
      ),
      cbm: value.cbm || undefined,
      kg: value.kg || undefined,
      pieces: value.pieces,
      readyDate: value.readyDate || undefined,
      remarks: value.remarks || undefined,
      currency: value.currency || undefined,
      contactName: value.contactName,
      company: value.company,
      phone: value.phone || undefined,
      email: value.email || undefined,
    }));
}

/**
 * The rules across fields (the cargo, a visitor's phone or e-mail), from the
 * raw values: zod runs an object's refinements only when its fields passed,
 * so a form with a missing name would otherwise not say its cargo is missing
 * too (requestProblems below names both at once).
 */
export function crossFieldErrors(modeKey: ModeKey, visitor: boolean, get: (name: string) => unknown): Record<string, string> {
  const mode = modeByKey(modeKey);
  const containers = cargoKind(mode) === "containers" ? containerTypes(mode) : [];
  const positive = (name: string) => Number(get(name) ?? 0) > 0;
  const errors: Record<string, string> = {};
  if (containers.length ? !containers.some((c) => positive(containerParam(c.key))) : !positive("cbm") && !positive("kg"))
    errors[containers.length ? containerParam(containers[0].key) : mode.shipment === "lcl" ? "cbm" : "kg"] =
      "priceRequests.errors.cargoRequired";
  const blank = (name: string) => String(get(name) ?? "").trim() === "";
  if (visitor && blank("phone") && blank("email")) errors.phone = "priceRequests.errors.phoneOrEmail";
  return errors;
}

/** Every problem of a form at once: the schema's, with the rules across fields added where the schema stopped short. */
export function requestProblems(
  modeKey: ModeKey,
  visitor: boolean,
  form: FormData | URLSearchParams,
  error: Record<string, string[] | null> | null | undefined,
): Record<string, string[]> {
  const merged: Record<string, string[]> = {};
  for (const [field, keys] of Object.entries(error ?? {})) if (keys?.length) merged[field] = [...keys];
  for (const [field, key] of Object.entries(crossFieldErrors(modeKey, visitor, (name) => form.get(name))))
    merged[field] = [...new Set([...(merged[field] ?? []), key])];
  return merged;
}

/** Whether `value` names a mode. */
export const isModeKey = (value: unknown): value is ModeKey => typeof value === "string" && (MODE_KEYS as string[]).includes(value);
