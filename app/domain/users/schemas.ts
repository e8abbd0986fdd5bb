// User-management forms (administration.md 5 "Add user", "Edit user").
// Messages are translation keys; the field rules are the registration ones.
import { z } from "~/utils/zod";
import { PHONE_PATTERN } from "~/domain/accounts/schemas";

function text(required: string, length: string, max: number) {
  return z.string({ required_error: required }).trim().min(1, required).max(max, length);
}

/** Ids are PostgreSQL integers: larger numbers are invalid input, not a database error. */
const id = (message: string) =>
  z.coerce.number({ required_error: message, invalid_type_error: message }).int(message).positive(message).max(2_147_483_647, message);

const optional = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || null);

export const userFields = {
  username: text("validation.usernameRequired", "validation.usernameLength", 15),
  phone: z.string({ required_error: "validation.phoneRequired" }).trim().regex(PHONE_PATTERN, "validation.phoneInvalid"),
  businessAddress: text("validation.businessAddressRequired", "validation.businessAddressLength", 50),
  company: text("validation.companyRequired", "validation.companyLength", 20),
  salesId: id("admin.user.salesRequired"),
  customerServiceId: id("admin.user.serviceRequired"),
  roleId: id("admin.user.roleRequired"),
  customerRating: z.coerce
    .number({ required_error: "admin.user.tierRequired", invalid_type_error: "admin.user.tierRequired" })
    .int("admin.user.tierRequired")
    .min(1, "admin.user.tierRequired")
    .max(3, "admin.user.tierRequired"),
  landline: optional(30, "admin.user.landlineLength"),
  qq: optional(20, "admin.user.qqLength"),
};

export const addUserSchema = z.object({
  email: z
    .string({ required_error: "validation.emailRequired" })
    .trim()
    .min(1, "validation.emailRequired")
    .email("validation.emailInvalid")
    .max(100, "validation.emailInvalid")
    .transform((value) => value.toLowerCase()),
  password: z
    .string({ required_error: "validation.passwordRequired" })
    .min(6, "validation.passwordLength")
    .max(15, "validation.passwordLength"),
  ...userFields,
});
export type AddUserInput = z.infer<typeof addUserSchema>;

/** An id the form may leave empty: empty is none (the domain decides whether it is required). */
const optionalOf = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

/**
 * Edit: the same without e-mail (read-only) and password. A staff member
 * needs no customer tier or contacts (issue 44 item 8): the three are
 * optional here, and required by the domain for customers
 * (users.server.ts updateUser).
 */
export const editUserSchema = z.object({
  ...userFields,
  salesId: optionalOf(userFields.salesId),
  customerServiceId: optionalOf(userFields.customerServiceId),
  customerRating: optionalOf(userFields.customerRating),
});
export type EditUserInput = z.infer<typeof editUserSchema>;

/** Why staff fail a registration or a profile change: e-mailed to the customer (issue 22 item 16). */
const auditReason = z
  .string()
  .trim()
  .max(200, "admin.common.tooLong200")
  .optional()
  .transform((value) => value || null);

const auditFields = z.object({
  decision: z.enum(["pass", "fail"], { errorMap: () => ({ message: "admin.user.decisionRequired" }) }),
  customerRating: userFields.customerRating.optional(),
  salesId: userFields.salesId.optional(),
  customerServiceId: userFields.customerServiceId.optional(),
  reason: auditReason,
});

/** Passing needs the tier and both contacts; failing, a reason where the form asks for one. */
const auditRules =
  (reasonRequired: boolean) =>
  (value: z.infer<typeof auditFields>, ctx: z.RefinementCtx): void => {
    if (reasonRequired && value.decision === "fail" && !value.reason)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["reason"], message: "admin.user.reasonRequired" });
    if (value.decision !== "pass") return;
    if (!value.customerRating) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["customerRating"], message: "admin.user.tierRequired" });
    if (!value.salesId) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["salesId"], message: "admin.user.salesRequired" });
    if (!value.customerServiceId)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["customerServiceId"], message: "admin.user.serviceRequired" });
  };

/** Registration audit of the screen: failing needs a reason (issue 22 item 16). */
export const auditSchema = auditFields.superRefine(auditRules(true));
/**
 * The legacy API's PUT /my/audituser: the spec's call sends no reason, so a
 * fail without one is accepted with the default reason (the domain's).
 */
export const legacyAuditSchema = auditFields.superRefine(auditRules(false));
export type AuditInput = z.infer<typeof auditSchema>;

export const decisionSchema = z
  .object({
    decision: z.enum(["pass", "fail"], { errorMap: () => ({ message: "admin.user.decisionRequired" }) }),
    reason: auditReason,
  })
  .superRefine((value, ctx) => {
    if (value.decision === "fail" && !value.reason)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["reason"], message: "admin.user.reasonRequired" });
  });

export const viewSchema = z.object({
  viewIds: z.array(z.coerce.number().int().min(1).max(2)).optional().default([]),
});

export const handoverSchema = z.object({ targetId: id("admin.user.handoverTargetRequired") });

export const stateSchema = z.object({ state: z.coerce.number().int().min(1).max(2) });
