// Rate sheets as carriers and agents send them (issue 40), built in code with
// SheetJS, as .xlsx or .xls: the Chinese FCL notice (title lines, a two-row
// header with 有效期 merged over 开始/截止, a tab per trade lane), an agent's
// sheet (title on rows 1-2), two validity periods side by side, a plain
// English sheet, and one with free-text ports, full-width text and padded
// codes; and the three forms of a formula saved without its result, made by
// editing the sheet's XML in the zip. Used by the unit and integration tests,
// the Playwright specs and the benchmark.
import * as XLSX from "@e965/xlsx";

export type Book = "xlsx" | "xls";
/** A tab: its rows, merged ranges (A1), and rows (1-based) and columns (0-based) hidden in the workbook. */
export type Tab = { name: string; rows: unknown[][]; merges?: string[]; hiddenRows?: number[]; hiddenColumns?: number[] };

/** A workbook of several tabs (merged ranges in A1 notation), as bytes. Dates given as Date objects become Excel dates. */
export function workbookBytes(tabs: readonly Tab[], book: Book = "xlsx"): Uint8Array {
  const workbook = XLSX.utils.book_new();
  for (const tab of tabs) {
    const sheet = XLSX.utils.aoa_to_sheet(tab.rows, { cellDates: true, dateNF: "yyyy-mm-dd" });
    if (tab.merges?.length) sheet["!merges"] = tab.merges.map((ref) => XLSX.utils.decode_range(ref));
    if (tab.hiddenRows?.length)
      sheet["!rows"] = tab.hiddenRows.map((row) => row - 1).reduce<XLSX.RowInfo[]>((rows, r) => ((rows[r] = { hidden: true }), rows), []);
    if (tab.hiddenColumns?.length)
      sheet["!cols"] = tab.hiddenColumns.reduce<XLSX.ColInfo[]>((cols, c) => ((cols[c] = { hidden: true }), cols), []);
    XLSX.utils.book_append_sheet(workbook, sheet, tab.name);
  }
  const buffer = XLSX.write(workbook, { type: "buffer", bookType: book === "xls" ? "biff8" : "xlsx", compression: true }) as Buffer;
  return new Uint8Array(buffer);
}

/** A calendar day `offset` days from `from` (UTC midnight: an Excel date of that day). */
export function dayFrom(from: Date, offset: number): Date {
  return new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + offset));
}
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
/** The sheet's way of writing a day: 2026/12/01. */
export const slashDay = (date: Date) => isoDay(date).replaceAll("-", "/");

export type Validity = { from: Date; to: Date };
/** A validity around today (Asia/Shanghai is ahead of UTC: a day's margin), so customers see the rates now. */
export function currentValidity(today = new Date()): Validity {
  return { from: dayFrom(today, -3), to: dayFrom(today, 40) };
}

/** One rate of a fixture: what a customer should find. */
/** The rate of a row that starts POL, POD, carrier, 20GP, 40GP, 40HC, under `validity`. */
function laneRate(r: (string | number)[], validity: Validity): FixtureRate {
  const [pol, pod, carrier, gp20, gp40, hq40] = r as [string, string, string, number, number, number];
  return { pol, pod, carrier, gp20, gp40, hq40, from: isoDay(validity.from), to: isoDay(validity.to) };
}

/** A lane: POL, POD, carrier, 20GP, 40GP, 40HC. */
type Lane = readonly [string, string, string, number, number, number];

/**
 * A one-tab sheet of `lanes`: the lines `above` the header, the header, then
 * each lane as the sheet writes it (`cells`); and the rates a customer should
 * find, under `validity`.
 */
function laneSheet(
  book: Book,
  validity: Validity,
  lanes: readonly Lane[],
  tab: { name: string; above?: unknown[][]; header: unknown[]; cells: (lane: Lane, i: number) => unknown[] },
): { bytes: Uint8Array; rates: FixtureRate[] } {
  const rows = [...(tab.above ?? []), tab.header, ...lanes.map(tab.cells)];
  return { bytes: workbookBytes([{ name: tab.name, rows }], book), rates: lanes.map((lane) => laneRate([...lane], validity)) };
}

