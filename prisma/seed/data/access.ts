// Roles, the menu tree (menus are the permissions) and what each role holds.
// Ids are fixed: other code and the spec rely on them (role 1 administrator,
// rights 32-34, 71-99, one menu per admin path).

export interface RoleDef {
  id: number;
  name: string;
  /** The English form (the English UI); issue 44 item 8. */
  nameEn: string;
  description: string;
  descriptionEn: string;
  parentId: number | null;
  level: number;
  selfService?: boolean;
}

export const ROLES: RoleDef[] = [
  {
    id: 2,
    name: "公司内部",
    nameEn: "Internal staff",
    description: "公司内部员工（目录）",
    descriptionEn: "Company staff (directory)",
    parentId: null,
    level: 1,
  },
  {
    id: 1,
    name: "管理员",
    nameEn: "Administrator",
    description: "系统管理员，拥有全部权限",
    descriptionEn: "System administrator, holds every right",
    parentId: 2,
    level: 2,
  },
  // Under the sales manager: the manager outranks sales (docs/decisions/303-authority.md).
  {
    id: 12,
    name: "销售",
    nameEn: "Sales",
    description: "销售人员，维护所属客户",
    descriptionEn: "Salesperson, looks after their customers",
    parentId: 27,
    level: 3,
  },
  {
    id: 13,
    name: "客服",
    nameEn: "Customer service",
    description: "客服人员，跟进委托与查询",
    descriptionEn: "Customer service, follows up bookings and queries",
    parentId: 2,
    level: 2,
  },
  {
    id: 27,
    name: "销售经理",
    nameEn: "Sales manager",
    description: "销售经理，管理销售团队与客户",
    descriptionEn: "Sales manager, leads the sales team and its customers",
    parentId: 2,
    level: 2,
  },
  {
    id: 14,
    name: "数据专员",
    nameEn: "Data staff",
    description: "维护运价与基础数据",
    descriptionEn: "Maintains rates and reference data",
    parentId: 2,
    level: 2,
  },
  {
    id: 3,
    name: "客户",
    nameEn: "Customers",
    description: "外部客户（目录）",
    descriptionEn: "External customers (directory)",
    parentId: null,
    level: 1,
  },
  {
    id: 20,
    name: "直客",
    nameEn: "Direct customer",
    description: "直接客户",
    descriptionEn: "Direct customer",
    parentId: 3,
    level: 2,
    selfService: true,
  },
  {
    id: 21,
    name: "同行客户",
    nameEn: "Peer customer",
    description: "同行货代客户",
    descriptionEn: "Freight-forwarder customer",
    parentId: 3,
    level: 2,
    selfService: true,
  },
  {
    id: 22,
    name: "海外代理",
    nameEn: "Overseas agent",
    description: "海外代理",
    descriptionEn: "Overseas agent",
    parentId: 3,
    level: 2,
    selfService: true,
  },
];

export interface MenuDef {
  id: number;
  parentId: number | null;
  label: string;
  labelEn: string;
  level: number;
  path?: string;
  icon?: string;
}

