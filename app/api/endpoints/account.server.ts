// Session and account calls (customer-portal.md 7, administration.md 7
// "Auth and lists", "Current user"): the login page's and the personal
// centre's domain functions behind the legacy paths.
import { UPLOAD_LIMITS, uploadBodyLimit } from "~/utils/upload-limits";
import { z } from "~/utils/zod";
import { signIn, verifyLogin } from "~/domain/accounts/auth.server";
import { replaceAvatar } from "~/domain/accounts/avatar.server";
import { sendEmailCode } from "~/domain/accounts/email-codes.server";
import { changePassword, loadProfile, updateProfile } from "~/domain/accounts/profile.server";
import { registerUser, resetPassword, selfServiceRoles } from "~/domain/accounts/registration.server";
import { changePasswordSchema, loginSchema, profileSchema, registerSchema, resetPasswordSchema, sendCodeSchema } from "~/domain/accounts/schemas";
import { createDbSession, revokeSession } from "~/domain/accounts/session.server";
import { loadViewer, type Viewer } from "~/domain/accounts/viewer.server";
import { modeByKey } from "~/domain/modes";
import { hasPath } from "~/domain/permissions/permissions.server";
import { readHistory, saveHistory, splitHistory } from "~/domain/rates/history.server";
import { minutesToWait } from "~/domain/security/rate-limit.server";
import { userOptions } from "~/domain/users/users.server";
import { formatDateTime } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { ApiError, PUBLIC, USER, badRequest, fromOutcome, ok, staff, type ApiContext, type Endpoint } from "../core.server";
import { LEGACY_MODES, LEGACY_USER_FIELDS } from "../legacy";

const USER_LIST = "/userList";

const CONTACT_FIELDS = { id: true, username: true, phone: true, email: true, landline: true, qq: true, wxCodePath: true } as const;

/** The current user as the old client kept it (customer-portal.md 3, "Session and user info"). */
export async function legacyUserInfo(viewer: Viewer) {
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
  const contact = (prefix: string, c: NonNullable<typeof contacts>["sales"]) => ({
    [`${prefix}_id`]: c?.id ?? null,
    [`${prefix}_username`]: c?.username ?? null,
    [`${prefix}_phone`]: c?.phone ?? null,
    [`${prefix}_email`]: c?.email ?? null,
    [`${prefix}_landline`]: c?.landline ?? null,
    [`${prefix}_qq`]: c?.qq ?? null,
    [`${prefix}_wx_code`]: c?.wxCodePath ? `/wx-codes/${c.wxCodePath}` : null,
  });
  const history: Record<string, string> = {};
  for (const [legacy, lists] of histories) {
    history[`historyquery_${legacy}`] = lists.from.join("|");
    history[`query_pod_${legacy}`] = lists.to.join("|");
  }
  return {
    id: profile.id,
    email: profile.email,
    username: profile.username,
    nickname: profile.nickname,
    phone: profile.phone,
    company: profile.company,
    businessaddress: profile.businessAddress,
    iae_countries: profile.iaeCountries,
    user_pic: profile.avatarPath ? `/avatars/${profile.avatarPath}` : null,
    statesw: profile.state,
    rid: profile.role.id,
    role_name: profile.role.name,
    customer_rating: viewer.customerRating,
    audit: profile.audit,
    audit_zl: profile.profileAudit,
    pending: { company: profile.pendingCompany, businessaddress: profile.pendingBusinessAddress, iae_countries: profile.pendingIaeCountries },
    create_time: formatDateTime(profile.createdAt),
    last_login_time: profile.lastLoginAt ? formatDateTime(profile.lastLoginAt) : null,
    ...contact("kf", contacts?.customerService ?? null),
    ...contact("xs", contacts?.sales ?? null),
    ...history,
  };
}

async function sendCode(ctx: ApiContext, purpose: "REGISTER" | "RESET_PASSWORD") {
  // The old client posted the address as `data`.
  const { email } = await ctx.parse(sendCodeSchema, { data: "email" });
  const sent = await sendEmailCode({ email, purpose, lng: ctx.lng, ip: ctx.ip });
  if (!sent.ok) throw new ApiError(sent.field ? 2 : 1, sent.message, sent.status);
  return ok(null, purpose === "REGISTER" ? { key: "account.register.codeSent", values: { email } } : { key: "account.reset.codeSent", values: { email } });
}

