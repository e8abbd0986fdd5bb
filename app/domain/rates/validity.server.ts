// Validity (DESIGN.md): calendar days in Asia/Shanghai, inclusive; a null
// bound is open. Customers only ever see rows valid today.
import { SHANGHAI_OFFSET_MS, todayInShanghai } from "~/utils/dates";

/** Prisma `where` for rows whose validity covers `today` (a UTC-midnight DATE value). */
export function validToday(today: Date) {
  return {
    AND: [{ OR: [{ validFrom: null }, { validFrom: { lte: today } }] }, { OR: [{ validTo: null }, { validTo: { gte: today } }] }],
  };
}

const DAY_MS = 86_400_000;

/** The instants at which today (Asia/Shanghai) begins and ends. */
function shanghaiDay(now: Date): { start: Date; end: Date } {
  const start = new Date(todayInShanghai(now).getTime() - SHANGHAI_OFFSET_MS);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

/**
 * Special offers carry instants (a date and a time, 00:00:00 by default), but
 * their validity is in calendar days too: a card valid to today is valid all
 * of today, and one valid from today is valid from this morning.
 */
export function offerValidToday(now: Date) {
  const { start, end } = shanghaiDay(now);
  return {
    AND: [{ OR: [{ validFrom: null }, { validFrom: { lt: end } }] }, { OR: [{ validTo: null }, { validTo: { gte: start } }] }],
  };
}

/** The same rule for one card: valid today, expired (before today) or upcoming (after today). */
export function offerStatus(validFrom: Date | null, validTo: Date | null, now: Date): "valid" | "expired" | "upcoming" {
  const { start, end } = shanghaiDay(now);
  if (validTo && validTo < start) return "expired";
  if (validFrom && validFrom >= end) return "upcoming";
  return "valid";
}
