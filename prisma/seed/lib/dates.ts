// Validity dates are calendar days in Asia/Shanghai. Everything the seed writes
// is relative to "today" there, so the demo stays meaningful on any day.
import type { Random } from "./random.ts";

const SHANGHAI_OFFSET_MS = 8 * 3600_000; // China has no daylight saving time.
const DAY_MS = 86_400_000;

/** The calendar day in Asia/Shanghai of an instant, as YYYY-MM-DD. */
export function shanghaiDateText(instant: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Shanghai",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(instant);
}

export type Validity = { validFrom: Date; validTo: Date; paused: boolean };
export type ValidityKind = "current" | "expired" | "future" | "paused";

export class SeedCalendar {
  /** The instant the seed treats as "now". */
  readonly now: Date;
  /** Today in Asia/Shanghai, as UTC midnight of that calendar day (what a DATE column holds). */
  readonly today: Date;

  constructor(now: Date = new Date()) {
    this.now = now;
    this.today = new Date(`${shanghaiDateText(now)}T00:00:00.000Z`);
  }

  /** A DATE value `offset` days from today. */
  day(offset: number): Date {
    return new Date(this.today.getTime() + offset * DAY_MS);
  }

  /** YYYY-MM-DD of `day(offset)`. */
  text(offset: number): string {
    return this.day(offset).toISOString().slice(0, 10);
  }

  /** The instant of 00:00:00 in Shanghai, `offset` days from today. */
  startOfDay(offset: number): Date {
    return new Date(this.day(offset).getTime() - SHANGHAI_OFFSET_MS);
  }

  /** The instant of 23:59:59 in Shanghai, `offset` days from today. */
  endOfDay(offset: number): Date {
    return new Date(this.startOfDay(offset + 1).getTime() - 1000);
  }

  /** An instant `minutes` before now. */
  minutesAgo(minutes: number): Date {
    return new Date(this.now.getTime() - minutes * 60_000);
  }

  /** A validity range of the given kind (current rows cover today). */
  validity(kind: ValidityKind, rng: Random): Validity {
    switch (kind) {
      case "current":
      case "paused": {
        const from = -rng.int(3, 30);
        return { validFrom: this.day(from), validTo: this.day(rng.int(14, 90)), paused: kind === "paused" };
      }
      case "expired": {
        const to = -rng.int(1, 30);
        return { validFrom: this.day(to - rng.int(20, 45)), validTo: this.day(to), paused: false };
      }
      case "future": {
        const from = rng.int(2, 20);
        return { validFrom: this.day(from), validTo: this.day(from + rng.int(20, 60)), paused: false };
      }
    }
  }

  /** Mostly current rows; some expired, not yet valid or paused. */
  randomValidity(rng: Random): Validity {
    const kind = rng.weighted<ValidityKind>([
      ["current", 74],
      ["expired", 11],
      ["future", 8],
      ["paused", 7],
    ]);
    return this.validity(kind, rng);
  }
}

/** YYYY-MM-DD of a DATE value. */
export function dateText(d: Date): string {
  return d.toISOString().slice(0, 10);
}
