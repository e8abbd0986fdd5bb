// How the relay hands a mail to a provider. Injectable: production uses
// Resend; tests use a fake that fails and recovers.
import { Resend } from "resend";

export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
  /**
   * Stable per outbox row ("outbox-<id>"): a retry after a crash is the same
   * request to the provider, which then does not send it twice.
   */
  idempotencyKey: string;
};

export interface MailTransport {
  send(message: MailMessage): Promise<{ id: string }>;
}

/** A refused or failed send; `retryable` decides between a later attempt and FAILED. */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "MailSendError";
  }
}

/** Resend's error names that no retry will fix (the message itself is wrong). */
const PERMANENT = new Set([
  "validation_error",
  "invalid_attachment",
  "invalid_parameter",
  "missing_required_field",
  "invalid_idempotent_request",
  "invalid_idempotency_key",
]);

const SEND_TIMEOUT_MS = 30_000;

export function resendTransport(apiKey: string): MailTransport {
  const resend = new Resend(apiKey);
  return {
    async send(message) {
      let response: Awaited<ReturnType<typeof resend.emails.send>>;
      try {
        response = await resend.emails.send(
          {
            from: message.from,
            to: [message.to],
            subject: message.subject,
            html: message.html,
            text: message.text,
            attachments: message.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
          },
          // Resend keeps idempotency keys for 24 hours.
          { idempotencyKey: message.idempotencyKey, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
        );
      } catch (error) {
        throw new MailSendError(`resend: ${error instanceof Error ? error.message : String(error)}`, true);
      }
      if (response.error) {
        const { name, message: text, statusCode } = response.error;
        throw new MailSendError(`resend ${statusCode ?? "-"} ${name}: ${text}`, !PERMANENT.has(name));
      }
      if (!response.data?.id) throw new MailSendError("resend: no id in the response", true);
      return { id: response.data.id };
    },
  };
}
