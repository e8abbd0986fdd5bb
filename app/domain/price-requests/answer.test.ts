import { modeByKey } from "~/domain/modes";
import { answerDefaults, answerField, readAnswer } from "./answer";

const input = (values: Record<string, string>, currency = "USD") => ({
  values: { validTo: "2026-12-31", ...values },
  currency,
  currencies: ["CNY", "USD"],
  today: "2026-12-09",
});

describe("the desk's answer", () => {
  test("FCL: freight per container × count plus surcharges, summed in cents", () => {
    const fcl = modeByKey("fcl");
    const out = readAnswer(
      fcl,
      input({
        rate_gp20: "1200",
        qty_gp20: "2",
        rate_hq40: "2150.5",
        qty_hq40: "1",
        rate_gp40: "1900",
        qty_gp40: "0",
        [answerField.feeLabel(0)]: "THC",
        [answerField.feeRate(0)]: "85.333",
        [answerField.feeQuantity(0)]: "3",
      }),
    );
    // 85.333 has three decimals: refused, nothing computed.
    expect(out.ok).toBe(false);
    const ok = readAnswer(
      fcl,
      input({
        rate_gp20: "1200",
        qty_gp20: "2",
        rate_hq40: "2150.5",
        qty_hq40: "1",
        rate_gp40: "1900",
        qty_gp40: "0",
        [answerField.feeLabel(0)]: "THC",
        [answerField.feeRate(0)]: "85.33",
        [answerField.feeQuantity(0)]: "3",
        [answerField.feeUnit(0)]: "box",
      }),
    );
    if (!ok.ok) throw new Error(JSON.stringify(ok.errors));
    // 2 × 1200 + 1 × 2150.50 + 3 × 85.33 = 4806.49; the 40GP price is kept but counts 0.
    expect(ok.answer.total.sums).toEqual([{ currency: "USD", amount: "4806.49" }]);
    expect(ok.answer.freight.map((f) => [f.key, f.rate, f.quantity])).toEqual([
      ["gp20", "1200.00", "2"],
      ["gp40", "1900.00", "0"],
      ["hq40", "2150.50", "1"],
    ]);
    expect(ok.answer.total.parts.map((p) => [p.kind, p.note, p.amount])).toEqual([
      ["freight", null, "2400.00"],
      ["freight", null, "2150.50"],
      ["fee", "THC", "255.99"],
    ]);
    expect(ok.answer).toMatchObject({ validFrom: "2026-12-09", validTo: "2026-12-31", currency: "USD" });
  });

  test("refusals: no price, a bad currency, a validity that ended, a surcharge without a name", () => {
    const fcl = modeByKey("fcl");
    const bad = (values: Record<string, string>, currency = "USD") => {
      const out = readAnswer(fcl, input(values, currency));
      return out.ok ? {} : out.errors;
    };
    expect(bad({ qty_gp20: "1" })).toEqual({ form: ["priceRequests.answer.errors.noPrice"] });
    expect(bad({ rate_gp20: "10", qty_gp20: "1" }, "EUR")).toHaveProperty("currency");
    expect(bad({ rate_gp20: "10", qty_gp20: "1", validTo: "2026-12-01" })).toHaveProperty("validTo");
    expect(bad({ rate_gp20: "10", qty_gp20: "1", validTo: "2026-02-30" })).toHaveProperty("validTo");
    expect(bad({ rate_gp20: "10", qty_gp20: "1", [answerField.feeRate(1)]: "5" })).toHaveProperty(answerField.feeLabel(1));
    expect(bad({ rate_gp20: "-10", qty_gp20: "1" })).toHaveProperty("rate_gp20");
  });

  test("the form starts from the cargo: counts, LCL revenue tons, air chargeable weight on its break", () => {
    expect(answerDefaults(modeByKey("fcl"), { kind: "containers", counts: { gp20: 2, hq40: 1 } })).toEqual({
      qty_gp20: "2",
      qty_gp40: "0",
      qty_hq40: "1",
    });
    expect(answerDefaults(modeByKey("lcl"), { kind: "loose", cbm: "3.2", kg: "4500", pieces: 8 })).toEqual({ qty_freightCbm: "4.500" });
    // 2 CBM × 167 = 334 kg > 120 kg: the +300 break.
    expect(answerDefaults(modeByKey("air"), { kind: "loose", cbm: "2", kg: "120", pieces: null })).toEqual({ qty_bulk300: "334.0" });
    expect(answerDefaults(modeByKey("express"), { kind: "loose", cbm: null, kg: "350", pieces: 2 })).toEqual({ qty_price: "1" });
  });
});
