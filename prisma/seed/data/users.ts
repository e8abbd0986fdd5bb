// Demo accounts. Every account's password is DEMO_PASSWORD. Addresses use the
// reserved example.com domain. Ids are fixed: tests and docs refer to them.

export const DEMO_PASSWORD = "Demo1234";

export const COMPANY_ZH = "环宇通达国际物流有限公司";
export const COMPANY_ADDRESS_ZH = "上海市浦东新区民生路1199弄证大五道口广场1号楼18层";

export interface DemoUser {
  id: number;
  email: string;
  username: string;
  nickname: string;
  phone: string;
  roleId: number;
  state?: number;
  audit?: number;
  customerRating?: number | null;
  viewIds?: number[];
  salesId?: number | null;
  customerServiceId?: number | null;
  company?: string;
  businessAddress?: string;
  iaeCountries?: string;
  landline?: string;
  qq?: string;
  profileAudit?: number | null;
  pendingCompany?: string;
  pendingBusinessAddress?: string;
  pendingIaeCountries?: string;
  /** Days before today the account was created. */
  createdDaysAgo: number;
}

export const STAFF: DemoUser[] = [
  {
    id: 1,
    email: "admin@example.com",
    username: "admin",
    nickname: "系统管理员",
    phone: "13800000001",
    roleId: 1,
    viewIds: [1],
    landline: "021-5888 1001",
    qq: "800001001",
    createdDaysAgo: 400,
  },
  {
    id: 2,
    email: "sales@example.com",
    username: "sales",
    nickname: "王晓明",
    phone: "13800000002",
    roleId: 12,
    viewIds: [2],
    landline: "021-5888 1002",
    qq: "800001002",
    createdDaysAgo: 380,
  },
  {
    id: 3,
    email: "sales.global@example.com",
    username: "salesglobal",
    nickname: "李思远",
    phone: "13800000003",
    roleId: 12,
    viewIds: [1],
    landline: "021-5888 1003",
    qq: "800001003",
    createdDaysAgo: 370,
  },
  {
    id: 4,
    email: "service@example.com",
    username: "service",
    nickname: "陈静",
    phone: "13800000004",
    roleId: 13,
    viewIds: [2],
    landline: "021-5888 1004",
    qq: "800001004",
    createdDaysAgo: 365,
  },
  {
    id: 5,
    email: "manager@example.com",
    username: "manager",
    nickname: "赵国强",
    phone: "13800000005",
    roleId: 27,
    viewIds: [1],
    landline: "021-5888 1005",
    qq: "800001005",
    createdDaysAgo: 390,
  },
  {
    id: 6,
    email: "data@example.com",
    username: "datastaff",
    nickname: "孙数据",
    phone: "13800000006",
    roleId: 14,
    viewIds: [],
    landline: "021-5888 1006",
    qq: "800001006",
    createdDaysAgo: 360,
  },
  // Customer service without data or role-management rights (for permission tests).
  {
    id: 7,
    email: "nomenu@example.com",
    username: "staffnoperm",
    nickname: "周敏",
    phone: "13800000007",
    roleId: 13,
    viewIds: [2],
    landline: "021-5888 1007",
    qq: "800001007",
    createdDaysAgo: 200,
  },
];

const cs = { salesId: 2, customerServiceId: 4 };

