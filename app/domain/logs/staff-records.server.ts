// Read-only staff records of the operations area: entrustments (/app-order)
// and the mail outbox (/app-query), both limited by the staff view
// (permissions/views.server.ts). Customers' own records and their detail page
// belong to the booking area (domain/booking/records.server.ts).
import { readSnapshot } from "~/domain/booking/snapshot";
import { containsText } from "~/utils/like";
import { TRANSPORT_TYPES } from "~/domain/catalog";
import { z } from "~/utils/zod";
import { prisma, type Prisma } from "~/utils/db.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { logOperation } from "~/domain/operation-log/operation-log.server";
import { entrustmentScope, outboxScope } from "~/domain/permissions/views.server";
import { fail, type Outcome } from "~/domain/outcome";
import { defineTable, timestampWhere, type TableQuery } from "~/domain/table/paging.server";
import { OUTBOX_STATUSES } from "./outbox-states";
import { outboxBody } from "~/domain/mail/outbox.server";
import { ENTRUSTMENT_STATUSES } from "~/domain/booking/status";
import { statusHistory } from "~/domain/orders/status.server";
import { cargoOf, SUMMARY_SELECT, summaryOf } from "~/domain/booking/projection.server";
import { codeInMail } from "~/domain/accounts/email-codes.server";

const contains = containsText;

// ----------------------------------------------------------- entrustments

const entrustmentFilters = {
  q: z.string().trim().max(50),
  kind: z.enum(["ORDER", "CONTACT"]),
  mode: z.enum(TRANSPORT_TYPES),
  status: z.enum(ENTRUSTMENT_STATUSES),
};
export const entrustmentTable = defineTable({ filters: entrustmentFilters, dateRange: { defaultDays: null } });

export async function listStaffEntrustments(viewer: Viewer, query: TableQuery<typeof entrustmentFilters>) {
  const { q, kind, mode, status } = query.filters;
  const where: Prisma.EntrustmentWhereInput = {
    AND: [
      entrustmentScope(viewer),
      { createdAt: timestampWhere(query.range) },
      kind ? { kind } : {},
      mode ? { mode } : {},
      status ? { status } : {},
      q
        ? {
            OR: [
              { pol: contains(q) },
              { pod: contains(q) },
              { moduleName: contains(q) },
              { quote: { number: contains(q) } },
              { user: { OR: [{ username: contains(q) }, { email: contains(q) }, { phone: contains(q) }, { company: contains(q) }] } },
            ],
          }
        : {},
    ],
  };
  const [rows, total] = await Promise.all([
    prisma.entrustment.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: query.skip,
      take: query.take,
      select: {
        ...SUMMARY_SELECT,
        user: {
          select: {
            username: true,
            company: true,
            phone: true,
            email: true,
            sales: { select: { username: true } },
            customerService: { select: { username: true } },
          },
        },
        emails: { select: { status: true } },
        quote: { select: { number: true } },
      },
    }),
    prisma.entrustment.count({ where }),
  ]);
  return {
    total,
    rows: rows.map((row) => ({
      ...summaryOf(row),
      username: row.user.username,
      company: row.user.company,
      phone: row.user.phone,
      email: row.user.email,
      sales: row.user.sales?.username ?? null,
      customerService: row.user.customerService?.username ?? null,
      mails: {
        sent: row.emails.filter((mail) => mail.status === "SENT").length,
        failed: row.emails.filter((mail) => mail.status === "FAILED").length,
        total: row.emails.length,
      },
    })),
  };
}

/** One entrustment in the viewer's scope, with what the detail dialog shows. */
export async function getStaffEntrustment(viewer: Viewer, id: number) {
  const row = await prisma.entrustment.findFirst({
    where: { AND: [{ id }, entrustmentScope(viewer)] },
    include: {
      user: { select: { username: true, nickname: true, company: true, phone: true, email: true } },
      emails: { select: { id: true, toAddress: true, status: true, kind: true }, orderBy: { id: "asc" } },
    },
  });
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    mode: row.mode,
    moduleName: row.moduleName,
    transportType: row.transportType,
    sourceKind: row.sourceKind,
    sourceId: row.sourceId,
    pol: row.pol,
    pod: row.pod,
    containers: { gp20: row.gp20Count, gp40: row.gp40Count, hq40: row.hq40Count, other: row.otherSize },
    cargo: cargoOf(row),
    attachmentName: row.attachmentName,
    createdAt: row.createdAt.toISOString(),
    user: row.user,
    emails: row.emails,
    status: row.status,
    history: await statusHistory(row.id),
    /** The quote it was booked from, as saved (its number and total; decision 402). */
    quote: readSnapshot(row.sourceSnapshot)?.quote ?? null,
    /** The shipment sized on the results page and the total shown there (issue 45 item 3). */
    shipment: readSnapshot(row.sourceSnapshot)?.shipment ?? null,
  };
}

// ------------------------------------------------------------------ outbox

export { OUTBOX_STATUSES };
const outboxFilters = { q: z.string().trim().max(100), status: z.enum(OUTBOX_STATUSES) };
export const outboxTable = defineTable({ filters: outboxFilters, dateRange: { defaultDays: null } });

