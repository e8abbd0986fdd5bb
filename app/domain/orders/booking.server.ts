// Storing a booking (DESIGN.md "Bookings"): the entrustment row, its
// attachment and the notification e-mails (to the customer's customer-service
// and sales contacts, and a confirmation to the customer) are written in ONE
// transaction, so an order exists exactly when its mails are queued; the
// relay (mail/relay.server.ts) delivers them later with retries.
//
// Order of the steps, so nothing is half-done:
//   1. the idempotency key already used → the existing order (a double submit);
//   2. the temp upload is moved to its permanent name; if that fails nothing is written;
//   3. the mails are rendered outside the transaction (with an id taken from
//      the sequence first), then one short transaction inserts the row and the mails;
//   4. if the transaction fails the stored file is removed; a unique-key
//      conflict (the same key submitted twice at once) returns the winner.
import type { TranslationKey } from "~/i18n/keys";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { enqueueEmail, type OutboxAttachment } from "~/domain/mail/outbox.server";
import { priceAccess } from "~/domain/pricing/access";
import { renderOrderConfirmation } from "~/domain/orders/emails/order-confirmation";
import type { OrderEmailData, OrderEmailPerson } from "~/domain/orders/emails/order-email";
import { renderOrderNotification } from "~/domain/orders/emails/order-notification";
import { fallbackLanguage, type Language } from "~/i18n/config";
import { i18n } from "~/i18n/i18n.server";
import { type Prisma, prisma } from "~/utils/db.server";
import { mailLink } from "~/utils/public-origin.server";
import { attachmentContentType, attachmentStorageKey, removeAttachment, storeAttachment } from "~/domain/booking/attachments.server";
import { attachmentExtension, type OrderValues } from "~/domain/booking/schemas";
import type { BookingSource } from "~/domain/booking/source.server";
import type { UploadedFile } from "~/domain/booking/upload.server";
import { uniqueViolation } from "~/utils/unique-violation.server";
import { closeByBooking } from "~/domain/price-requests/requests.server";

/** What a viewer may do with a source (spec 4 "Booking result status", 5, 8). */
export type BookingGate = "login" | "pending" | "failed" | "noTier" | "paused" | "ok";
export type RefusedGate = Exclude<BookingGate, "ok">;

type GateViewer = Parameters<typeof priceAccess>[0];

/** Who may book a source that is valid today (the booking context, routes/site/-server/booking-context.server.ts, refuses the others before anything is shown). */
export function bookingGate(viewer: GateViewer, source: Pick<BookingSource, "paused">): BookingGate {
  const access = priceAccess(viewer);
  if (access.status === "visitor") return "login";
  // Status 2 (warning) and 3 (error) of the legacy booking reply.
  if (access.status === "pending") return "pending";
  if (access.status === "failed") return "failed";
  // Staff and accounts without a customer tier have no price to book at.
  if (access.status === "noTier") return "noTier";
  if (source.paused) return "paused";
  return "ok";
}

export const GATE_HTTP_STATUS: Record<RefusedGate, number> = {
  login: 401,
  pending: 403,
  failed: 403,
  noTier: 403,
  paused: 409,
};

/** The message (translation key) and its tone for a refused booking. */
export const GATE_MESSAGE: Record<RefusedGate, { key: TranslationKey; tone: "warning" | "error" }> = {
  login: { key: "booking.gate.login", tone: "warning" },
  pending: { key: "booking.gate.pending", tone: "warning" },
  failed: { key: "booking.gate.failed", tone: "error" },
  noTier: { key: "booking.gate.noTier", tone: "warning" },
  paused: { key: "booking.gate.paused", tone: "error" },
};

export type SubmitBookingInput = {
  viewer: Pick<Viewer, "id">;
  source: BookingSource;
  idempotencyKey: string;
  /** The customer's current language: their confirmation is written in it. */
  lng: Language;
} & ({ kind: "CONTACT" } | { kind: "ORDER"; order: OrderValues; file: UploadedFile | null });

export type SubmitBookingResult =
  | { status: "created" | "existing"; entrustmentId: number }
  /** The key belongs to someone else's entrustment: never reveal it, ask for a fresh form. */
  | { status: "keyConflict" };

/** Staff notifications are written in Chinese (the back office's language). */
export const STAFF_LANGUAGE: Language = fallbackLanguage;

const person = { id: true, email: true, nickname: true, username: true, phone: true } as const;
type PersonRow = { id: number; email: string; nickname: string | null; username: string; phone: string };
const toPerson = (p: PersonRow | null): OrderEmailPerson | null =>
  p ? { name: p.nickname || p.username, email: p.email, phone: p.phone } : null;

const emptyToNull = (value: string | undefined | null) => (value === undefined || value === null || value.trim() === "" ? null : value);

async function existingFor(idempotencyKey: string, userId: number): Promise<SubmitBookingResult | null> {
  const row = await prisma.entrustment.findUnique({ where: { idempotencyKey }, select: { id: true, userId: true } });
  if (!row) return null;
  return row.userId === userId ? { status: "existing", entrustmentId: row.id } : { status: "keyConflict" };
}

