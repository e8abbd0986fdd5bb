// Sign-in with remix-auth's form strategy. remix-auth 4 keeps no session of
// its own: the verified user goes into our database session (session.server).
import type { TranslationKey } from "~/i18n/keys";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { prisma } from "~/utils/db.server";
import {
  clear,
  clearPrefix,
  hit,
  loginDelayMs,
  minutesToWait,
  peek,
  RATE_RULES,
  rateKeys,
  type RateState,
} from "~/domain/security/rate-limit.server";
import { hashPassword, verifyPassword } from "./password.server";
import { ACCOUNT_STATE } from "~/domain/accounts/status";
import { sleep } from "~/utils/clock.server";

/** Why a sign-in failed; each maps to one message of the login screen. */
export type LoginFailure = "invalidCredentials" | "frozen";

export class LoginError extends Error {
  /** `userId`: the frozen account, for /freeze (only after a correct password). */
  constructor(
    public readonly reason: LoginFailure,
    public readonly userId?: number,
  ) {
    super(reason);
    this.name = "LoginError";
  }
}

// Verifying against a real hash even for unknown e-mails keeps the response
// time the same, so timing does not tell which addresses are registered.
const dummyHash = hashPassword("not-a-real-password");

export async function verifyLogin(emailInput: string, password: string): Promise<{ id: number }> {
  const email = emailInput.trim().toLowerCase();
  const user = await prisma.user.findUnique({
    where: { email },
    select: { id: true, passwordHash: true, state: true },
  });
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
  // One message for an unknown e-mail and a wrong password: no enumeration.
  if (!user || !ok) throw new LoginError("invalidCredentials");
  // Only a caller who knows the password learns that the account is frozen.
  if (user.state === ACCOUNT_STATE.frozen) throw new LoginError("frozen", user.id);
  return { id: user.id };
}

export const authenticator = new Authenticator<{ id: number }>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    return verifyLogin(email, password);
  }),
  "form",
);

// Login throttling (docs/security.md, section 6; docs/decisions/101-accounts.md).
// Failures are counted per account and address, per address, and per account
// (the e-mail typed, registered or not: no enumeration):
// - an address that failed 5 times on an account may not try it again for
//   15 minutes, and one that failed 20 times may not log in at all: hard
//   limits, but each one stops only the address that earned it;
// - an account that failed 5 times from anywhere makes every attempt on it
//   wait before the password is checked (250 ms, doubling, at most 4 s) and
//   refuses none: a stranger can slow the owner down, never lock them out;
// - the owner can always reset the password with the e-mail code, which
//   clears the account's counters.
// A request without an address (no load context) counts as one address.

/** The key of a request's address. */
const addressOf = (ip: string | null) => ip ?? "unknown";

/** The limit that blocks this login from this address, or null when it may be tried. */
export async function loginThrottle(email: string, ip: string | null): Promise<RateState | null> {
  const pair = await peek(rateKeys.loginPair(email, addressOf(ip)), RATE_RULES.loginPair);
  if (!pair.allowed) return pair;
  const address = await peek(rateKeys.loginAddress(addressOf(ip)), RATE_RULES.loginAddress);
  return address.allowed ? null : address;
}

/** How long an attempt on this account waits before its password is checked. */
export async function loginDelay(email: string): Promise<number> {
  return loginDelayMs((await peek(rateKeys.loginAccount(email), RATE_RULES.loginAccount)).count);
}

export async function recordLoginFailure(email: string, ip: string | null): Promise<void> {
  await hit(rateKeys.loginPair(email, addressOf(ip)), RATE_RULES.loginPair);
  await hit(rateKeys.loginAddress(addressOf(ip)), RATE_RULES.loginAddress);
  await hit(rateKeys.loginAccount(email), RATE_RULES.loginAccount);
}

export type SignInResult =
  | { ok: true; id: number }
  | { ok: false; reason: "invalidCredentials" }
  | { ok: false; reason: "frozen"; userId: number }
  | { ok: false; reason: "tooManyAttempts"; blocked: RateState };

/** What a refused sign-in answers (page and API): its status and message. A frozen account's page goes to /freeze instead. */
export function signInRefusal(result: Exclude<SignInResult, { ok: true }>): {
  status: 400 | 403 | 429;
  key: TranslationKey;
  values?: { minutes: number };
} {
  if (result.reason === "tooManyAttempts") {
    return { status: 429, key: "account.login.tooManyAttempts", values: { minutes: minutesToWait(result.blocked) } };
  }
  return { status: result.reason === "frozen" ? 403 : 400, key: `account.login.${result.reason}` as const };
}

/**
 * The whole sign-in rule, for the login page and POST /api/login alike:
 * a blocked address is refused before any password check, an account under
 * attack waits first, failures are counted, success forgets the account's
 * failures. `verify` checks the password (the page goes through remix-auth's
 * form strategy).
 */
export async function signIn(email: string, ip: string | null, verify: () => Promise<{ id: number }>): Promise<SignInResult> {
  const blocked = await loginThrottle(email, ip);
  if (blocked) return { ok: false, reason: "tooManyAttempts", blocked };
  const delay = await loginDelay(email);
  if (delay > 0) await sleep(delay);
  try {
    const user = await verify();
    await recordLoginSuccess(email, ip);
    return { ok: true, id: user.id };
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    if (error.reason === "frozen") return { ok: false, reason: "frozen", userId: error.userId! };
    await recordLoginFailure(email, ip);
    return { ok: false, reason: "invalidCredentials" };
  }
}

/** A correct password forgets the account's failures and this address's on it (not the address's own count). */
export async function recordLoginSuccess(email: string, ip: string | null): Promise<void> {
  await clear(rateKeys.loginAccount(email));
  await clear(rateKeys.loginPair(email, addressOf(ip)));
}

/** The e-mail code proved the owner: the account's counters, from every address, are forgotten. */
export async function forgetLoginFailures(email: string): Promise<void> {
  await clear(rateKeys.loginAccount(email));
  await clearPrefix(rateKeys.loginPairs(email));
}
