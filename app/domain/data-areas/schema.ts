// The edit/add form of an area as a zod schema, generated from its column
// descriptions (messages are translation keys). Used by conform in the
// browser and by the action on the server.
import { z } from "~/utils/zod";
import { INVALID, localDateTimeToDate, normalizeDay, normalizeValidityEnd, type Normalized } from "~/domain/data-areas/dates";
import { decimalBounds, editColumns, parseFlag, type AreaColumn, type DataArea } from "./types";

const TEXT_MAX = 2000;
/** The largest PostgreSQL integer (ids): larger numbers are refused, not sent to the database. */
const INT_MAX = 2_147_483_647;

function decimalPattern(scale: number): RegExp {
  return new RegExp(`^-?\\d+(\\.\\d{1,${scale}})?$`);
}

/** A date or date-time field: normalised text, null when empty, `message` when unreadable. */
function dateText(normalize: (value: unknown) => Normalized, message: string, required: string | undefined): z.ZodTypeAny {
  const base = z
    .string()
    .trim()
    .refine((v) => normalize(v) !== INVALID, message)
    .transform((v) => normalize(v) as string | null);
  return required ? z.string({ required_error: required }).pipe(base) : base.optional();
}

function columnSchema(column: AreaColumn): z.ZodTypeAny {
  const required = column.required;
  switch (column.kind) {
    case "bool":
      // A checkbox sends "on"; the API what its read gave (true / false, 是 / 否).
      return z
        .preprocess(
          (value) => (value === undefined ? undefined : (parseFlag(value) ?? value)),
          z.boolean({ invalid_type_error: "data.validation.flag" }),
        )
        .optional();
    case "date":
      return dateText(normalizeDay, "data.validation.date", required);
    case "localDateTime":
      // The form's datetime-local ("2026-11-30T18:00"), the API's "2026-11-30 18:00:00", or a date alone (its end).
      return dateText(normalizeValidityEnd, "data.validation.dateTime", required);
    case "decimal": {
      const { scale, min, max } = decimalBounds(column);
      const pattern = decimalPattern(scale);
      const base = z
        .string()
        .trim()
        .superRefine((v, ctx) => {
          if (!pattern.test(v))
            ctx.addIssue({ code: z.ZodIssueCode.custom, message: scale === 0 ? "data.validation.integer" : "data.validation.decimal" });
          else if (Number(v) < min)
            ctx.addIssue({ code: z.ZodIssueCode.custom, message: min === 0 ? "data.validation.negative" : "data.validation.tooSmall" });
          else if (Number(v) > max) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "data.validation.tooLarge" });
        });
      return required ? z.string({ required_error: required }).pipe(base) : base.optional();
    }
    case "text":
    case "longtext": {
      if (required) return z.string({ required_error: required }).trim().min(1, required).max(TEXT_MAX, "data.validation.tooLong");
      return z.string().max(TEXT_MAX, "data.validation.tooLong").optional();
    }
    default:
      return z.string().optional();
  }
}

export function editFormSchema(area: DataArea, mode: "add" | "edit") {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const column of editColumns(area)) shape[column.field] = columnSchema(column);
  if (mode === "edit") {
    shape.id = z.coerce.number().int().positive().max(INT_MAX);
    if (area.edit?.idChange) {
      shape.idChange = z.coerce
        .number({ invalid_type_error: "data.validation.id" })
        .int("data.validation.id")
        .positive("data.validation.id")
        .max(2_147_483_647, "data.validation.id")
        .optional();
    }
  }
  return z.object(shape);
}

export type EditValues = Record<string, unknown> & { id?: number; idChange?: number };

/** Form values → Prisma data (dates as UTC-midnight Dates, decimals as strings). */
export function toPrismaData(area: DataArea, values: EditValues): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const column of editColumns(area)) {
    const value = values[column.field];
    switch (column.kind) {
      case "bool":
        data[column.field] = value === true;
        break;
      case "date":
        data[column.field] = typeof value === "string" && value ? new Date(`${value}T00:00:00.000Z`) : null;
        break;
      case "localDateTime":
        data[column.field] = typeof value === "string" && value ? localDateTimeToDate(value) : null;
        break;
      case "text":
      case "longtext":
        data[column.field] = typeof value === "string" && value.trim() !== "" ? value.trim() : null;
        break;
      default:
        data[column.field] = value === undefined || value === "" ? null : value;
    }
  }
  return data;
}