async function updateOwnProfile(ctx: ApiContext) {
  const input = await ctx.parse(profileSchema, LEGACY_USER_FIELDS);
  const outcome = await updateProfile(ctx.user.id, input);
  if (outcome.ok) return ok({ pendingReview: outcome.pendingReview }, outcome.pendingReview ? "account.profile.savedPending" : "account.profile.saved");
  return fromOutcome(outcome, "account.profile.saved", "api.failed", { statusFor: duplicateStatus });
}

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

const historyEndpoints: Endpoint[] = Object.entries(LEGACY_MODES).map(([legacy, key]) => ({
  method: "PUT",
  path: `/my/save${legacy}`,
  access: USER,
  summary: `Save the newest ${key} search in the user's history (from = origin entry, to = destination entry; legacy historyquery / query_pod).`,
  fields: [
    { name: "from", description: "name/code/Chinese name (air: ; separated)" },
    { name: "to", description: "name/code/Chinese name" },
  ],
  async handler(ctx) {
    const input = await ctx.parse(historySchema, { historyquery: "from", query_pod: "to", [`historyquery_${legacy}`]: "from", [`query_pod_${legacy}`]: "to" });
    const from = newestEntry(input.from);
    const to = newestEntry(input.to);
    if (!from && !to) throw badRequest("api.badHistory");
    const mode = modeByKey(key);
    await saveHistory(ctx.user.id, mode, { from, to });
    return ok(await readHistory(ctx.user.id, mode));
  },
}));

