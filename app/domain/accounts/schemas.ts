// Form schemas shared by the pages and the API. Messages are translation keys.
// Rules of customer-portal.md section 5 (registration and profile).
import { z } from "~/utils/zod";

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const CODE_PATTERN = /^\d{6}$/;

const email = z
  .string({ required_error: "validation.emailRequired" })
  .trim()
  .min(1, "validation.emailRequired")
  .email("validation.emailInvalid")
  .max(100, "validation.emailInvalid")
  .transform((value) => value.toLowerCase());

/** New passwords: 6 to 15 characters (login accepts any length up to 100). */
const newPassword = z
  .string({ required_error: "validation.passwordRequired" })
  .min(6, "validation.passwordLength")
  .max(15, "validation.passwordLength");

const confirmPassword = z.string({ required_error: "validation.confirmPasswordRequired" });

const code = z.string({ required_error: "validation.codeRequired" }).trim().regex(CODE_PATTERN, "validation.codeFormat");

/** Required text of 1 to `max` characters after trimming. */
function text(name: string, max: number) {
  return z
    .string({ required_error: `validation.${name}Required` })
    .trim()
    .min(1, `validation.${name}Required`)
    .max(max, `validation.${name}Length`);
}

export const profileFields = {
  username: text("username", 15),
  nickname: text("nickname", 10),
  phone: z.string({ required_error: "validation.phoneRequired" }).trim().regex(PHONE_PATTERN, "validation.phoneInvalid"),
  company: text("company", 20),
  businessAddress: text("businessAddress", 50),
  iaeCountries: text("iaeCountries", 50),
};

export const loginSchema = z.object({
  email: z
    .string({ required_error: "validation.emailRequired" })
    .trim()
    .min(1, "validation.emailRequired")
    .email("validation.emailInvalid")
    .max(100, "validation.emailInvalid"),
  password: z
    .string({ required_error: "validation.passwordRequired" })
    .min(1, "validation.passwordRequired")
    .max(100, "validation.passwordLength"),
  redirectTo: z.string().optional(),
});

/** "Send code": only the e-mail matters; the other fields are kept as typed. */
export const sendCodeSchema = z.object({ email });

function passwordsMatch<T extends { password: string; confirmPassword: string }>(value: T, ctx: z.RefinementCtx) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmPassword"], message: "validation.passwordMismatch" });
  }
}

export const registerSchema = z
  .object({
    email,
    code,
    password: newPassword,
    confirmPassword,
    username: profileFields.username,
    phone: profileFields.phone,
    company: profileFields.company,
    businessAddress: profileFields.businessAddress,
    iaeCountries: profileFields.iaeCountries,
    roleId: z.coerce
      .number({ required_error: "validation.roleRequired", invalid_type_error: "validation.roleRequired" })
      .int("validation.roleRequired")
      .positive("validation.roleRequired")
      .max(2_147_483_647, "validation.roleRequired"),
    agreement: z.literal("on", {
      errorMap: () => ({ message: "validation.agreementRequired" }),
    }),
  })
  .superRefine(passwordsMatch);

export type RegisterInput = z.infer<typeof registerSchema>;

export const resetPasswordSchema = z.object({ email, code, password: newPassword, confirmPassword }).superRefine(passwordsMatch);

export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({
    oldPassword: z.string({ required_error: "validation.oldPasswordRequired" }).max(100, "validation.passwordLength"),
    password: newPassword,
    confirmPassword,
  })
  .superRefine((value, ctx) => {
    passwordsMatch(value, ctx);
    if (value.password === value.oldPassword) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["password"], message: "validation.passwordSameAsOld" });
    }
  });

export const profileSchema = z.object(profileFields);

export type ProfileInput = z.infer<typeof profileSchema>;
