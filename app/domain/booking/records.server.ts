// Entrustment records: a customer's own list (/entrustment), one record
// (/entrustment/<id>) and its attachment. Who may read a record:
//   - its owner;
//   - staff whose role holds the /app-order menu entry, within their data
//     view (view 1 global; view 2 only their customers: permissions/views.server).
// Everyone else gets "not found", so ids reveal nothing.
import type { EntrustmentStatusValue } from "./status";
import type { TransportType } from "~/domain/catalog";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { mayPerform } from "~/domain/permissions/operations.server";
import { entrustmentScope, hasGlobalView } from "~/domain/permissions/views.server";
import { defineTable } from "~/domain/table/paging.server";
import { prisma, type Prisma } from "~/utils/db.server";
import { vocabulary } from "~/domain/reference/vocabulary.server";
import { destinationOf } from "./display.server";
import { readSnapshot } from "./snapshot";
import { SUMMARY_SELECT, summaryOf } from "./projection.server";

export const RECORDS_PAGE_SIZE = 10;
/** The records list: page size 10, page links in the URL (the shared paged-table contract). */
export const RECORDS_TABLE = defineTable({ sizes: [RECORDS_PAGE_SIZE] });
export type RecordListRow = {
  id: number;
  kind: "ORDER" | "CONTACT";
  moduleName: string;
  mode: TransportType;
  sourceKind: string;
  transportType: TransportType | null;
  pol: string | null;
  pod: string | null;
  createdAt: string;
  username: string;
  phone: string;
  email: string;
  customerService: string | null;
  hasAttachment: boolean;
  status: EntrustmentStatusValue;
  /** The quote it was booked from (decision 402), or null. */
  quoteNumber: string | null;
};

/** The customer's own entrustments, newest first (one page); an express destination named in `lng`. */
export async function listOwnEntrustments(userId: number, page: { skip: number; take: number }, lng: string) {
  const where: Prisma.EntrustmentWhereInput = { userId };
  const total = await prisma.entrustment.count({ where });
  const rows = await prisma.entrustment.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: page.skip,
    take: page.take,
    select: {
      ...SUMMARY_SELECT,
      sourceSnapshot: true,
      customerServiceId: true,
      user: { select: { username: true, phone: true, email: true } },
    },
  });
  // The customer service recorded at booking time (a later hand-over does not rewrite history).
  const serviceIds = [...new Set(rows.map((r) => r.customerServiceId).filter((v): v is number => v !== null))];
  const services = serviceIds.length
    ? await prisma.user.findMany({ where: { id: { in: serviceIds } }, select: { id: true, nickname: true, username: true } })
    : [];
  const serviceName = (id: number | null) => {
    const p = services.find((q) => q.id === id);
    return p ? p.nickname || p.username : null;
  };
  const list: RecordListRow[] = rows.map((row) => ({
    ...summaryOf(row),
    // Places in the reader's language, an express destination as its country.
    pol: vocabulary(row.pol, lng),
    pod: destinationOf(row.pod, readSnapshot(row.sourceSnapshot)?.express, lng),
    username: row.user.username,
    phone: row.user.phone,
    email: row.user.email,
    customerService: serviceName(row.customerServiceId),
  }));
  return { rows: list, total };
}

/** The `where` that limits a lookup to what `viewer` may read (staff reading entrustments: their view's customers too). */
export function visibleEntrustments(viewer: Viewer): Prisma.EntrustmentWhereInput {
  if (mayPerform(viewer, "entrustment.read")) {
    if (hasGlobalView(viewer)) return {};
    return { OR: [{ userId: viewer.id }, entrustmentScope(viewer)] };
  }
  return { userId: viewer.id };
}

const ID_PATTERN = /^[1-9]\d{0,9}$/;

export function parseRecordId(value: string | undefined): number | null {
  if (!value || !ID_PATTERN.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** One record with everything the detail page shows, or null (not found or not theirs). */
export async function findVisibleEntrustment(viewer: Viewer, id: number) {
  return prisma.entrustment.findFirst({
    where: { AND: [{ id }, visibleEntrustments(viewer)] },
    include: {
      user: { select: { id: true, username: true, nickname: true, phone: true, email: true, company: true } },
    },
  });
}

/** Just what the download needs. */
export async function findVisibleAttachment(viewer: Viewer, id: number) {
  return prisma.entrustment.findFirst({
    where: { AND: [{ id }, visibleEntrustments(viewer), { attachmentKey: { not: null } }] },
    select: { id: true, attachmentKey: true, attachmentName: true, attachmentType: true, attachmentSize: true },
  });
}

/** The contacts recorded on the entrustment at booking time. */
export async function entrustmentContacts(row: { salesId: number | null; customerServiceId: number | null }) {
  const ids = [row.salesId, row.customerServiceId].filter((v): v is number => v !== null);
  const people = ids.length
    ? await prisma.user.findMany({
        where: { id: { in: ids } },
        select: { id: true, nickname: true, username: true, phone: true, email: true },
      })
    : [];
  const find = (id: number | null) => {
    const p = people.find((q) => q.id === id);
    return p ? { name: p.nickname || p.username, phone: p.phone, email: p.email } : null;
  };
  return { sales: find(row.salesId), customerService: find(row.customerServiceId) };
}
