// Home-content forms (administration.md 5 "Home item") and the home
// categories (docs/decisions/302-offers-and-home-content.md). Messages are translation keys.
import { z } from "~/utils/zod";

const name = z
  .string({ required_error: "admin.home.nameRequired" })
  .trim()
  .min(1, "admin.home.nameRequired")
  .min(2, "admin.home.nameLength")
  .max(20, "admin.home.nameLength");

const description = z
  .string()
  .trim()
  .max(200, "admin.common.tooLong200")
  .optional()
  .transform((value) => value || null);

/**
 * An English form (issue 45 item 2): empty clears it; left out of a request
 * (the legacy API has no such field) keeps it as it is.
 */
const english = (max: number, tooLong: "admin.home.nameEnLength" | "admin.common.tooLong200") =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

export const homeItemSchema = z.object({
  name,
  description,
  nameEn: english(40, "admin.home.nameEnLength"),
  descriptionEn: english(200, "admin.common.tooLong200"),
  parentId: z.coerce
    .number({ required_error: "admin.home.parentRequired", invalid_type_error: "admin.home.parentRequired" })
    .int("admin.home.parentRequired")
    .min(0, "admin.home.parentRequired")
    .max(2_147_483_647, "admin.home.parentRequired"),
  level: z.coerce
    .number({ required_error: "admin.home.levelRequired", invalid_type_error: "admin.home.levelRequired" })
    .int("admin.home.levelRequired")
    .min(1, "admin.home.levelRequired")
    .max(2, "admin.home.levelRequired"),
  /** Website only (B large, S small); the app has no size field. */
  size: z.enum(["B", "S"], { errorMap: () => ({ message: "admin.home.sizeRequired" }) }).optional(),
});

export type HomeItemInput = z.infer<typeof homeItemSchema>;

export const homeCategorySchema = z.object({
  name,
  description,
  sort: z.coerce
    .number({ invalid_type_error: "admin.category.sortInvalid" })
    .int("admin.category.sortInvalid")
    .min(0, "admin.category.sortInvalid")
    .max(9999, "admin.category.sortInvalid")
    .default(0),
});

export type HomeCategoryInput = z.infer<typeof homeCategorySchema>;
