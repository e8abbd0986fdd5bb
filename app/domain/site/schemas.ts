// The company-identity form of /companyInfo. Messages are translation keys.
import { z } from "~/utils/zod";

const text = (min: number, max: number, key: string) =>
  z
    .string({ required_error: `admin.company.${key}Required` })
    .trim()
    .min(1, `admin.company.${key}Required`)
    .min(min, `admin.company.${key}Length`)
    .max(max, `admin.company.${key}Length`);

/** Optional text: empty, or passing `valid`. */
const optional = (valid: (value: string) => boolean, key: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value ?? "")
    .refine((value) => value === "" || valid(value), `admin.company.${key}`);

export const companySchema = z.object({
  nameZh: text(2, 100, "name"),
  nameEn: text(2, 100, "name"),
  addressZh: text(2, 200, "address"),
  addressEn: text(2, 200, "address"),
  // A fixed line or hotline: digits with the usual separators ("400-820-0000", "+86 21 5888 1000").
  phone: text(5, 30, "phone").regex(/^\+?[\d\s()-]+$/, "admin.company.phoneInvalid"),
  email: text(3, 100, "email").email("admin.company.emailInvalid"),
  website: text(4, 100, "website").regex(/^(https?:\/\/)?[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i, "admin.company.websiteInvalid"),
  filingRecord: optional((value) => value.length <= 50, "filingLength"),
  qq: optional((value) => /^\d{5,12}$/.test(value), "qqInvalid"),
  wechat: optional((value) => /^[A-Za-z][\w-]{5,19}$/.test(value), "wechatInvalid"),
});

export type CompanyInput = z.infer<typeof companySchema>;
