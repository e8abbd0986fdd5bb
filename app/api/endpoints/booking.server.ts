// Booking through the API (customer-portal.md 7 "Booking"): the contact
// request and the shipping order run the booking pages' domain code
// (bookingSource → bookingGate → submitBooking), so the audit statuses,
// the stored attachment and the outbox mails are the same. Status 2 = the
// registration waits for audit, 3 = audit not passed (the spec's statuses).
import { uploadBodyLimit } from "~/utils/upload-limits";
import { z } from "~/utils/zod";
import { GATE_HTTP_STATUS, GATE_MESSAGE, submitBooking, type RefusedGate } from "~/domain/orders/booking.server";
import { bookingSource, newIdempotencyKey, type BookingSourceOutcome } from "~/domain/orders/context.server";
import { ownQuoteIdByNumber, QUOTE_SOURCE } from "~/domain/quotes/booking.server";
import { listOwnEntrustments, findVisibleEntrustment, parseRecordId, RECORDS_PAGE_SIZE } from "~/domain/booking/records.server";
import { ATTACHMENT_FIELD, ATTACHMENT_MAX_BYTES, IDEMPOTENCY_KEY_PATTERN, orderSchema } from "~/domain/booking/schemas";
import { parseOrderUpload } from "~/domain/booking/upload.server";
import { BodyError } from "~/utils/multipart.server";
import { readSnapshot } from "~/domain/booking/snapshot";
import { prisma } from "~/utils/db.server";
import { ApiError, USER, op, badRequest, fromOutcome, notFound, ok, type ApiContext, type Endpoint } from "../contract/core.server";
import {
  BookingResultEntity,
  DcFormEntity,
  EntrustmentDetailEntity,
  EntrustmentEntity,
  EntrustmentStatusEntity,
  MailStateEntity,
  StatusEventEntity,
} from "../contract/entities";
import { changeEntrustmentStatus, visibleStatus } from "~/domain/orders/status.server";
import type { StatusActor } from "~/domain/booking/status";
import { LEGACY_MODES } from "../contract/legacy";
import { shape, toWire } from "../contract/wire";

const GATE_STATUS: Record<RefusedGate, number> = { login: 401, pending: 2, failed: 3, noTier: 1, paused: 1 };

/** dcDataAll: the old client's JSON text of the form, the special-price row and the other-name ({} when absent; 400 when not JSON). */
function dcDataAll(fields: FormData): Record<string, unknown> {
  const all = fields.get("dcDataAll");
  if (typeof all !== "string" || !all.trim()) return {};
  try {
    const parsed = JSON.parse(all);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    throw badRequest("api.badJson");
  }
}

/**
 * What is booked: `source` rate|offer|quote, `mode` (rate mode, legacy or domain name) and `id`, as fields
 * or inside dcDataAll; or `quote_no`, the number of one of the caller's quotes (decision 402).
 */
async function sourceParams(ctx: ApiContext, fields: FormData, row: Record<string, unknown>): Promise<{ mode: string; id: string }> {
  const pick = (name: string) => {
    const value = fields.get(name) ?? row[name];
    return typeof value === "string" || typeof value === "number" ? String(value).trim() : "";
  };
  const quoteNo = pick("quote_no");
  const source = pick("source") || (quoteNo ? QUOTE_SOURCE : "rate");
  const id = pick("id");
  if (source === "offer") return { mode: "offer", id };
  if (source === QUOTE_SOURCE) {
    // Only the owner books from a quote: sign in first; another customer's number is "not found".
    if (!ctx.user) throw new ApiError(GATE_STATUS.login, "api.loginRequired", GATE_HTTP_STATUS.login);
    const quoteId = quoteNo ? await ownQuoteIdByNumber(ctx.user.id, quoteNo.slice(0, 40)) : null;
    if (quoteNo && !quoteId) throw notFound();
    return { mode: QUOTE_SOURCE, id: quoteId ? String(quoteId) : id };
  }
  const mode = pick("mode");
  const key = LEGACY_MODES[mode] ?? (Object.values(LEGACY_MODES).includes(mode as never) ? mode : "");
  if (!key) throw badRequest("api.badMode");
  return { mode: key, id };
}

