// The zones of the express price table (DESIGN.md "Express"): each
// destination's zone code (express countries' zone_code) has its own price
// column `zone<code>`. One list for the data area's columns
// (data-areas/express.ts), the search and the booking source
// (rates/express.server.ts, booking/source.server.ts) and the seed. Plain
// data, shared by server and browser.

export const EXPRESS_ZONE_CODES = [
  "T1",
  "T2",
  "1",
  "2",
  "A",
  "B",
  "D",
  "E",
  "F",
  "G",
  "H",
  "K",
  "M",
  "N",
  "O",
  "P",
  "Q",
  "R",
  "S",
  "T",
  "U",
  "V",
  "X",
  "Y",
  "Z",
] as const;

export type ExpressZoneCode = (typeof EXPRESS_ZONE_CODES)[number];
export type ExpressZoneField = `zone${ExpressZoneCode}`;

const CODES: ReadonlySet<string> = new Set(EXPRESS_ZONE_CODES);

/** A zone code (any case) → its price column of the express table, or null for a code that has none. */
export function zoneField(zoneCode: string): ExpressZoneField | null {
  const code = zoneCode.toUpperCase();
  return CODES.has(code) ? (`zone${code}` as ExpressZoneField) : null;
}
