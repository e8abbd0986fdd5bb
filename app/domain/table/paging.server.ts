/**
 * Paged tables, server side: everything (page, size, filters, date range)
 * comes from the URL, so a table works without JavaScript and any state is a
 * link. The components are in app/components/table (Pager, FilterForm,
 * DateRangeFilter, DataTable).
 *
 * API (small on purpose):
 *   defineTable({ sizes?, defaultSize?, filters?, dateRange? })  → TableSpec
 *   parseTableQuery(request | URL, spec)                         → TableQuery
 *       { page, size, skip, take, filters, range }
 *   tablePage(query, total)                                      → TablePage (loader data for <Pager>)
 *   dayWhere(range) / timestampWhere(range)                      → Prisma range filters
 *
 * Example:
 *   const users = defineTable({
 *     filters: { q: z.string().trim().max(100) },
 *     dateRange: { defaultDays: [-365, 0] },          // last 365 days unless the URL says otherwise
 *   });
 *   export async function loader(args: LoaderFunctionArgs) {
 *     await requireOperation(args, "user.read");
 *     const query = parseTableQuery(args.request, users);
 *     const where = { createdAt: timestampWhere(query.range), ...(query.filters.q ? { email: { contains: query.filters.q } } : {}) };
 *     const [rows, total] = await Promise.all([
 *       prisma.user.findMany({ where, skip: query.skip, take: query.take, orderBy: { id: "asc" } }),
 *       prisma.user.count({ where }),
 *     ]);
 *     return { rows, page: tablePage(query, total) };
 *   }
 *
 * Rules: page ≥ 1 (default 1); size one of `sizes` (default 10); a filter
 * value that fails its zod schema is ignored (a bad link still shows a table);
 * empty strings count as "no filter". Date range: `from`/`to` as YYYY-MM-DD
 * (Shanghai calendar days, inclusive); absent from the URL → the default;
 * present but empty → open end (so the user can clear the default).
 */
import { z } from "~/utils/zod";
import { todayInShanghai, formatDate, fromShanghaiWallClock } from "~/utils/dates";
import { DEFAULT_PAGE_SIZE, DEFAULT_PAGE_SIZES, TABLE_PARAMS, addDays, type DayRange, type TablePage } from "./types";
import { blankControlCharacters } from "~/utils/control-characters";

export type { DayRange, TablePage } from "./types";
export { DEFAULT_PAGE_SIZES, DEFAULT_PAGE_SIZE, searchWith, addDays } from "./types";

type FilterShape = Record<string, z.ZodTypeAny>;

export type TableSpec<F extends FilterShape = FilterShape> = {
  sizes: readonly number[];
  defaultSize: number;
  filters: F;
  /**
   * Days relative to today for the default range, e.g. [-365, 0]; null = no
   * default (open). `withTime`: the ends may carry a time (YYYY-MM-DDTHH:mm,
   * a date-time range as the logs of administration.md 2.7/2.8 have).
   */
  dateRange: { defaultDays: readonly [number, number] | null; withTime: boolean } | null;
};

export type TableQuery<F extends FilterShape = FilterShape> = {
  page: number;
  size: number;
  skip: number;
  take: number;
  filters: { [K in keyof F]?: z.infer<F[K]> };
  range: DayRange | null;
  /** The range's ends may carry a time of day. */
  withTime: boolean;
  today: string;
  sizes: readonly number[];
};

export function defineTable<F extends FilterShape = Record<never, z.ZodTypeAny>>(
  spec: {
    sizes?: readonly number[];
    defaultSize?: number;
    filters?: F;
    dateRange?: { defaultDays?: readonly [number, number] | null; withTime?: boolean } | null;
  } = {},
): TableSpec<F> {
  const sizes = spec.sizes ?? DEFAULT_PAGE_SIZES;
  const defaultSize = spec.defaultSize ?? (sizes.includes(DEFAULT_PAGE_SIZE) ? DEFAULT_PAGE_SIZE : sizes[0]);
  return {
    sizes,
    defaultSize,
    filters: (spec.filters ?? {}) as F,
    dateRange: spec.dateRange ? { defaultDays: spec.dateRange.defaultDays ?? null, withTime: spec.dateRange.withTime ?? false } : null,
  };
}

