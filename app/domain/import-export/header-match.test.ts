// The names carriers give their columns (decision 207), matched to the
// area's fields and price bases the wizard preselects.
import { describe, expect, it } from "vitest";
import { airArea, fclArea, lclArea, railArea } from "~/domain/data-areas";
import { matchHeader } from "./source-layout.server";

describe("a carrier's column header matched to the area's field", () => {
  it.each([
    [fclArea, "Port of Loading", "pol"],
    [fclArea, "20'GP", "price:gp20"],
    [fclArea, "40HC", "price:hq40"],
    [lclArea, "W/M", "price:freightCbm"],
    [lclArea, "CFS Cut-off", "cargoCutoff"],
    [lclArea, "截货时间", "cargoCutoff"],
    [lclArea, "Booking Cut-off", "bookingCutoff"],
    [lclArea, "截单", "bookingCutoff"],
    [airArea, "+45KG", "price:bulk45"],
    [railArea, "起运站", "pol"],
    [railArea, "目的站", "pod"],
    [railArea, "Destination Station", "pod"],
    [railArea, "40HQ COC", "price:coc40"],
    [railArea, "20GP SOC", "price:soc20"],
  ] as const)("%#: %s → %s", (area, header, target) => {
    expect(matchHeader(area, header)).toBe(target);
  });
});
