// The desk's service-level clock (issue 43): a request is due within so many
// working hours of entering the queue (REQUEST_SLA_HOURS, default 2), counted
// on Shanghai working days and hours (REQUEST_WORKING_HOURS, default
// 09:00-18:00, Monday to Friday). A request that arrives at 17:30 on a Friday
// is due at 10:30 on Monday. Public holidays are not known to the portal.
// Pure: the fixed +8 offset (Asia/Shanghai has no daylight saving), no Intl.
import { SHANGHAI_OFFSET_MS } from "~/utils/dates";

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export type WorkingHours = {
  /** Minutes after midnight (Shanghai) the working day starts and ends. */
  startMinute: number;
  endMinute: number;
  /** Working weekdays, 0 = Sunday … 6 = Saturday. */
  days: readonly number[];
};

export const DEFAULT_WORKING_HOURS: WorkingHours = { startMinute: 9 * 60, endMinute: 18 * 60, days: [1, 2, 3, 4, 5] };

/** "09:00-18:00" → the day's window (Monday to Friday); null when malformed or empty. */
export function parseWorkingHours(text: string): WorkingHours | null {
  const m = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [sh, sm, eh, em] = m.slice(1).map(Number);
  if (sh > 24 || eh > 24 || sm > 59 || em > 59) return null;
  const startMinute = sh * 60 + sm;
  const endMinute = eh * 60 + em;
  if (endMinute <= startMinute || endMinute > 24 * 60) return null;
  return { startMinute, endMinute, days: DEFAULT_WORKING_HOURS.days };
}

/** The instant `hours` working hours after `from`. */
export function addWorkingHours(from: Date, hours: number, wh: WorkingHours = DEFAULT_WORKING_HOURS): Date {
  if (wh.days.length === 0) throw new Error("addWorkingHours: no working day");
  let left = Math.round(hours * 60) * MINUTE_MS;
  // Shanghai wall-clock time as a UTC timeline.
  let t = from.getTime() + SHANGHAI_OFFSET_MS;
  for (let guard = 0; guard < 3700; guard++) {
    const day = Math.floor(t / DAY_MS) * DAY_MS;
    const open = day + wh.startMinute * MINUTE_MS;
    const close = day + wh.endMinute * MINUTE_MS;
    if (!wh.days.includes(new Date(day).getUTCDay()) || t >= close) {
      t = day + DAY_MS + wh.startMinute * MINUTE_MS;
      continue;
    }
    if (t < open) t = open;
    if (left <= close - t) return new Date(t + left - SHANGHAI_OFFSET_MS);
    left -= close - t;
    t = day + DAY_MS + wh.startMinute * MINUTE_MS;
  }
  throw new Error("addWorkingHours: no end within ten years");
}

/** Where a request stands against its deadline: more than half an hour left, less, or late. */
export type SlaState = "onTime" | "dueSoon" | "overdue";

export function slaState(dueAt: Date, now: Date = new Date()): { state: SlaState; minutes: number } {
  const ms = dueAt.getTime() - now.getTime();
  const minutes = Math.floor(Math.abs(ms) / MINUTE_MS);
  if (ms < 0) return { state: "overdue", minutes };
  return { state: ms < 30 * MINUTE_MS ? "dueSoon" : "onTime", minutes };
}
