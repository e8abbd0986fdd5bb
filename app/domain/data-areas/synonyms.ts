// The names carriers and agents give the columns of their own rate sheets
// (issue 40), beside the data-area descriptions so that every area gets them:
// the import wizard matches a sheet's headers against these, then against the
// area's own headers and screen labels (import.server.ts headerIndex). Keyed
// by field name (a field of the same name means the same thing in every area)
// and by tier price base (gp20 → gp20T0/gp20T1/gp20T2: a carrier's sheet has
// one price per container, the clerk says which tiers it goes to).
//
// Shared by server and browser: plain data and pure functions.

/** Headers of a field, in Chinese and English, as carriers write them. */
export const FIELD_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  pol: [
    "起运港",
    "起运地",
    "起始港",
    "装货港",
    "装运港",
    "始发港",
    "POL",
    "Port of Loading",
    "Loading Port",
    "Origin",
    "Origin Port",
    "Load Port",
    "起运站",
    "始发站",
    "发站",
    "Departure Station",
    "Origin Station",
  ],
  pod: [
    "目的港",
    "目的地",
    "卸货港",
    "到达港",
    "POD",
    "Port of Discharge",
    "Discharge Port",
    "Destination",
    "Destination Port",
    "Dest",
    "目的站",
    "到站",
    "终到站",
    "Destination Station",
    "Arrival Station",
  ],
  carrier: ["船公司", "船东", "承运人", "航司", "航空公司", "Carrier", "Shipping Line", "Line", "Airline", "Liner"],
  validFrom: [
    "开始",
    "起始",
    "生效日期",
    "有效期开始",
    "有效期起",
    "有效期自",
    "Valid From",
    "Effective",
    "Effective Date",
    "Eff Date",
    "From Date",
    "Start",
    "开始日期",
    "起始日期",
    "生效时间",
    "生效日",
    "Effective From",
  ],
  validTo: [
    "截止",
    "结束",
    "到期",
    "有效期截止",
    "有效期至",
    "有效期止",
    "失效日期",
    "Valid To",
    "Valid Till",
    "Valid Until",
    "Expiry",
    "Expiry Date",
    "Exp Date",
    "End",
    "截止日期",
    "截至",
    "截至日期",
    "结束日期",
    "到期日",
    "有效期到",
    "Valid Thru",
    "Valid Through",
    "Expiration Date",
  ],
  remark: ["备注", "说明", "Remarks", "Remark", "Notes", "Note", "Comments"],
  transitTime: ["航程", "航程(天)", "运输时间", "时效", "天数", "T/T", "TT", "Transit Time", "Transit Days", "Transit"],
  via: ["中转", "中转/直达", "直达/中转", "中转港", "是否中转", "Via", "Transit Port", "Routing", "T/S", "Direct/Transit"],
  sailingSchedule: ["船期", "开船日", "开航日", "班期", "Sailing", "Sailing Day", "Schedule", "ETD Day"],
  thc: ["THC", "码头操作费", "起运港THC", "Terminal Handling"],
  destinationDock: ["目的港码头", "Destination Terminal", "POD Terminal"],
  dock: ["码头", "Terminal"],
  bookingFee: ["订舱费", "Booking Fee"],
  seal: ["封条费", "铅封", "Seal"],
  vgm: ["VGM", "VGM费"],
  doc: ["文件费", "DOC", "Documentation"],
  country: ["国家", "Country"],
  volume: ["体积", "货量", "Volume"],
  etd: ["ETD", "开船", "航班日期", "Flight Date"],
  bookingCutoff: ["截单", "截单时间", "截单日", "Booking Cut-off", "Booking Cutoff", "Doc Cut-off", "SI Cut-off"],
  cargoCutoff: ["截货", "截货时间", "进仓截止", "CFS Cut-off", "CFS Cutoff", "CFS Closing", "Closing", "Cargo Cut-off", "Cargo Cutoff"],
  currency: ["币种", "币别", "货币", "Currency", "Curr", "CCY"],
  trainService: ["班列", "车次", "Train", "Service"],
  doorPoint: [
    "门点",
    "门点地址",
    "提货地址",
    "送货地址",
    "装货地址",
    "装货地",
    "装箱地址",
    "工厂地址",
    "Door",
    "Door Point",
    "Door Address",
    "Pickup Address",
    "Loading Address",
    "Delivery Address",
  ],
  category: ["网络", "渠道", "类别", "Category", "Network", "Service Type"],
  weight: ["重量", "Weight", "KG"],
  fuel: ["燃油", "燃油附加费", "燃油费", "燃油附加费率", "燃油费率", "Fuel", "Fuel Surcharge", "FSC", "Fuel Rate"],
};

