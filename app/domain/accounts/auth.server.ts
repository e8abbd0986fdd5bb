// Sign-in with remix-auth's form strategy. remix-auth 4 keeps no session of
// its own: the verified user goes into our database session (session.server).
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { prisma } from "~/utils/db.server";
import { clear, hit, peek, RATE_RULES, rateKeys, type RateState } from "~/domain/security/rate-limit.server";
import { hashPassword, verifyPassword } from "./password.server";

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
  if (user.state === 2) throw new LoginError("frozen", user.id);
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

// Login throttling (docs/decisions/101-accounts.md): failures are counted per
// account (the e-mail typed, registered or not: no enumeration) and per client
// address; while either is over its limit no password is checked at all.

/** The limit that blocks this login, or null when it may be tried. */
export async function loginThrottle(email: string, ip: string | null): Promise<RateState | null> {
  const account = await peek(rateKeys.loginAccount(email), RATE_RULES.loginAccount);
  if (!account.allowed) return account;
  if (ip) {
    const address = await peek(rateKeys.loginAddress(ip), RATE_RULES.loginAddress);
    if (!address.allowed) return address;
  }
  return null;
}

export async function recordLoginFailure(email: string, ip: string | null): Promise<void> {
  await hit(rateKeys.loginAccount(email), RATE_RULES.loginAccount);
  if (ip) await hit(rateKeys.loginAddress(ip), RATE_RULES.loginAddress);
}

export type SignInResult =
  | { ok: true; id: number }
  | { ok: false; reason: "invalidCredentials" }
  | { ok: false; reason: "frozen"; userId: number }
  | { ok: false; reason: "tooManyAttempts"; blocked: RateState };

/**
 * The whole sign-in rule, for the login page and POST /api/login alike:
 * throttled accounts and addresses are refused before any password check,
 * failures are counted, success forgets the account's failures. `verify`
 * checks the password (the page goes through remix-auth's form strategy).
 */
export async function signIn(email: string, ip: string | null, verify: () => Promise<{ id: number }>): Promise<SignInResult> {
  const blocked = await loginThrottle(email, ip);
  if (blocked) return { ok: false, reason: "tooManyAttempts", blocked };
  try {
    const user = await verify();
    await recordLoginSuccess(email);
    return { ok: true, id: user.id };
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    if (error.reason === "frozen") return { ok: false, reason: "frozen", userId: error.userId! };
    await recordLoginFailure(email, ip);
    return { ok: false, reason: "invalidCredentials" };
  }
}

/** A correct password forgets the account's failures (not the address's). */
export async function recordLoginSuccess(email: string): Promise<void> {
  await clear(rateKeys.loginAccount(email));
}