export async function listOutbox(viewer: Viewer, query: TableQuery<typeof outboxFilters>) {
  const { q, status } = query.filters;
  const where: Prisma.EmailOutboxWhereInput = {
    AND: [
      outboxScope(viewer),
      { createdAt: timestampWhere(query.range) },
      status ? { status } : {},
      q ? { OR: [{ toAddress: contains(q) }, { subject: contains(q) }, { kind: contains(q) }] } : {},
    ],
  };
  const [rows, total, counts] = await Promise.all([
    prisma.emailOutbox.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: query.skip,
      take: query.take,
      select: {
        id: true,
        kind: true,
        toAddress: true,
        subject: true,
        status: true,
        attempts: true,
        lastError: true,
        nextAttemptAt: true,
        createdAt: true,
        sentAt: true,
        entrustmentId: true,
      },
    }),
    prisma.emailOutbox.count({ where }),
    prisma.emailOutbox.groupBy({ by: ["status"], where: outboxScope(viewer), _count: { _all: true } }),
  ]);
  const statusCounts = Object.fromEntries(OUTBOX_STATUSES.map((s) => [s, counts.find((c) => c.status === s)?._count._all ?? 0])) as Record<
    (typeof OUTBOX_STATUSES)[number],
    number
  >;
  return {
    total,
    statusCounts,
    rows: rows.map((row) => ({
      ...row,
      nextAttemptAt: row.nextAttemptAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
  };
}

export async function getOutboxMail(viewer: Viewer, id: number) {
  const row = await prisma.emailOutbox.findFirst({
    where: { AND: [{ id }, outboxScope(viewer)] },
    select: {
      id: true,
      kind: true,
      toAddress: true,
      subject: true,
      text: true,
      confidential: true,
      status: true,
      attempts: true,
      lastError: true,
      providerId: true,
      nextAttemptAt: true,
      createdAt: true,
      sentAt: true,
      entrustmentId: true,
      attachments: true,
    },
  });
  if (!row) return null;
  const attachments = Array.isArray(row.attachments)
    ? (row.attachments as { filename?: unknown }[]).map((a) => String(a?.filename ?? "")).filter(Boolean)
    : [];
  const { text, confidential, ...rest } = row;
  return {
    ...rest,
    // A code mail's body never leaves the server (docs/decisions/303-authority.md).
    text: outboxBody({ confidential, text }),
    confidential,
    attachments,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** A FAILED mail goes back to the relay: PENDING, due now. */
export async function retryOutboxMail(viewer: Viewer, id: number): Promise<Outcome> {
  const mail = await prisma.emailOutbox.findFirst({
    where: { AND: [{ id }, outboxScope(viewer)] },
    select: { id: true, status: true, toAddress: true },
  });
  if (!mail) return fail(404, "admin.outbox.retryFailed");
  if (mail.status !== "FAILED") return fail(409, "admin.outbox.notFailed");
  const updated = await prisma.$transaction(async (tx) => {
    // Guarded by the status, so a double click queues the mail once.
    const result = await tx.emailOutbox.updateMany({
      where: { id, status: "FAILED" },
      data: { status: "PENDING", nextAttemptAt: new Date(), lockedAt: null, lockedBy: null },
    });
    if (result.count === 1) {
      await logOperation(tx, viewer, { module: "retry", operation: "emailOutbox", targetIds: String(id), params: `to=${mail.toAddress}` });
    }
    return result.count;
  });
  return updated === 1 ? { ok: true } : fail(409, "admin.outbox.notFailed");
}

/** The code mails (kinds whose body is a verification code, never shown in the reader). */
const CODE_KINDS = new Set(["register_code", "reset_code"]);

/** Whether staff may ask to reveal a mail's code: a code mail not delivered (the relay never handed it to a provider). */
export const mayRevealCode = (mail: { kind: string; confidential: boolean; status: string }) =>
  mail.confidential && CODE_KINDS.has(mail.kind) && mail.status !== "SENT";

const REVEAL_PROBLEM = {
  superseded: "admin.outbox.reveal.superseded",
  used: "admin.outbox.reveal.used",
  expired: "admin.outbox.reveal.expired",
} as const;

export type RevealedCode = { id: number; to: string; kind: string; code: string; expiresAt: string };

/**
 * Reveals the code of an undelivered code mail to a staff member holding
 * right 99 (decision 101, "Onboarding without a mail provider"), so a
 * customer can finish signing up or resetting a password on an install
 * without a mail provider: staff read it to the customer over a channel they
 * trust (the phone number the customer gave). Only while the code can still
 * be used (the newest of its address, unused, unexpired) and only for a mail
 * that never left: a delivered code stays in its recipient's mailbox. Each
 * reveal is one operation-log row (who, which mail, which address; never the
 * code itself).
 */
export async function revealCodeMail(viewer: Viewer, id: number): Promise<Outcome<{ revealed: RevealedCode }>> {
  const mail = await prisma.emailOutbox.findFirst({
    where: { AND: [{ id }, outboxScope(viewer)] },
    select: { id: true, kind: true, toAddress: true, text: true, confidential: true, status: true },
  });
  if (!mail) return fail(404, "admin.outbox.reveal.notFound");
  if (!mail.confidential || !CODE_KINDS.has(mail.kind)) return fail(409, "admin.outbox.reveal.notCodeMail");
  if (!mayRevealCode(mail)) return fail(409, "admin.outbox.reveal.delivered");
  const found = await codeInMail(mail);
  if (!found.ok) return fail(409, REVEAL_PROBLEM[found.problem]);
  await prisma.$transaction((tx) =>
    logOperation(tx, viewer, {
      module: "revealCode",
      operation: "emailOutbox",
      targetIds: String(id),
      params: { to: mail.toAddress, kind: mail.kind },
    }),
  );
  return {
    ok: true,
    revealed: { id, to: mail.toAddress, kind: mail.kind, code: found.code, expiresAt: found.expiresAt.toISOString() },
  };
}
