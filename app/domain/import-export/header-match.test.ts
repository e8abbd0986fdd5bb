// The names carriers give their columns (decision 207), matched to the
// area's fields and price bases the wizard preselects.
import { describe, expect, it } from "vitest";
import { airArea, expressArea, fclArea, lclArea, railArea, trailerArea } from "~/domain/data-areas";
import { matchHeader, sizeBases } from "./source-layout.server";

describe("a carrier's column header matched to the area's field", () => {
  it.each([
    [fclArea, "Port of Loading", "pol"],
    [fclArea, "20'GP", "price:gp20"],
    [fclArea, "40HC", "price:hq40"],
    // W/M (per revenue ton) is the rate per CBM and per ton alike; a column per measure is that measure's.
    [lclArea, "W/M", "same:freightCbm/freightTon"],
    [lclArea, "RT", "same:freightCbm/freightTon"],
    [lclArea, "W/M (USD)", "same:freightCbm/freightTon"],
    [lclArea, "O/F USD/CBM", "price:freightCbm"],
    [lclArea, "运费(USD/TON)", "price:freightTon"],
    [lclArea, "Rate/CBM", "price:freightCbm"],
    [lclArea, "Transit", "transitTime"],
    [lclArea, "Closing", "cargoCutoff"],
    [lclArea, "Sailing", "etd"],
    [airArea, "45+", "price:bulk45"],
    [airArea, "≥100kg", "price:bulk100"],
    [airArea, "Q300", "price:bulk300"],
    [airArea, "航班", "etd"],
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
    // Sizes as agents write them, and a price under a word for freight or its currency.
    [fclArea, "40'", "price:gp40"],
    [fclArea, "O/F 20'", "price:gp20"],
    [fclArea, "Ocean Freight 40HQ", "price:hq40"],
    [fclArea, "20GP USD", "price:gp20"],
    [fclArea, "海运费20GP", "price:gp20"],
    [railArea, "运费 40HQ COC", "price:coc40"],
    // Headers in both languages: on two lines, or side by side.
    [fclArea, "起运港\nPOL", "pol"],
    [fclArea, "目的港 POD", "pod"],
    [fclArea, "船公司Carrier", "carrier"],
    [fclArea, "有效期\nValidity", "validity"],
    [fclArea, "航程\r\nT/T", "transitTime"],
    [fclArea, "Valid From\n生效日期", "validFrom"],
    [fclArea, "20'GP\n(USD)", "price:gp20"],
    [lclArea, "截单\nBooking Cut-off", "bookingCutoff"],
    // Validity ends as Chinese notices name them; a sheet's ETD is FCL's sailing days, LCL's own departure.
    [fclArea, "截止日期", "validTo"],
    [fclArea, "开始日期", "validFrom"],
    [fclArea, "ETD", "sailingSchedule"],
    [lclArea, "ETD", "etd"],
    // Rail boxes in brackets, and the shipper's own (自备箱) or the railway's (铁路箱).
    [railArea, "40HQ(COC)", "price:coc40"],
    [railArea, "40HQ（SOC）", "price:soc40"],
    [railArea, "20GP(自备箱)", "price:soc20"],
    [railArea, "40HQ铁路箱", "price:coc40"],
    [railArea, "双20自备箱", "price:soc20x2"],
    [railArea, "2*20GP SOC", "price:soc20x2"],
    // A trailer quote's door, an express rate card's fuel surcharge and zones.
    [trailerArea, "装货地址", "doorPoint"],
    [trailerArea, "Delivery Address", "doorPoint"],
    [expressArea, "Fuel Surcharge", "fuel"],
    [expressArea, "燃油附加费", "fuel"],
    [expressArea, "Zone A", "zoneA"],
    [expressArea, "1区", "zone1"],
    // The column naming each row's size, where a sheet gives one price per row.
    [fclArea, "Container", "size"],
    [fclArea, "箱型", "size"],
    [airArea, "Weight Break", "size"],
  ] as const)("%#: %s → %s", (area, header, target) => {
    expect(matchHeader(area, header)).toBe(target);
  });

  it.each([
    // Two lines that name different fields: the clerk chooses.
    [fclArea, "目的港\nPOL"],
    [fclArea, "目的港 THC"],
    // A freight word alone, or around something that is no price base, names nothing.
    [fclArea, "O/F"],
    [fclArea, "Freight Remarks"],
    [fclArea, "USD"],
    // FCL keeps no rate per revenue ton.
    [fclArea, "W/M"],
    // A bracket that is no box type, and a zone the express table does not have.
    [railArea, "40HQ(USD/柜)"],
    [expressArea, "3区"],
  ] as const)("%#: %s → nothing", (area, header) => {
    expect(matchHeader(area, header)).toBeNull();
  });
});

describe("a row's size, where a sheet gives one price per row", () => {
  it.each([
    [fclArea, "40HC", ["hq40"]],
    [fclArea, "20'GP", ["gp20"]],
    [airArea, "+45", ["bulk45"]],
    [lclArea, "CBM", ["freightCbm"]],
    // A W/M row's price is the rate per CBM and per ton alike.
    [lclArea, "W/M", ["freightCbm", "freightTon"]],
    [fclArea, "45HC", []],
    [fclArea, "Direct", []],
  ] as const)("%#: %s → %j", (area, cell, bases) => {
    expect(sizeBases(area, cell)).toEqual(bases);
  });
});
