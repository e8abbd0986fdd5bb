// Self-service registration and password reset by e-mail code.
import { prisma } from "~/utils/db.server";
import { hit, peek, minutesToWait, RATE_RULES, rateKeys } from "~/domain/security/rate-limit.server";
import { forgetLoginFailures } from "./auth.server";
import type { FlashMessage } from "~/domain/outcome";
import { checkEmailCode, claimEmailCode, codeProblemKey } from "./email-codes.server";
import { hashPassword } from "./password.server";
import type { RegisterInput, ResetPasswordInput } from "./schemas";
import { revokeUserSessions } from "./session.server";
import { AUDIT, ACCOUNT_STATE } from "~/domain/accounts/status";
import { uniqueViolation } from "~/utils/unique-violation.server";
import type { FieldErrors, Outcome as GeneralOutcome } from "~/domain/outcome";

/** Registration and profile outcomes carry a flash message (key, kind, values). */
export type Outcome<T = object> = GeneralOutcome<T, FlashMessage>;

/** Roles offered at registration: direct customer, peer customer, overseas agent. */
export function selfServiceRoles() {
  return prisma.role.findMany({ where: { selfService: true }, orderBy: { id: "asc" }, select: { id: true, name: true, nameEn: true } });
}

/**
 * Which of e-mail, phone and username another account already uses. Usernames
 * compare without case, so "Alice" and "alice" cannot both exist.
 */
export async function findDuplicates(
  values: { email?: string; phone?: string; username?: string },
  exceptUserId?: number,
): Promise<FieldErrors> {
  const not = exceptUserId ? { id: { not: exceptUserId } } : {};
  const [email, phone, username] = await Promise.all([
    values.email ? prisma.user.findFirst({ where: { email: values.email.toLowerCase(), ...not }, select: { id: true } }) : null,
    values.phone ? prisma.user.findFirst({ where: { phone: values.phone, ...not }, select: { id: true } }) : null,
    values.username
      ? prisma.user.findFirst({ where: { username: { equals: values.username, mode: "insensitive" }, ...not }, select: { id: true } })
      : null,
  ]);
  const errors: FieldErrors = {};
  if (email) errors.email = ["account.register.emailTaken"];
  if (phone) errors.phone = ["account.register.phoneTaken"];
  if (username) errors.username = ["account.register.usernameTaken"];
  return errors;
}

class CodeAlreadyUsed extends Error {}

/**
 * A new account: audit 1 (pending), state 1, no tier and no sales or
 * customer-service contact until staff audit and assign them
 * (docs/decisions/101-accounts.md).
 */
export async function registerUser(input: RegisterInput, ip: string | null, lng: string): Promise<Outcome<{ userId: number }>> {
  if (ip) {
    const limit = await peek(rateKeys.registerAddress(ip), RATE_RULES.registerAddress);
    if (!limit.allowed) {
      return {
        ok: false,
        status: 429,
        message: { type: "error", key: "account.register.tooMany", values: { minutes: minutesToWait(limit) } },
      };
    }
  }
  const role = await prisma.role.findFirst({ where: { id: input.roleId, selfService: true }, select: { id: true } });
  if (!role) return { ok: false, status: 400, fieldErrors: { roleId: ["validation.roleRequired"] } };

  const duplicates = await findDuplicates(input);
  if (Object.keys(duplicates).length > 0) return { ok: false, status: 400, fieldErrors: duplicates };

  const check = await checkEmailCode(input.email, "REGISTER", input.code);
  if (!check.ok) return { ok: false, status: 400, fieldErrors: { code: [codeProblemKey(check.problem)] } };

  const passwordHash = await hashPassword(input.password);
  try {
    const user = await prisma.$transaction(async (tx) => {
      if (!(await claimEmailCode(tx, check.id))) throw new CodeAlreadyUsed();
      return tx.user.create({
        data: {
          email: input.email,
          language: lng,
          passwordHash,
          username: input.username,
          phone: input.phone,
          company: input.company,
          businessAddress: input.businessAddress,
          iaeCountries: input.iaeCountries,
          roleId: role.id,
          regMethod: "register",
          state: ACCOUNT_STATE.active,
          audit: AUDIT.pending,
          customerRating: null,
          salesId: null,
          customerServiceId: null,
        },
        select: { id: true },
      });
    });
    if (ip) await hit(rateKeys.registerAddress(ip), RATE_RULES.registerAddress);
    return { ok: true, userId: user.id };
  } catch (error) {
    if (error instanceof CodeAlreadyUsed) {
      return { ok: false, status: 400, fieldErrors: { code: [codeProblemKey("invalid")] } };
    }
    if (uniqueViolation(error)) {
      // Another registration won the race for the same e-mail, phone or name.
      const raced = await findDuplicates(input);
      return Object.keys(raced).length > 0
        ? { ok: false, status: 400, fieldErrors: raced }
        : { ok: false, status: 400, message: { type: "error", key: "account.register.failed" } };
    }
    throw error;
  }
}

/**
 * New password by e-mail code. Every session of the account ends (whoever
 * knew the old password is signed out) and its login failures are forgotten.
 */
export async function resetPassword(input: ResetPasswordInput): Promise<Outcome> {
  const check = await checkEmailCode(input.email, "RESET_PASSWORD", input.code);
  if (!check.ok) return { ok: false, status: 400, fieldErrors: { code: [codeProblemKey(check.problem)] } };
  const user = await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (!user) return { ok: false, status: 400, fieldErrors: { code: [codeProblemKey("invalid")] } };
  const passwordHash = await hashPassword(input.password);
  const done = await prisma.$transaction(async (tx) => {
    if (!(await claimEmailCode(tx, check.id))) return false;
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    await revokeUserSessions(user.id, { tx });
    return true;
  });
  if (!done) return { ok: false, status: 400, fieldErrors: { code: [codeProblemKey("invalid")] } };
  await forgetLoginFailures(input.email);
  return { ok: true };
}
