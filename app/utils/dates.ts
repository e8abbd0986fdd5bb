// Dates are calendar days in Asia/Shanghai (DESIGN.md "Validity"),
// formatted YYYY-MM-DD. DATE columns come back as UTC midnight.
const shanghaiDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Shanghai",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today's calendar day in Shanghai, as a UTC-midnight Date comparable with DATE columns. */
export function todayInShanghai(now: Date = new Date()): Date {
  return new Date(`${shanghaiDay.format(now)}T00:00:00.000Z`);
}

/** YYYY-MM-DD of a DATE column value (UTC midnight). */
export function formatDate(value: Date): string {
  return value.toISOString().slice(0, 10);
}
