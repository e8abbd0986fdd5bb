// Air freight out of China: origin airports, destination regions with their
// price level (USD per kg at +45 kg, cost) and airlines, by IATA code.

export const AIR_ORIGINS: [code: string, weight: number][] = [
  ["PVG", 10],
  ["PEK", 5],
  ["CAN", 5],
  ["SZX", 4],
  ["HKG", 3],
  ["CTU", 2],
  ["XMN", 2],
  ["NKG", 2],
  ["HGH", 2],
  ["CKG", 1],
  ["CGO", 2],
  ["TAO", 1],
];

export interface AirRegion {
  name: string;
  destinations: string[];
  /** Cost per kg at the +45 kg break, USD. */
  perKg: [number, number];
  days: [number, number];
  carriers: string[];
  /** Hubs for indirect routings. */
  hubs: string[];
}

export const AIR_REGIONS: AirRegion[] = [
  {
    name: "北美",
    destinations: ["ORD", "LAX", "JFK", "SFO", "DFW", "ATL", "MIA", "SEA", "IAH", "EWR", "BOS", "YVR", "YYZ"],
    perKg: [4.2, 6.8],
    days: [1, 3],
    carriers: ["CK", "CA", "MU", "CZ", "5Y", "UA", "AA", "CX", "KE", "BR", "CI"],
    hubs: ["ANC", "ICN", "TPE", "HKG"],
  },
  {
    name: "欧洲",
    destinations: ["FRA", "AMS", "LHR", "CDG", "MUC", "MXP", "MAD", "BCN", "LGG", "BRU", "ZRH", "VIE", "CPH", "WAW", "PRG", "BUD", "IST"],
    perKg: [3.1, 5.2],
    days: [1, 3],
    carriers: ["LH", "KL", "AF", "CV", "CA", "MU", "CZ", "TK", "EK", "QR", "CX"],
    hubs: ["DXB", "DOH", "IST", "FRA", "AMS"],
  },
  {
    name: "日韩",
    destinations: ["NRT", "HND", "KIX", "NGO", "ICN", "PUS"],
    perKg: [1.2, 2.4],
    days: [1, 2],
    carriers: ["NH", "JL", "KE", "OZ", "MU", "CA", "CK"],
    hubs: [],
  },
  {
    name: "东南亚",
    destinations: ["SIN", "BKK", "KUL", "CGK", "SGN", "HAN", "MNL"],
    perKg: [1.3, 2.8],
    days: [1, 2],
    carriers: ["SQ", "TG", "MH", "GA", "VN", "PR", "CZ", "MU"],
    hubs: ["HKG", "SIN"],
  },
  {
    name: "南亚中东",
    destinations: ["DEL", "BOM", "MAA", "DXB", "DOH", "RUH", "JED", "TLV"],
    perKg: [2.2, 4.2],
    days: [1, 3],
    carriers: ["EK", "QR", "EY", "AI", "CZ", "MU", "SV"],
    hubs: ["DXB", "DOH", "HKG"],
  },
  {
    name: "澳新",
    destinations: ["SYD", "MEL", "BNE", "PER", "AKL"],
    perKg: [2.6, 4.4],
    days: [1, 3],
    carriers: ["QF", "CZ", "MU", "CA", "NZ", "CX"],
    hubs: ["HKG", "SIN"],
  },
  {
    name: "南美非洲",
    destinations: ["GRU", "SCL", "LIM", "BOG", "MEX", "JNB", "NBO", "LOS", "CAI", "ADD"],
    perKg: [5.0, 8.6],
    days: [3, 6],
    carriers: ["ET", "EK", "QR", "LA", "TK", "AM"],
    hubs: ["DXB", "DOH", "ADD", "AMS", "FRA"],
  },
];

/** Air waybill prefixes of the airlines (stored as air_id). */
export const AWB_PREFIX: Record<string, string> = {
  CK: "112",
  CA: "999",
  MU: "781",
  CZ: "784",
  "5Y": "369",
  UA: "016",
  AA: "001",
  CX: "160",
  KE: "180",
  BR: "695",
  CI: "297",
  LH: "020",
  KL: "074",
  AF: "057",
  CV: "172",
  TK: "235",
  EK: "176",
  QR: "157",
  NH: "205",
  JL: "131",
  OZ: "988",
  SQ: "618",
  TG: "217",
  MH: "232",
  GA: "126",
  VN: "738",
  PR: "079",
  EY: "607",
  AI: "098",
  SV: "065",
  QF: "081",
  NZ: "086",
  ET: "071",
  LA: "045",
  AM: "139",
};
