// Form schemas shared by the pages and the API. Messages are translation keys.
import { z } from "zod";

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