function idempotencyKeyOf(ctx: ApiContext, fields: FormData): string {
  const key = String(fields.get("idempotencyKey") ?? ctx.request.headers.get("Idempotency-Key") ?? "").trim();
  if (!key) return newIdempotencyKey();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw badRequest("booking.validation.expired");
  return key;
}

type BookableSource = Extract<BookingSourceOutcome, { ok: true }>;

/** The source to book and its gate, or the refusal as the API words it (the booking pages' error pages, in the envelope). */
async function bookingContext(ctx: ApiContext, fields: FormData, row: Record<string, unknown>): Promise<BookableSource> {
  const outcome = await bookingSource(ctx.viewer, await sourceParams(ctx, fields, row), ctx.url.searchParams);
  if (outcome.ok) return outcome;
  switch (outcome.reason) {
    case "notFound":
      throw notFound("booking.gate.unavailable");
    case "login":
      throw new ApiError(GATE_STATUS.login, "api.loginRequired", GATE_HTTP_STATUS.login);
    case "quote":
      // A quote that can no longer be booked offers the requote.
      throw new ApiError(1, { key: `quoteBooking.refused.${outcome.refusal}.title`, values: { number: outcome.number } }, 410, {
        quote_no: outcome.number,
        reason: outcome.refusal,
        requote_url: outcome.searchHref,
      });
    default:
      // Expired or not yet valid.
      throw new ApiError(1, `booking.unavailable.${outcome.reason}.title`, outcome.reason === "expired" ? 410 : 404);
  }
}

function refuse(context: BookableSource): never {
  const gate = context.gate as RefusedGate;
  // The pages' gate messages; a visitor gets the API's sign-in message.
  throw new ApiError(GATE_STATUS[gate], gate === "login" ? "api.loginRequired" : GATE_MESSAGE[gate].key, GATE_HTTP_STATUS[gate]);
}

/** The order's fields as sent, with what dcDataAll holds beside them (the fields win); DcFormEntity maps the names. */
function orderFields(fields: FormData, legacy: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of fields) if (key !== "dcDataAll") form.append(key, value);
  for (const [key, value] of Object.entries(legacy)) {
    if (form.has(key) || value === null || value === undefined || typeof value === "object") continue;
    form.set(key, String(value));
  }
  return form;
}

const sourceFields = [
  { name: "source", description: "rate (default), offer, or quote (id = the caller's quote id)" },
  {
    name: "quote_no",
    description:
      "Book from one of the caller's saved quotes by its number (Q20261124-000042): its tier's prices, shipment, fees, exchange rate and total are carried into the entrustment. Refused (status 1, HTTP 410, data.reason expired|tier|changed and data.requote_url) when it can no longer be booked",
  },
  { name: "mode", description: "fcl, lcl, byair, railroad, trailer, express (rates)" },
  { name: "id", type: "integer" as const, required: true },
  {
    name: "idempotencyKey",
    description: "16-64 of A-Z a-z 0-9 _ -; a retry with the same key returns the same entrustment (also the Idempotency-Key header)",
  },
];

const recordsSchema = z.object({ pagenum: z.coerce.number().int().min(1).max(100_000).default(1) });

