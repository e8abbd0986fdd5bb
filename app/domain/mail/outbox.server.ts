// Mail is written to the outbox inside the caller's transaction, so a mail
// exists exactly when the change it reports was committed. A relay (another
// module) delivers PENDING rows with retries; without RESEND_API_KEY they stay
// readable by staff in the back office.
import type { Prisma } from "~/utils/db.server";

import type { EmailKind } from "~/domain/logs/outbox-states";

/** What a mail is for; the relay and the back office group by it (EMAIL_KINDS). */
export type { EmailKind };

/** A stored file sent along: the relay reads it from the upload storage. */
export type OutboxAttachment = { storageKey: string; filename: string; contentType: string };

export type OutgoingEmail = {
  kind: EmailKind;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: OutboxAttachment[];
  entrustmentId?: number | null;
  /**
   * The body holds a secret (a verification or reset code): the relay sends
   * it, but no screen or API shows it (outboxBody below).
   */
  confidential?: boolean;
};

/** Anything with the emailOutbox delegate: the Prisma client or a transaction. */
export type OutboxWriter = Pick<Prisma.TransactionClient, "emailOutbox">;

export async function enqueueEmail(tx: OutboxWriter, email: OutgoingEmail): Promise<{ id: number }> {
  const to = email.to.trim();
  if (!to || /[\r\n]/.test(to) || /[\r\n]/.test(email.subject)) {
    // Header injection or a programming error: never queue it.
    throw new Error("enqueueEmail: invalid recipient or subject");
  }
  const row = await tx.emailOutbox.create({
    data: {
      kind: email.kind,
      toAddress: to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      attachments: (email.attachments ?? []) as Prisma.InputJsonValue,
      entrustmentId: email.entrustmentId ?? null,
      confidential: email.confidential ?? false,
    },
    select: { id: true },
  });
  return row;
}

/**
 * The body of a stored mail as staff may read it: null for a confidential
 * mail (its code must not reach anyone but the recipient's mailbox).
 */
export function outboxBody(mail: { confidential: boolean; text: string }): string | null {
  return mail.confidential ? null : mail.text;
}