/** Headers of a tier price base (a carrier's one price per container, weight break or unit). */
export const PRICE_BASE_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  gp20: ["20GP", "20'GP", "20’GP", "20尺", "20'", "20DC", "20'DC", "20FT", "20'STD", "20普柜", "20小柜"],
  gp40: ["40GP", "40'GP", "40’GP", "40尺", "40'", "40DC", "40'DC", "40FT", "40普柜"],
  hq40: ["40HQ", "40HC", "40'HC", "40'HQ", "40’HC", "40’HQ", "40尺高柜", "40高柜", "40高", "40HCQ"],
  freightCbm: ["CBM", "Per CBM", "USD/CBM", "Rate/CBM", "每方", "每立方", "运费/CBM"],
  freightTon: ["TON", "Per TON", "USD/TON", "Rate/TON", "每吨", "运费/TON"],
  // Rail: the railway's or carrier's box (COC, 铁路箱, 公司箱) or the shipper's own (SOC, 自备箱).
  coc40: ["40COC", "40'COC", "40HQ COC", "40HC COC", "40GP COC", "40铁路箱", "40HQ铁路箱", "40公司箱", "40HQ公司箱"],
  soc40: ["40SOC", "40'SOC", "40HQ SOC", "40HC SOC", "40GP SOC", "40自备箱", "40HQ自备箱", "40尺自备箱"],
  coc20: ["20COC", "20'COC", "20GP COC", "20铁路箱", "20GP铁路箱", "20公司箱", "20GP公司箱"],
  soc20: ["20SOC", "20'SOC", "20GP SOC", "20自备箱", "20GP自备箱", "20尺自备箱"],
  soc20x2: ["2*20SOC", "2X20SOC", "2×20SOC", "2*20GP SOC", "2X20GP SOC", "2×20GP SOC", "双20SOC", "双20自备箱", "2*20自备箱"],
  ...Object.fromEntries(
    [45, 100, 130, 300, 500, 1000, 2000, 3000].flatMap((kg) => [
      [
        `bulk${kg}`,
        [`+${kg}`, `+${kg}KG`, `+${kg}KGS`, `${kg}KG`, `${kg}+`, `${kg}KG+`, `≥${kg}`, `≥${kg}KG`, `>=${kg}KG`, `Q${kg}`, `散货+${kg}`],
      ],
      [`tray${kg}`, [`托盘+${kg}`, `托盘${kg}KG`, `Pallet +${kg}`]],
    ]),
  ),
};

/** Headers of one LCL rate per revenue ton (W/M: a cubic metre or a tonne, whichever gives more): the rate per CBM and per ton alike. */
export const REVENUE_TON_SYNONYMS: readonly string[] = [
  "W/M",
  "Per W/M",
  "USD/W/M",
  "RT",
  "Per RT",
  "USD/RT",
  "Rate/RT",
  "运费/RT",
  "每计费吨",
];

/**
 * A header in the form it is compared in: NFKC (full-width → half-width),
 * lower case, without blanks, quotes, apostrophes and underscores
 * (20'GP, 20’GP, "20 GP" → 20gp; Port of Loading → portofloading).
 */
export function labelKeyOf(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s_'’‘"“”`]+/g, "");
}

/** The header without a bracketed tail: THC(RMB) → thc, 航程(天) → 航程, 目的港（英文） → 目的港. */
export function withoutBrackets(key: string): string {
  return key.replace(/\([^)]*\)$|\[[^\]]*\]$/, "");
}

