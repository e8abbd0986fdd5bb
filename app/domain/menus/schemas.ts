// Menu form (administration.md 5 "Menu"). Messages are translation keys.
import { z } from "~/utils/zod";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `admin.common.tooLong${max}`)
    .optional()
    .transform((value) => value || null);

export const menuSchema = z.object({
  label: z
    .string({ required_error: "admin.menu.labelRequired" })
    .trim()
    .min(1, "admin.menu.labelRequired")
    .min(2, "admin.menu.labelLength")
    .max(10, "admin.menu.labelLength"),
  labelEn: optionalText(50),
  parentId: z.coerce
    .number({ required_error: "admin.menu.parentRequired", invalid_type_error: "admin.menu.parentRequired" })
    .int("admin.menu.parentRequired")
    .min(0, "admin.menu.parentRequired")
    .max(2_147_483_647, "admin.menu.parentRequired"),
  level: z.coerce
    .number({ required_error: "admin.menu.levelRequired", invalid_type_error: "admin.menu.levelRequired" })
    .int("admin.menu.levelRequired")
    .min(1, "admin.menu.levelRequired")
    .max(3, "admin.menu.levelRequired"),
  path: optionalText(100).refine((value) => value === null || /^\/[A-Za-z0-9/_-]*$/.test(value), "admin.menu.pathInvalid"),
  icon: optionalText(50),
  sort: z.coerce.number().int().min(0).max(9999).optional().default(0),
});

export type MenuInput = z.infer<typeof menuSchema>;
