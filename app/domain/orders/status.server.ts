// Booking status (issue 25 item 5, docs/decisions/403): staff move an
// entrustment of a customer in their view (permissions/views.server.ts);
// its owner may cancel it while it is still received. One transaction changes
// the status only if it is still the one the actor saw, writes the history
// row and queues the customer's e-mail (in the language they booked in);
// a staff change is also logged. A customer's cancellation is also mailed
// to their salesperson and customer service (issue 45 item 4), in Chinese
// like the booking notices. Returns an Outcome (no Responses).
import type { Viewer } from "~/domain/accounts/viewer.server";
import { logOperation } from "~/domain/operation-log/operation-log.server";
import { enqueueEmail } from "~/domain/mail/outbox.server";
import { entrustmentScope } from "~/domain/permissions/views.server";
import { renderCancellationNotice, renderStatusChange } from "~/domain/orders/emails/status-change";
import { fallbackLanguage, isLanguage } from "~/i18n/config";
import { i18n } from "~/i18n/i18n.server";
import { prisma, type Prisma } from "~/utils/db.server";
import { fail, type Outcome } from "~/domain/outcome";
import { mailLink } from "~/utils/public-origin.server";
import { STAFF_LANGUAGE } from "./booking.server";
import { routeIn } from "~/domain/booking/display.server";
import { visibleEntrustments } from "~/domain/booking/records.server";
import { readSnapshot } from "~/domain/booking/snapshot";
import { isStatus, nextStatuses, STATUS_REASON_MAX, type EntrustmentStatusValue, type StatusActor } from "~/domain/booking/status";

export type StatusChangeInput = { id: number; to: unknown; reason?: unknown };
export type StatusEvent = {
  from: EntrustmentStatusValue;
  to: EntrustmentStatusValue;
  reason: string | null;
  actor: StatusActor;
  at: string;
};

const ERR = "watches.status.errors";

/** Which entrustments the actor may move: staff within their view; a customer only their own. */
function scopeOf(actor: StatusActor, viewer: Viewer): Prisma.EntrustmentWhereInput {
  return actor === "staff" ? entrustmentScope(viewer) : { userId: viewer.id };
}

class ChangedMeanwhile extends Error {}

/**
 * Moves entrustment `input.id` to `input.to`. Refusals: 404 not in scope,
 * 400 unknown status or a bad reason (a rejection needs one), 409 a move the
 * rules do not allow from the current status (or someone moved it first).
 */
export async function changeEntrustmentStatus(
  actor: StatusActor,
  viewer: Viewer,
  input: StatusChangeInput,
): Promise<Outcome<{ status: EntrustmentStatusValue; from: EntrustmentStatusValue }>> {
  const row = await prisma.entrustment.findFirst({
    where: { AND: [{ id: input.id }, scopeOf(actor, viewer)] },
    select: {
      id: true,
      status: true,
      language: true,
      pol: true,
      pod: true,
      sourceSnapshot: true,
      salesId: true,
      customerServiceId: true,
      user: { select: { email: true, username: true, nickname: true, company: true, phone: true, salesId: true, customerServiceId: true } },
    },
  });
  if (!row) return fail(404, `${ERR}.notFound`);
  if (!isStatus(input.to)) return fail(400, `${ERR}.unknownStatus`, { to: [`${ERR}.unknownStatus`] });
  const to = input.to;
  const from = row.status as EntrustmentStatusValue;
  if (!nextStatuses(actor, from).includes(to)) return fail(409, `${ERR}.invalidTransition`);
  const reason = typeof input.reason === "string" ? input.reason.trim() : "";
  if (reason.length > STATUS_REASON_MAX) return fail(400, `${ERR}.reasonTooLong`, { reason: [`${ERR}.reasonTooLong`] });
  if (to === "REJECTED" && !reason) return fail(400, `${ERR}.reasonRequired`, { reason: [`${ERR}.reasonRequired`] });

  const lng = isLanguage(row.language) ? row.language : fallbackLanguage;
  const t = await i18n.getFixedT(lng);
  const at = new Date();
  const mail = await renderStatusChange({
    t,
    lang: lng,
    data: {
      id: row.id,
      route: routeIn(row.pol, row.pod, readSnapshot(row.sourceSnapshot)?.express, lng),
      from,
      to,
      reason: reason || null,
      actor,
      at,
      link: mailLink(`/entrustment/${row.id}`),
    },
  });
  const staffNotice = actor === "customer" ? await cancellationNotice(row, reason, at) : null;
  try {
    await prisma.$transaction(async (tx) => {
      const moved = await tx.entrustment.updateMany({ where: { id: row.id, status: from }, data: { status: to } });
      if (moved.count !== 1) throw new ChangedMeanwhile();
      await tx.entrustmentStatusEvent.create({
        data: {
          entrustmentId: row.id,
          fromStatus: from,
          toStatus: to,
          reason: reason || null,
          actorKind: actor,
          actorId: viewer.id,
          createdAt: at,
        },
      });
      await enqueueEmail(tx, { kind: "order_status", to: row.user.email, ...mail, entrustmentId: row.id });
      for (const to of staffNotice?.to ?? []) {
        await enqueueEmail(tx, { kind: "order_cancel_staff", to, ...staffNotice!.mail, entrustmentId: row.id });
      }
      if (actor === "staff") {
        await logOperation(tx, viewer, {
          module: "status",
          operation: "entrustments",
          targetIds: row.id,
          params: { from, to, reason: reason || null },
        });
      }
    });
  } catch (error) {
    if (error instanceof ChangedMeanwhile) return fail(409, `${ERR}.changedMeanwhile`);
    throw error;
  }
  return { ok: true, status: to, from };
}