export const bookingEndpoints: Endpoint[] = [
  {
    method: "POST",
    path: "/query/contact",
    access: op("booking.contact"),
    summary:
      "Ask customer service to get in touch about a rate or special-price row. Status 2: registration awaiting audit; 3: audit not passed.",
    fields: sourceFields,
    response: { data: shape.one(BookingResultEntity) },
    async handler(ctx) {
      const fields = await ctx.fields();
      const context = await bookingContext(ctx, fields, dcDataAll(fields));
      if (context.gate !== "ok") refuse(context);
      const idempotencyKey = idempotencyKeyOf(ctx, fields);
      const result = await submitBooking({ kind: "CONTACT", viewer: ctx.user, source: context.source, idempotencyKey, lng: ctx.lng });
      if (result.status === "keyConflict") throw badRequest("booking.validation.expired");
      return ok({ id: result.entrustmentId, existing: result.status === "existing" }, "booking.success.contact");
    },
  },
  {
    method: "POST",
    path: "/query/order",
    access: op("booking.order"),
    multipart: true,
    bodyLimit: uploadBodyLimit(ATTACHMENT_MAX_BYTES),
    summary:
      "Shipping order: multipart with the dcForm fields (or dcDataAll, the JSON text of the form, the special-price row and the other-name) and at most one attachment (`file`, also `attachment`, 5 MB). Status 2 / 3 as /query/contact.",
    input: DcFormEntity,
    fields: [...sourceFields, { name: "dcDataAll", description: "JSON text of the dcForm fields and the booked row (mode, id, source)" }],
    response: { data: shape.one(BookingResultEntity) },
    async handler(ctx) {
      let upload;
      try {
        upload = await parseOrderUpload(ctx.request, undefined, [ATTACHMENT_FIELD, "file"]);
      } catch (error) {
        if (!(error instanceof BodyError)) throw error;
        const tooLarge = error.kind === "tooLarge";
        throw new ApiError(1, tooLarge ? "booking.validation.fileTooLarge" : "booking.validation.badRequest", tooLarge ? 413 : 400);
      }
      try {
        const row = dcDataAll(upload.formData);
        const context = await bookingContext(ctx, upload.formData, row);
        if (context.gate !== "ok") refuse(context);
        const form = orderFields(upload.formData, row);
        form.set("idempotencyKey", idempotencyKeyOf(ctx, upload.formData));
        if (upload.problems.length)
          throw new ApiError(1, upload.problems[0], upload.problems.includes("booking.validation.fileTooLarge") ? 413 : 400);
        const { tab, idempotencyKey, attachment, ...order } = ctx.validate(form, orderSchema, DcFormEntity);
        void tab;
        void attachment;
        const result = await submitBooking({
          kind: "ORDER",
          viewer: ctx.user,
          source: context.source,
          idempotencyKey,
          lng: ctx.lng,
          order,
          file: upload.file,
        });
        if (result.status === "keyConflict") throw badRequest("booking.validation.expired");
        return ok({ id: result.entrustmentId, existing: result.status === "existing" }, "booking.success.order");
      } finally {
        await upload.cleanup();
      }
    },
  },
  {
    method: "GET",
    path: "/my/getentrustment",
    access: USER,
    summary: "The user's own entrustments, newest first, 10 per page (pagenum).",
    fields: [{ name: "pagenum", type: "integer" }],
    response: { data: shape.list(EntrustmentEntity) },
    async handler(ctx) {
      const { pagenum } = await ctx.parse(recordsSchema, null);
      const { rows, total } = await listOwnEntrustments(
        ctx.user.id,
        { skip: (pagenum - 1) * RECORDS_PAGE_SIZE, take: RECORDS_PAGE_SIZE },
        ctx.lng,
      );
      return ok(
        rows.map((row) => ({ ...row, attachmentUrl: row.hasAttachment ? `/entrustment/${row.id}/attachment` : null })),
        "api.ok",
        { total },
      );
    },
  },
  {
    method: "GET",
    path: "/my/getentrustment/{id}",
    access: USER,
    summary: "One entrustment the user may read (their own; staff within their view).",
    response: { data: shape.one(EntrustmentDetailEntity) },
    async handler(ctx) {
      const id = parseRecordId(ctx.params.id);
      const row = id ? await findVisibleEntrustment(ctx.user, id) : null;
      if (!row) throw notFound();
      const { attachmentKey, idempotencyKey, sourceSnapshot, ...rest } = row;
      void idempotencyKey;
      const snapshot = readSnapshot(sourceSnapshot);
      return ok({
        ...rest,
        snapshot,
        quoteNumber: snapshot?.quote?.number ?? null,
        attachmentUrl: attachmentKey ? `/entrustment/${row.id}/attachment` : null,
      });
    },
  },
  {
    method: "GET",
    path: "/my/getentrustment/{id}/status",
    access: op("entrustment.status.read"),
    summary: "An entrustment's booking status and its history (the user's own; staff within their view).",
    response: { data: shape.one(EntrustmentStatusEntity) },
    async handler(ctx) {
      const id = parseRecordId(ctx.params.id);
      const found = id ? await visibleStatus(ctx.user, id) : null;
      if (!found) throw notFound();
      return ok({ ...found, history: found.history.map((event) => toWire(StatusEventEntity, event)) });
    },
  },
  statusEndpoint(
    "customer",
    "/my/cancelentrustment",
    "entrustment.status.cancel",
    "The customer cancels their own entrustment while it is still RECEIVED (body id, optional reason). Status 409: not cancellable any more.",
  ),
  statusEndpoint(
    "staff",
    "/manage/entrustment/status",
    "entrustment.status.change",
    "Staff move an entrustment of a customer in their view (right 97): RECEIVED → CONFIRMED | REJECTED (reason required) | CANCELLED, CONFIRMED → CANCELLED. The customer gets an e-mail. Status 409: not allowed from the current status.",
  ),
  ...(
    [
      ["sendordertocustomer", "CONTACT", "rate"],
      ["sendordershipmenttocustomer", "ORDER", "rate"],
      ["sendordertjkptocustomer", "CONTACT", "offer"],
      ["sendordertjkpshipmenttocustomer", "ORDER", "offer"],
    ] as const
  ).map(([name, kind, sourceKind]): Endpoint => ({
    method: "POST",
    path: `/send/${name}`,
    access: op("booking.mails"),
    summary: `The mails of a ${sourceKind === "offer" ? "special-price" : "rate"} ${kind === "ORDER" ? "shipping order" : "contact request"} (body id). They are written to the outbox with the booking itself and delivered with retries; this call reports their state and sends nothing twice.`,
    fields: [{ name: "id", type: "integer", required: true }],
    response: { data: shape.object({ id: shape.scalar("integer"), mails: shape.list(MailStateEntity) }) },
    async handler(ctx) {
      const fields = await ctx.fields();
      const id = parseRecordId(String(fields.get("id") ?? ""));
      if (!id) throw badRequest("api.badId");
      const row = await findVisibleEntrustment(ctx.user, id);
      if (!row) throw notFound();
      if (row.kind !== kind || row.sourceKind !== sourceKind) throw badRequest("api.wrongBookingKind");
      const mails = await prisma.emailOutbox.findMany({
        where: { entrustmentId: row.id },
        orderBy: { id: "asc" },
        select: { id: true, kind: true, toAddress: true, status: true, sentAt: true },
      });
      const visible = row.userId === ctx.user.id ? mails.filter((m) => m.toAddress === row.user.email) : mails;
      return ok({ id: row.id, mails: visible.map((m) => ({ ...m, to: m.toAddress })) }, "api.mailQueued");
    },
  })),
];

