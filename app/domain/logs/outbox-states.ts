// Delivery states of the mail outbox, in the order the reader shows them
// (shared by server and browser).
export const OUTBOX_STATUSES = ["PENDING", "SENDING", "SENT", "FAILED"] as const;
export type OutboxStatusName = (typeof OUTBOX_STATUSES)[number];
