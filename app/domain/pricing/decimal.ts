// Exact decimal arithmetic for prices (scaled BigInt integers): the pricing
// rules must give the same cents as a hand calculation, never a float's
// 0.1 + 0.2. Decimals cross the domain boundary as plain strings ("528.00").

/** value = units / 10^scale */
export type Fixed = { units: bigint; scale: number };

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Parses "12.5" exactly (any number of decimals); null when not a decimal. */
export function parseFixed(text: string | number | null | undefined): Fixed | null {
  if (text === null || text === undefined) return null;
  const match = DECIMAL.exec(String(text).trim());
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  const units = BigInt(whole + fraction) * (sign ? -1n : 1n);
  return { units, scale: fraction.length };
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** The same value at a larger scale. */
function widen(a: Fixed, scale: number): bigint {
  return a.units * pow10(scale - a.scale);
}

export function mul(a: Fixed, b: Fixed): Fixed {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

export function add(a: Fixed, b: Fixed): Fixed {
  const scale = Math.max(a.scale, b.scale);
  return { units: widen(a, scale) + widen(b, scale), scale };
}

export function compare(a: Fixed, b: Fixed): number {
  const scale = Math.max(a.scale, b.scale);
  const d = widen(a, scale) - widen(b, scale);
  return d === 0n ? 0 : d > 0n ? 1 : -1;
}

export function max(a: Fixed, b: Fixed): Fixed {
  return compare(a, b) >= 0 ? a : b;
}

/** Divides by 10^n exactly (kg → t is n = 3). */
export function shift(a: Fixed, n: number): Fixed {
  return { units: a.units, scale: a.scale + n };
}

/** Rounds half away from zero to `scale` decimals (commercial rounding). */
export function round(a: Fixed, scale: number): Fixed {
  if (a.scale <= scale) return { units: widen(a, scale), scale };
  const divisor = pow10(a.scale - scale);
  const negative = a.units < 0n;
  const abs = negative ? -a.units : a.units;
  let q = abs / divisor;
  if ((abs % divisor) * 2n >= divisor) q += 1n;
  return { units: negative ? -q : q, scale };
}

/** "12.50" at the value's own scale. */
export function toText(a: Fixed): string {
  const negative = a.units < 0n;
  const digits = (negative ? -a.units : a.units).toString().padStart(a.scale + 1, "0");
  const whole = a.scale === 0 ? digits : digits.slice(0, -a.scale);
  const fraction = a.scale === 0 ? "" : `.${digits.slice(-a.scale)}`;
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

/** Rounded to `scale` decimals, as text. */
export function fixedText(a: Fixed, scale: number): string {
  return toText(round(a, scale));
}

export function isPositive(a: Fixed | null): a is Fixed {
  return !!a && a.units > 0n;
}

/** a ÷ b rounded half away from zero to `scale` decimals; null when b is 0. */
export function divide(a: Fixed, b: Fixed, scale: number): Fixed | null {
  if (b.units === 0n) return null;
  const n = a.units * pow10(b.scale + scale);
  const d = b.units * pow10(a.scale);
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (2n * an + ad) / (2n * ad);
  return { units: negative ? -q : q, scale };
}
