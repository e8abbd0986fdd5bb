// How the pages print numbers (shared by server and browser). Tests assert
// on exactly these strings, so keep them deterministic: no locale data.

/** "1234.5" → "1,234.50"; null → null. Money always has two decimals. */
export function formatMoney(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = "", whole, fraction = ""] = match;
  const cents = (fraction + "00").slice(0, 2);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${grouped}.${cents}`;
}

/** Trailing zeros dropped: "24.50" → "24.5", "0.8500" → "0.85", "3.00" → "3". */
export function trimDecimal(value: string): string {
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}

/** Fuel surcharge: "24.50" → "24.5%". */
export function formatPercent(value: string | null | undefined): string | null {
  return value === null || value === undefined || value === "" ? null : `${trimDecimal(value)}%`;
}

/** Discount factor: "0.8500" → "0.85". */
export function formatFactor(value: string | null | undefined): string | null {
  return value === null || value === undefined || value === "" ? null : trimDecimal(value);
}

export function formatPrice(value: string | null | undefined, format: "money" | "percent" | "factor"): string | null {
  switch (format) {
    case "money":
      return formatMoney(value);
    case "percent":
      return formatPercent(value);
    case "factor":
      return formatFactor(value);
  }
}
