// The rate data's own vocabulary in English (item 12 of issue 21): the rate
// tables keep what the legacy data keeps, Chinese words for weekdays, "direct",
// transit days, train services and the rail and trailer places. English pages
// show them in English; anything else (remarks and other free text staff
// write) is left exactly as it is.
//
// A text is translated only when every part of it is known vocabulary (parts
// split at "/", "、", commas and spaces): "周三/周六" → "Wed/Sat",
// "义新欧 每周2班" → "Yixinou 2 per week", "5天" → "5 days"; "目的港免用箱期7天"
// stays. Values are never changed in the database or in what a form submits:
// this is for display only, on the server (no JavaScript for it).
import { COUNTRIES } from "./data/countries";
import { EXPRESS_REGIONS, EXPRESS_ZONES } from "./data/express-zones";

const WEEKDAYS: Record<string, string> = {
  周一: "Mon",
  周二: "Tue",
  周三: "Wed",
  周四: "Thu",
  周五: "Fri",
  周六: "Sat",
  周日: "Sun",
  周天: "Sun",
  星期一: "Mon",
  星期二: "Tue",
  星期三: "Wed",
  星期四: "Thu",
  星期五: "Fri",
  星期六: "Sat",
  星期日: "Sun",
  星期天: "Sun",
};

const TERMS: Record<string, string> = {
  直达: "Direct",
  直航: "Direct",
  直飞: "Non-stop",
  直拼: "Direct consolidation",
  每天: "Daily",
  每日: "Daily",
  中转: "Transhipment",
};

/** Train services of the China–Europe and Central Asia trains. */
const TRAINS: Record<string, string> = {
  长安号: "Chang'an",
  蓉欧快铁: "Rong'ou Express",
  渝新欧: "Yuxinou",
  郑欧班列: "Zhengzhou–Europe",
  义新欧: "Yixinou",
  汉新欧: "Hanxinou",
};

/** Rail stations, trailer port areas and door points, express origins. */
const PLACES: Record<string, string> = {
  西安: "Xi'an",
  成都: "Chengdu",
  重庆: "Chongqing",
  郑州: "Zhengzhou",
  义乌: "Yiwu",
  武汉: "Wuhan",
  阿拉山口: "Alashankou",
  霍尔果斯: "Khorgos",
  二连浩特: "Erenhot",
  满洲里: "Manzhouli",
  阿拉木图: "Almaty",
  塔什干: "Tashkent",
  莫斯科: "Moscow",
  明斯克: "Minsk",
  马拉舍维奇: "Małaszewicze",
  华沙: "Warsaw",
  罗兹: "Łódź",
  杜伊斯堡: "Duisburg",
  汉堡: "Hamburg",
  布达佩斯: "Budapest",
  上海港: "Port of Shanghai",
  宁波港: "Port of Ningbo",
  深圳港: "Port of Shenzhen",
  青岛港: "Port of Qingdao",
  天津港: "Port of Tianjin",
  厦门港: "Port of Xiamen",
  上海: "Shanghai",
  上海浦东: "Shanghai Pudong",
  上海闵行: "Shanghai Minhang",
  上海嘉定: "Shanghai Jiading",
  上海松江: "Shanghai Songjiang",
  上海青浦: "Shanghai Qingpu",
  上海宝山: "Shanghai Baoshan",
  上海奉贤: "Shanghai Fengxian",
  上海金山: "Shanghai Jinshan",
  苏州工业园区: "Suzhou Industrial Park",
  苏州吴江: "Suzhou Wujiang",
  昆山: "Kunshan",
  太仓: "Taicang",
  常熟: "Changshu",
  无锡: "Wuxi",
  常州: "Changzhou",
  南通: "Nantong",
  嘉兴: "Jiaxing",
  平湖: "Pinghu",
  杭州: "Hangzhou",
  湖州: "Huzhou",
  宁波: "Ningbo",
  宁波北仑: "Ningbo Beilun",
  宁波鄞州: "Ningbo Yinzhou",
  宁波镇海: "Ningbo Zhenhai",
  余姚: "Yuyao",
  慈溪: "Cixi",
  绍兴: "Shaoxing",
  金华: "Jinhua",
  台州: "Taizhou",
  温州: "Wenzhou",
  深圳: "Shenzhen",
  深圳宝安: "Shenzhen Bao'an",
  深圳龙岗: "Shenzhen Longgang",
  深圳龙华: "Shenzhen Longhua",
  东莞: "Dongguan",
  惠州: "Huizhou",
  广州: "Guangzhou",
  佛山: "Foshan",
  青岛: "Qingdao",
  青岛黄岛: "Qingdao Huangdao",
  青岛城阳: "Qingdao Chengyang",
  即墨: "Jimo",
  胶州: "Jiaozhou",
  潍坊: "Weifang",
  烟台: "Yantai",
  天津: "Tianjin",
  天津滨海: "Tianjin Binhai",
  天津武清: "Tianjin Wuqing",
  北京: "Beijing",
  廊坊: "Langfang",
  唐山: "Tangshan",
  沧州: "Cangzhou",
  厦门: "Xiamen",
  厦门湖里: "Xiamen Huli",
  厦门集美: "Xiamen Jimei",
  泉州: "Quanzhou",
  漳州: "Zhangzhou",
};

