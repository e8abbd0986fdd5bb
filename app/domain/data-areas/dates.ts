// Date normalisation for Excel import and the edit forms (spec 5: dates
// become YYYY-MM-DD; express-country times YYYY-MM-DD HH:mm:ss). Accepts
// Excel serial numbers (1900 date system), Date objects and strings such as
// 2026/1/5, 2026-01-05, 2026.1.5, 2026年1月5日, 20260105, with an optional
// time, and days with an English month name (5-Jan-2026, 05 JAN 26,
// Jan 5, 2026). Shared by server and browser.

export type DateParts = { y: number; m: number; d: number; H: number; M: number; S: number };

/** Result of a normalisation: the text, null for an empty cell, or INVALID. */
export const INVALID = Symbol("invalid date");
export type Normalized = string | null | typeof INVALID;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function valid(parts: DateParts): DateParts | null {
  const { y, m, d, H, M, S } = parts;
  if (!Number.isInteger(y) || y < 1900 || y > 2999) return null;
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  if (H < 0 || H > 23 || M < 0 || M > 59 || S < 0 || S > 59) return null;
  return parts;
}

/** Excel serial day number → calendar parts (no time zone involved). */
export function excelSerialParts(serial: number): DateParts | null {
  if (!Number.isFinite(serial) || serial < 1 || serial >= 2_958_466) return null;
  // Excel counts 1900-02-29 (serial 60), which never existed.
  if (Math.floor(serial) === 60) return null;
  const epoch = serial < 60 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  const whole = Math.floor(serial);
  const seconds = Math.round((serial - whole) * 86_400);
  const date = new Date(epoch + whole * 86_400_000 + seconds * 1000);
  return valid({
    y: date.getUTCFullYear(),
    m: date.getUTCMonth() + 1,
    d: date.getUTCDate(),
    H: date.getUTCHours(),
    M: date.getUTCMinutes(),
    S: date.getUTCSeconds(),
  });
}

const DATE_TEXT =
  /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:(?:\s+|T)(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
// English month names, as English rate sheets write days: 1-Dec-2026, 01 DEC 26, Dec 1, 2026, December 1 2026.
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH =
  "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
const DAY_MONTH_YEAR = new RegExp(`^(\\d{1,2})[-/\\s]+${MONTH}[-/\\s,]+(\\d{4}|\\d{2})$`, "i");
const MONTH_DAY_YEAR = new RegExp(`^${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})$`, "i");
/** A month name's number (1-12); a two-digit year is of this century (26 → 2026). */
const monthNumber = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
const fullYear = (year: string) => (year.length === 2 ? 2000 + Number(year) : Number(year));
const SERIAL_TEXT = /^\d{1,5}(\.\d+)?$/;

export function parseDateParts(value: unknown): DateParts | null | typeof INVALID {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return INVALID;
    return (
      valid({
        y: value.getUTCFullYear(),
        m: value.getUTCMonth() + 1,
        d: value.getUTCDate(),
        H: value.getUTCHours(),
        M: value.getUTCMinutes(),
        S: value.getUTCSeconds(),
      }) ?? INVALID
    );
  }
  if (typeof value === "number") return excelSerialParts(value) ?? INVALID;
  if (typeof value !== "string") return INVALID;
  // Full-width digits and separators (２０２６／１２／０１) are read as their half-width forms (issue 40 item 4).
  const text = value.normalize("NFKC").trim();
  if (text === "") return null;
  let match = DATE_TEXT.exec(text);
  if (match) {
    return (
      valid({
        y: Number(match[1]),
        m: Number(match[2]),
        d: Number(match[3]),
        H: Number(match[4] ?? 0),
        M: Number(match[5] ?? 0),
        S: Number(match[6] ?? 0),
      }) ?? INVALID
    );
  }
  match = COMPACT.exec(text);
  if (match) return valid({ y: Number(match[1]), m: Number(match[2]), d: Number(match[3]), H: 0, M: 0, S: 0 }) ?? INVALID;
  if (SERIAL_TEXT.test(text)) return excelSerialParts(Number(text)) ?? INVALID;
  match = DAY_MONTH_YEAR.exec(text);
  if (match) return valid({ y: fullYear(match[3]), m: monthNumber(match[2]), d: Number(match[1]), H: 0, M: 0, S: 0 }) ?? INVALID;
  match = MONTH_DAY_YEAR.exec(text);
  if (match) return valid({ y: Number(match[3]), m: monthNumber(match[1]), d: Number(match[2]), H: 0, M: 0, S: 0 }) ?? INVALID;
  return INVALID;
}

export function formatDay(parts: DateParts): string {
  return `${pad(parts.y, 4)}-${pad(parts.m)}-${pad(parts.d)}`;
}

export function formatDateTime(parts: DateParts): string {
  return `${formatDay(parts)} ${pad(parts.H)}:${pad(parts.M)}:${pad(parts.S)}`;
}

