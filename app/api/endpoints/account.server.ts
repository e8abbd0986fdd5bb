// Session and account calls (customer-portal.md 7, administration.md 7
// "Auth and lists", "Current user"): the login page's and the personal
// centre's domain functions behind the legacy paths.
import { UPLOAD_LIMITS, uploadBodyLimit } from "~/utils/upload-limits";
import { z } from "~/utils/zod";
import { signIn, signInRefusal, verifyLogin } from "~/domain/accounts/auth.server";
import { replaceAvatar } from "~/domain/accounts/avatar.server";
import { sendFormCode } from "~/domain/accounts/email-codes.server";
import { changePassword, loadProfile, updateProfile } from "~/domain/accounts/profile.server";
import { registerUser, resetPassword, selfServiceRoles } from "~/domain/accounts/registration.server";
import {
  changePasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
  sendCodeSchema,
} from "~/domain/accounts/schemas";
import { createDbSession, revokeSession } from "~/domain/accounts/session.server";
import { loadViewer, type Viewer } from "~/domain/accounts/viewer.server";
import { modeByKey } from "~/domain/modes";
import { mayPerform } from "~/domain/permissions/operations.server";
import { readHistory, saveHistory, splitHistory } from "~/domain/rates/history.server";
import { contactChoices, grantableRoles } from "~/domain/users/users.server";
import { prisma } from "~/utils/db.server";
import { ApiError, PUBLIC, USER, badRequest, fromOutcome, ok, op, type ApiContext, type Endpoint } from "../contract/core.server";
import {
  AvatarEntity,
  CodeRequestEntity,
  CreatedEntity,
  CurrentUserEntity,
  PasswordChangeEntity,
  RegistrationEntity,
  RoleOptionEntity,
  SalesOptionEntity,
  ServiceOptionEntity,
  historyEntity,
} from "../contract/entities";
import { LEGACY_MODES } from "../contract/legacy";
import { shape } from "../contract/wire";

const CONTACT_FIELDS = { id: true, username: true, phone: true, email: true, landline: true, qq: true, wxCodePath: true } as const;

/**
 * The current user as the old client kept it (customer-portal.md 3,
 * "Session and user info"), under the domain's names: CurrentUserEntity
 * puts it on the wire.
 */
export async function currentUser(viewer: Viewer) {
  // Independent reads, side by side (login answers with this).
  const [profile, contacts, histories] = await Promise.all([
    loadProfile(viewer.id),
    prisma.user.findUnique({
      where: { id: viewer.id },
      select: {
        customerService: { select: CONTACT_FIELDS },
        sales: { select: CONTACT_FIELDS },
      },
    }),
    Promise.all(Object.entries(LEGACY_MODES).map(async ([legacy, key]) => [legacy, await readHistory(viewer.id, modeByKey(key))] as const)),
  ]);
  if (!profile) return null;
  return {
    ...profile,
    roleId: profile.role.id,
    roleName: profile.role.name,
    customerRating: viewer.customerRating,
    customerService: contacts?.customerService ?? null,
    sales: contacts?.sales ?? null,
    history: Object.fromEntries(histories),
  };
}

async function sendCode(ctx: ApiContext, form: "register" | "reset") {
  const { email } = await ctx.parse(sendCodeSchema);
  const sent = await sendFormCode(form, { email, lng: ctx.lng, ip: ctx.ip });
  if (!sent.ok) throw new ApiError(sent.field ? 2 : 1, sent.message, sent.status);
  return ok(null, { key: sent.message.key, values: sent.message.values });
}

async function updateOwnProfile(ctx: ApiContext) {
  const input = await ctx.parse(profileSchema);
  const outcome = await updateProfile(ctx.user.id, input, ctx.lng);
  if (outcome.ok)
    return ok({ pending: outcome.pendingReview }, outcome.pendingReview ? "account.profile.savedPending" : "account.profile.saved");
  return fromOutcome(outcome, "account.profile.saved", "api.failed", { statusFor: duplicateStatus });
}

const profileSaved = {
  data: shape.object({ pending: shape.scalar("boolean", "company, businessaddress or iaecountries wait for staff review") }),
};