/** Country names (the LCL and air rows' country, express destinations) from the reference data. */
const COUNTRY_NAMES: Record<string, string> = Object.fromEntries(
  [...Object.values(COUNTRIES), ...Object.values(EXPRESS_REGIONS)].map(([en, zh]) => [zh, en]),
);

/** Express zone descriptions ("西欧一区" → "Western Europe 1"; issue 45 item 2). */
const ZONE_NAMES: Record<string, string> = Object.fromEntries(EXPRESS_ZONES.map((zone) => [zone.description, zone.en]));

const WORDS: Record<string, string> = { ...COUNTRY_NAMES, ...ZONE_NAMES, ...PLACES, ...TRAINS, ...TERMS, ...WEEKDAYS };

const PATTERNS: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^(\d+(?:[-~～]\d+)?)天$/, (m) => `${m[1]} ${m[1] === "1" ? "day" : "days"}`],
  [/^(\d+(?:[-~～]\d+)?)个?工作日$/, (m) => `${m[1]} working ${m[1] === "1" ? "day" : "days"}`],
  [/^每周(\d+)班$/, (m) => `${m[1]} per week`],
  [/^长×宽×高\(cm\)\/(\d+)$/, (m) => `L×W×H (cm)/${m[1]}`],
];

const CJK = /[\u3400-\u9fff]/;

function word(part: string): string | null {
  const known = WORDS[part];
  if (known) return known;
  for (const [pattern, english] of PATTERNS) {
    const match = part.match(pattern);
    if (match) return english(match);
  }
  return CJK.test(part) ? null : part;
}

/** `text` in the page's language: English for known vocabulary on en-US pages, else unchanged. */
export function vocabulary(text: string, lng: string): string;
export function vocabulary(text: string | null, lng: string): string | null;
export function vocabulary(text: string | null, lng: string): string | null {
  if (text === null || lng !== "en-US" || !CJK.test(text)) return text;
  const whole = word(text.trim());
  if (whole !== null) return whole;
  const parts = text.split(/([/、,，;；\s]+)/);
  const out = parts.map((part, i) => (i % 2 === 1 || part === "" ? part : word(part)));
  return out.includes(null) ? text : out.join("");
}

/** The same for a record of texts (a row's facts); a new object, the input stays as it is (it may be cached). */
export function vocabularyOf<T extends Record<string, string | null>>(texts: T, lng: string): T {
  if (lng !== "en-US") return texts;
  return Object.fromEntries(Object.entries(texts).map(([key, value]) => [key, vocabulary(value, lng)])) as T;
}