type CancelledRow = {
  id: number;
  pol: string | null;
  pod: string | null;
  sourceSnapshot: unknown;
  salesId: number | null;
  customerServiceId: number | null;
  user: {
    username: string;
    nickname: string | null;
    company: string | null;
    phone: string;
    salesId: number | null;
    customerServiceId: number | null;
  };
};

/**
 * The notice of a customer's cancellation to the staff who look after the
 * customer now (their sales and customer-service contacts; where one is not
 * set, the contact recorded at booking), deduplicated, in Chinese; none when
 * the customer has no contact at all.
 */
async function cancellationNotice(row: CancelledRow, reason: string, at: Date) {
  const ids = [row.user.customerServiceId ?? row.customerServiceId, row.user.salesId ?? row.salesId].filter(
    (id): id is number => id !== null,
  );
  if (ids.length === 0) return null;
  const staff = await prisma.user.findMany({ where: { id: { in: ids } }, select: { email: true } });
  const to = [...new Set(staff.map((s) => s.email))];
  if (to.length === 0) return null;
  const t = await i18n.getFixedT(STAFF_LANGUAGE);
  const mail = await renderCancellationNotice({
    t,
    lang: STAFF_LANGUAGE,
    data: {
      id: row.id,
      route: routeIn(row.pol, row.pod, readSnapshot(row.sourceSnapshot)?.express, STAFF_LANGUAGE),
      customer: row.user,
      reason: reason || null,
      at,
      link: mailLink(`/app-order?dialog=view&id=${row.id}`),
    },
  });
  return { to, mail };
}

/** The history of one entrustment, oldest first (who: staff or customer, never which staff member). */
export async function statusHistory(entrustmentId: number): Promise<StatusEvent[]> {
  const rows = await prisma.entrustmentStatusEvent.findMany({
    where: { entrustmentId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { fromStatus: true, toStatus: true, reason: true, actorKind: true, createdAt: true },
  });
  return rows.map((r) => ({
    from: r.fromStatus as EntrustmentStatusValue,
    to: r.toStatus as EntrustmentStatusValue,
    reason: r.reason,
    actor: r.actorKind === "customer" ? "customer" : "staff",
    at: r.createdAt.toISOString(),
  }));
}

/** Status and history of an entrustment the viewer may read (owner, or staff in view), or null. */
export async function visibleStatus(viewer: Viewer, id: number) {
  const row = await prisma.entrustment.findFirst({
    where: { AND: [{ id }, visibleEntrustments(viewer)] },
    select: { id: true, status: true, createdAt: true },
  });
  if (!row) return null;
  return {
    id: row.id,
    status: row.status as EntrustmentStatusValue,
    createdAt: row.createdAt.toISOString(),
    history: await statusHistory(row.id),
  };
}
