import { describe, expect, it } from "vitest";
import { z } from "~/utils/zod";
import { defineTable, parseTableQuery, tablePage, timestampWhere, dayWhere } from "~/domain/table/paging.server";
import { addDays, searchWith } from "~/domain/table/types";
import { formatDate, todayInShanghai } from "~/utils/dates";

const spec = defineTable({ filters: { q: z.string().max(10), n: z.coerce.number().int() }, dateRange: { defaultDays: [-365, 0] } });
const url = (search: string) => new URL(`http://x/list${search}`);
const today = formatDate(todayInShanghai());

describe("paged-table contract", () => {
  it("defaults: page 1, size 10 of 10/50/100/200, last 365 days", () => {
    const query = parseTableQuery(url(""), spec);
    expect(query).toMatchObject({ page: 1, size: 10, skip: 0, take: 10, filters: {} });
    expect(query.range).toEqual({ from: addDays(today, -365), to: today });
    expect(tablePage(query, 95)).toMatchObject({ page: 1, size: 10, total: 95, pageCount: 10, sizes: [10, 50, 100, 200], today });
  });

  it("reads page, size and filters; ignores invalid values", () => {
    const query = parseTableQuery(url("?page=3&size=50&q=abc&n=7"), spec);
    expect(query).toMatchObject({ page: 3, size: 50, skip: 100, take: 50, filters: { q: "abc", n: 7 } });
    const bad = parseTableQuery(url("?page=-2&size=37&q=01234567890123&n=x"), spec);
    expect(bad).toMatchObject({ page: 1, size: 10, filters: {} });
  });

  it("an empty range in the URL clears the default; reversed ends are swapped", () => {
    expect(parseTableQuery(url("?from=&to="), spec).range).toEqual({ from: null, to: null });
    expect(parseTableQuery(url("?from=2026-03-01&to=2026-01-01"), spec).range).toEqual({ from: "2026-01-01", to: "2026-03-01" });
    expect(parseTableQuery(url("?from=2026-02-30"), spec).range).toEqual({ from: null, to: null });
  });

  it("ranges are inclusive Shanghai days", () => {
    expect(dayWhere({ from: "2026-01-01", to: "2026-01-31" })).toEqual({
      gte: new Date("2026-01-01T00:00:00Z"),
      lte: new Date("2026-01-31T00:00:00Z"),
    });
    expect(timestampWhere({ from: "2026-01-01", to: "2026-01-31" })).toEqual({
      gte: new Date("2025-12-31T16:00:00Z"),
      lt: new Date("2026-01-31T16:00:00Z"),
    });
    expect(timestampWhere({ from: null, to: null })).toBeUndefined();
  });

  it("takes date-times where the table asks for them (the logs), whole minutes inclusive", () => {
    const logs = defineTable({ dateRange: { defaultDays: [-365, 0], withTime: true } });
    const query = parseTableQuery(url("?from=2026-01-05T08:30&to=2026-01-05T17:45"), logs);
    expect(query.range).toEqual({ from: "2026-01-05T08:30", to: "2026-01-05T17:45" });
    expect(query.withTime).toBe(true);
    expect(timestampWhere(query.range)).toEqual({
      gte: new Date("2026-01-05T00:30:00Z"),
      lt: new Date("2026-01-05T09:46:00Z"),
    });
    // Seconds from a browser are dropped; impossible times are ignored.
    expect(parseTableQuery(url("?from=2026-01-05T08:30:15&to=2026-01-05T24:00"), logs).range).toEqual({
      from: "2026-01-05T08:30",
      to: null,
    });
    // A table of days ignores a time.
    expect(parseTableQuery(url("?from=2026-01-05T08:30"), spec).range).toEqual({ from: null, to: null });
    expect(tablePage(query, 0).withTime).toBe(true);
  });

  it("builds links that change one parameter", () => {
    expect(searchWith("?a=1&page=3", { page: null, size: 50 })).toBe("?a=1&size=50");
    expect(searchWith("", { page: null })).toBe("?");
  });
});
