// Sign-in with remix-auth's form strategy. remix-auth 4 keeps no session of
// its own: the verified user goes into our database session (session.server).
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { prisma } from "~/utils/db.server";
import { hashPassword, verifyPassword } from "./password.server";

/** Why a sign-in failed; each maps to one message of the login screen. */
export type LoginFailure = "invalidCredentials" | "frozen";

export class LoginError extends Error {
  constructor(public readonly reason: LoginFailure) {
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
  if (user.state === 2) throw new LoginError("frozen");
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