/** The spec's duplicate statuses: 2 e-mail (registration), 3 phone. */
function duplicateStatus(fieldErrors: Record<string, string[]>): number | null {
  if (fieldErrors.email) return 2;
  if (fieldErrors.phone) return 3;
  return null;
}

const historySchema = z.object({
  from: z.string().trim().max(1000).optional(),
  to: z.string().trim().max(1000).optional(),
});

/** The newest entry of a '|'-joined list (the old client sent the whole list). */
function newestEntry(list: string | undefined): string | null {
  const entry = splitHistory(list)[0];
  if (!entry) return null;
  if (entry.length > 200) throw badRequest("api.badHistory");
  return entry;
}

const historyEndpoints: Endpoint[] = Object.entries(LEGACY_MODES).map(([legacy, key]): Endpoint => {
  const history = historyEntity(legacy);
  return {
    method: "PUT",
    path: `/my/save${legacy}`,
    access: op("search.history"),
    summary: `Save the newest ${key} search in the user's history: the '|'-joined lists as GET /my/userinfo shows them (historyquery_*, query_pod_* of the mode); the first entry of each is the new one. Answers the lists.`,
    input: history,
    response: { data: shape.one(history) },
    async handler(ctx) {
      const input = await ctx.parse(historySchema);
      const from = newestEntry(input.from);
      const to = newestEntry(input.to);
      if (!from && !to) throw badRequest("api.badHistory");
      const mode = modeByKey(key);
      await saveHistory(ctx.user.id, mode, { from, to });
      const lists = await readHistory(ctx.user.id, mode);
      return ok({ from: lists.from.join("|"), to: lists.to.join("|") });
    },
  };
});

const done = { data: shape.none };
const created = { data: shape.one(CreatedEntity) };