export type FixtureRate = {
  pol: string;
  pod: string;
  gp20: number;
  gp40: number;
  hq40: number;
  from: string;
  to: string;
  carrier?: string;
};

/**
 * The Chinese FCL notice: two title lines, a blank line, the header on row 4
 * (有效期 merged over 开始/截止 on row 5, the other header cells merged down),
 * Chinese port names, Excel dates, one tab per trade lane (欧洲线, 地中海线).
 * The file names no carrier (the clerk fixes it) and has surcharge columns
 * (BAF, EBS) that are prices without a field.
 */
export function chineseNotice(book: Book = "xlsx", validity = currentValidity()): { bytes: Uint8Array; rates: FixtureRate[] } {
  const header4 = [
    "起运港",
    "目的港",
    "目的港（英文）",
    "航线代码",
    "船期",
    "20GP",
    "40GP",
    "40HQ",
    "BAF",
    "EBS",
    "THC(RMB)",
    "有效期",
    null,
    "中转/直达",
    "航程(天)",
    "备注",
  ];
  const header5 = [null, null, null, null, null, null, null, null, null, null, null, "开始", "截止"];
  // Every header cell but 有效期 spans rows 4-5; 有效期 spans L4:M4.
  const merges = [
    "A1:P1",
    "A2:P2",
    "L4:M4",
    ...["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "N", "O", "P"].map((c) => `${c}4:${c}5`),
  ];
  const lanes = [
    {
      name: "欧洲线",
      rows: [
        ["上海", "汉堡", "HAMBURG", "AEX1", "周三", 1210, 2230, 2340, 150, 60, 850],
        ["宁波", "鹿特丹", "ROTTERDAM", "AEX2", "周五", 1180, 2190, 2300, 150, 60, 850],
      ],
    },
    {
      name: "地中海线",
      rows: [
        ["上海", "热那亚", "GENOA", "MEX1", "周四", 1520, 2610, 2720, 180, 70, 850],
        ["宁波", "巴塞罗那", "BARCELONA", "MEX2", "周六", 1490, 2580, 2690, 180, 70, 850],
      ],
    },
  ];
  const tabs: Tab[] = lanes.map((lane) => ({
    name: lane.name,
    merges,
    rows: [
      ["中远海运集运 运价通知（整箱）", ...Array(15).fill(null)],
      [`发布日期：${slashDay(validity.from)}  单位：USD/箱，THC 单位：RMB`],
      [],
      header4,
      header5,
      ...lane.rows.map((r) => [...r, validity.from, validity.to, "直达", 28, "不含目的港费用"]),
      [],
      ["备注：以上价格不含目的港杂费，以船公司最终确认为准。"],
    ],
  }));
  const english: Record<string, string> = { 上海: "SHANGHAI", 宁波: "NINGBO" };
  const rates = lanes.flatMap((lane) =>
    lane.rows.map((r) => ({
      pol: english[r[0] as string],
      pod: r[2] as string,
      gp20: r[5] as number,
      gp40: r[6] as number,
      hq40: r[7] as number,
      from: isoDay(validity.from),
      to: isoDay(validity.to),
    })),
  );
  return { bytes: workbookBytes(tabs, book), rates };
}

/** An agent's sheet: a title on rows 1-2 (merged), the header on row 3, dates as text. */
export function agentSheet(book: Book = "xlsx", validity = currentValidity()): { bytes: Uint8Array; rates: FixtureRate[] } {
  const rows = [
    ["SHENZHEN", "FELIXSTOWE", "ONE", 1320, 2410, 2480],
    ["SHENZHEN", "ANTWERP", "ONE", 1290, 2360, 2440],
  ];
  const bytes = workbookBytes(
    [
      {
        name: "Sheet1",
        merges: ["A1:I1", "A2:I2"],
        rows: [
          ["深圳环球货运代理有限公司 海运报价"],
          ["Tel: 0755-0000000  报价仅供参考"],
          ["POL", "POD", "Carrier", "20'GP", "40'GP", "40'HC", "Valid From", "Valid To", "Remark"],
          ...rows.map((r) => [...r, slashDay(validity.from), slashDay(validity.to), "weekly"]),
        ],
      },
    ],
    book,
  );
  return {
    bytes,
    rates: rows.map((r) => laneRate(r, validity)),
  };
}

/**
 * Two validity periods side by side: a header row with the periods, each
 * merged over 20GP/40GP/40HQ on the row below; one source row gives a rate
 * per period.
 */
export function periodSheet(book: Book = "xlsx", today = new Date()): { bytes: Uint8Array; rates: FixtureRate[]; periods: Validity[] } {
  const periods: Validity[] = [
    { from: dayFrom(today, -3), to: dayFrom(today, 10) },
    { from: dayFrom(today, 11), to: dayFrom(today, 30) },
  ];
  const label = (p: Validity) => `${slashDay(p.from)}-${slashDay(p.to)}`;
  const rows = [
    ["XIAMEN", "VALENCIA", "CMA", 1410, 2520, 2600, 1460, 2580, 2660],
    ["XIAMEN", "PIRAEUS", "CMA", 1380, 2490, 2570, 1430, 2550, 2630],
  ];
  const bytes = workbookBytes(
    [
      {
        name: "Rates",
        merges: ["A1:A2", "B1:B2", "C1:C2", "D1:F1", "G1:I1"],
        rows: [
          ["POL", "POD", "Carrier", label(periods[0]), null, null, label(periods[1])],
          [null, null, null, "20GP", "40GP", "40HQ", "20GP", "40GP", "40HQ"],
          ...rows,
        ],
      },
    ],
    book,
  );
  const rates = rows.flatMap((r) =>
    periods.map((p, i) => ({
      pol: r[0] as string,
      pod: r[1] as string,
      carrier: r[2] as string,
      gp20: r[3 + i * 3] as number,
      gp40: r[4 + i * 3] as number,
      hq40: r[5 + i * 3] as number,
      from: isoDay(p.from),
      to: isoDay(p.to),
    })),
  );
  return { bytes, rates, periods };
}

/** The plain English sheet: POL, POD, Carrier, 20GP, 40GP, 40HC, Valid From, Valid To, Remarks. */
export function englishSheet(book: Book = "xlsx", validity = currentValidity()): { bytes: Uint8Array; rates: FixtureRate[] } {
  const lanes: Lane[] = [
    ["QINGDAO", "LONG BEACH", "COSCO", 1650, 2050, 2150],
    ["QINGDAO", "OAKLAND", "COSCO", 1700, 2120, 2220],
  ];
  return laneSheet(book, validity, lanes, {
    name: "Sheet1",
    header: ["POL", "POD", "Carrier", "20GP", "40GP", "40HC", "Valid From", "Valid To", "Remarks"],
    cells: (lane) => [...lane, validity.from, validity.to, "subject to GRI"],
  });
}

/**
 * The validity as Chinese notices write it, one cell without the year
 * ("11.26-1.8"): the year is the one nearest today.
 */
export function yearlessValiditySheet(book: Book = "xlsx", validity = currentValidity()): { bytes: Uint8Array; rates: FixtureRate[] } {
  const day = (date: Date) => `${date.getUTCMonth() + 1}.${date.getUTCDate()}`;
  const lanes: Lane[] = [
    ["SHANGHAI", "HAMBURG", "MSC", 1210, 2230, 2340],
    ["NINGBO", "ROTTERDAM", "MSC", 1180, 2190, 2300],
  ];
  return laneSheet(book, validity, lanes, {
    name: "欧洲线",
    header: ["起运港", "目的港", "船公司", "20GP", "40GP", "40HQ", "有效期"],
    cells: (lane) => [...lane, `${day(validity.from)}-${day(validity.to)}`],
  });
}

/** A day as European agents write it: 01/12/2026 (day, month, year). */
export const dayMonthYear = (date: Date) =>
  `${String(date.getUTCDate()).padStart(2, "0")}/${String(date.getUTCMonth() + 1).padStart(2, "0")}/${date.getUTCFullYear()}`;

/**
 * A forwarder's bilingual workbook: each header in Chinese over English on
 * two lines of one cell ("起运港\nPOL"), the prices under "O/F 20'" "O/F 40'"
 * "O/F 40HQ", days written day first (01/12/2026, which only the clerk can
 * tell from 12 January when no day passes the 12th), and a second tab of
 * local charges ("Item | 20GP | 40GP | Unit") that is no rate.
 */
export function bilingualSheet(book: Book = "xlsx", validity = currentValidity()): { bytes: Uint8Array; rates: FixtureRate[] } {
  const lanes: Lane[] = [
    ["XIAMEN", "GDANSK", "HMM", 1480, 2620, 2690],
    ["XIAMEN", "GDYNIA", "HMM", 1510, 2660, 2730],
  ];
  const header = [
    "起运港\nPOL",
    "目的港\nPOD",
    "船公司\nCarrier",
    "O/F 20'",
    "O/F 40'",
    "O/F 40HQ",
    "生效日期\nValid From",
    "截止日期\nValid To",
    "航程\nT/T",
  ];
  const bytes = workbookBytes(
    [
      {
        name: "Rates",
        rows: [header, ...lanes.map((lane) => [...lane, dayMonthYear(validity.from), dayMonthYear(validity.to), "35 DAYS"])],
      },
      {
        name: "Local Charges",
        rows: [
          ["Item", "20GP", "40GP", "Unit"],
          ["THC", 850, 1250, "CNY/CNTR"],
          ["DOC", 500, 500, "CNY/BL"],
        ],
      },
    ],
    book,
  );
  return { bytes, rates: lanes.map((lane) => laneRate([...lane], validity)) };
}

/**
 * A tab per half of the month, each named by its days as Chinese notices
 * write them ("1126-1209", "1210-0108": month and day, no year) and dating
 * nothing in its rows: the same lanes at each half's prices.
 */
export function tabPeriodsSheet(book: Book = "xlsx", today = new Date()): { bytes: Uint8Array; rates: FixtureRate[] } {
  const halves: Validity[] = [
    { from: dayFrom(today, -3), to: dayFrom(today, 10) },
    { from: dayFrom(today, 11), to: dayFrom(today, 40) },
  ];
  const monthDay = (date: Date) => isoDay(date).slice(5).replace("-", "");
  const lanes = (shift: number): Lane[] => [
    ["TIANJIN XINGANG", "JEBEL ALI", "EMC", 980 + shift, 1510 + shift, 1580 + shift],
    ["TIANJIN XINGANG", "DAMMAM", "EMC", 1120 + shift, 1730 + shift, 1790 + shift],
  ];
  const tabs = halves.map((half, i) => ({
    name: `${monthDay(half.from)}-${monthDay(half.to)}`,
    rows: [["POL", "POD", "Carrier", "20GP", "40GP", "40HQ"], ...lanes(i * 50).map((lane) => [...lane])],
  }));
  return {
    bytes: workbookBytes(tabs, book),
    rates: halves.flatMap((half, i) => lanes(i * 50).map((lane) => laneRate([...lane], half))),
  };
}

/**
 * The validity stated once, in the notice's title block ("有效期：2026.11.26-2027.01.08
 * （以开船日为准）" on row 2), and in no column of the table.
 */
export function titleValiditySheet(book: Book = "xlsx", validity = currentValidity()): { bytes: Uint8Array; rates: FixtureRate[] } {
  const dotted = (date: Date) => isoDay(date).replaceAll("-", ".");
  const lanes: Lane[] = [
    ["SHANGHAI", "GENOA", "MSC", 1310, 2410, 2520],
    ["NINGBO", "BARCELONA", "MSC", 1290, 2380, 2490],
  ];
  return laneSheet(book, validity, lanes, {
    name: "地中海线",
    above: [["MSC 地中海线运价通知"], [`有效期：${dotted(validity.from)}-${dotted(validity.to)}（以开船日为准）`], []],
    header: ["起运港", "目的港", "船公司", "20GP", "40GP", "40HQ", "备注"],
    cells: (lane) => [...lane, "含BAF"],
  });
}

/**
 * One row for several ports, as carriers quote base ports: "SHANGHAI/NINGBO"
 * to "ROTTERDAM/HAMBURG/ANTWERP" at one price (six rates), a Chinese list
 * "青岛、天津新港" to "FELIXSTOWE" (two), and a plain row.
 */
export function portListsSheet(book: Book = "xlsx", validity = currentValidity()): { bytes: Uint8Array; rates: FixtureRate[] } {
  const rows = [
    ["SHANGHAI/NINGBO", "ROTTERDAM/HAMBURG/ANTWERP", "MSC", 1150, 2100, 2200],
    ["青岛、天津新港", "FELIXSTOWE", "MSC", 1190, 2160, 2260],
    ["XIAMEN", "LE HAVRE", "MSC", 1230, 2230, 2330],
  ] as const;
  const bytes = workbookBytes(
    [
      {
        name: "North Europe",
        rows: [
          ["POL", "POD", "Carrier", "20GP", "40GP", "40HC", "Valid From", "Valid To"],
          ...rows.map((r) => [...r, validity.from, validity.to]),
        ],
      },
    ],
    book,
  );
  const english: Record<string, string> = { 青岛: "QINGDAO", 天津新港: "TIANJIN XINGANG" };
  const ports = (cell: string) => cell.split(/[/、]/).map((p) => english[p] ?? p);
  const rates = rows.flatMap((r) => ports(r[0]).flatMap((pol) => ports(r[1]).map((pod) => laneRate([pol, pod, ...r.slice(2)], validity))));
  return { bytes, rates };
}

/**
 * The prices of all three sizes in one cell, split by "/", under one header
 * "20GP/40GP/40HQ" ("USD1650/2050/2150"), as agents paste them from a chat.
 */
export function pricesInOneCellSheet(book: Book = "xlsx", validity = currentValidity()): { bytes: Uint8Array; rates: FixtureRate[] } {
  const lanes: Lane[] = [
    ["DALIAN", "VANCOUVER", "ONE", 1650, 2050, 2150],
    ["DALIAN", "PRINCE RUPERT", "ONE", 1720, 2110, 2210],
  ];
  return laneSheet(book, validity, lanes, {
    name: "Sheet1",
    header: ["POL", "POD", "Carrier", "20GP/40GP/40HQ", "Valid From", "Valid To", "T/T"],
    cells: ([pol, pod, carrier, gp20, gp40, hq40], i) => [
      pol,
      pod,
      carrier,
      i === 0 ? `USD${gp20}/${gp40}/${hq40}` : `${gp20} / ${gp40} / ${hq40}`,
      validity.from,
      validity.to,
      "14-16 days",
    ],
  });
}

/**
 * Prices written with their currency, as agents type them: "USD 1,650",
 * "$2,050", "2150 USD" (the FCL table's own currency, USD).
 */
export function currencyInPricesSheet(book: Book = "xlsx", validity = currentValidity()): { bytes: Uint8Array; rates: FixtureRate[] } {
  const lanes: Lane[] = [
    ["QINGDAO", "LONG BEACH", "COSCO", 1650, 2050, 2150],
    ["QINGDAO", "OAKLAND", "COSCO", 1700, 2120, 2220],
  ];
  return laneSheet(book, validity, lanes, {
    name: "Sheet1",
    header: ["POL", "POD", "Carrier", "20GP", "40GP", "40HC", "Valid From", "Valid To"],
    cells: ([pol, pod, carrier, gp20, gp40, hq40]) => [
      pol,
      pod,
      carrier,
      `USD ${gp20.toLocaleString("en-US")}`,
      `$${gp40.toLocaleString("en-US")}`,
      `${hq40} USD`,
      validity.from,
      validity.to,
    ],
  });
}

/**
 * Lanes grouped as carriers' notices group them: the port of loading, the
 * carrier and the validity written once and merged down over each group's
 * rows (A2:A4, C2:C4, …), as Excel shows them; a note merged across the
 * table under it.
 */
export function mergedLanesSheet(book: Book = "xlsx", validity = currentValidity()): { bytes: Uint8Array; rates: FixtureRate[] } {
  const groups = [
    {
      pol: "SHANGHAI",
      carrier: "MSC",
      lanes: [
        ["ROTTERDAM", 1000, 1800, 1900],
        ["HAMBURG", 1050, 1850, 1950],
        ["ANTWERP", 1070, 1870, 1970],
      ],
    },
    {
      pol: "NINGBO",
      carrier: "CMA CGM",
      lanes: [
        ["LE HAVRE", 990, 1790, 1890],
        ["FELIXSTOWE", 1020, 1820, 1920],
      ],
    },
  ] as const;
  const rows: unknown[][] = [["POL", "POD", "Carrier", "20GP", "40GP", "40HC", "Valid From", "Valid To"]];
  const merges: string[] = [];
  const rates: FixtureRate[] = [];
  for (const group of groups) {
    const top = rows.length + 1;
    group.lanes.forEach(([pod, gp20, gp40, hq40], i) => {
      rows.push(
        i === 0
          ? [group.pol, pod, group.carrier, gp20, gp40, hq40, validity.from, validity.to]
          : [null, pod, null, gp20, gp40, hq40, null, null],
      );
      rates.push(laneRate([group.pol, pod, group.carrier, gp20, gp40, hq40], validity));
    });
    const bottom = rows.length;
    merges.push(...["A", "C", "G", "H"].map((c) => `${c}${top}:${c}${bottom}`));
  }
  rows.push(["以上价格不含目的港费用", null, null, null, null, null, null, null]);
  merges.push(`A${rows.length}:H${rows.length}`);
  return { bytes: workbookBytes([{ name: "Sheet1", rows, merges }], book), rates };
}

/**
 * A sheet with what its sender hid: last week's 20GP column hidden before
 * this week's (D), and a withdrawn lane's row hidden (row 3, QINGDAO →
 * SEATTLE). SheetJS writes hidden rows only to .xlsx; .xls keeps the hidden
 * column. `rates`: what customers should find (the visible rows).
 */
export function hiddenPartsSheet(
  book: Book = "xlsx",
  validity = currentValidity(),
): { bytes: Uint8Array; rates: FixtureRate[]; withdrawn: FixtureRate } {
  const rows = [
    ["QINGDAO", "LONG BEACH", "COSCO", 1600, 1650, 2050, 2150],
    ["QINGDAO", "SEATTLE", "COSCO", 1610, 1660, 2060, 2160],
    ["QINGDAO", "OAKLAND", "COSCO", 1690, 1700, 2120, 2220],
  ];
  const bytes = workbookBytes(
    [
      {
        name: "Sheet1",
        rows: [
          ["POL", "POD", "Carrier", "20GP (last week)", "20GP", "40GP", "40HC", "Valid From", "Valid To"],
          ...rows.map((r) => [...r, validity.from, validity.to]),
        ],
        hiddenRows: [3],
        hiddenColumns: [3],
      },
    ],
    book,
  );
  const rate = ([pol, pod, carrier, , gp20, gp40, hq40]: (string | number)[]) => laneRate([pol, pod, carrier, gp20, gp40, hq40], validity);
  return { bytes, rates: [rate(rows[0]), rate(rows[2])], withdrawn: rate(rows[1]) };
}

/**
 * What arrives as typed by hand: free-text ports ("Rotterdam, NL",
 * "Felixstowe(UK)", "ANTWERP "), full-width text and digits (ＳＨＡＮＧＨＡＩ,
 * ９００), padded codes ("USD  ", "COSCO  ").
 */
export function messySheet(book: Book = "xlsx", validity = currentValidity()): { bytes: Uint8Array; rates: FixtureRate[] } {
  const rows: unknown[][] = [
    ["ＳＨＡＮＧＨＡＩ", "Rotterdam, NL", "COSCO  ", "USD  ", "９００", "1,650", "１７５０"],
    ["SHANGHAI", "Felixstowe(UK)", "COSCO  ", "USD  ", 950, 1700, 1800],
    ["SHANGHAI", "ANTWERP ", "ＣＯＳＣＯ", "usd", 920, 1680, 1780],
  ];
  const bytes = workbookBytes(
    [
      {
        name: "Sheet1",
        rows: [
          ["POL", "POD", "Carrier", "Currency", "20GP", "40GP", "40HQ", "Valid From", "Valid To"],
          ...rows.map((r) => [...r, slashDay(validity.from), slashDay(validity.to)]),
        ],
      },
    ],
    book,
  );
  const ports = ["ROTTERDAM", "FELIXSTOWE", "ANTWERP"];
  const prices = [
    [900, 1650, 1750],
    [950, 1700, 1800],
    [920, 1680, 1780],
  ];
  return {
    bytes,
    rates: ports.map((pod, i) => ({
      pol: "SHANGHAI",
      pod,
      carrier: "COSCO",
      gp20: prices[i][0],
      gp40: prices[i][1],
      hq40: prices[i][2],
      from: isoDay(validity.from),
      to: isoDay(validity.to),
    })),
  };
}

export type FormulaForm = "noValue" | "emptyValue" | "selfClosing";

/**
 * The workbook with cells replaced by formulas saved without their result, in
 * the three forms programs and scripts write: no <v>, an empty <v></v>, a
 * self-closing <v/>; `type` the cell's t attribute ("" none, "n", "str").
 */
export function withUnsavedFormulas(
  bytes: Uint8Array,
  cells: readonly { ref: string; form: FormulaForm; type?: "" | "n" | "str"; sheet?: number }[],
): Uint8Array {
  const zip = XLSX.CFB.read(bytes, { type: "buffer" });
  for (const { ref, form, type = "", sheet = 1 } of cells) {
    const path = `Root Entry/xl/worksheets/sheet${sheet}.xml`;
    const entry = zip.FileIndex[zip.FullPaths.indexOf(path)];
    if (!entry) throw new Error(`no ${path}`);
    const xml = Buffer.from(entry.content as Uint8Array).toString("utf8");
    const cell = new RegExp(`<c r="${ref}"[^>]*?(?:/>|>[\\s\\S]*?</c>)`);
    if (!cell.test(xml)) throw new Error(`no cell ${ref}`);
    const value = form === "noValue" ? "" : form === "emptyValue" ? "<v></v>" : "<v/>";
    entry.content = Buffer.from(xml.replace(cell, `<c r="${ref}"${type ? ` t="${type}"` : ""}><f>1+1</f>${value}</c>`), "utf8");
  }
  return new Uint8Array(XLSX.CFB.write(zip, { fileType: "zip", type: "buffer", compression: true }) as Buffer);
}

/**
 * A carrier sheet of `count` rows in the English layout under two title lines
 * (one tab; the benchmark's): distinct lanes and carriers, so each row is a
 * rate of its own; `shift` moves every price (next week's sheet).
 */
export function largeCarrierSheet(count: number, shift = 0, validity = currentValidity()): Uint8Array {
  const pols = ["SHANGHAI", "NINGBO", "QINGDAO"];
  const pods = ["HAMBURG", "ROTTERDAM", "ANTWERP", "FELIXSTOWE", "GENOA"];
  const rows: unknown[][] = [["Weekly rates"], [], ["POL", "POD", "Carrier", "20GP", "40GP", "40HC", "Valid From", "Valid To", "Remarks"]];
  const lanes = pols.length * pods.length;
  for (let i = 0; i < count; i++) {
    rows.push([
      pols[i % pols.length],
      pods[Math.floor(i / pols.length) % pods.length],
      `LINE${Math.floor(i / lanes)}`,
      1000 + (i % 500) + shift,
      1800 + (i % 700) + shift,
      1900 + (i % 700) + shift,
      validity.from,
      validity.to,
      `r${i % 97}`,
    ]);
  }
  return workbookBytes([{ name: "Sheet1", rows }], "xlsx");
}
