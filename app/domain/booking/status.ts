// Booking status (issue 25 item 5, docs/decisions/403): the states of an
// entrustment and who may move it where. Shared by the server (the rule) and
// the pages (which choices to offer); the server decides.

export const ENTRUSTMENT_STATUSES = ["RECEIVED", "CONFIRMED", "REJECTED", "CANCELLED"] as const;
export type EntrustmentStatusValue = (typeof ENTRUSTMENT_STATUSES)[number];
export type StatusActor = "staff" | "customer";

/** received → confirmed | rejected → cancelled; a customer may only cancel what is still received. */
const MOVES: Record<StatusActor, Record<EntrustmentStatusValue, readonly EntrustmentStatusValue[]>> = {
  staff: { RECEIVED: ["CONFIRMED", "REJECTED", "CANCELLED"], CONFIRMED: ["CANCELLED"], REJECTED: [], CANCELLED: [] },
  customer: { RECEIVED: ["CANCELLED"], CONFIRMED: [], REJECTED: [], CANCELLED: [] },
};

export function nextStatuses(actor: StatusActor, from: EntrustmentStatusValue): readonly EntrustmentStatusValue[] {
  return MOVES[actor][from];
}

export function isStatus(value: unknown): value is EntrustmentStatusValue {
  return typeof value === "string" && (ENTRUSTMENT_STATUSES as readonly string[]).includes(value);
}

export const STATUS_REASON_MAX = 500;

/** The translation key of a status's name. */
export const statusKey = (status: EntrustmentStatusValue) => `watches.status.name.${status}` as const;