/** → "YYYY-MM-DD" (time dropped), null when empty, INVALID otherwise. */
export function normalizeDay(value: unknown): Normalized {
  const parts = parseDateParts(value);
  if (parts === null || parts === INVALID) return parts;
  return formatDay(parts);
}

/** → "YYYY-MM-DD HH:mm:ss", null when empty, INVALID otherwise. */
export function normalizeDateTime(value: unknown): Normalized {
  const parts = parseDateParts(value);
  if (parts === null || parts === INVALID) return parts;
  return formatDateTime(parts);
}

/** Whether a value carries a time of day: text with a time part, an Excel serial with a fraction, a Date off midnight. */
function hasTime(value: unknown): boolean {
  if (value instanceof Date) return value.getUTCHours() + value.getUTCMinutes() + value.getUTCSeconds() > 0;
  if (typeof value === "number") return !Number.isInteger(value);
  if (typeof value !== "string") return false;
  const text = value.trim();
  const match = DATE_TEXT.exec(text);
  if (match) return match[4] !== undefined;
  return SERIAL_TEXT.test(text) && !Number.isInteger(Number(text));
}

/**
 * A validity end (LCL valid_to, a "localDateTime" column) → "YYYY-MM-DD
 * HH:mm:ss" in Shanghai wall-clock time; a date alone means the end of that
 * day (23:59:59), which is what a date meant before the column had a time
 * (issue 22 item 8). Null when empty, INVALID otherwise.
 */
export function normalizeValidityEnd(value: unknown): Normalized {
  const parts = parseDateParts(value);
  if (parts === null || parts === INVALID) return parts;
  return formatDateTime(hasTime(value) ? parts : { ...parts, H: 23, M: 59, S: 59 });
}

/**
 * A Shanghai wall-clock date-time column (timestamp without time zone, as a
 * DATE column holds a calendar day): its text ↔ the Date Prisma reads and
 * writes (the wall-clock fields in UTC, as DATE values are UTC midnights).
 */
export function localDateTimeToDate(text: string): Date {
  return new Date(`${text.replace(" ", "T")}.000Z`);
}

export function dateToLocalDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}

/**
 * Days written with two numbers and a four-digit year (31/12/2026, 12/31/2026,
 * 01.12.2026, 1-12-2026): the order of day and month is the sender's habit,
 * not the text's (European and Chinese agents put the day first, American
 * ones the month). The carrier-sheet wizard reads them in the order the
 * numbers prove or the clerk names (issue 40; decision 207).
 */
export const DAY_ORDERS = ["dmy", "mdy"] as const;
export type DayOrder = (typeof DAY_ORDERS)[number];
/** How a sheet's such days are written: how many prove day-first (31/12), month-first (12/31), or fit either (01/12). */
export type DayOrderCounts = { dayFirst: number; monthFirst: number; either: number };

const NUMERIC_DAY = /(?<!\d)(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?!\d)/g;

/** No such days counted yet. */
export const noDays = (): DayOrderCounts => ({ dayFirst: 0, monthFirst: 0, either: 0 });

/** `counts` with `more` added (in place). */
export function addDays(counts: DayOrderCounts, more: DayOrderCounts): DayOrderCounts {
  counts.dayFirst += more.dayFirst;
  counts.monthFirst += more.monthFirst;
  counts.either += more.either;
  return counts;
}

/** Adds the days written as number, number, four-digit year in `text` to `counts`; whether there were any. */
export function countDayOrders(text: string, counts: DayOrderCounts = noDays()): boolean {
  let found = false;
  for (const match of text.normalize("NFKC").matchAll(NUMERIC_DAY)) {
    const [a, b] = [Number(match[1]), Number(match[3])];
    if (a < 1 || b < 1 || (a > 12 && b > 12)) continue;
    found = true;
    if (a > 12) counts.dayFirst++;
    else if (b > 12) counts.monthFirst++;
    else counts.either++;
  }
  return found;
}

/** The order such days prove (every one of them that is not ambiguous agrees), or null (none proves, or they disagree). */
export function provenDayOrder(counts: DayOrderCounts): DayOrder | null {
  if (counts.dayFirst > 0 && counts.monthFirst === 0) return "dmy";
  if (counts.monthFirst > 0 && counts.dayFirst === 0) return "mdy";
  return null;
}

/** `text` with each day written as number, number, four-digit year as YYYY-MM-DD in `order` (a day that does not exist is left as written). */
export function withDayOrder(text: string, order: DayOrder): string {
  return text.normalize("NFKC").replace(NUMERIC_DAY, (whole, a: string, _sep: string, b: string, year: string) => {
    const [d, m] = order === "dmy" ? [Number(a), Number(b)] : [Number(b), Number(a)];
    const parts = valid({ y: Number(year), m, d, H: 0, M: 0, S: 0 });
    return parts ? formatDay(parts) : whole;
  });
}