/** A status change through the API: the pages' domain service, its refusals as the envelope's status and message. */
function statusEndpoint(
  actor: StatusActor,
  path: string,
  operation: "entrustment.status.cancel" | "entrustment.status.change",
  summary: string,
): Endpoint {
  return {
    method: "POST",
    path,
    access: op(operation),
    summary,
    fields: [
      { name: "id", type: "integer", required: true },
      ...(actor === "staff" ? [{ name: "status", required: true, description: "CONFIRMED, REJECTED or CANCELLED" }] : []),
      { name: "reason", description: "at most 500 characters; required when rejecting" },
    ],
    response: { data: shape.object({ id: shape.scalar("integer"), status: shape.scalar("string"), from_status: shape.scalar("string") }) },
    async handler(ctx) {
      const fields = await ctx.fields();
      const id = parseRecordId(String(fields.get("id") ?? ""));
      if (!id) throw badRequest("api.badId");
      const to = actor === "customer" ? "CANCELLED" : fields.get("status");
      const outcome = await changeEntrustmentStatus(actor, ctx.user, { id, to, reason: fields.get("reason") });
      if (!outcome.ok) return fromOutcome(outcome, "watches.status.saved", "api.badRequest");
      return ok({ id, status: outcome.status, from_status: outcome.from }, "watches.status.saved");
    },
  };
}
