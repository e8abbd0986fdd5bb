// Sea trade lanes out of China: which destination ports the demo rates cover,
// typical price levels (USD), transit times, carriers and transhipment ports.
// Ports are UN/LOCODEs; the seed resolves them to the names in the port table.

export interface SeaLane {
  /** Lane name as stored on sea ports (lane). */
  name: string;
  /** Countries whose ports belong to the lane (ports of the port table). */
  countries: string[];
  /** Destination ports that get FCL and LCL rates. */
  destinations: string[];
  /** FCL 20GP cost (T0) range, USD. */
  gp20: [number, number];
  /** LCL cost (T0) per CBM, USD. */
  lclCbm: [number, number];
  /** Transit days from Shanghai. */
  days: [number, number];
  carriers: string[];
  /** Transhipment ports (codes) for non-direct services. */
  vias: string[];
}

export const SEA_LANES: SeaLane[] = [
  {
    name: "日韩线",
    countries: ["JP", "KR"],
    destinations: ["JPTYO", "JPYOK", "JPUKB", "JPOSA", "JPNGO", "JPMOJ", "JPHKT", "KRPUS", "KRINC", "KRKAN"],
    gp20: [180, 420],
    lclCbm: [8, 22],
    days: [2, 5],
    carriers: ["SITC", "KMTC", "SINOKOR", "HMM", "ONE", "COSCO", "NAMSUNG"],
    vias: [],
  },
  {
    name: "东南亚线",
    countries: ["SG", "MY", "ID", "TH", "VN", "PH", "KH", "MM", "BN"],
    destinations: [
      "SGSIN",
      "IDBTM",
      "IDJKT",
      "IDSUB",
      "IDSRG",
      "IDBLW",
      "MYPKG",
      "MYPEN",
      "MYTPP",
      "MYPGU",
      "THLCH",
      "THBKK",
      "VNSGN",
      "VNHPH",
      "VNDAD",
      "PHMNL",
      "PHCEB",
      "KHKOS",
      "MMRGN",
    ],
    gp20: [160, 560],
    lclCbm: [6, 28],
    days: [4, 12],
    carriers: ["SITC", "WAN HAI", "PIL", "RCL", "TS LINES", "COSCO", "ONE", "EVERGREEN", "YANG MING"],
    vias: ["SGSIN", "HKHKG", "MYPKG"],
  },
  {
    name: "印巴线",
    countries: ["IN", "PK", "LK", "BD", "MV"],
    destinations: ["INNSA", "INMUN", "INMAA", "INCCU", "LKCMB", "PKKHI", "BDCGP"],
    gp20: [420, 1150],
    lclCbm: [18, 45],
    days: [14, 24],
    carriers: ["COSCO", "OOCL", "MSC", "MAERSK", "ONE", "WAN HAI", "X-PRESS FEEDERS"],
    vias: ["SGSIN", "LKCMB", "MYPKG"],
  },
  {
    name: "中东线",
    countries: ["AE", "SA", "OM", "QA", "KW", "BH", "IR", "IQ"],
    destinations: ["AEJEA", "AEDXB", "AEAUH", "SADMM", "SAJED", "OMSOH", "QADOH", "KWSWK"],
    gp20: [650, 1480],
    lclCbm: [25, 55],
    days: [16, 26],
    carriers: ["COSCO", "CMA CGM", "MSC", "EVERGREEN", "HAPAG-LLOYD", "ONE", "ZIM"],
    vias: ["SGSIN", "LKCMB", "AEJEA"],
  },
  {
    name: "欧洲线",
    countries: ["NL", "DE", "BE", "GB", "FR", "PL", "SE", "DK", "NO", "FI", "IE", "EE", "LV", "LT", "IS"],
    destinations: ["NLRTM", "DEHAM", "BEANR", "GBFXT", "GBSOU", "FRLEH", "PLGDN", "SEGOT", "DKAAR", "DEBRV"],
    gp20: [950, 2350],
    lclCbm: [35, 75],
    days: [28, 40],
    carriers: ["MAERSK", "MSC", "CMA CGM", "COSCO", "HAPAG-LLOYD", "ONE", "EVERGREEN", "HMM", "OOCL"],
    vias: ["SGSIN", "MYTPP", "LKCMB"],
  },
  {
    name: "地中海线",
    countries: ["ES", "IT", "GR", "TR", "PT", "MT", "CY", "SI", "HR", "EG", "IL", "LB", "RO", "BG", "UA", "GE"],
    destinations: ["ESVLC", "ESBCN", "ITGOA", "ITSPE", "GRPIR", "TRIST", "TRMER", "SIKOP", "EGPSD", "ILHFA"],
    gp20: [1050, 2450],
    lclCbm: [38, 82],
    days: [26, 38],
    carriers: ["MSC", "CMA CGM", "COSCO", "ZIM", "MAERSK", "EVERGREEN", "YANG MING"],
    vias: ["SGSIN", "GRPIR", "MTMAR"],
  },
  {
    name: "美西线",
    countries: [],
    destinations: ["USLAX", "USLGB", "USOAK", "USSEA", "USTIW", "CAVAN", "CAPRR"],
    gp20: [1250, 2650],
    lclCbm: [48, 95],
    days: [13, 20],
    carriers: ["COSCO", "OOCL", "MATSON", "EVERGREEN", "ONE", "CMA CGM", "MSC", "HMM", "YANG MING", "ZIM"],
    vias: ["KRPUS"],
  },
  {
    name: "美东线",
    countries: [],
    destinations: ["USNYC", "USSAV", "USHOU", "USCHS", "USORF", "USBAL", "USMIA", "CAHAL", "CAMTR"],
    gp20: [1850, 3650],
    lclCbm: [62, 125],
    days: [28, 40],
    carriers: ["MAERSK", "MSC", "CMA CGM", "COSCO", "HAPAG-LLOYD", "ONE", "EVERGREEN", "ZIM"],
    vias: ["KRPUS", "PABLB", "SGSIN"],
  },
  {
    name: "中南美线",
    countries: ["MX", "PA", "BR", "AR", "UY", "PY", "CL", "PE", "EC", "CO", "VE", "DO", "JM", "CR", "GT", "HN", "SV", "TT", "CU", "PR"],
    destinations: ["MXZLO", "PAMIT", "BRSSZ", "BRPNG", "ARBUE", "UYMVD", "CLSAI", "PECLL", "ECGYE", "COCTG", "COBUN"],
    gp20: [1350, 3250],
    lclCbm: [52, 110],
    days: [25, 45],
    carriers: ["COSCO", "MSC", "MAERSK", "CMA CGM", "HAPAG-LLOYD", "ONE", "EVERGREEN"],
    vias: ["KRPUS", "SGSIN", "PABLB", "MXZLO"],
  },
  {
    name: "澳新线",
    countries: ["AU", "NZ", "FJ", "PG", "NC", "PF", "GU"],
    destinations: ["AUSYD", "AUMEL", "AUBNE", "AUFRE", "AUADL", "NZAKL", "NZTRG", "NZLYT"],
    gp20: [650, 1650],
    lclCbm: [28, 62],
    days: [12, 24],
    carriers: ["COSCO", "OOCL", "ANL", "MSC", "MAERSK", "ONE", "PIL"],
    vias: ["SGSIN", "KRPUS", "HKHKG"],
  },
  {
    name: "非洲线",
    countries: [
      "ZA",
      "NG",
      "KE",
      "TZ",
      "GH",
      "CI",
      "SN",
      "TG",
      "BJ",
      "CM",
      "AO",
      "MZ",
      "MG",
      "MU",
      "DJ",
      "MA",
      "DZ",
      "TN",
      "SD",
      "NA",
      "CG",
      "GA",
    ],
    destinations: ["ZADUR", "ZACPT", "NGLOS", "NGAPP", "KEMBA", "TZDAR", "GHTEM", "CIABJ", "DJJIB", "MACAS", "AOLAD"],
    gp20: [1150, 3050],
    lclCbm: [45, 105],
    days: [24, 45],
    carriers: ["PIL", "MSC", "MAERSK", "CMA CGM", "COSCO", "EVERGREEN", "ONE"],
    vias: ["SGSIN", "LKCMB", "MYTPP", "ZADUR"],
  },
  {
    name: "近洋线",
    countries: ["HK", "MO", "TW", "RU"],
    destinations: ["HKHKG", "TWKHH", "TWKEL", "TWTXG", "RUVVO"],
    gp20: [120, 480],
    lclCbm: [5, 20],
    days: [2, 6],
    carriers: ["SITC", "WAN HAI", "EVERGREEN", "YANG MING", "TS LINES", "COSCO", "FESCO"],
    vias: [],
  },
];

