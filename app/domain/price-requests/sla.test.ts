import { addWorkingHours, parseWorkingHours, slaState } from "./sla";

// Shanghai wall-clock text → instant (UTC+8).
const at = (text: string) => new Date(`${text}+08:00`);
const wall = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");

describe("the desk's service-level clock", () => {
  test("two working hours inside a working day", () => {
    // 2026-12-09 is a Wednesday.
    expect(wall(addWorkingHours(at("2026-12-09T10:15:00"), 2))).toBe("2026-12-09 12:15");
  });
  test("runs over the evening into the next morning", () => {
    expect(wall(addWorkingHours(at("2026-12-09T17:30:00"), 2))).toBe("2026-12-10 10:30");
  });
  test("a Friday evening request is due on Monday; one made at night starts at opening time", () => {
    expect(wall(addWorkingHours(at("2026-12-11T17:30:00"), 2))).toBe("2026-12-14 10:30");
    expect(wall(addWorkingHours(at("2026-12-12T11:00:00"), 2))).toBe("2026-12-14 11:00");
    expect(wall(addWorkingHours(at("2026-12-10T03:00:00"), 2))).toBe("2026-12-10 11:00");
  });
  test("a longer promise spans several days; other hours are read from the setting", () => {
    expect(wall(addWorkingHours(at("2026-12-09T09:00:00"), 20))).toBe("2026-12-11 11:00");
    const wh = parseWorkingHours("08:30-17:30")!;
    expect(wh).toMatchObject({ startMinute: 510, endMinute: 1050 });
    expect(wall(addWorkingHours(at("2026-12-09T17:00:00"), 1, wh))).toBe("2026-12-10 09:00");
    expect(parseWorkingHours("18:00-09:00")).toBeNull();
    expect(parseWorkingHours("9-18")).toBeNull();
  });
  test("the clock's state: on time, due within half an hour, overdue", () => {
    const due = at("2026-12-09T12:00:00");
    expect(slaState(due, at("2026-12-09T11:00:00"))).toEqual({ state: "onTime", minutes: 60 });
    expect(slaState(due, at("2026-12-09T11:45:00"))).toEqual({ state: "dueSoon", minutes: 15 });
    expect(slaState(due, at("2026-12-09T12:20:00"))).toEqual({ state: "overdue", minutes: 20 });
  });
});
