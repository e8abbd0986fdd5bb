import { describe, expect, it } from "vitest";
import { INVALID, normalizeDateTime, normalizeDay } from "~/domain/data-areas/dates";
import { formatDateTime, fromShanghaiWallClock } from "~/utils/dates";

describe("date normalisation (spec 5: YYYY-MM-DD, express countries YYYY-MM-DD HH:mm:ss)", () => {
  it.each([
    ["2026/1/5", "2026-01-05"],
    ["2026-01-05", "2026-01-05"],
    ["2026.1.5", "2026-01-05"],
    [" 2026-1-5 ", "2026-01-05"],
    ["2026年1月5日", "2026-01-05"],
    ["20260105", "2026-01-05"],
    ["2026/01/05 13:45", "2026-01-05"],
    ["46027", "2026-01-05"],
    ["5-Jan-2026", "2026-01-05"],
    ["05-JAN-26", "2026-01-05"],
    ["5 January 2026", "2026-01-05"],
    ["Jan 5, 2026", "2026-01-05"],
    ["Sept. 30 2026", "2026-09-30"],
    ["December 31st, 2026", "2026-12-31"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeDay(input)).toBe(expected);
  });

  it("reads Excel serial numbers (1900 system, with the 1900-02-29 gap) and Date cells", () => {
    expect(normalizeDay(46027)).toBe("2026-01-05");
    expect(normalizeDay(1)).toBe("1900-01-01");
    expect(normalizeDay(61)).toBe("1900-03-01");
    expect(normalizeDay(60)).toBe(INVALID);
    expect(normalizeDay(new Date("2026-01-05T00:00:00Z"))).toBe("2026-01-05");
    expect(normalizeDateTime(46027.5)).toBe("2026-01-05 12:00:00");
  });

  it("refuses impossible dates and other text; empty is null", () => {
    for (const bad of [
      "2026-02-30",
      "2026-13-01",
      "2026/1",
      "tomorrow",
      "1.5.2026",
      "2026-01-05 25:00",
      -3,
      "30-Feb-2026",
      "5-Janx-2026",
      "Dec 2026",
    ]) {
      expect(normalizeDay(bad)).toBe(INVALID);
    }
    expect(normalizeDay("")).toBeNull();
    expect(normalizeDay("   ")).toBeNull();
    expect(normalizeDay(null)).toBeNull();
  });

  it("keeps the time for date-times and converts Shanghai time both ways", () => {
    expect(normalizeDateTime("2026/1/5 8:05:09")).toBe("2026-01-05 08:05:09");
    expect(normalizeDateTime("2026-01-05")).toBe("2026-01-05 00:00:00");
    const instant = fromShanghaiWallClock("2026-01-05 08:05:09");
    expect(instant.toISOString()).toBe("2026-01-05T00:05:09.000Z");
    expect(formatDateTime(instant, { seconds: true })).toBe("2026-01-05 08:05:09");
  });
});