export const MENUS: MenuDef[] = [
  { id: 1, parentId: null, label: "权限管理", labelEn: "Permission management", level: 1, path: "/permission", icon: "lock" },
  { id: 2, parentId: 1, label: "用户管理", labelEn: "Users", level: 2, path: "/userList", icon: "user" },
  { id: 71, parentId: 2, label: "添加用户", labelEn: "Add user", level: 3 },
  { id: 72, parentId: 2, label: "删除用户", labelEn: "Delete user", level: 3 },
  { id: 73, parentId: 2, label: "审核/编辑用户", labelEn: "Audit or edit user", level: 3 },
  { id: 75, parentId: 2, label: "分配视图", labelEn: "Assign views", level: 3 },
  { id: 86, parentId: 2, label: "切换状态", labelEn: "Toggle account state", level: 3 },
  { id: 90, parentId: 2, label: "审核修改资料", labelEn: "Audit profile changes", level: 3 },
  { id: 96, parentId: 2, label: "离职交接", labelEn: "Leaving-staff handover", level: 3 },
  // Tier T0 (internal-company prices): the administrator's only by default (issue 44 item 6).
  { id: 98, parentId: 2, label: "授予T0等级", labelEn: "Grant tier T0", level: 3 },
  { id: 3, parentId: 1, label: "角色管理", labelEn: "Roles", level: 2, path: "/roleList", icon: "team" },
  { id: 4, parentId: 1, label: "菜单管理", labelEn: "Menus", level: 2, path: "/menuList", icon: "menu" },
  { id: 32, parentId: 4, label: "添加菜单", labelEn: "Add menu", level: 3 },
  { id: 33, parentId: 4, label: "编辑菜单", labelEn: "Edit menu", level: 3 },
  { id: 34, parentId: 4, label: "删除菜单", labelEn: "Delete menu", level: 3 },

  { id: 5, parentId: null, label: "数据管理", labelEn: "Data maintenance", level: 1, path: "/dataManage", icon: "data" },
  { id: 6, parentId: 5, label: "海运港口", labelEn: "Sea ports", level: 2, path: "/port", icon: "anchor" },
  { id: 7, parentId: 5, label: "空运港口", labelEn: "Airports", level: 2, path: "/airport", icon: "plane" },
  { id: 8, parentId: 5, label: "快递国家", labelEn: "Express countries", level: 2, path: "/expressCountry", icon: "globe" },
  { id: 9, parentId: 5, label: "海运整箱数据", labelEn: "Sea FCL rates", level: 2, path: "/fclbyseaData", icon: "container" },
  { id: 10, parentId: 5, label: "海运拼箱数据", labelEn: "Sea LCL rates", level: 2, path: "/lclbyseaData", icon: "box" },
  { id: 11, parentId: 5, label: "空运数据", labelEn: "Air rates", level: 2, path: "/byAirData", icon: "plane" },
  { id: 12, parentId: 5, label: "拖车数据", labelEn: "Trailer rates", level: 2, path: "/trailerData", icon: "truck" },
  { id: 13, parentId: 5, label: "铁路数据", labelEn: "Rail rates", level: 2, path: "/railRoadData", icon: "train" },
  { id: 14, parentId: 5, label: "快递数据", labelEn: "Express rates", level: 2, path: "/expressData", icon: "parcel" },
  { id: 25, parentId: 5, label: "港口别名", labelEn: "Port aliases", level: 2, path: "/portAliases", icon: "anchor" },
  { id: 26, parentId: 5, label: "汇率", labelEn: "Exchange rates", level: 2, path: "/exchangeRates", icon: "currency" },

  { id: 15, parentId: null, label: "运营管理", labelEn: "Operations", level: 1, path: "/operation", icon: "setting" },
  { id: 16, parentId: 15, label: "特惠航线", labelEn: "Special offers", level: 2, path: "/saleList", icon: "tag" },
  { id: 17, parentId: 15, label: "官网首页", labelEn: "Website home", level: 2, path: "/homeList", icon: "home" },
  { id: 18, parentId: 15, label: "APP首页", labelEn: "App home", level: 2, path: "/app-home", icon: "mobile" },
  { id: 19, parentId: 15, label: "委托订单", labelEn: "Entrustments", level: 2, path: "/app-order", icon: "order" },
  { id: 97, parentId: 19, label: "处理委托状态", labelEn: "Handle booking status", level: 3 },
  { id: 20, parentId: 15, label: "邮件发件箱", labelEn: "Mail outbox", level: 2, path: "/app-query", icon: "mail" },
  { id: 99, parentId: 20, label: "查看验证码", labelEn: "Reveal verification codes", level: 3 },
  { id: 24, parentId: 15, label: "公司信息", labelEn: "Company details", level: 2, path: "/companyInfo", icon: "info" },
  // The pricing desk's queue of price requests (issue 43).
  { id: 43, parentId: 15, label: "询价台", labelEn: "Price desk", level: 2, path: "/priceDesk", icon: "inbox" },

  { id: 21, parentId: null, label: "日志管理", labelEn: "Logs", level: 1, path: "/logManage", icon: "log" },
  { id: 22, parentId: 21, label: "查询日志", labelEn: "Query logs", level: 2, path: "/query-logs", icon: "search" },
  { id: 23, parentId: 21, label: "操作日志", labelEn: "Operation log", level: 2, path: "/log-list", icon: "history" },
  { id: 27, parentId: 21, label: "洞察看板", labelEn: "Insights", level: 2, path: "/insights", icon: "chart" },
];

const DATA_PATHS = [6, 7, 8, 9, 10, 11, 12, 13, 14, 25, 26];

/**
 * Menu ids each role is granted explicitly (paths and rights). Ancestors are
 * added when saving: fully checked when all their children are granted,
 * half-checked otherwise. Role 1 gets everything; customer roles nothing.
 */
export const ROLE_GRANTS: Record<number, number[] | "all"> = {
  1: "all",
  12: [2, 73, 75, 22, 27, 16, 19, 97, 43],
  13: [2, 73, 90, 22, 19, 97, 20, 43],
  27: [2, 71, 73, 75, 86, 90, 96, 22, 23, 27, 16, 19, 97, 43],
  14: [...DATA_PATHS, 27],
};
