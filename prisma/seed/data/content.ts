// Site texts and home-page content (zh and en).
import { COMPANY_ADDRESS_ZH, COMPANY_ZH } from "./users.ts";

export const MAINTENANCE_NOTICE = {
  zh: "系统维护通知：本系统将于每周日 02:00-04:00（北京时间）进行例行维护，期间查询与订舱功能可能短暂不可用，如有紧急需求请联系您的专属客服。",
  en: "System maintenance: routine maintenance takes place every Sunday 02:00-04:00 (Beijing time). Searching and booking may be briefly unavailable; for urgent needs please contact your customer service.",
};

// The company's identity (SiteSetting company_contact, edited on /companyInfo):
// name and address per language, the rest the same in both.
const COMPANY_SHARED = {
  phone: "400-820-0000",
  email: "info@example.com",
  website: "https://www.example.com",
  filingRecord: "沪ICP备00000000号-1",
  qq: "800820000",
  wechat: "globalink-freight",
};

export const COMPANY_CONTACT = {
  zh: { name: COMPANY_ZH, address: COMPANY_ADDRESS_ZH, ...COMPANY_SHARED },
  en: {
    name: "Globalink Freight Co., Ltd.",
    address: "18F, Building 1, 1199 Minsheng Road, Pudong New District, Shanghai, China",
    ...COMPANY_SHARED,
  },
};

export interface HomeItem {
  name: string;
  description: string;
  /** The English form English pages show (issue 45 item 2). */
  en?: { name: string; description: string };
  size?: "B" | "S";
  children?: HomeItem[];
}

export const WEB_HOME: HomeItem[] = [
  {
    name: "海运服务",
    description: "整箱、拼箱全球航线，覆盖主要港口",
    en: { name: "Ocean freight", description: "FCL and LCL on lanes worldwide, serving the main ports" },
    size: "B",
    children: [
      {
        name: "整箱运输",
        description: "主流船公司直订舱位，周班稳定",
        en: { name: "Full container loads", description: "Space booked directly with the major carriers, steady weekly sailings" },
        size: "B",
      },
      {
        name: "拼箱运输",
        description: "每周固定拼箱，1CBM起运",
        en: { name: "Less than container loads", description: "Fixed weekly consolidations, from 1 CBM" },
        size: "S",
      },
      {
        name: "港口拖车",
        description: "上海、宁波等港区门到港拖车",
        en: { name: "Port trucking", description: "Door-to-port trucking in Shanghai, Ningbo and other port areas" },
        size: "S",
      },
    ],
  },
  {
    name: "空运与快递",
    description: "航空公司直接合作，时效有保障",
    en: { name: "Air freight and express", description: "Direct partnerships with airlines, reliable transit times" },
    size: "B",
    children: [
      {
        name: "国际空运",
        description: "北美、欧洲主干航线每日航班",
        en: { name: "International air freight", description: "Daily flights on the trunk routes to North America and Europe" },
        size: "B",
      },
      {
        name: "国际快递",
        description: "DHL、UPS、FedEx、TNT 折扣价",
        en: { name: "International express", description: "Discounted DHL, UPS, FedEx and TNT rates" },
        size: "S",
      },
    ],
  },
  {
    name: "中欧班列",
    description: "西安、成都、重庆等地始发，直达欧洲",
    en: { name: "China–Europe rail", description: "Departures from Xi'an, Chengdu, Chongqing and more, direct to Europe" },
    size: "S",
    children: [
      {
        name: "铁路整柜",
        description: "COC/SOC 整柜运输，约16天抵达",
        en: { name: "Rail containers", description: "COC and SOC containers, about 16 days in transit" },
        size: "S",
      },
    ],
  },
];

export const APP_HOME: HomeItem[] = [
  {
    name: "今日特惠",
    description: "每日推荐特价航线",
    children: [
      { name: "海运特价", description: "整箱与拼箱特价" },
      { name: "空运特价", description: "热门航线特惠舱位" },
    ],
  },
  {
    name: "服务指南",
    description: "订舱流程与常见问题",
    children: [
      { name: "订舱流程", description: "在线委托，专属客服半小时内联系" },
      { name: "常见问题", description: "计费重量、体积换算与附加费说明" },
    ],
  },
];

export const HOME_CATEGORIES = [
  { name: "海运", description: "海运整箱、拼箱" },
  { name: "空运", description: "国际空运" },
  { name: "铁路", description: "中欧班列与中亚班列" },
  { name: "快递与陆运", description: "国际快递与内陆拖车" },
];
