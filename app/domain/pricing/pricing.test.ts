// Pure pricing rules against hand-worked examples (no database).
import { priceAccess } from "~/domain/pricing/access";
import { fixedText, parseFixed } from "~/domain/pricing/decimal";
import { checkExpressWeight, expectedBreak, expressQuote } from "~/domain/pricing/express";
import { formatFactor, formatMoney, formatPercent } from "~/domain/pricing/format";
import { checkLclInput, lclCharge } from "~/domain/pricing/lcl";
import { readTierPrices, tierSelect } from "~/domain/pricing/tier-columns";
import { MODES, modeByKey } from "~/domain/modes";

describe("express", () => {
  test("total = price × (1 + fuel%) × discount, rounded once", () => {
    // 47.86 × 1.245 = 59.5857; × 0.85 = 50.647845 → 50.65; fuel part 47.86 × 0.245 = 11.7257 → 11.73
    expect(expressQuote({ price: "47.86", fuel: "24.50", discount: "0.8500" })).toEqual({
      price: "47.86",
      fuel: "24.50",
      fuelAmount: "11.73",
      discount: "0.8500",
      total: "50.65",
    });
  });

  test("exact decimals: a half cent rounds up (a float would give 100.65)", () => {
    // 100 × 1.2275 × 0.82 = 100.655 exactly
    expect(expressQuote({ price: "100.00", fuel: "22.75", discount: "0.8200" }).total).toBe("100.66");
  });

  test("no fuel and no discount leave the price", () => {
    expect(expressQuote({ price: "20.00", fuel: null, discount: null })).toMatchObject({
      total: "20.00",
      fuelAmount: "0.00",
    });
  });

  test("the break charged: next 0.5 kg up to 21 kg, next whole kg above", () => {
    expect(expectedBreak("0.1")).toBe("0.5");
    expect(expectedBreak("2.3")).toBe("2.5");
    expect(expectedBreak("2.5")).toBe("2.5");
    expect(expectedBreak("21")).toBe("21.0");
    expect(expectedBreak("21.1")).toBe("22.0");
    expect(expectedBreak("298.2")).toBe("299.0");
  });

  test("weight: required and non-zero, one decimal, at most 299 kg (spec 5)", () => {
    expect(checkExpressWeight("")).toEqual({ problem: "required" });
    expect(checkExpressWeight("0")).toEqual({ problem: "required" });
    expect(checkExpressWeight("0.0")).toEqual({ problem: "required" });
    expect(checkExpressWeight("abc")).toEqual({ problem: "required" });
    expect(checkExpressWeight("-2")).toEqual({ problem: "required" });
    expect(checkExpressWeight("2.55")).toEqual({ problem: "decimals" });
    expect(checkExpressWeight("299.1")).toEqual({ problem: "max" });
    expect(checkExpressWeight("300")).toEqual({ problem: "max" });
    expect(checkExpressWeight("299")).toEqual({ weight: "299.0" });
    expect(checkExpressWeight(" 2.3 ")).toEqual({ weight: "2.3" });
  });
});

