// All-in totals (issue 25 item 1) against hand-worked examples, per mode (no database).
import { MODES, modeByKey } from "~/domain/modes";
import { airBreak, checkShipment, compareTotals, kgPerCbm, parseFee, shipmentTotal, type Shipment } from "~/domain/pricing/shipment";
import { parseFixed } from "~/domain/pricing/decimal";
import { rowTotals } from "~/domain/rates/totals.server";
import type { RateRow } from "~/domain/rates/search.server";

const row = (prices: Record<string, string | null>, facts: Record<string, string | null>, currency = "USD", id = 1): RateRow => ({
  id,
  paused: false,
  facts,
  validFrom: null,
  validTo: null,
  prices,
  currency,
});

describe("fee texts", () => {
  test("currency, amounts, unit and the fee's own words", () => {
    expect(parseFee("AMS USD 35/票")).toEqual([{ note: "AMS", currency: "USD", amounts: ["35"], unit: "票" }]);
    expect(parseFee("RMB 1020/1540/1540")).toEqual([{ note: null, currency: "CNY", amounts: ["1020", "1540", "1540"], unit: null }]);
    expect(parseFee("燃油 RMB 5.6/KG；安检 RMB 0.3/KG")).toEqual([
      { note: "燃油", currency: "CNY", amounts: ["5.6"], unit: "KG" },
      { note: "安检", currency: "CNY", amounts: ["0.3"], unit: "KG" },
    ]);
    expect(parseFee("含")).toEqual([null]);
  });
});

describe("FCL: count × tier price + each fee per box or per bill", () => {
  const fcl = modeByKey("fcl");
  test("two 20GP and one 40HQ with the demo fee texts", () => {
    const shipment: Shipment = { kind: "containers", counts: { gp20: 2, hq40: 1 } };
    const r = row(
      { gp20: "1200.00", gp40: "2100.00", hq40: "2200.00" },
      {
        bookingFee: "USD 30/票",
        thc: "RMB 1020/1540/1540",
        seal: "RMB 50/个",
        vgm: "RMB 100/票",
        eir: "RMB 30/箱",
        doc: "RMB 450/票",
        manifest: "AMS USD 35/票",
      },
    );
    const total = rowTotals(fcl, shipment, [r])[1];
    // USD: 2 × 1200 + 1 × 2200 + 30 (booking, per bill) + 35 (AMS, per bill) = 4665.00
    // CNY: THC 2 × 1020 + 1 × 1540 = 3580; seal 3 × 50 = 150; VGM 100; EIR 3 × 30 = 90; doc 450 → 4370.00
    expect(total.sums).toEqual([
      { currency: "USD", amount: "4665.00" },
      { currency: "CNY", amount: "4370.00" },
    ]);
    expect(total.incomplete).toBe(false);
    expect(total.parts.find((p) => p.labelKey === "search.price.gp20")).toMatchObject({
      quantity: "2",
      rate: "1200.00",
      amount: "2400.00",
    });
    expect(total.parts.filter((p) => p.labelKey === "search.col.thc").map((p) => p.amount)).toEqual(["2040.00", "1540.00"]);
    expect(total.parts.find((p) => p.labelKey === "search.col.seal")).toMatchObject({ quantity: "3", unit: "box", amount: "150.00" });
  });

  test("a container without a price leaves the row without a total", () => {
    const total = rowTotals(fcl, { kind: "containers", counts: { gp40: 1 } }, [row({ gp20: "1.00", gp40: null, hq40: null }, {})])[1];
    expect(total.incomplete).toBe(true);
    expect(total.sums).toEqual([]);
  });

  test("a fee that is not a price is listed, not summed", () => {
    const total = rowTotals(fcl, { kind: "containers", counts: { gp20: 1 } }, [row({ gp20: "100.00" }, { doc: "到付" })])[1];
    expect(total.sums).toEqual([{ currency: "USD", amount: "100.00" }]);
    expect(total.excluded).toEqual([{ labelKey: "search.col.doc", text: "到付" }]);
  });
});

describe("rail and trailer: counts × prices in the row's currency", () => {
  test("rail in CNY", () => {
    const total = rowTotals(modeByKey("rail"), { kind: "containers", counts: { coc40: 3, soc20x2: 1 } }, [
      row({ coc40: "5600.00", soc40: null, coc20: null, soc20: null, soc20x2: "7100.50" }, {}, "CNY"),
    ])[1];
    // 3 × 5600 + 7100.50 = 23900.50
    expect(total.sums).toEqual([{ currency: "CNY", amount: "23900.50" }]);
  });
  test("trailer", () => {
    const total = rowTotals(modeByKey("trailer"), { kind: "containers", counts: { gp40: 2 } }, [
      row({ gp20: "900.00", gp40: "1350.00", hq40: "1400.00" }, {}, "CNY"),
    ])[1];
    expect(total.sums).toEqual([{ currency: "CNY", amount: "2700.00" }]);
  });
});

describe("LCL: revenue tons × tier price", () => {
  test("volume decides: 3.2 CBM, 1800 kg at 45/CBM, 30/t", () => {
    const total = rowTotals(modeByKey("lcl"), { kind: "lcl", cbm: "3.200", kg: "1800.0" }, [
      row({ freightCbm: "45.00", freightTon: "30.00" }, { cisf: "USD 5/CBM" }),
    ])[1];
    // by volume 3.2 × 45 = 144.00; by weight 1.8 × 30 = 54.00 → 144.00 (fees are not in the LCL total)
    expect(total.sums).toEqual([{ currency: "USD", amount: "144.00" }]);
  });
});