export const accountEndpoints: Endpoint[] = [
  {
    method: "POST",
    path: "/api/login",
    access: PUBLIC,
    summary: "Sign in; returns a token to send as `Authorization: Bearer <token>` (a revocable session, 10 h idle expiry).",
    fields: [
      { name: "email", required: true },
      { name: "password", required: true },
    ],
    async handler(ctx) {
      const { email, password } = await ctx.parse(loginSchema);
      const result = await signIn(email, ctx.ip, () => verifyLogin(email, password));
      if (!result.ok) {
        if (result.reason === "tooManyAttempts") {
          throw new ApiError(429, { key: "account.login.tooManyAttempts", values: { minutes: minutesToWait(result.blocked) } }, 429);
        }
        throw new ApiError(1, `account.login.${result.reason}`, result.reason === "frozen" ? 403 : 400);
      }
      const token = await createDbSession(result.id, ctx.request, "api");
      const user = await loadViewer(result.id);
      return ok({ token, user: user ? await legacyUserInfo(user) : null }, "api.loggedIn");
    },
  },
  {
    method: "POST",
    path: "/api/logout",
    access: USER,
    summary: "End the token's session.",
    async handler(ctx) {
      if (ctx.sessionId) await revokeSession(ctx.sessionId);
      return ok(null, "common.messages.logoutSuccess");
    },
  },
  {
    method: "POST",
    path: "/api/wxweblogin",
    access: PUBLIC,
    summary: "WeChat web sign-in. Not offered: this portal has no WeChat application credentials (docs/decisions/501-legacy-api.md).",
    async handler() {
      throw new ApiError(1, "api.wechatUnavailable", 400);
    },
  },
  {
    method: "GET",
    path: "/api/code",
    access: PUBLIC,
    summary: "WeChat sign-in QR code. Not offered, as /api/wxweblogin.",
    async handler() {
      throw new ApiError(1, "api.wechatUnavailable", 400);
    },
  },
  {
    method: "POST",
    path: "/api/email",
    access: PUBLIC,
    summary: "Send a registration code to an e-mail address (body `data` or `email`). Status 2: the address is already registered.",
    fields: [{ name: "email", required: true, description: "legacy: data" }],
    handler: (ctx) => sendCode(ctx, "REGISTER"),
  },
  {
    method: "POST",
    path: "/api/resetemail",
    access: PUBLIC,
    summary: "Send a password-reset code (answers alike for unknown addresses).",
    fields: [{ name: "email", required: true, description: "legacy: data" }],
    handler: (ctx) => sendCode(ctx, "RESET_PASSWORD"),
  },
  {
    method: "POST",
    path: "/api/reguser",
    access: PUBLIC,
    summary: "Register (pending audit). Status 2: e-mail already registered; 3: phone already registered.",
    fields: ["email", "code", "password", "confirmPassword", "username", "phone", "company", "businessAddress", "iaeCountries", "roleId", "agreement"].map((name) => ({
      name,
      required: true,
    })),
    async handler(ctx) {
      const input = await ctx.parse(registerSchema, LEGACY_USER_FIELDS);
      const outcome = await registerUser(input, ctx.ip);
      if (outcome.ok) return ok({ id: outcome.userId }, "account.register.success");
      return fromOutcome(outcome, "account.register.success", "account.register.failed", { statusFor: duplicateStatus });
    },
  },
  {
    method: "PUT",
    path: "/api/resetpassword",
    access: PUBLIC,
    summary: "Set a new password with the e-mailed code.",
    fields: ["email", "code", "password", "confirmPassword"].map((name) => ({ name, required: true })),
    async handler(ctx) {
      const input = await ctx.parse(resetPasswordSchema, LEGACY_USER_FIELDS);
      return fromOutcome(await resetPassword(input), "account.reset.success", "account.reset.failed");
    },
  },
  {
    method: "GET",
    path: "/api/role",
    access: PUBLIC,
    summary: "Roles a registering customer may choose (staff with the user list get every assignable role).",
    async handler(ctx) {
      if (ctx.viewer && hasPath(ctx.viewer, USER_LIST)) {
        const { roles } = await userOptions();
        return ok(roles.map((r) => ({ id: r.id, roleName: r.name, selfService: r.selfService })));
      }
      const roles = await selfServiceRoles();
      return ok(roles.map((r) => ({ id: r.id, roleName: r.name, selfService: true })));
    },
  },
  {
    method: "GET",
    path: "/api/customer",
    access: staff(USER_LIST),
    summary: "Customer-service staff (for the user dialogs).",
    async handler() {
      const { services } = await userOptions();
      return ok(services.map((u) => ({ id: u.id, username: u.username, nickname: u.nickname })));
    },
  },
  {
    method: "GET",
    path: "/api/sales",
    access: staff(USER_LIST),
    summary: "Salespeople (for the user dialogs).",
    async handler() {
      const { sales } = await userOptions();
      return ok(sales.map((u) => ({ id: u.id, username: u.username, nickname: u.nickname })));
    },
  },
  {
    method: "GET",
    path: "/my/userinfo",
    access: USER,
    summary: "The current user: profile, state, audit, tier, contacts (kf_*, xs_*), search history per mode.",
    async handler(ctx) {
      return ok(await legacyUserInfo(ctx.user));
    },
  },
  {
    method: "POST",
    path: "/my/userinfo",
    access: USER,
    summary: "Update the profile. For an audited account, company, business address and countries wait for staff review (data.pendingReview).",
    fields: ["username", "nickname", "phone", "company", "businessAddress", "iaeCountries"].map((name) => ({ name, required: true })),
    handler: updateOwnProfile,
  },
  {
    method: "POST",
    path: "/my/userinfosh",
    access: USER,
    summary: "Submit profile changes for review (same rule as POST /my/userinfo).",
    fields: ["username", "nickname", "phone", "company", "businessAddress", "iaeCountries"].map((name) => ({ name, required: true })),
    handler: updateOwnProfile,
  },
  {
    method: "POST",
    path: "/my/updatepwd",
    access: USER,
    summary: "Change the password (old password checked; the user's other sessions end).",
    fields: ["oldPassword", "password", "confirmPassword"].map((name) => ({ name, required: true })),
    async handler(ctx) {
      const input = await ctx.parse(changePasswordSchema, { old_pwd: "oldPassword", oldpassword: "oldPassword", new_pwd: "password", re_pwd: "confirmPassword" });
      return fromOutcome(await changePassword(ctx.user.id, ctx.sessionId, input), "account.password.success", "api.failed");
    },
  },
  {
    method: "POST",
    path: "/my/update/avatar",
    access: USER,
    multipart: true,
    bodyLimit: uploadBodyLimit(UPLOAD_LIMITS.avatar),
    summary: "Replace the avatar (multipart field `avatar`, JPEG or PNG, at most 2 MB).",
    fields: [{ name: "avatar", type: "file", required: true }],
    async handler(ctx) {
      const result = await replaceAvatar(ctx.request, ctx.user.id);
      if (!result.ok) throw new ApiError(1, result.key, result.status);
      return ok({ user_pic: `/avatars/${result.name}` }, "account.avatar.success");
    },
  },
  ...historyEndpoints,
];
