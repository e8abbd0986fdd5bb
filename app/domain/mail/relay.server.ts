// The outbox relay: delivers PENDING rows of email_outbox through a
// MailTransport (Resend when RESEND_API_KEY is set), with retries and
// exponential backoff; after MAX_ATTEMPTS a row is FAILED (staff can retry it).
//
// Safe with several app instances at once:
//   - rows are claimed with one UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP
//     LOCKED): two relays never claim the same row;
//   - a row stuck in SENDING for 10 minutes (its relay crashed or hung) is
//     claimed again;
//   - every claim increments `attempts`, and a relay only finishes a row
//     whose (locked_by, attempts) still are its own claim, so a relay that
//     wakes up late cannot overwrite a newer claim;
//   - the provider gets the idempotency key "outbox-<id>": sending the same row
//     again after a crash does not deliver it twice (Resend keeps keys 24 h).
import crypto from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { startServiceOnce } from "~/utils/services.server";
import { uploadRoot } from "~/utils/uploads.server";
import type { OutboxAttachment } from "./outbox.server";
import { MailSendError, resendTransport, type MailTransport } from "./transport.server";

export const MAX_ATTEMPTS = 10;
export const STUCK_AFTER_SECONDS = 10 * 60;
export const BATCH_SIZE = 10;
export const INTERVAL_MS = 15_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** Delay before attempt n + 1 after n failed attempts: 30 s, 1 min, 2 min … at most 1 h, ±10 %. */
export function backoffMs(
  attempts: number,
  random: () => number = Math.random,
  baseMs: number = BACKOFF_BASE_MS,
  maxMs: number = BACKOFF_MAX_MS,
): number {
  const base = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs);
  return Math.round(base * (0.9 + 0.2 * random()));
}

export const idempotencyKeyFor = (outboxId: number) => `outbox-${outboxId}`;

export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
}

type ClaimedRow = {
  id: number;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  attachments: unknown;
  attempts: number;
};

/** Claims up to `limit` due rows (and rows stuck in SENDING) for `workerId`. */
export async function claimOutbox(workerId: string, limit = BATCH_SIZE, stuckAfterSeconds = STUCK_AFTER_SECONDS): Promise<ClaimedRow[]> {
  return prisma.$queryRaw<ClaimedRow[]>`
    UPDATE email_outbox
       SET status = 'SENDING', locked_at = now(), locked_by = ${workerId}, attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM email_outbox
        WHERE (status = 'PENDING' AND next_attempt_at <= now())
           OR (status = 'SENDING' AND locked_at < now() - make_interval(secs => ${stuckAfterSeconds}))
        ORDER BY id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
    RETURNING id, to_address, subject, html, text, attachments, attempts`;
}

/** A storage key (relative to UPLOAD_DIR) → an absolute path inside it, or null (no traversal). */
export function storedFilePath(storageKey: string): string | null {
  const root = uploadRoot();
  const full = path.resolve(root, storageKey);
  return full.startsWith(root + path.sep) ? full : null;
}

function readAttachments(value: unknown): OutboxAttachment[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (a): a is OutboxAttachment =>
      !!a &&
      typeof a === "object" &&
      typeof a.storageKey === "string" &&
      typeof a.filename === "string" &&
      typeof a.contentType === "string",
  );
}

async function loadAttachments(value: unknown) {
  const out: { filename: string; content: Buffer; contentType: string }[] = [];
  for (const attachment of readAttachments(value)) {
    const file = storedFilePath(attachment.storageKey);
    if (!file) throw new MailSendError(`attachment outside the upload folder: ${attachment.storageKey}`, false);
    try {
      out.push({ filename: attachment.filename, content: await fsp.readFile(file), contentType: attachment.contentType });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        throw new MailSendError(`attachment missing: ${attachment.storageKey}`, false);
      }
      throw error;
    }
  }
  return out;
}

export type DeliveryOptions = {
  transport: MailTransport;
  workerId: string;
  batchSize?: number;
  from?: string;
  /** Delay before the next attempt (tests pass 0). */
  backoff?: (attempts: number) => number;
  /** A SENDING row older than this is taken to belong to a dead relay (default 10 min). */
  stuckAfterSeconds?: number;
};

export type DeliveryReport = { claimed: number; sent: number; retried: number; failed: number; ids: number[] };

