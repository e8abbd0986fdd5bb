// LCL revenue-ton calculator (docs/decisions/ on LCL charges).
//
//   t  = kg / 1000
//   RT = max(CBM, t)                          (revenue tons, "W/M")
//   by volume = CBM × rate per CBM
//   by weight = t × rate per ton
//   total     = max(by volume, by weight)     rounded once to cents
//
// i.e. the revenue tons are charged at the rate of the measure that gives the
// higher freight. A missing rate leaves only the other measure. No minimum
// charge is applied (minimums in a row's remark stay with the remark).
import { compare, fixedText, mul, parseFixed, shift, type Fixed } from "./decimal";

export type LclProblem = "cbmFormat" | "kgFormat" | "empty";

/** CBM: up to 3 decimals, below 100,000; kg: up to 1 decimal, below 10,000,000. */
export function checkLclInput(
  cbmText: string | null | undefined,
  kgText: string | null | undefined,
): { cbm: string; kg: string } | { problems: Partial<Record<"cbm" | "kg", LclProblem>> } {
  const cbmIn = (cbmText ?? "").trim();
  const kgIn = (kgText ?? "").trim();
  const problems: Partial<Record<"cbm" | "kg", LclProblem>> = {};
  if (cbmIn !== "" && !/^\d{1,5}(\.\d{1,3})?$/.test(cbmIn)) problems.cbm = "cbmFormat";
  if (kgIn !== "" && !/^\d{1,7}(\.\d)?$/.test(kgIn)) problems.kg = "kgFormat";
  if (problems.cbm || problems.kg) return { problems };
  const cbm = parseFixed(cbmIn || "0")!;
  const kg = parseFixed(kgIn || "0")!;
  if (cbm.units === 0n && kg.units === 0n) return { problems: { cbm: "empty" } };
  return { cbm: fixedText(cbm, 3), kg: fixedText(kg, 1) };
}

/** One measure's freight as the row explains it: quantity × rate = amount. */
export type LclLine = {
  basis: "volume" | "weight";
  /** CBM or tons, at least 2 decimals (more only where they are not zero). */
  quantity: string;
  rate: string;
  amount: string;
};

export type LclCharge = {
  cbm: string;
  tons: string;
  revenueTons: string;
  /** Which measure the revenue tons come from. */
  revenueBasis: "volume" | "weight";
  byVolume: string | null;
  byWeight: string | null;
  total: string | null;
  /** Which charge is the total. */
  chargeBasis: "volume" | "weight" | null;
  /** The sum that gives the total, and the other measure's for comparison. */
  charged: LclLine | null;
  other: LclLine | null;
};

/** "2.000" → "2.00", "1.9000" → "1.90", "1.2345" stays: the sum shown must give the amount. */
function quantityText(value: Fixed): string {
  return fixedText(value, 4).replace(/(\.\d\d\d*?)0+$/, "$1");
}

export function lclCharge(input: { cbm: string; kg: string; perCbm: string | null; perTon: string | null }): LclCharge {
  const cbm = parseFixed(input.cbm)!;
  const tons = shift(parseFixed(input.kg)!, 3);
  const volumeDecides = compare(cbm, tons) >= 0;
  const perCbm = parseFixed(input.perCbm);
  const perTon = parseFixed(input.perTon);
  const byVolume: Fixed | null = perCbm ? mul(cbm, perCbm) : null;
  const byWeight: Fixed | null = perTon ? mul(tons, perTon) : null;
  let total: Fixed | null = null;
  let chargeBasis: LclCharge["chargeBasis"] = null;
  if (byVolume && (!byWeight || compare(byVolume, byWeight) >= 0)) {
    total = byVolume;
    chargeBasis = "volume";
  } else if (byWeight) {
    total = byWeight;
    chargeBasis = "weight";
  }
  const line = (basis: LclLine["basis"], quantity: Fixed, rate: Fixed | null, amount: Fixed | null): LclLine | null =>
    rate && amount ? { basis, quantity: quantityText(quantity), rate: fixedText(rate, 2), amount: fixedText(amount, 2) } : null;
  const volume = line("volume", cbm, perCbm, byVolume);
  const weight = line("weight", tons, perTon, byWeight);
  return {
    cbm: fixedText(cbm, 3),
    tons: fixedText(tons, 4),
    revenueTons: fixedText(volumeDecides ? cbm : tons, 4),
    revenueBasis: volumeDecides ? "volume" : "weight",
    byVolume: byVolume ? fixedText(byVolume, 2) : null,
    byWeight: byWeight ? fixedText(byWeight, 2) : null,
    total: total ? fixedText(total, 2) : null,
    chargeBasis,
    charged: chargeBasis === "volume" ? volume : chargeBasis === "weight" ? weight : null,
    other: chargeBasis === "volume" ? weight : chargeBasis === "weight" ? volume : null,
  };
}