/**
 * Whether a header names a price (container types, weight breaks, per CBM or
 * ton, surcharges, "rate"/"price"/运费): such a column may not be left
 * unmapped without the clerk's word (issue 40 item 2).
 */
export function looksLikePrice(header: string): boolean {
  const key = labelKeyOf(header);
  if (key === "") return false;
  return (
    /^\d{2}(ft|尺)?(gp|dc|hq|hc|rf|rh|ot|fr|nor|tk|hd|sd|st|std|coc|soc|普柜|高柜|小柜)?(\(|$)/.test(key) ||
    /^(\+|-|<|>)?\d+(kg|kgs|公斤)?(\(|$)/.test(key) ||
    /^(\+|托盘|散货|pallet)\+?\d+/.test(key) ||
    /(cbm|w\/m|perton|\/ton|^ton$|^rt$|baf|ebs|caf|pss|gri|isps|lss|ens|ams|afs|thc|运费|价格|附加费|海运费|单价|报价|freight|rate|price|charge|surcharge|amount|tariff)/.test(
      key,
    )
  );
}

/** A header that only numbers the rows (序号, No., #): numeric, never a price. */
export function isRowNumberHeader(header: string): boolean {
  return /^(序号|编号|行号|no\.?|#|seq|item)$/.test(labelKeyOf(header));
}

/** A validity period written in a header: 2026/12/01-2026/12/14, 2026.12.15～12.31, 12/01-12/14 (year from the first). */
const PERIOD = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?\s*(?:-|~|～|至|到|—|–|to)\s*(?:(\d{4})[-/.年])?(\d{1,2})[-/.月](\d{1,2})日?$/i;
/** The same without a year, as Chinese notices write it: 12.1-12.31, 12/20-1/5, 12月1日至12月31日. */
const PERIOD_NO_YEAR = /^(\d{1,2})[/.月](\d{1,2})日?\s*(?:-|~|～|至|到|—|–|to)\s*(\d{1,2})[/.月](\d{1,2})日?$/i;

/** A calendar day as YYYY-MM-DD, or null when there is no such day. */
function isoDay(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date.toISOString().slice(0, 10) : null;
}

/**
 * The period a header or a cell names ({from, to} as YYYY-MM-DD), or null.
 * An end written without its year falls on or after the start (2026/12/20-1/5
 * ends in January 2027). `yearless` (a validity column's cells, where a
 * range of numbers such as 1.5-2.5 cannot be meant): a period without any
 * year starts on the day of that date nearest this day (a notice of late
 * December for 1.1-1.15 means next January); headers always name the year.
 */
export function periodOf(header: string, yearless: { today: Date } | null = null): { from: string; to: string } | null {
  const text = header.normalize("NFKC").replace(/\s+/g, " ").trim();
  const ends = (y: number, m: number, d: number, toM: number, toD: number, toY: number | null) => {
    const from = isoDay(y, m, d);
    let to = isoDay(toY ?? y, toM, toD);
    if (from && to && toY === null && to < from) to = isoDay(y + 1, toM, toD);
    return from && to ? { from, to } : null;
  };
  const m = PERIOD.exec(text);
  if (m) return ends(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[5]), Number(m[6]), m[4] ? Number(m[4]) : null);
  const n = yearless ? PERIOD_NO_YEAR.exec(text) : null;
  if (!yearless || !n) return null;
  const [month, day] = [Number(n[1]), Number(n[2])];
  // Shanghai's calendar day (UTC+8, no daylight saving).
  const now = new Date(yearless.today.getTime() + 8 * 3_600_000);
  const base = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const year = [now.getUTCFullYear() - 1, now.getUTCFullYear(), now.getUTCFullYear() + 1]
    .filter((y) => isoDay(y, month, day))
    .sort((a, b) => Math.abs(Date.UTC(a, month - 1, day) - base) - Math.abs(Date.UTC(b, month - 1, day) - base))[0];
  return year === undefined ? null : ends(year, month, day, Number(n[3]), Number(n[4]), null);
}
