// The personal centre: profile, pending profile changes, password, avatar.
import { prisma } from "~/utils/db.server";
import { deleteAvatarFile } from "~/utils/uploads.server";
import { hit, peek, minutesToWait, RATE_RULES, rateKeys } from "~/domain/security/rate-limit.server";
import { hashPassword, verifyPassword } from "./password.server";
import { findDuplicates, type Outcome } from "./registration.server";
import { uniqueViolation } from "~/utils/unique-violation.server";
import type { ProfileInput } from "./schemas";
import { revokeUserSessions } from "./session.server";
import { AUDIT } from "~/domain/accounts/status";

const contact = { select: { username: true, nickname: true, phone: true, email: true, landline: true, qq: true } } as const;

/** Everything the personal centre shows (customer-portal.md 3, profile fields). */
export async function loadProfile(userId: number) {
  return prisma.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      username: true,
      nickname: true,
      phone: true,
      company: true,
      businessAddress: true,
      iaeCountries: true,
      avatarPath: true,
      audit: true,
      state: true,
      profileAudit: true,
      pendingCompany: true,
      pendingBusinessAddress: true,
      pendingIaeCountries: true,
      createdAt: true,
      lastLoginAt: true,
      role: { select: { id: true, name: true, nameEn: true } },
      sales: contact,
      customerService: contact,
    },
  });
}

export type Profile = NonNullable<Awaited<ReturnType<typeof loadProfile>>>;

/** Company, business address and import/export countries: audited fields once the account passed. */
const AUDITED_FIELDS = ["company", "businessAddress", "iaeCountries"] as const;

/**
 * Saves the profile. For an audited account (audit 2) a change of company,
 * business address or import/export countries becomes a pending profile
 * change (profileAudit 1) that staff approve; the other fields change at
 * once. Unaudited accounts change everything directly (the registration
 * audit still covers them).
 */
export async function updateProfile(userId: number, input: ProfileInput, lng: string): Promise<Outcome<{ pendingReview: boolean }>> {
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: { audit: true, company: true, businessAddress: true, iaeCountries: true },
  });
  if (!user) return { ok: false, status: 404 };
  const duplicates = await findDuplicates({ phone: input.phone, username: input.username }, userId);
  if (Object.keys(duplicates).length > 0) return { ok: false, status: 400, fieldErrors: duplicates };

  const direct = { username: input.username, nickname: input.nickname, phone: input.phone };
  const auditedChanged = AUDITED_FIELDS.some((field) => (user[field] ?? "") !== input[field]);
  const needsReview = user.audit === AUDIT.passed && auditedChanged;
  try {
    await prisma.user.update({
      where: { id: userId },
      data: needsReview
        ? {
            ...direct,
            language: lng,
            profileAudit: AUDIT.pending,
            pendingCompany: input.company,
            pendingBusinessAddress: input.businessAddress,
            pendingIaeCountries: input.iaeCountries,
          }
        : user.audit === AUDIT.passed
          ? direct
          : { ...direct, company: input.company, businessAddress: input.businessAddress, iaeCountries: input.iaeCountries },
    });
  } catch (error) {
    if (uniqueViolation(error)) {
      return { ok: false, status: 400, fieldErrors: await findDuplicates({ phone: input.phone, username: input.username }, userId) };
    }
    throw error;
  }
  return { ok: true, pendingReview: needsReview };
}

/**
 * Change of password: the old one must be right (5 wrong tries per 15 min),
 * the new one differs (schema). Every other session of the user ends.
 */
export async function changePassword(
  userId: number,
  currentSessionId: string | null,
  input: { oldPassword: string; password: string },
): Promise<Outcome> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!user) return { ok: false, status: 404 };
  const limit = await peek(rateKeys.passwordChange(userId), RATE_RULES.passwordChange);
  if (!limit.allowed) {
    return {
      ok: false,
      status: 429,
      message: { type: "error", key: "account.password.tooManyAttempts", values: { minutes: minutesToWait(limit) } },
    };
  }
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    await hit(rateKeys.passwordChange(userId), RATE_RULES.passwordChange);
    return { ok: false, status: 400, fieldErrors: { oldPassword: ["account.password.oldWrong"] } };
  }
  const passwordHash = await hashPassword(input.password);
  await prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    await revokeUserSessions(userId, { tx, exceptSessionId: currentSessionId ?? undefined });
  });
  return { ok: true };
}

/** Points the user at a newly stored avatar file and removes the old file. */
export async function setAvatar(userId: number, name: string): Promise<void> {
  const before = await prisma.user.findUnique({ where: { id: userId }, select: { avatarPath: true } });
  await prisma.user.update({ where: { id: userId }, data: { avatarPath: name } });
  if (before?.avatarPath && before.avatarPath !== name) await deleteAvatarFile(before.avatarPath);
}
