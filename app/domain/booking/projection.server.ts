// One projection of an entrustment, with a view per reader: the columns
// every list shows (the customer's records, staff /app-order), and the
// cargo facts every detail shows (the record page, the staff dialog). The
// readers add their own parts (the customer's places in their language, the
// staff's customer and mail columns), never a second copy of these.
import type { Prisma } from "~/utils/db.server";

/** What a list row of an entrustment reads. */
export const SUMMARY_SELECT = {
  id: true,
  kind: true,
  mode: true,
  moduleName: true,
  sourceKind: true,
  transportType: true,
  pol: true,
  pod: true,
  status: true,
  createdAt: true,
  attachmentKey: true,
  quote: { select: { number: true } },
} satisfies Prisma.EntrustmentSelect;

type SummaryRow = Prisma.EntrustmentGetPayload<{ select: typeof SUMMARY_SELECT }>;

/** A list row's own columns (places as stored; the attachment only as a flag). */
export function summaryOf(row: SummaryRow) {
  return {
    id: row.id,
    kind: row.kind,
    mode: row.mode,
    moduleName: row.moduleName,
    sourceKind: row.sourceKind,
    transportType: row.transportType,
    pol: row.pol,
    pod: row.pod,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    hasAttachment: !!row.attachmentKey,
    /** The quote it was booked from (decision 402), or null. */
    quoteNumber: row.quote?.number ?? null,
  };
}

type CargoRow = Pick<
  Prisma.EntrustmentGetPayload<object>,
  "grossWeight" | "volume" | "packages" | "commodityZh" | "commodityEn" | "hsCode" | "shipper" | "consignee" | "notifyParty"
>;

/** The cargo facts of an order, in the form's order. */
export function cargoOf(row: CargoRow) {
  return {
    grossWeight: row.grossWeight,
    volume: row.volume,
    packages: row.packages,
    commodityZh: row.commodityZh,
    commodityEn: row.commodityEn,
    hsCode: row.hsCode,
    shipper: row.shipper,
    consignee: row.consignee,
    notifyParty: row.notifyParty,
  };
}
