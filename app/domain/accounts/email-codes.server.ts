// Six-digit e-mail codes for registration and password reset.
// - Only an HMAC of the code is stored (keyed with the session secret, so a
//   leaked table cannot be brute-forced offline over the 10^6 codes).
// - A code lives 10 minutes, is used once, and dies after 5 wrong tries.
// - Only the newest code of an address and purpose counts: sending a new one
//   retires the earlier ones.
// - Sending is limited: one per 60 s per address and purpose, 5 per hour per
//   address, 20 per hour per client address.
import crypto from "node:crypto";
import { prisma, type Prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { i18n } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/config";
import { enqueueEmail } from "~/domain/mail/outbox.server";
import { mailLink } from "~/utils/public-origin.server";
import { renderVerificationCodeEmail } from "~/emails/VerificationCodeEmail";
import { hit, minutesToWait, RATE_RULES, rateKeys, secondsToWait } from "~/domain/security/rate-limit.server";
import type { FlashMessage } from "~/domain/outcome";

export type CodePurpose = "REGISTER" | "RESET_PASSWORD";

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;

function hashCode(email: string, purpose: CodePurpose, code: string): string {
  const secret = env().SESSION_SECRET.split(",")[0];
  return crypto.createHmac("sha256", secret).update(`${purpose}:${email}:${code}`).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

export function generateCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
}

export type SendCodeResult =
  | { ok: true }
  /** A translated problem (with values) and the HTTP status to answer with. */
  | { ok: false; field?: "email"; message: FlashMessage; status: number };

/** The "send code" of the registration and the password-reset forms (page and API): the code's purpose and, once sent, the message. */
export async function sendFormCode(
  form: "register" | "reset",
  options: { email: string; lng: Language; ip: string | null },
): Promise<Exclude<SendCodeResult, { ok: true }> | { ok: true; message: FlashMessage }> {
  const sent = await sendEmailCode({ ...options, purpose: form === "register" ? "REGISTER" : "RESET_PASSWORD" });
  if (!sent.ok) return sent;
  return { ok: true, message: { type: "success", key: `account.${form}.codeSent`, values: { email: options.email } } };
}

/**
 * Creates a code and queues its e-mail in one transaction. Registration
 * refuses an address already registered (the form has to say so anyway);
 * a reset for an unknown address answers like a success and sends nothing,
 * so the reset form does not tell which addresses exist.
 */
export async function sendEmailCode(options: {
  email: string;
  purpose: CodePurpose;
  lng: Language;
  ip: string | null;
}): Promise<SendCodeResult> {
  const email = options.email.trim().toLowerCase();
  const { purpose, lng, ip } = options;

  const gap = await hit(rateKeys.codeGap(purpose, email), RATE_RULES.codeGap);
  if (!gap.allowed) {
    return { ok: false, status: 429, message: { type: "error", key: "account.code.resendWait", values: { seconds: secondsToWait(gap) } } };
  }
  const perEmail = await hit(rateKeys.codeEmailHour(email), RATE_RULES.codeEmailHour);
  if (!perEmail.allowed) {
    return {
      ok: false,
      status: 429,
      message: { type: "error", key: "account.code.tooManySends", values: { minutes: minutesToWait(perEmail) } },
    };
  }
  if (ip) {
    const perAddress = await hit(rateKeys.codeAddressHour(ip), RATE_RULES.codeAddressHour);
    if (!perAddress.allowed) {
      return {
        ok: false,
        status: 429,
        message: { type: "error", key: "account.code.tooManySends", values: { minutes: minutesToWait(perAddress) } },
      };
    }
  }

  const existing = await prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (purpose === "REGISTER" && existing) {
    return { ok: false, field: "email", status: 400, message: { type: "error", key: "account.register.emailTaken" } };
  }
  if (purpose === "RESET_PASSWORD" && !existing) return { ok: true };

  const code = generateCode();
  const mail = await renderVerificationCodeEmail({
    t: await i18n.getFixedT(lng),
    lang: lng,
    purpose: purpose === "REGISTER" ? "register" : "reset",
    code,
    minutes: CODE_TTL_MS / 60_000,
    link: mailLink(`/login?mode=${purpose === "REGISTER" ? "register" : "reset"}&lng=${lng}`),
  });
  await prisma.$transaction(async (tx) => {
    await tx.emailCode.create({
      data: { email, purpose, codeHash: hashCode(email, purpose, code), expiresAt: new Date(Date.now() + CODE_TTL_MS), ip },
    });
    await enqueueEmail(tx, {
      kind: purpose === "REGISTER" ? "register_code" : "reset_code",
      to: email,
      ...mail,
      // The code is the secret: staff reading the outbox see recipient, subject and state only.
      confidential: true,
    });
  });
  return { ok: true };
}

export type CodeProblem = "invalid" | "expired" | "tooManyAttempts";
export type CodeCheck = { ok: true; id: number } | { ok: false; problem: CodeProblem };

/** The translation key of a code problem (spec: code invalid, wrong or expired). */
export const codeProblemKey = (problem: CodeProblem) => `account.code.${problem}`;

/**
 * Checks the newest code of an address. A wrong code counts an attempt at
 * once (committed on its own, whatever the caller does next); a right code is
 * only claimed by claimEmailCode inside the caller's transaction.
 */
export async function checkEmailCode(emailInput: string, purpose: CodePurpose, code: string): Promise<CodeCheck> {
  const email = emailInput.trim().toLowerCase();
  const row = await prisma.emailCode.findFirst({
    where: { email, purpose },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  if (!row || row.usedAt) return { ok: false, problem: "invalid" };
  if (row.attempts >= MAX_CODE_ATTEMPTS) return { ok: false, problem: "tooManyAttempts" };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, problem: "expired" };
  if (!sameHash(row.codeHash, hashCode(email, purpose, code))) {
    await prisma.emailCode.updateMany({
      where: { id: row.id, attempts: { lt: MAX_CODE_ATTEMPTS } },
      data: { attempts: { increment: 1 } },
    });
    return { ok: false, problem: row.attempts + 1 >= MAX_CODE_ATTEMPTS ? "tooManyAttempts" : "invalid" };
  }
  return { ok: true, id: row.id };
}

/**
 * Marks a checked code used, inside the transaction that acts on it. False
 * when another request used it first (or it expired meanwhile): roll back.
 */
export async function claimEmailCode(tx: Prisma.TransactionClient, id: number): Promise<boolean> {
  const { count } = await tx.emailCode.updateMany({
    where: { id, usedAt: null, attempts: { lt: MAX_CODE_ATTEMPTS }, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  return count === 1;
}

export type CodeInMail = { ok: true; code: string; expiresAt: Date } | { ok: false; problem: "superseded" | "used" | "expired" };

/**
 * The code a code mail carries, while it can still be used (decision 101,
 * "Onboarding without a mail provider"): the mail must hold the newest code
 * of its address and purpose, unused, not expired and not dead after wrong
 * tries. The code is found in the mail's text by its stored HMAC, so a mail
 * whose text holds another six-digit number (a later template, say) still
 * yields only its real code. Reading it counts no attempt.
 */
export async function codeInMail(mail: { toAddress: string; kind: string; text: string }): Promise<CodeInMail> {
  const purpose: CodePurpose = mail.kind === "reset_code" ? "RESET_PASSWORD" : "REGISTER";
  const email = mail.toAddress.trim().toLowerCase();
  const row = await prisma.emailCode.findFirst({
    where: { email, purpose },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  if (!row) return { ok: false, problem: "superseded" };
  const code = [...new Set(mail.text.match(/(?<!\d)\d{6}(?!\d)/g) ?? [])].find((candidate) =>
    sameHash(row.codeHash, hashCode(email, purpose, candidate)),
  );
  // The mail's code is not the newest one: a later "send code" retired it.
  if (!code) return { ok: false, problem: "superseded" };
  if (row.usedAt) return { ok: false, problem: "used" };
  if (row.attempts >= MAX_CODE_ATTEMPTS || row.expiresAt.getTime() <= Date.now()) return { ok: false, problem: "expired" };
  return { ok: true, code, expiresAt: row.expiresAt };
}
