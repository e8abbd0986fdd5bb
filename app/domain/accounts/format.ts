// Account dates are shown as Shanghai wall-clock time, YYYY-MM-DD HH:mm
// (formatted on the server so the browser's time zone never matters).
const parts = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Shanghai",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

export function formatDateTime(value: Date | null | undefined): string | null {
  if (!value) return null;
  const p = Object.fromEntries(parts.formatToParts(value).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}
