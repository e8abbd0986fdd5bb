// "Today" is a calendar day in Shanghai (DESIGN.md "Validity"): a rate valid
// to 30 Nov is still shown at 23:59 Shanghai time and gone at 00:00, whatever
// the server's own time zone.
import { formatDateTime, fromShanghaiWallClock, todayInShanghai } from "~/utils/dates";

test("today in Shanghai turns at Shanghai's midnight (UTC 16:00), as a UTC-midnight date", () => {
  const day = (iso: string) => todayInShanghai(new Date(iso)).toISOString();
  expect(day("2026-11-30T15:59:59.999Z")).toBe("2026-11-30T00:00:00.000Z");
  expect(day("2026-11-30T16:00:00.000Z")).toBe("2026-12-01T00:00:00.000Z");
  expect(day("2026-12-31T16:00:00.000Z")).toBe("2027-01-01T00:00:00.000Z");
  expect(day("2028-02-28T16:30:00.000Z")).toBe("2028-02-29T00:00:00.000Z");
  expect(day("1999-12-31T23:00:00.000Z")).toBe("2000-01-01T00:00:00.000Z");
  // The same day as the time-zone database gives, every few hours over years.
  const intl = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit" });
  for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2028, 0, 1); t += 5 * 3_600_000 + 12_345) {
    expect(todayInShanghai(new Date(t)).toISOString().slice(0, 10)).toBe(intl.format(new Date(t)));
  }
});

test("Shanghai wall-clock text and instants convert both ways, as the time-zone database has it", () => {
  // A day is its midnight; a time with "T" or a space, with or without seconds.
  expect(fromShanghaiWallClock("2026-12-01").toISOString()).toBe("2026-11-30T16:00:00.000Z");
  expect(fromShanghaiWallClock("2026-12-01 08:05:09").toISOString()).toBe("2026-12-01T00:05:09.000Z");
  expect(fromShanghaiWallClock("2026-12-01T08:05").toISOString()).toBe("2026-12-01T00:05:00.000Z");
  expect(fromShanghaiWallClock("2027-01-01 07:59:59").toISOString()).toBe("2026-12-31T23:59:59.000Z");
  const intl = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Asia/Shanghai",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2028, 0, 1); t += 7 * 3_600_000 + 1_000) {
    const text = formatDateTime(new Date(t), { seconds: true });
    expect(text).toBe(intl.format(new Date(t)));
    expect(fromShanghaiWallClock(text).getTime()).toBe(t);
  }
});