/** Claims one batch and delivers it. */
export async function deliverBatch(options: DeliveryOptions): Promise<DeliveryReport> {
  const { transport, workerId } = options;
  const from = options.from ?? env().MAIL_FROM;
  const backoff = options.backoff ?? backoffMs;
  const rows = await claimOutbox(workerId, options.batchSize ?? BATCH_SIZE, options.stuckAfterSeconds);
  const report: DeliveryReport = { claimed: rows.length, sent: 0, retried: 0, failed: 0, ids: rows.map((r) => r.id) };
  for (const row of rows) {
    const mine = { id: row.id, lockedBy: workerId, attempts: row.attempts, status: "SENDING" as const };
    try {
      const attachments = await loadAttachments(row.attachments);
      const { id: providerId } = await transport.send({
        from,
        to: row.to_address,
        subject: row.subject,
        html: row.html,
        text: row.text,
        attachments,
        idempotencyKey: idempotencyKeyFor(row.id),
      });
      await prisma.emailOutbox.updateMany({
        where: mine,
        data: { status: "SENT", sentAt: new Date(), providerId, lockedAt: null, lockedBy: null, lastError: null },
      });
      report.sent += 1;
    } catch (error) {
      const retryable = !(error instanceof MailSendError) || error.retryable;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const giveUp = !retryable || row.attempts >= MAX_ATTEMPTS;
      await prisma.emailOutbox.updateMany({
        where: mine,
        data: giveUp
          ? { status: "FAILED", lockedAt: null, lockedBy: null, lastError: message }
          : {
              status: "PENDING",
              lockedAt: null,
              lockedBy: null,
              lastError: message,
              nextAttemptAt: new Date(Date.now() + backoff(row.attempts)),
            },
      });
      if (giveUp) report.failed += 1;
      else report.retried += 1;
    }
  }
  return report;
}

export type MailRelay = {
  /** One pass: batches until nothing is due (or stop() was called). */
  tick(): Promise<void>;
  stop(): Promise<void>;
};

/** The interval loop. Call stop() before the process ends (server/index.js awaits the shutdown hooks). */
export function startMailRelay(options: {
  transport: MailTransport;
  intervalMs?: number;
  batchSize?: number;
  workerId?: string;
  backoff?: (attempts: number) => number;
  stuckAfterSeconds?: number;
  log?: (line: string) => void;
}): MailRelay {
  const workerId = options.workerId ?? newWorkerId();
  const intervalMs = options.intervalMs ?? INTERVAL_MS;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const log = options.log ?? ((line: string) => console.log(`[mail-relay] ${line}`));
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const pass = async () => {
    while (!stopped) {
      const report = await deliverBatch({
        transport: options.transport,
        workerId,
        batchSize,
        backoff: options.backoff,
        stuckAfterSeconds: options.stuckAfterSeconds,
      });
      if (report.claimed) log(`${workerId}: sent ${report.sent}, retry later ${report.retried}, failed ${report.failed}`);
      if (report.claimed < batchSize) break;
    }
  };
  const tick = async () => {
    if (running) return running;
    running = pass()
      .catch((error) => {
        // The database may be briefly away; the next tick tries again.
        console.error("[mail-relay] pass failed:", error);
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      await tick();
      schedule();
    }, intervalMs);
    timer.unref?.();
  };
  void tick().then(schedule);

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/**
 * Starts the relay once per process (entry.server.tsx calls this at import).
 * Not in tests; without RESEND_API_KEY mail stays PENDING in the outbox for
 * staff to read in the back office.
 */
export function ensureMailRelay(): void {
  startServiceOnce("mail-relay", () => {
    const apiKey = env().RESEND_API_KEY;
    if (!apiKey) {
      console.log("[mail-relay] RESEND_API_KEY is not set: mail stays in the outbox (back office)");
      return;
    }
    // The timings can be shortened for fault drills (scripts/load-fault.ts); the
    // defaults suit production. A stuck timeout must stay above the 30 s send timeout.
    const { MAIL_RELAY_INTERVAL_MS, MAIL_RETRY_BASE_MS, MAIL_RETRY_MAX_MS, MAIL_STUCK_AFTER_SECONDS } = env();
    const relay = startMailRelay({
      transport: resendTransport(apiKey),
      intervalMs: MAIL_RELAY_INTERVAL_MS,
      backoff:
        MAIL_RETRY_BASE_MS || MAIL_RETRY_MAX_MS
          ? (attempts) => backoffMs(attempts, Math.random, MAIL_RETRY_BASE_MS, MAIL_RETRY_MAX_MS)
          : undefined,
      stuckAfterSeconds: MAIL_STUCK_AFTER_SECONDS,
    });
    return () => relay.stop();
  });
}