export async function submitBooking(input: SubmitBookingInput): Promise<SubmitBookingResult> {
  const { viewer, source, idempotencyKey, lng } = input;
  const earlier = await existingFor(idempotencyKey, viewer.id);
  if (earlier) return earlier;

  const customer = await prisma.user.findUniqueOrThrow({
    where: { id: viewer.id },
    select: {
      ...person,
      company: true,
      salesId: true,
      customerServiceId: true,
      sales: { select: person },
      customerService: { select: person },
    },
  });

  const order = input.kind === "ORDER" ? input.order : null;
  const file = input.kind === "ORDER" ? input.file : null;
  const ext = file ? attachmentExtension(file.originalName) : null;
  if (file && !ext) throw new Error("submitBooking: the attachment's type was not validated");

  // Rendered before the transaction (it stays a few quick inserts); the id comes from the sequence.
  const [{ id: nextId }] = await prisma.$queryRaw<{ id: bigint }[]>`SELECT nextval(pg_get_serial_sequence('entrustments', 'id')) AS id`;
  const id = Number(nextId);
  const createdAt = new Date();
  const data: OrderEmailData = {
    id,
    kind: input.kind,
    createdAt,
    sourceKind: source.kind,
    mode: source.transportType,
    transportType: order?.transportType ?? null,
    pol: source.pol,
    pod: source.pod,
    customer: {
      username: customer.username,
      nickname: customer.nickname,
      company: customer.company,
      phone: customer.phone,
      email: customer.email,
    },
    customerService: toPerson(customer.customerService),
    sales: toPerson(customer.sales),
    order,
    snapshot: source.snapshot,
    attachmentName: file?.originalName ?? null,
    link: mailLink(`/entrustment/${id}`),
  };
  const staffT = await i18n.getFixedT(STAFF_LANGUAGE);
  const customerT = await i18n.getFixedT(lng);
  const staff = [customer.customerService, customer.sales]
    .filter((p): p is PersonRow => p !== null)
    .filter((p, i, all) => all.findIndex((q) => q.email === p.email) === i);
  const [staffMail, customerMail] = await Promise.all([
    staff.length ? renderOrderNotification({ t: staffT, lang: STAFF_LANGUAGE, data }) : null,
    renderOrderConfirmation({ t: customerT, lang: lng, data }),
  ]);

  // Step 2: the file under its generated name (throws: nothing written; the caller removes the temp file).
  const stored = file && ext ? await storeAttachment(file.tempPath, ext) : null;
  const attachments: OutboxAttachment[] =
    stored && file && ext
      ? [{ storageKey: attachmentStorageKey(stored), filename: file.originalName, contentType: attachmentContentType(ext) }]
      : [];

  try {
    await prisma.$transaction(
      async (tx) => {
        await tx.entrustment.create({
          data: {
            id,
            kind: input.kind,
            userId: viewer.id,
            idempotencyKey,
            mode: source.transportType,
            moduleName: source.moduleName,
            transportType: order?.transportType ?? null,
            sourceKind: source.kind,
            sourceId: source.id,
            sourceSnapshot: source.snapshot as unknown as Prisma.InputJsonValue,
            pol: source.pol,
            pod: source.pod,
            gp20Count: order?.gp20Count ?? 0,
            gp40Count: order?.gp40Count ?? 0,
            hq40Count: order?.hq40Count ?? 0,
            otherSize: emptyToNull(order?.otherSize),
            grossWeight: emptyToNull(order?.grossWeight),
            volume: emptyToNull(order?.volume),
            packages: emptyToNull(order?.packages),
            commodityZh: emptyToNull(order?.commodityZh),
            commodityEn: emptyToNull(order?.commodityEn),
            hsCode: emptyToNull(order?.hsCode),
            shipper: emptyToNull(order?.shipper),
            consignee: emptyToNull(order?.consignee),
            notifyParty: emptyToNull(order?.notifyParty),
            attachmentKey: stored,
            attachmentName: file?.originalName ?? null,
            attachmentType: ext ? attachmentContentType(ext) : null,
            attachmentSize: file?.size ?? null,
            attachmentSha256: file?.sha256 ?? null,
            salesId: customer.salesId,
            customerServiceId: customer.customerServiceId,
            createdAt,
            language: lng,
            quoteId: source.snapshot.quote?.id ?? null,
          },
          select: { id: true },
        });
        // Booked from the desk's answer to a price request: the request closes (issue 43).
        if (source.kind === "request" && source.snapshot.quote) await closeByBooking(tx, source.snapshot.quote.id, id, createdAt);
        if (staffMail) {
          for (const recipient of staff) {
            await enqueueEmail(tx, { kind: "order_staff", to: recipient.email, ...staffMail, attachments, entrustmentId: id });
          }
        }
        await enqueueEmail(tx, { kind: "order_customer", to: customer.email, ...customerMail, attachments, entrustmentId: id });
      },
      // Many customers at once share the pool: wait for a connection rather than fail.
      { maxWait: 15_000, timeout: 15_000 },
    );
    return { status: "created", entrustmentId: id };
  } catch (error) {
    await removeAttachment(stored);
    if (uniqueViolation(error)) {
      const winner = await existingFor(idempotencyKey, viewer.id);
      if (winner) return winner;
    }
    throw error;
  }
}