export const accountEndpoints: Endpoint[] = [
  {
    method: "POST",
    path: "/api/login",
    access: op("session.login"),
    summary:
      "Sign in; returns a token to send as `Authorization: Bearer <token>` (a revocable session, 10 h idle expiry) and the current user.",
    fields: [
      { name: "email", required: true },
      { name: "password", required: true },
    ],
    response: { data: shape.object({ token: shape.scalar("string", "the session token", "Zk3…"), user: shape.one(CurrentUserEntity) }) },
    async handler(ctx) {
      const { email, password } = await ctx.parse(loginSchema);
      const result = await signIn(email, ctx.ip, () => verifyLogin(email, password));
      if (!result.ok) {
        const { status, key, values } = signInRefusal(result);
        throw new ApiError(status === 429 ? 429 : 1, values ? { key, values } : key, status);
      }
      const token = await createDbSession(result.id, ctx.request, "api");
      const user = await loadViewer(result.id);
      return ok({ token, user: user ? await currentUser(user) : null }, "api.loggedIn");
    },
  },
  {
    method: "POST",
    path: "/api/logout",
    access: op("session.logout"),
    summary: "End the token's session.",
    response: done,
    async handler(ctx) {
      if (ctx.sessionId) await revokeSession(ctx.sessionId);
      return ok(null, "common.messages.logoutSuccess");
    },
  },
  {
    method: "POST",
    path: "/api/wxweblogin",
    access: op("session.login"),
    summary: "WeChat web sign-in. Not offered: this portal has no WeChat application credentials (docs/decisions/501-legacy-api.md).",
    response: done,
    async handler() {
      throw new ApiError(1, "api.wechatUnavailable", 400);
    },
  },
  {
    method: "GET",
    path: "/api/code",
    access: PUBLIC,
    summary: "WeChat sign-in QR code. Not offered, as /api/wxweblogin.",
    response: done,
    async handler() {
      throw new ApiError(1, "api.wechatUnavailable", 400);
    },
  },
  {
    method: "POST",
    path: "/api/email",
    access: op("signup.sendCode"),
    summary: "Send a registration code to an e-mail address (body `data`, also `email`). Status 2: the address is already registered.",
    input: CodeRequestEntity,
    response: done,
    handler: (ctx) => sendCode(ctx, "register"),
  },
  {
    method: "POST",
    path: "/api/resetemail",
    access: op("signup.sendCode"),
    summary: "Send a password-reset code (body `data`, also `email`; answers alike for unknown addresses).",
    input: CodeRequestEntity,
    response: done,
    handler: (ctx) => sendCode(ctx, "reset"),
  },
  {
    method: "POST",
    path: "/api/reguser",
    access: op("signup.register"),
    summary: "Register (pending audit). Status 2: e-mail already registered; 3: phone already registered.",
    input: RegistrationEntity,
    response: created,
    async handler(ctx) {
      const input = await ctx.parse(registerSchema);
      const outcome = await registerUser(input, ctx.ip, ctx.lng);
      if (outcome.ok) return ok({ id: outcome.userId }, "account.register.success");
      return fromOutcome(outcome, "account.register.success", "account.register.failed", { statusFor: duplicateStatus });
    },
  },
  {
    method: "PUT",
    path: "/api/resetpassword",
    access: op("signup.resetPassword"),
    summary: "Set a new password with the e-mailed code (email, code, password, repassword).",
    input: RegistrationEntity,
    response: done,
    async handler(ctx) {
      const input = await ctx.parse(resetPasswordSchema);
      return fromOutcome(await resetPassword(input), "account.reset.success", "account.reset.failed");
    },
  },
  {
    method: "GET",
    path: "/api/role",
    access: PUBLIC,
    summary: "Roles a registering customer may choose (staff who add or edit users: the roles they may grant).",
    response: { data: shape.list(RoleOptionEntity) },
    async handler(ctx) {
      if (ctx.viewer && (mayPerform(ctx.viewer, "user.create") || mayPerform(ctx.viewer, "user.update"))) {
        return ok(await grantableRoles(ctx.viewer));
      }
      return ok(await selfServiceRoles());
    },
  },
  {
    method: "GET",
    path: "/api/customer",
    access: op("user.read"),
    summary: "Customer-service staff (for the user dialogs).",
    response: { data: shape.list(ServiceOptionEntity) },
    async handler() {
      const { services } = await contactChoices();
      return ok(services);
    },
  },
  {
    method: "GET",
    path: "/api/sales",
    access: op("user.read"),
    summary: "Salespeople (for the user dialogs).",
    response: { data: shape.list(SalesOptionEntity) },
    async handler() {
      const { sales } = await contactChoices();
      return ok(sales);
    },
  },
  {
    method: "GET",
    path: "/my/userinfo",
    access: USER,
    summary: "The current user: profile, state, audit, tier, contacts (kf_*, xs_*), search history per mode.",
    response: { data: shape.one(CurrentUserEntity) },
    async handler(ctx) {
      return ok(await currentUser(ctx.user));
    },
  },
  {
    method: "POST",
    path: "/my/userinfo",
    access: op("own.profile"),
    summary:
      "Update the profile (what GET /my/userinfo returns is accepted unchanged). For an audited account, company, businessaddress and iaecountries wait for staff review (data.pending).",
    input: CurrentUserEntity,
    response: profileSaved,
    handler: updateOwnProfile,
  },
  {
    method: "POST",
    path: "/my/userinfosh",
    access: op("own.profile"),
    summary: "Submit profile changes for review (same rule as POST /my/userinfo).",
    input: CurrentUserEntity,
    response: profileSaved,
    handler: updateOwnProfile,
  },
  {
    method: "POST",
    path: "/my/updatepwd",
    access: op("own.password"),
    summary: "Change the password (old password checked; the user's other sessions end).",
    input: PasswordChangeEntity,
    response: done,
    async handler(ctx) {
      const input = await ctx.parse(changePasswordSchema);
      return fromOutcome(await changePassword(ctx.user.id, ctx.sessionId, input), "account.password.success", "api.failed");
    },
  },
  {
    method: "POST",
    path: "/my/update/avatar",
    access: op("own.avatar"),
    multipart: true,
    bodyLimit: uploadBodyLimit(UPLOAD_LIMITS.avatar),
    summary: "Replace the avatar (multipart field `avatar`, JPEG or PNG, at most 2 MB).",
    fields: [{ name: "avatar", type: "file", required: true }],
    response: { data: shape.one(AvatarEntity) },
    async handler(ctx) {
      const result = await replaceAvatar(ctx.request, ctx.user.id);
      if (!result.ok) throw new ApiError(1, result.key, result.status);
      return ok({ avatarPath: result.name }, "account.avatar.success");
    },
  },
  ...historyEndpoints,
];