describe("air: chargeable weight at the right break", () => {
  const air = modeByKey("air");
  const prices: Record<string, string | null> = {};
  for (const p of air.prices) prices[p.key] = null;
  Object.assign(prices, { bulk45: "30.00", bulk100: "25.00", bulk130: "24.00", bulk300: "20.00", tray100: "27.00" });

  test("volume weight decides: 120 kg, 1.5 CBM at 1:167 → 250.5 kg at +130", () => {
    const total = rowTotals(air, { kind: "air", kg: "120.0", cbm: "1.500", pack: "bulk" }, [
      row(prices, { cbmKgs: "1:167", addPrice: "燃油 RMB 5.6/KG；安检 RMB 0.3/KG" }),
    ])[1];
    expect(total.air).toEqual({ actual: "120.0", volumeWeight: "250.5", chargeable: "250.5", ratio: "1:167", breakLabel: "+130" });
    // 250.5 × 24 = 6012.00 USD; fuel 250.5 × 5.6 = 1402.80, security 250.5 × 0.3 = 75.15 → 1477.95 CNY
    expect(total.sums).toEqual([
      { currency: "USD", amount: "6012.00" },
      { currency: "CNY", amount: "1477.95" },
    ]);
  });

  test("actual weight decides, and below 45 kg the +45 price", () => {
    const total = rowTotals(air, { kind: "air", kg: "40.0", cbm: "0.100", pack: "bulk" }, [row(prices, { cbmKgs: "1:167" })])[1];
    // 0.1 × 167 = 16.7 < 40 → 40 kg × 30 = 1200
    expect(total.air?.chargeable).toBe("40.0");
    expect(total.sums).toEqual([{ currency: "USD", amount: "1200.00" }]);
  });

  test("a break the sheet leaves empty: the lower quoted break runs on", () => {
    const noBreak130 = { ...prices, bulk130: null };
    const total = rowTotals(air, { kind: "air", kg: "250.5", cbm: "0.000", pack: "bulk" }, [row(noBreak130, { cbmKgs: "1:167" })])[1];
    // 250.5 kg: +130 is not quoted, so +100: 250.5 × 25 = 6262.50
    expect(total.air?.breakLabel).toBe("+100");
    expect(total.sums).toEqual([{ currency: "USD", amount: "6262.50" }]);
  });

  test("no quoted break for the packing (tray has only +100; 40 kg takes it) and none at all", () => {
    const trayOnly = rowTotals(air, { kind: "air", kg: "40.0", cbm: "0.000", pack: "tray" }, [row(prices, { cbmKgs: "1:167" })])[1];
    expect(trayOnly.sums).toEqual([{ currency: "USD", amount: "1080.00" }]);
    const none = rowTotals(air, { kind: "air", kg: "310.0", cbm: "0.000", pack: "tray" }, [
      row({ ...prices, tray100: null }, { cbmKgs: "1:167" }),
    ]);
    expect(none[1].incomplete).toBe(true);
  });

  test("ratio and breaks", () => {
    expect(kgPerCbm("1:200")).toEqual(parseFixed("200"));
    expect(kgPerCbm("按实际")).toBeNull();
    const breaks = [45, 100, 300];
    expect(airBreak(breaks, parseFixed("99.9")!)).toBe(45);
    expect(airBreak(breaks, parseFixed("100")!)).toBe(100);
    expect(airBreak(breaks, parseFixed("10")!)).toBe(45);
  });
});

describe("the shipment form", () => {
  const q = (params: Record<string, string>) => (p: string) => params[p] ?? null;
  test("container counts are whole numbers up to 999", () => {
    const keys = ["gp20", "gp40", "hq40"];
    expect(checkShipment("containers", keys, q({})).shipment).toBeNull();
    expect(checkShipment("containers", keys, q({ qty_gp20: "2", qty_hq40: "" })).shipment).toEqual({
      kind: "containers",
      counts: { gp20: 2 },
    });
    expect(checkShipment("containers", keys, q({ qty_gp20: "1.5" })).problems).toEqual({ qty_gp20: "count" });
    expect(checkShipment("containers", keys, q({ qty_gp40: "1000" })).problems).toEqual({ qty_gp40: "count" });
    expect(checkShipment("containers", keys, q({ qty_gp40: "0" })).problems).toEqual({ qty_gp20: "empty" });
  });
  test("air weight and volume", () => {
    expect(checkShipment("air", [], q({ kg: "12.34" })).problems).toEqual({ kg: "kg" });
    expect(checkShipment("air", [], q({ kg: "12", cbm: "0.5", pack: "tray" })).shipment).toEqual({
      kind: "air",
      kg: "12.0",
      cbm: "0.500",
      pack: "tray",
    });
  });
  test("every mode but express says what its shipment is", () => {
    expect(MODES.map((m) => [m.key, m.shipment])).toEqual([
      ["fcl", "containers"],
      ["lcl", "lcl"],
      ["air", "air"],
      ["rail", "containers"],
      ["trailer", "containers"],
      ["express", "express"],
    ]);
  });
});

test("order by total: USD first, then CNY; rows without a total last", () => {
  const t = (sums: [string, string][], incomplete = false) => ({
    parts: [],
    excluded: [],
    air: null,
    incomplete,
    sums: sums.map(([currency, amount]) => ({ currency, amount })),
  });
  expect(compareTotals(t([["USD", "100.00"]]), t([["USD", "90.00"]]))).toBe(1);
  expect(
    compareTotals(
      t([
        ["USD", "100.00"],
        ["CNY", "5.00"],
      ]),
      t([["USD", "100.00"]]),
    ),
  ).toBe(1);
  expect(compareTotals(t([], true), t([["USD", "1.00"]]))).toBe(1);
  expect(
    shipmentTotal({ kind: "containers", counts: { gp20: 1 } }, { prices: null, facts: {}, currency: "USD" }, { prices: [], fees: [] }),
  ).toBeNull();
});
