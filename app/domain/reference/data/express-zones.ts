// Express destination zones: each zone code is a price column of the express
// price table (T1, T2, 1, 2, A ... Z). Countries are ISO codes whose names come
// from countries.json; a few destinations are split by region (US-W, US-E).
export interface ExpressZone {
  code: string;
  /** Zone description (part). */
  description: string;
  /** The description in English (English pages show it; app/domain/reference/vocabulary.server.ts). */
  en: string;
  /** Relative price level of the zone (1 = cheapest). */
  factor: number;
  countries: string[];
}

/** Destinations that are not a whole ISO country: [code, English, Chinese]. */
export const EXPRESS_REGIONS: Record<string, [en: string, zh: string]> = {
  "US-W": ["United States (West)", "美国西部"],
  "US-E": ["United States (East)", "美国东部"],
};

export const EXPRESS_ZONES: ExpressZone[] = [
  { code: "T1", description: "港澳", en: "Hong Kong and Macau", factor: 0.55, countries: ["HK", "MO"] },
  { code: "T2", description: "台湾", en: "Taiwan", factor: 0.62, countries: ["TW"] },
  { code: "1", description: "日本", en: "Japan", factor: 0.8, countries: ["JP"] },
  { code: "2", description: "韩国", en: "South Korea", factor: 0.78, countries: ["KR"] },
  { code: "A", description: "东南亚一区", en: "Southeast Asia 1", factor: 0.85, countries: ["SG", "MY", "TH", "BN"] },
  { code: "B", description: "东南亚二区", en: "Southeast Asia 2", factor: 0.92, countries: ["VN", "PH", "ID", "KH", "LA", "MM"] },
  { code: "D", description: "南亚", en: "South Asia", factor: 1.18, countries: ["IN", "PK", "BD", "LK", "NP", "MV"] },
  { code: "E", description: "澳新", en: "Australia and New Zealand", factor: 1.05, countries: ["AU", "NZ"] },
  { code: "F", description: "美国西部", en: "United States (West)", factor: 1.12, countries: ["US-W"] },
  { code: "G", description: "美国东部", en: "United States (East)", factor: 1.2, countries: ["US-E"] },
  { code: "H", description: "加拿大、墨西哥", en: "Canada and Mexico", factor: 1.25, countries: ["CA", "MX"] },
  { code: "K", description: "西欧一区", en: "Western Europe 1", factor: 1.15, countries: ["DE", "FR", "NL", "BE", "LU"] },
  { code: "M", description: "英国、爱尔兰", en: "United Kingdom and Ireland", factor: 1.1, countries: ["GB", "IE"] },
  { code: "N", description: "南欧", en: "Southern Europe", factor: 1.28, countries: ["IT", "ES", "PT", "GR", "MT", "CY"] },
  { code: "O", description: "北欧", en: "Northern Europe", factor: 1.32, countries: ["SE", "NO", "DK", "FI", "IS"] },
  { code: "P", description: "中欧", en: "Central Europe", factor: 1.3, countries: ["AT", "CH", "CZ", "PL", "HU", "SK", "SI"] },
  {
    code: "Q",
    description: "东欧",
    en: "Eastern Europe",
    factor: 1.45,
    countries: ["RU", "UA", "BY", "RO", "BG", "RS", "HR", "LT", "LV", "EE", "MD"],
  },
  { code: "R", description: "中东一区", en: "Middle East 1", factor: 1.22, countries: ["AE", "SA", "QA", "KW", "BH", "OM"] },
  { code: "S", description: "中东二区", en: "Middle East 2", factor: 1.4, countries: ["IL", "JO", "LB", "TR", "IQ"] },
  {
    code: "T",
    description: "中亚、蒙古",
    en: "Central Asia and Mongolia",
    factor: 1.5,
    countries: ["KZ", "UZ", "KG", "TJ", "TM", "MN", "AZ", "GE", "AM"],
  },
  { code: "U", description: "北非", en: "North Africa", factor: 1.6, countries: ["EG", "MA", "DZ", "TN"] },
  { code: "V", description: "南部非洲", en: "Southern Africa", factor: 1.7, countries: ["ZA", "NA", "BW", "ZW", "ZM", "MZ", "MU", "MG"] },
  {
    code: "X",
    description: "东非、西非",
    en: "East and West Africa",
    factor: 1.85,
    countries: ["NG", "GH", "KE", "TZ", "UG", "ET", "CI", "SN", "CM", "RW"],
  },
  {
    code: "Y",
    description: "南美",
    en: "South America",
    factor: 1.75,
    countries: ["BR", "AR", "CL", "PE", "CO", "EC", "UY", "PY", "VE", "BO"],
  },
  {
    code: "Z",
    description: "中美、加勒比及太平洋岛国",
    en: "Central America, the Caribbean and the Pacific Islands",
    factor: 1.95,
    countries: ["PA", "CR", "GT", "HN", "SV", "NI", "DO", "JM", "TT", "PR", "FJ", "PG"],
  },
];