export const CUSTOMERS: DemoUser[] = [
  {
    id: 10,
    email: "t0@example.com",
    username: "t0",
    nickname: "内部订舱",
    phone: "13900000010",
    roleId: 20,
    audit: 2,
    customerRating: 1,
    ...cs,
    company: "环宇通达供应链",
    businessAddress: "上海市浦东新区民生路1199弄",
    iaeCountries: "印尼、日本、美国",
    createdDaysAgo: 300,
  },
  {
    id: 11,
    email: "t1@example.com",
    username: "t1",
    nickname: "张经理",
    phone: "13900000011",
    roleId: 20,
    audit: 2,
    customerRating: 2,
    ...cs,
    company: "上海瑞丰进出口有限公司",
    businessAddress: "上海市闵行区七莘路3355号",
    iaeCountries: "印尼、新加坡、美国",
    createdDaysAgo: 240,
  },
  {
    id: 12,
    email: "t2@example.com",
    username: "t2",
    nickname: "刘小姐",
    phone: "13900000012",
    roleId: 21,
    audit: 2,
    customerRating: 3,
    ...cs,
    company: "宁波海曙达通货运代理",
    businessAddress: "浙江省宁波市海曙区中山西路88号",
    iaeCountries: "日本、德国、荷兰",
    createdDaysAgo: 180,
  },
  {
    id: 13,
    email: "pending@example.com",
    username: "pending",
    nickname: "待审核",
    phone: "13900000013",
    roleId: 20,
    audit: 1,
    customerRating: 3,
    ...cs,
    company: "苏州新航电子有限公司",
    businessAddress: "江苏省苏州市工业园区星湖街328号",
    iaeCountries: "越南、泰国",
    createdDaysAgo: 2,
  },
  {
    id: 14,
    email: "failed@example.com",
    username: "failed",
    nickname: "未通过",
    phone: "13900000014",
    roleId: 22,
    audit: 3,
    customerRating: 3,
    ...cs,
    company: "Pacific Link B.V.",
    businessAddress: "Rotterdam, Waalhaven Z.z. 19",
    iaeCountries: "荷兰、比利时",
    createdDaysAgo: 20,
  },
  {
    id: 15,
    email: "frozen@example.com",
    username: "frozen",
    nickname: "已冻结",
    phone: "13900000015",
    roleId: 21,
    state: 2,
    audit: 2,
    customerRating: 2,
    ...cs,
    company: "昆山恒远物流有限公司",
    businessAddress: "江苏省昆山市前进东路579号",
    iaeCountries: "美国、加拿大",
    createdDaysAgo: 150,
  },
  {
    id: 16,
    email: "profile@example.com",
    username: "profile",
    nickname: "资料变更",
    phone: "13900000016",
    roleId: 20,
    audit: 2,
    customerRating: 2,
    ...cs,
    company: "嘉兴锦程纺织品有限公司",
    businessAddress: "浙江省嘉兴市南湖区广益路1026号",
    iaeCountries: "意大利、西班牙",
    profileAudit: 1,
    pendingCompany: "嘉兴锦程纺织集团有限公司",
    pendingBusinessAddress: "浙江省嘉兴市经济开发区昌盛南路36号",
    pendingIaeCountries: "意大利、西班牙、土耳其",
    createdDaysAgo: 120,
  },
  {
    id: 17,
    email: "other.t2@example.com",
    username: "othert2",
    nickname: "吴先生",
    phone: "13900000017",
    roleId: 22,
    audit: 2,
    customerRating: 3,
    salesId: 3,
    customerServiceId: 4,
    company: "Sunrise Trading Pte",
    businessAddress: "10 Anson Road, Singapore",
    iaeCountries: "新加坡、马来西亚",
    createdDaysAgo: 90,
  },
];

/** Word material for the generated customers (ids from 100). */
export const CUSTOMER_NAME_PARTS = {
  cities: ["上海", "宁波", "苏州", "杭州", "深圳", "广州", "青岛", "厦门", "无锡", "义乌", "东莞", "天津"],
  cores: ["瑞丰", "恒通", "华贸", "远帆", "金桥", "海天", "鼎盛", "伟业", "正达", "嘉诚", "新航", "安泰", "联合", "宏发", "永信", "百川"],
  kinds: [
    "进出口有限公司",
    "国际贸易有限公司",
    "供应链管理有限公司",
    "电子科技有限公司",
    "机械制造有限公司",
    "纺织品有限公司",
    "国际货运代理有限公司",
  ],
  nicknames: ["王先生", "李女士", "张经理", "陈总", "刘小姐", "杨先生", "黄经理", "赵女士", "周先生", "吴经理", "徐小姐", "孙先生"],
  logins: ["bluewave", "seagull", "harbor", "compass", "anchor", "voyager", "pacific", "orient", "horizon", "mariner", "skyline", "atlas"],
  countries: [
    "美国",
    "日本",
    "韩国",
    "德国",
    "荷兰",
    "印尼",
    "越南",
    "泰国",
    "马来西亚",
    "新加坡",
    "澳大利亚",
    "巴西",
    "阿联酋",
    "印度",
    "英国",
  ],
  streets: ["人民路", "中山路", "解放路", "建设路", "长江路", "黄河路", "新华路", "和平路"],
};
