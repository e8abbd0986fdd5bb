// Fixed-window counters over the rate_limits table. One atomic statement per
// hit (INSERT ... ON CONFLICT ... DO UPDATE), so concurrent requests on
// several app processes count correctly; the window restarts on the first
// hit after it ended. The database clock decides, never the app's.
import { prisma } from "~/utils/db.server";
import { prefixText } from "~/utils/like";

export type RateRule = {
  /** Hits allowed inside one window. */
  limit: number;
  windowMs: number;
};

export type RateState = {
  allowed: boolean;
  count: number;
  resetAt: Date;
  /** Milliseconds until the window ends (0 when allowed and unused). */
  retryAfterMs: number;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits of the account flows (docs/decisions/101-accounts.md). */
export const RATE_RULES = {
  /** Failed logins per account and client address: past it, that address may not try that account. */
  loginPair: { limit: 5, windowMs: 15 * MINUTE },
  /** Failed logins per client address (any account): past it, that address may not log in. */
  loginAddress: { limit: 20, windowMs: 15 * MINUTE },
  /**
   * Failed logins per account (e-mail, known or not) from anywhere: past it,
   * every attempt on the account waits (LOGIN_BACKOFF), but none is refused,
   * so a stranger cannot lock the owner out.
   */
  loginAccount: { limit: 5, windowMs: 15 * MINUTE },
  /** One code e-mail per address and purpose every 60 s. */
  codeGap: { limit: 1, windowMs: MINUTE },
  /** Code e-mails per e-mail address and hour (both purposes). */
  codeEmailHour: { limit: 5, windowMs: HOUR },
  /** Code e-mails requested per client address and hour. */
  codeAddressHour: { limit: 20, windowMs: HOUR },
  /** Successful registrations per client address and hour. */
  registerAddress: { limit: 5, windowMs: HOUR },
  /** Wrong old passwords on the change-password form per user. */
  passwordChange: { limit: 5, windowMs: 15 * MINUTE },
} satisfies Record<string, RateRule>;

type Row = { count: number; reset_at: Date; now: Date };

function toState(row: Row | undefined, rule: RateRule): RateState {
  if (!row) return { allowed: true, count: 0, resetAt: new Date(), retryAfterMs: 0 };
  const active = row.reset_at.getTime() > row.now.getTime();
  const count = active ? row.count : 0;
  return {
    allowed: count <= rule.limit,
    count,
    resetAt: row.reset_at,
    retryAfterMs: active ? row.reset_at.getTime() - row.now.getTime() : 0,
  };
}

/**
 * Counts one hit and says whether it is still inside the limit. A blocked
 * hit is counted too but never extends the window.
 */
export async function hit(key: string, rule: RateRule): Promise<RateState> {
  const rows = await prisma.$queryRaw<Row[]>`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${key}, 1, now() + ${rule.windowMs}::int * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
    RETURNING count, reset_at, now() AS now`;
  return toState(rows[0], rule);
}

/** Whether one more hit would be allowed, without counting it. */
export async function peek(key: string, rule: RateRule): Promise<RateState> {
  const rows = await prisma.$queryRaw<Row[]>`
    SELECT count, reset_at, now() AS now FROM rate_limits WHERE key = ${key}`;
  const state = toState(rows[0], rule);
  return { ...state, allowed: state.count < rule.limit };
}

/** Forgets a counter (a successful login clears the account's failures). */
export async function clear(key: string): Promise<void> {
  await prisma.rateLimit.deleteMany({ where: { key } });
}

/** Forgets every counter whose key starts with `prefix`. */
export async function clearPrefix(prefix: string): Promise<void> {
  await prisma.rateLimit.deleteMany({ where: { key: prefixText(prefix) } });
}

/** The account-wide back-off: the wait before checking a password, from the account's recent failures. */
export const LOGIN_BACKOFF = { baseMs: 250, maxMs: 4_000 };

/** 0 below the account's limit, then 250 ms doubling per further failure, at most 4 s. */
export function loginDelayMs(failures: number): number {
  const over = failures - RATE_RULES.loginAccount.limit;
  return over < 0 ? 0 : Math.min(LOGIN_BACKOFF.baseMs * 2 ** over, LOGIN_BACKOFF.maxMs);
}

/** Whole minutes to wait, at least 1, for messages. */
export function minutesToWait(state: RateState): number {
  return Math.max(1, Math.ceil(state.retryAfterMs / MINUTE));
}

export function secondsToWait(state: RateState): number {
  return Math.max(1, Math.ceil(state.retryAfterMs / 1000));
}

/** Counter keys. E-mails are lower-cased; a missing address gets no per-address limit. */
export const rateKeys = {
  loginAccount: (email: string) => `login:account:${email.trim().toLowerCase()}`,
  /** Every pair of an account ends with its address: `loginPairs(email)` is their common prefix. */
  loginPair: (email: string, address: string) => `${rateKeys.loginPairs(email)}${address}`,
  loginPairs: (email: string) => `login:pair:${email.trim().toLowerCase()}|`,
  loginAddress: (address: string) => `login:address:${address}`,
  codeGap: (purpose: string, email: string) => `code:gap:${purpose}:${email.trim().toLowerCase()}`,
  codeEmailHour: (email: string) => `code:email:${email.trim().toLowerCase()}`,
  codeAddressHour: (address: string) => `code:address:${address}`,
  registerAddress: (address: string) => `register:address:${address}`,
  passwordChange: (userId: number) => `password:user:${userId}`,
  /** Price requests sent by visitors from one address (issue 43; the limit is REQUEST_VISITOR_LIMIT an hour). */
  priceRequestAddress: (address: string) => `price-request:address:${address}`,
};