/** US and Canadian ports belong to the west- or east-coast lane by port, not by country. */
export const WEST_COAST_PORTS = new Set([
  "USLAX",
  "USLGB",
  "USOAK",
  "USSEA",
  "USTIW",
  "USPDX",
  "USSFO",
  "USSAN",
  "USHNL",
  "USANC",
  "CAVAN",
  "CAPRR",
  "CANWE",
  "CANNO",
]);

/** Chinese origin ports (codes) for FCL and LCL, with weights and price offsets (USD per 20GP). */
export const SEA_ORIGINS: { code: string; weight: number; offset: number; terminals: string[] }[] = [
  { code: "CNSHA", weight: 10, offset: 0, terminals: ["洋山", "外高桥"] },
  { code: "CNNGB", weight: 7, offset: -15, terminals: ["北仑", "梅山", "大榭"] },
  { code: "CNYTN", weight: 4, offset: 25, terminals: ["盐田"] },
  { code: "CNSHK", weight: 3, offset: 30, terminals: ["蛇口", "赤湾"] },
  { code: "CNTAO", weight: 4, offset: 40, terminals: ["前湾", "董家口"] },
  { code: "CNTXG", weight: 3, offset: 70, terminals: ["东疆", "北疆"] },
  { code: "CNXMN", weight: 3, offset: 35, terminals: ["海润", "嵩屿"] },
  { code: "CNNSA", weight: 3, offset: 20, terminals: ["南沙"] },
  { code: "CNDLC", weight: 2, offset: 85, terminals: ["大窑湾"] },
];

export const SAILING_SCHEDULES = [
  "周一",
  "周二",
  "周三",
  "周四",
  "周五",
  "周六",
  "周日",
  "周三/周六",
  "周一/周四",
  "周二/周五",
  "周日/周三",
];
