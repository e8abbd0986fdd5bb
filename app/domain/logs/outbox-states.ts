// Delivery states of the mail outbox, in the order the reader shows them
// (shared by server and browser).
import { keyUnder } from "~/i18n/keys";
export const OUTBOX_STATUSES = ["PENDING", "SENDING", "SENT", "FAILED"] as const;
export type OutboxStatusName = (typeof OUTBOX_STATUSES)[number];

/**
 * What a mail is for (EmailOutbox.kind). The outbox reader shows each kind by
 * its label (admin.outbox.kinds.<kind>), so a new kind is added here and in
 * both languages, never written as a bare string.
 */
export const EMAIL_KINDS = [
  "register_code",
  "reset_code",
  "order_staff",
  "order_customer",
  "audit_result",
  "profile_audit_result",
  "order_status",
  "order_cancel_staff",
  "watch_digest",
  "price_request_staff",
  "price_request_answer",
  "lane_news",
  "tier_change",
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export const emailKindKey = (kind: string) => keyUnder("admin.outbox.kinds.", kind);
