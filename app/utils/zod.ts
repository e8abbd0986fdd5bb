// zod words its own issues in English ("Expected boolean, received string",
// "Required"). Every issue a schema does not word itself gets a translation
// key here instead (app/locales/*/validation.json, "zod"), so no English
// validator text reaches a zh-CN page or API answer. The app imports zod
// only from here (tests/i18n/translations.test.ts checks), so the map is set
// wherever a schema exists, on the server and in the browser. Schemas' own
// keys ("admin.user.salesRequired") win: zod gives a schema's message
// precedence over the global map.
import { z } from "zod";

export const zodMessageMap: z.ZodErrorMap = (issue) => {
  switch (issue.code) {
    case z.ZodIssueCode.invalid_type:
      return {
        message: issue.received === "undefined" || issue.received === "null" ? "validation.zod.required" : "validation.zod.invalidType",
      };
    case z.ZodIssueCode.too_small:
      return {
        message:
          issue.type === "string"
            ? issue.minimum === 1
              ? "validation.zod.required"
              : "validation.zod.tooShort"
            : issue.type === "array" || issue.type === "set"
              ? "validation.zod.tooFew"
              : "validation.zod.tooSmall",
      };
    case z.ZodIssueCode.too_big:
      return {
        message:
          issue.type === "string"
            ? "validation.zod.tooLong"
            : issue.type === "array" || issue.type === "set"
              ? "validation.zod.tooMany"
              : "validation.zod.tooLarge",
      };
    case z.ZodIssueCode.invalid_string:
      return { message: issue.validation === "email" ? "validation.zod.email" : "validation.zod.format" };
    case z.ZodIssueCode.invalid_enum_value:
    case z.ZodIssueCode.invalid_literal:
    case z.ZodIssueCode.invalid_union:
    case z.ZodIssueCode.invalid_union_discriminator:
      return { message: "validation.zod.option" };
    case z.ZodIssueCode.invalid_date:
      return { message: "validation.zod.date" };
    default:
      return { message: "validation.zod.invalid" };
  }
};

z.setErrorMap(zodMessageMap);

export { z };