const pageSchema = z.coerce.number().int().min(1).max(1_000_000);
const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((day) => {
    const date = new Date(`${day}T00:00:00.000Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  });
/** A date-time as a datetime-local input sends it: YYYY-MM-DDTHH:mm (seconds dropped). */
const dateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/)
  .transform((value) => value.slice(0, 16))
  .refine((value) => daySchema.safeParse(value.slice(0, 10)).success);

function dayParam(params: URLSearchParams, name: string, withTime: boolean): string | null {
  const raw = (params.get(name) ?? "").trim();
  const parsed = withTime && raw.includes("T") ? dateTimeSchema.safeParse(raw) : daySchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function parseTableQuery<F extends FilterShape>(source: Request | URL, spec: TableSpec<F>): TableQuery<F> {
  const url = source instanceof URL ? source : new URL(source.url);
  const params = url.searchParams;
  const page = pageSchema.catch(1).parse(params.get(TABLE_PARAMS.page) ?? 1);
  const sizeValue = Number(params.get(TABLE_PARAMS.size));
  const size = spec.sizes.includes(sizeValue) ? sizeValue : spec.defaultSize;

  const filters: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(spec.filters)) {
    // A NUL (or any control character) makes PostgreSQL fail the query; it is never a real filter.
    const value = params.get(name);
    const raw = value === null ? null : blankControlCharacters(value);
    if (raw === null || raw.trim() === "") continue;
    const parsed = schema.safeParse(raw);
    if (parsed.success && parsed.data !== undefined && parsed.data !== "") filters[name] = parsed.data;
  }

  const today = formatDate(todayInShanghai());
  let range: DayRange | null = null;
  if (spec.dateRange) {
    const inUrl = params.has(TABLE_PARAMS.from) || params.has(TABLE_PARAMS.to);
    if (inUrl) {
      const withTime = spec.dateRange.withTime;
      range = { from: dayParam(params, TABLE_PARAMS.from, withTime), to: dayParam(params, TABLE_PARAMS.to, withTime) };
    } else if (spec.dateRange.defaultDays) {
      const [fromDays, toDays] = spec.dateRange.defaultDays;
      range = { from: addDays(today, fromDays), to: addDays(today, toDays) };
    } else {
      range = { from: null, to: null };
    }
    if (range.from && range.to && range.from > range.to) range = { from: range.to, to: range.from };
  }

  return {
    page,
    size,
    skip: (page - 1) * size,
    take: size,
    filters: filters as TableQuery<F>["filters"],
    range,
    withTime: spec.dateRange?.withTime ?? false,
    today,
    sizes: spec.sizes,
  };
}

export function tablePage(query: TableQuery<FilterShape>, total: number): TablePage {
  return {
    page: query.page,
    size: query.size,
    total,
    pageCount: Math.max(1, Math.ceil(total / query.size)),
    sizes: [...query.sizes],
    range: query.range,
    withTime: query.withTime,
    today: query.today,
  };
}

/** For DATE columns (UTC midnight values): inclusive calendar days. */
export function dayWhere(range: DayRange | null): { gte?: Date; lte?: Date } | undefined {
  if (!range || (!range.from && !range.to)) return undefined;
  return {
    ...(range.from ? { gte: new Date(`${range.from}T00:00:00.000Z`) } : {}),
    ...(range.to ? { lte: new Date(`${range.to}T00:00:00.000Z`) } : {}),
  };
}

/** For timestamps: from 00:00 of `from` to the end of `to`, in Shanghai time. */
export function timestampWhere(range: DayRange | null): { gte?: Date; lt?: Date } | undefined {
  if (!range || (!range.from && !range.to)) return undefined;
  return {
    ...(range.from ? { gte: fromShanghaiWallClock(range.from) } : {}),
    // A day end includes the whole day, a date-time end its whole minute.
    ...(range.to
      ? {
          lt: range.to.includes("T")
            ? new Date(fromShanghaiWallClock(range.to).getTime() + 60_000)
            : fromShanghaiWallClock(addDays(range.to, 1)),
        }
      : {}),
  };
}
