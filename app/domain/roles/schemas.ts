// Role form (administration.md 5 "Role"). Messages are translation keys.
import { z } from "~/utils/zod";

/** "0" is the spec's "no parent" choice (Fidrole 0). */
export const parentIdField = z.coerce
  .number({ required_error: "admin.tree.parentRequired", invalid_type_error: "admin.tree.parentRequired" })
  .int("admin.tree.parentRequired")
  .min(0, "admin.tree.parentRequired")
  // A PostgreSQL integer: larger numbers are invalid input, not a database error.
  .max(2_147_483_647, "admin.tree.parentRequired");

export const levelField = (max: number) =>
  z.coerce
    .number({ required_error: "admin.tree.levelRequired", invalid_type_error: "admin.tree.levelRequired" })
    .int("admin.tree.levelRequired")
    .min(1, "admin.tree.levelRequired")
    .max(max, "admin.tree.levelRequired");

export const roleSchema = z.object({
  name: z
    .string({ required_error: "admin.role.nameRequired" })
    .trim()
    .min(1, "admin.role.nameRequired")
    .min(2, "admin.role.nameLength")
    .max(10, "admin.role.nameLength"),
  /** The English form (issue 44 item 8, decision 301): optional, the English UI shows the Chinese name without it. */
  nameEn: z
    .string()
    .trim()
    .max(50, "admin.common.tooLong50")
    .optional()
    .transform((value) => value || null),
  description: z.string().trim().max(100, "admin.common.tooLong100").optional(),
  descriptionEn: z
    .string()
    .trim()
    .max(200, "admin.common.tooLong200")
    .optional()
    .transform((value) => value || null),
  parentId: parentIdField,
  level: levelField(3),
});

export type RoleInput = z.infer<typeof roleSchema>;
