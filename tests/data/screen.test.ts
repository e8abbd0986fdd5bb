// The generated screens' loaders: paging, filters and their lists, date
// ranges with defaults, and that the rows carry only what the table shows.
import { beforeAll, describe, expect, it } from "vitest";
import * as fcl from "~/routes/backoffice/data-area";
import * as air from "~/routes/backoffice/data-area";
import * as port from "~/routes/backoffice/data-area";
import * as trailer from "~/routes/backoffice/data-area";
import * as express from "~/routes/backoffice/data-area";
import { addDays } from "~/domain/table/types";
import { formatDate, todayInShanghai } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { loginAs } from "../support/requests";
import { load } from "./helpers";

let cookie: string;
const today = formatDate(todayInShanghai());
beforeAll(async () => {
  cookie = await loginAs("data@example.com");
});

describe("generated screens", () => {
  it("FCL: page 1 of 10 newest first, the filter lists, page sizes", async () => {
    const total = await prisma.fclRate.count();
    const first = await load(fcl, "/fclbyseaData", cookie);
    expect(first.data.page).toMatchObject({ page: 1, size: 10, total, sizes: [10, 50, 100, 200], range: { from: null, to: null } });
    expect(first.data.rows).toHaveLength(10);
    expect(first.data.rows[0].id).toBeGreaterThan(first.data.rows[9].id);
    expect(first.data.options.pol.length).toBeGreaterThan(0);
    expect(first.data.options.carrier).toEqual([...first.data.options.carrier].sort());
    expect(first.data.dialog).toEqual({ kind: "none" });
    // Columns the table does not show stay on the server.
    expect(first.data.rows[0]).not.toHaveProperty("weightLimit");

    const pol = first.data.options.pol[0];
    const filtered = await load(fcl, "/fclbyseaData", cookie, { pol, size: 50, page: 2 });
    const count = await prisma.fclRate.count({ where: { pol } });
    expect(filtered.data.page).toMatchObject({ page: 2, size: 50, total: count });
    expect(filtered.data.rows.every((row: { pol: string }) => row.pol === pol)).toBe(true);
  });

  it("FCL: the expiry range filters valid_to, inclusive", async () => {
    const result = await load(fcl, "/fclbyseaData", cookie, { from: today, to: addDays(today, 30), size: 200 });
    const count = await prisma.fclRate.count({
      where: { validTo: { gte: new Date(`${today}T00:00:00Z`), lte: new Date(`${addDays(today, 30)}T00:00:00Z`) } },
    });
    expect(result.data.page.total).toBe(count);
    expect(result.data.page.range).toEqual({ from: today, to: addDays(today, 30) });
  });

  it("defaults: ports the last 365 days, trailer and air one year back to one year ahead", async () => {
    expect((await load(port, "/port", cookie)).data.page.range).toEqual({ from: addDays(today, -365), to: today });
    expect((await load(trailer, "/trailerData", cookie)).data.page.range).toEqual({ from: addDays(today, -365), to: addDays(today, 365) });
    expect((await load(air, "/byAirData", cookie)).data.page.range).toEqual({ from: addDays(today, -365), to: addDays(today, 365) });
  });

  it("ports: the search box matches code, names and country, case-insensitively", async () => {
    const result = await load(port, "/port", cookie, { q: "shangh", from: "", to: "" });
    const fields = ["code", "name", "nameZh", "countryName", "countryNameZh"];
    const count = await prisma.seaPort.count({
      where: { OR: fields.map((f) => ({ [f]: { contains: "shangh", mode: "insensitive" as const } })) },
    });
    expect(count).toBeGreaterThan(0);
    expect(result.data.page.total).toBe(count);
    const none = await load(port, "/port", cookie, { q: "no-such-port-zzz" });
    expect(none.data.page.total).toBe(0);
  });

  it("express: the weight filter accepts decimals and ignores junk", async () => {
    const weights = (await load(express, "/expressData", cookie)).data.options.weight as string[];
    expect(weights).toContain("0.5");
    const half = await load(express, "/expressData", cookie, { weight: "0.5" });
    expect(half.data.page.total).toBe(await prisma.expressRate.count({ where: { weight: 0.5 } }));
    const junk = await load(express, "/expressData", cookie, { weight: "abc" });
    expect(junk.data.page.total).toBe(await prisma.expressRate.count());
  });
});
