// The shipping order (dcForm) and the contact request: one zod schema for the
// browser (conform's client validation) and the server (parseWithZod in the
// action). Messages are translation keys (customer-portal.md 5, 8).
//
// Domain names here; the legacy dcForm names live only at the API boundary
// (DcFormEntity, app/api/entities.ts).
import { z } from "~/utils/zod";
import { RATE_TABLES, TRANSPORT_TYPES, transportOf, type TransportType } from "~/domain/catalog";
import { UPLOAD_LIMITS } from "~/utils/upload-limits";

/** Transport types of the order (spec 4), the TransportMode enum values: from the catalog. */
export { TRANSPORT_TYPES, type TransportType } from "~/domain/catalog";

/** LCL, air and express carry no containers: counts 0, other size empty, fields hidden (spec 4). */
export const NO_CONTAINER_TYPES: readonly TransportType[] = RATE_TABLES.filter((t) => !t.containers).map((t) => transportOf(t.key));
export const usesContainers = (type: string | null | undefined) =>
  !!type && (TRANSPORT_TYPES as readonly string[]).includes(type) && !NO_CONTAINER_TYPES.includes(type as TransportType);

export const COUNT_MAX = 999;
export const PARTY_MAX = 1000;
export const SHORT_TEXT_MAX = 50;
export const COMMODITY_MAX = 200;
/** One attachment of at most 5 MB (spec 5, 9). */
export const ATTACHMENT_MAX_BYTES = UPLOAD_LIMITS.attachment;
export const ATTACHMENT_FIELD = "attachment";

/** Accepted attachment types, by extension; the stored content type comes from here, never from the client. */
export const ATTACHMENT_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};
export const ATTACHMENT_ACCEPT = Object.keys(ATTACHMENT_TYPES)
  .map((ext) => `.${ext}`)
  .join(",");

/** The accepted extension of a file name (lower case), or null. */
export function attachmentExtension(name: string): string | null {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(name.trim());
  const ext = match?.[1].toLowerCase();
  return ext && ext in ATTACHMENT_TYPES ? ext : null;
}

/** Random key rendered into the form: a double submit stores one entrustment. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export const ORDER_TABS = ["form", "file"] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

const idempotencyKey = z
  .string({ required_error: "booking.validation.expired" })
  .regex(IDEMPOTENCY_KEY_PATTERN, "booking.validation.expired");

const count = z
  .number({ invalid_type_error: "booking.validation.count" })
  .int("booking.validation.count")
  .min(0, "booking.validation.count")
  .max(COUNT_MAX, "booking.validation.count")
  .default(0);

const shortText = z.string().trim().max(SHORT_TEXT_MAX, "booking.validation.shortTooLong").optional();
const commodity = z.string().trim().max(COMMODITY_MAX, "booking.validation.commodityTooLong").optional();
// Browsers submit a textarea's line breaks as CRLF but count them as one
// character for maxlength: count them the same way here.
const party = z.preprocess(
  (value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value),
  z.string().max(PARTY_MAX, "booking.validation.partyTooLong").optional(),
);

type FileLike = { name: string; size: number; type: string };
const isFileLike = (value: unknown): value is FileLike =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as FileLike).name === "string" &&
  typeof (value as FileLike).size === "number" &&
  typeof (value as FileLike).type === "string";

/** What a file input without a chosen file submits. */
const isEmptyFile = (value: unknown) => isFileLike(value) && value.name === "" && value.size === 0;

/** One file (a browser File, or on the server the disk-backed File of the upload handler). */
const attachment = z
  .any()
  .superRefine((value, ctx) => {
    if (value === undefined || isEmptyFile(value)) return;
    if (Array.isArray(value)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "booking.validation.oneFile" });
      return;
    }
    if (!isFileLike(value)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "booking.validation.fileRequired" });
      return;
    }
    if (value.size > ATTACHMENT_MAX_BYTES) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "booking.validation.fileTooLarge" });
    else if (value.size === 0) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "booking.validation.fileEmpty" });
    if (!attachmentExtension(value.name)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "booking.validation.fileType" });
  })
  .transform((value) => (value === undefined || isEmptyFile(value) ? undefined : (value as File)))
  .optional();

const orderObject = z.object({
  tab: z.enum(ORDER_TABS).default("form"),
  idempotencyKey,
  transportType: z.enum(TRANSPORT_TYPES, { errorMap: () => ({ message: "booking.validation.transportRequired" }) }),
  gp20Count: count,
  gp40Count: count,
  hq40Count: count,
  otherSize: shortText,
  grossWeight: shortText,
  volume: shortText,
  packages: shortText,
  commodityZh: commodity,
  commodityEn: commodity,
  hsCode: z
    .string()
    .trim()
    .regex(/^\d{10}$/, "booking.validation.hsCode")
    .optional(),
  shipper: party,
  consignee: party,
  notifyParty: party,
  [ATTACHMENT_FIELD]: attachment,
});

const ORDER_DETAIL_FIELDS = [
  "gp20Count",
  "gp40Count",
  "hq40Count",
  "otherSize",
  "grossWeight",
  "volume",
  "packages",
  "commodityZh",
  "commodityEn",
  "hsCode",
  "shipper",
  "consignee",
  "notifyParty",
] as const;
const CONTAINER_FIELDS = ["gp20Count", "gp40Count", "hq40Count", "otherSize"] as const;

/**
 * The shipping order. Before validation: LCL, air and express drop whatever
 * the container fields hold (without JavaScript they are still on screen),
 * and the "upload an order file only" tab drops the order fields. After it:
 * that tab needs its file.
 */
export const orderSchema = z
  .preprocess((input) => {
    if (!input || typeof input !== "object" || Array.isArray(input)) return input;
    const value = { ...(input as Record<string, unknown>) };
    if (value.tab === "file") for (const field of ORDER_DETAIL_FIELDS) delete value[field];
    else if (NO_CONTAINER_TYPES.includes(value.transportType as TransportType)) for (const field of CONTAINER_FIELDS) delete value[field];
    return value;
  }, orderObject)
  .superRefine((value, ctx) => {
    if (value.tab === "file" && !value[ATTACHMENT_FIELD]) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [ATTACHMENT_FIELD], message: "booking.validation.fileRequired" });
    }
  });

export type OrderInput = z.infer<typeof orderSchema>;
/** What is stored: the order without its file (the file is stored separately). */
export type OrderValues = Omit<OrderInput, typeof ATTACHMENT_FIELD | "tab" | "idempotencyKey">;

/** "Ask customer service to contact me": only the idempotency key. */
export const contactSchema = z.object({ idempotencyKey });