describe("LCL revenue tons", () => {
  test("volume decides and gives the higher freight", () => {
    // t = 0.8; RT = 2.5; 2.5 × 20.11 = 50.275 → 50.28; 0.8 × 25.13 = 20.104 → 20.10
    expect(lclCharge({ cbm: "2.5", kg: "800", perCbm: "20.11", perTon: "25.13" })).toEqual({
      cbm: "2.500",
      tons: "0.8000",
      revenueTons: "2.5000",
      revenueBasis: "volume",
      byVolume: "50.28",
      byWeight: "20.10",
      total: "50.28",
      chargeBasis: "volume",
      charged: { basis: "volume", quantity: "2.50", rate: "20.11", amount: "50.28" },
      other: { basis: "weight", quantity: "0.80", rate: "25.13", amount: "20.10" },
    });
  });

  test("weight decides", () => {
    // t = 3.4505; 1.2 × 18.07 = 21.684; 3.4505 × 21.34 = 73.63367 → 73.63
    expect(lclCharge({ cbm: "1.2", kg: "3450.5", perCbm: "18.07", perTon: "21.34" })).toMatchObject({
      revenueTons: "3.4505",
      revenueBasis: "weight",
      byVolume: "21.68",
      byWeight: "73.63",
      total: "73.63",
      chargeBasis: "weight",
      charged: { basis: "weight", quantity: "3.4505", rate: "21.34", amount: "73.63" },
    });
  });

  test("W/M: the higher freight wins even when the other measure gives the revenue tons", () => {
    // RT = 2 (volume), but 1.9 t × 12.00 = 22.80 > 2 × 10.00 = 20.00
    expect(lclCharge({ cbm: "2", kg: "1900", perCbm: "10.00", perTon: "12.00" })).toMatchObject({
      revenueTons: "2.0000",
      revenueBasis: "volume",
      total: "22.80",
      chargeBasis: "weight",
      // What the row shows: the sum that gives the price, not "2.0000 RT by weight".
      charged: { basis: "weight", quantity: "1.90", rate: "12.00", amount: "22.80" },
      other: { basis: "volume", quantity: "2.00", rate: "10.00", amount: "20.00" },
    });
  });

  test("a missing rate leaves the other measure", () => {
    expect(lclCharge({ cbm: "3", kg: "500", perCbm: "11.11", perTon: null })).toMatchObject({
      total: "33.33",
      byWeight: null,
    });
    expect(lclCharge({ cbm: "3", kg: "500", perCbm: null, perTon: null })).toMatchObject({
      total: null,
      chargeBasis: null,
    });
  });

  test("inputs: CBM with 3 decimals, kg with 1, at least one of them", () => {
    expect(checkLclInput("2.5", "")).toEqual({ cbm: "2.500", kg: "0.0" });
    expect(checkLclInput("", "")).toEqual({ problems: { cbm: "empty" } });
    expect(checkLclInput("1.2345", "10")).toEqual({ problems: { cbm: "cbmFormat" } });
    expect(checkLclInput("1", "10.55")).toEqual({ problems: { kg: "kgFormat" } });
    expect(checkLclInput("-1", "x")).toEqual({ problems: { cbm: "cbmFormat", kg: "kgFormat" } });
  });
});

describe("decimals and printing", () => {
  test("exact arithmetic helpers", () => {
    expect(fixedText(parseFixed("2.345")!, 2)).toBe("2.35");
    expect(fixedText(parseFixed("-2.345")!, 2)).toBe("-2.35");
    expect(fixedText(parseFixed("0.004")!, 2)).toBe("0.00");
    expect(parseFixed("1e3")).toBeNull();
  });

  test("prices are printed with grouping and two decimals", () => {
    expect(formatMoney("623.00")).toBe("623.00");
    expect(formatMoney("1070")).toBe("1,070.00");
    expect(formatMoney("1234567.5")).toBe("1,234,567.50");
    expect(formatMoney(null)).toBeNull();
    expect(formatPercent("24.50")).toBe("24.5%");
    expect(formatFactor("0.8500")).toBe("0.85");
  });
});

describe("tiers", () => {
  const viewer = (audit: number, customerRating: number | null, state = 1) => ({ audit, customerRating, state });

  test("who sees which tier", () => {
    expect(priceAccess(null)).toEqual({ tier: null, status: "visitor" });
    expect(priceAccess(viewer(1, 3))).toEqual({ tier: null, status: "pending" });
    expect(priceAccess(viewer(3, 3))).toEqual({ tier: null, status: "failed" });
    expect(priceAccess(viewer(2, null))).toEqual({ tier: null, status: "noTier" });
    expect(priceAccess(viewer(2, 1))).toEqual({ tier: "T0", status: "priced" });
    expect(priceAccess(viewer(2, 2))).toEqual({ tier: "T1", status: "priced" });
    expect(priceAccess(viewer(2, 3))).toEqual({ tier: "T2", status: "priced" });
    expect(priceAccess(viewer(2, 3, 2)).tier).toBeNull();
  });

  test.each(MODES.filter((m) => m.key !== "express"))("$key selects only the tier's columns", (mode) => {
    expect(tierSelect(mode, null)).toEqual({});
    for (const tier of ["T0", "T1", "T2"] as const) {
      const fields = Object.keys(tierSelect(mode, tier));
      const priceFields = fields.filter((f) => /T\d$/.test(f));
      expect(priceFields.length).toBe(mode.prices.length);
      expect(priceFields.every((f) => f.endsWith(tier))).toBe(true);
    }
  });

  test("express has no tier columns", () => {
    expect(tierSelect(modeByKey("express"), "T1")).toEqual({});
  });

  test("tier prices are read under their generic keys", () => {
    const mode = modeByKey("fcl");
    expect(readTierPrices(mode, "T1", { gp20T1: { toFixed: () => "592.00" }, gp40T1: null, hq40T1: 1070 })).toEqual({
      gp20: "592.00",
      gp40: null,
      hq40: "1070.00",
    });
  });
});
