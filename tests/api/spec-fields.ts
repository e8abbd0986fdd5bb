// A machine-readable copy of the spec's field lists: the entities of section
// 3 and the call payloads of section 7 of the three documents in
// ../shared/spec/ (customer-portal.md "CP", administration.md "AD",
// data-maintenance.md "DM"). Written from the documents, NOT from the
// code: the contract test (spec-contract.test.ts) holds the API to it.
//
// Types are the spec's where it gives them ("level ('1','2','3' as text)",
// "type (1 or 2)", "view_st (comma-separated view ids)", dates YYYY-MM-DD);
// elsewhere the reading decision 501 records (ids and codes integers,
// prices decimals with their places, timestamps YYYY-MM-DD HH:mm:ss).

export type SpecType =
  | "string"
  | "integer"
  /** A decimal as text with fixed places ("592.00"). */
  | "decimal"
  | "boolean"
  /** YYYY-MM-DD */
  | "date"
  /** YYYY-MM-DD HH:mm:ss */
  | "datetime"
  /** A small integer as text ('1'). */
  | "code"
  /** Ids joined by commas ("1,2"). */
  | "idList"
  | "list"
  /** Any scalar (the spec gives no type and none was chosen). */
  | "scalar";

export type SpecEntity = { source: string; fields: Record<string, SpecType> };

const S = "string";
const I = "integer";
const D = "decimal";
const B = "boolean";
const DATE = "date";
const DT = "datetime";
const L = "list";

const e = (source: string, fields: Record<string, SpecType>): SpecEntity => ({ source, fields });
/** "bulk_{45,100}_{t0,t1,t2}" read as brace expansion: bulk_45_t0, bulk_45_t1, bulk_45_t2, bulk_100_t0 … */
const expand = (names: readonly string[], suffixes: readonly string[]) =>
  Object.fromEntries(names.flatMap((name) => suffixes.map((suffix) => [`${name}_${suffix}`, D] as const))) as Record<string, SpecType>;
/** "20GP_T0, 40GP_T0, 40HQ_T0, 20GP_T1 …": tier by tier. */
const tiers = (names: readonly string[], tierCase: "upper" | "lower" = "upper") =>
  Object.fromEntries(
    (["T0", "T1", "T2"] as const).flatMap((tier) =>
      names.map((name) => [`${name}_${tierCase === "upper" ? tier : tier.toLowerCase()}`, D] as const),
    ),
  ) as Record<string, SpecType>;

// ------------------------------------------------------- customer-portal 3

export const PORT_OPTION = e("CP 3 Port option; CP 7 portbyseaselect", { id: "scalar", portname: S, portcode: S, portzhname: S });
export const COUNTRY_OPTION = e("CP 3 Express country option", { id: "scalar", country_code: S, country_zh: S, country_en: S });
export const RAIL_OPTIONS = e("CP 3 Railway options", { pol: L, pod: L });
export const TRAILER_OPTIONS = e("CP 3 Trailer options", { dock: L, trailer_door_point: L });

/** Special-price rows per mode (CP 3 = AD 3 "Special-offer cards"). */
export const CARDS = {
  fcl: e("CP 3 / AD 3 FCL card", {
    id: I,
    pol: S,
    pod: S,
    carrier: S,
    sale_state: S,
    "20GP": D,
    "40GP": D,
    "40HQ": D,
    via: S,
    valid_to: DATE,
  }),
  lcl: e("CP 3 / AD 3 LCL card", {
    id: I,
    pol: S,
    pod: S,
    country: S,
    via: S,
    volume: S,
    freight_cmb: D,
    freight_ton: D,
    t_t: S,
    etd: S,
    valid_to: DATE,
  }),
  byair: e("CP 3 / AD 3 Air card (valid_fm: the expiry)", {
    id: I,
    pol: S,
    pod: S,
    country: S,
    etd: S,
    carrier: S,
    via: S,
    t_t: S,
    valid_fm: DATE,
  }),
  railroad: e("CP 3 / AD 3 Rail card", {
    id: I,
    pol: S,
    pod: S,
    "40_coc": D,
    "40_soc": D,
    "20_coc": D,
    "20_soc": D,
    "2_20soc": D,
    currency: S,
    squad: S,
    t_t: S,
    valid_to: DATE,
  }),
  trailer: e("CP 3 / AD 3 Trailer card", { id: I, dock: S, trailer_door_point: S, "20GP": D, "40GP": D, "40HQ": D, valid_to: DATE }),
  express: e("CP 3 / AD 3 Express card", {
    id: I,
    from: S,
    to: S,
    weight: D,
    special_cost: D,
    fuel: D,
    discount: D,
    total_cost: D,
    cate: S,
    valid_to: DATE,
  }),
} as const;

/**
 * The cards as the administration's forms hold them: "Date pickers default to
 * time 00:00:00" (AD 2.4), so the validity carries its time there.
 */
export const STAFF_CARDS = Object.fromEntries(
  Object.entries(CARDS).map(([mode, card]) => [
    mode,
    e(
      `${card.source} (AD 2.4: with its time)`,
      Object.fromEntries(Object.entries(card.fields).map(([name, type]) => [name, type === DATE ? DT : type])),
    ),
  ]),
) as Record<keyof typeof CARDS, SpecEntity>;

export const DC_FORM = e("CP 3 Shipping order form (dcForm)", {
  transportation: S,
  ershigp_num: I,
  sishigp_num: I,
  sishihq_num: I,
  qtgg_num: S,
  Gross_weight: S,
  Volume: S,
  packages_num: S,
  zwpm: S,
  ywpm: S,
  hsbm: S,
  textareafhr: S,
  textareashr: S,
  textareatzr: S,
});

const contact = (prefix: string) =>
  Object.fromEntries(
    ["id", "username", "phone", "email", "landline", "qq", "wx_code"].map((n) => [`${prefix}_${n}`, n === "id" ? I : S]),
  ) as Record<string, SpecType>;

/** The history lists "historyquery_ and query_pod_ for fcl, lcl, air, railroad, trailer, express". */
export const HISTORY_SUFFIXES = ["fcl", "lcl", "air", "railroad", "trailer", "express"] as const;

export const CURRENT_USER = e("CP 3 Session and user info + User profile fields; AD 3 Current-user info", {
  id: I,
  username: S,
  nickname: S,
  phone: S,
  user_pic: S,
  statesw: I,
  rid: I,
  customer_rating: I,
  ...contact("kf"),
  ...contact("xs"),
  audit_zl: I,
  ...Object.fromEntries(
    HISTORY_SUFFIXES.flatMap((m) => [
      [`historyquery_${m}`, S],
      [`query_pod_${m}`, S],
    ]),
  ),
  // CP 3 "User profile fields shown to the user" under AD 3's names.
  email: S,
  businessaddress: S,
  company: S,
  iaecountries: S,
  create_time: DT,
  lastlogin_time: DT,
});

// -------------------------------------------------------- administration 3

export const USER = e("AD 3 User record", {
  id: I,
  username: S,
  rolename: S,
  rid: I,
  email: S,
  phone: S,
  businessaddress: S,
  company: S,
  iaecountries: S,
  xs_username: S,
  kf_username: S,
  sales_id: I,
  customer_id: I,
  reg_method: S,
  create_time: DT,
  lastlogin_time: DT,
  statesw: I,
  audit: I,
  customer_rating: I,
  landline: S,
  qq: S,
  wx_code: S,
  view_st: "idList",
  audit_zl: I,
  updata_company: S,
  updata_businessaddress: S,
  updata_iaecountries: S,
});

export const ROLE = e("AD 3 Role", { rid: I, rolename: S, roleDesc: S, Fidrole: I, type: "code", pid: "idList" });
export const SALES_OPTION = e("AD 3 Option lists: sales", { sale_id: I, sale_username: S });
export const SERVICE_OPTION = e("AD 3 Option lists: customer service", { kf_id: I, kf_username: S });
export const ROLE_OPTION = e("CP 7 GET /api/role (AD 3 Role's rid, rolename)", { rid: I, rolename: S });
export const MENU = e("AD 3 Menu; AD 3 Menu entry of the current user (pid, indexPath)", {
  pid: I,
  Fid: I,
  label: S,
  level: "code",
  indexPath: S,
  icon: S,
});
export const WEB_HOME = e("AD 3 Website home-content item", {
  id: I,
  name: S,
  description: S,
  Fid: I,
  type: I,
  img_url: S,
  size: S,
  create_time: DT,
  update_time: DT,
});
export const APP_HOME = e("AD 3 App home item (without size)", {
  id: I,
  name: S,
  description: S,
  Fid: I,
  type: I,
  img_url: S,
  create_time: DT,
  update_time: DT,
});

const LOG_USER = { operate_time: DT, username: S, phone: S, email: S, company: S } as const;
export const QUERY_LOGS = {
  fcl: e("AD 2.7, 3 Query log row: FCL", { pol: S, pod: S, carrier: S, ...LOG_USER }),
  lcl: e("AD 2.7, 3 Query log row: LCL", { pol: S, pod: S, ...LOG_USER }),
  byair: e("AD 2.7, 3 Query log row: air (carrier = airline)", { pol: S, pod: S, carrier: S, ...LOG_USER }),
  railroad: e("AD 2.7, 3 Query log row: rail", { pol: S, pod: S, ...LOG_USER }),
  trailer: e("AD 2.7, 3 Query log row: trailer", { dock: S, trailer_door_point: S, ...LOG_USER }),
  express: e("AD 2.7, 3 Query log row: express", { destination: S, weight: D, ...LOG_USER }),
} as const;
export const OPERATION_LOG = e("AD 3 Operation log row", {
  module: S,
  operation: S,
  operate_time: DT,
  username: S,
  operate_id: S,
  operate_params: S,
});

// ------------------------------------------------------ data-maintenance 3

export const AIR_BREAKS = [45, 100, 130, 300, 500, 1000, 2000, 3000] as const;
/** "Files without the extra columns lack the 130, 2000 and 3000 kg breaks." */
export const AIR_EXTRA_BREAKS = [130, 2000, 3000] as const;

export const ROWS = {
  fcl: e("DM 3 FCL rate row", {
    id: I,
    pol: S,
    pod: S,
    destinationdock: S,
    sale_state: S,
    carrier: S,
    ...tiers(["20GP", "40GP", "40HQ"]),
    booking_fee: S,
    thc: S,
    seal: S,
    vgm: S,
    eir: S,
    doc: S,
    manifest: S,
    via: S,
    t_t: S,
    dock: S,
    valid_fm: DATE,
    valid_to: DATE,
    yes_no: B,
    remark: S,
    weight_limit: S,
    other: S,
    remark3: S,
    remark4: S,
    remarkconcat: S,
    update_time: DT,
  }),
  // "valid_to (date-time)": Shanghai wall-clock time, a date alone meaning 23:59:59 (issue 22 item 8; decision 501). "An export also refers to valid_fm."
  lcl: e("DM 3 LCL rate row", {
    id: I,
    pol: S,
    pod: S,
    country: S,
    volume: S,
    ...tiers(["freight_cmb"]),
    ...tiers(["freight_ton"]),
    cisf: S,
    close_date: S,
    closegoods_date: S,
    etd: S,
    via: S,
    t_t: S,
    valid_fm: DATE,
    valid_to: DT,
    yes_no: B,
    remark: S,
    update_time: DT,
  }),
  // "price fields per container type and tier … 40coc, 40soc, 20coc, 20soc, 2_20soc": named as FCL's, <type>_<tier>.
  rail: e("DM 3 Rail rate row", {
    id: I,
    pol: S,
    pod: S,
    ...tiers(["40coc", "40soc", "20coc", "20soc", "2_20soc"]),
    currency: S,
    squad: S,
    t_t: S,
    valid_to: DATE,
    remark: S,
    update_time: DT,
  }),
  trailer: e("DM 3 Trailer rate record", {
    id: I,
    dock: S,
    trailer_door_point: S,
    ...tiers(["20GP", "40GP", "40HQ"]),
    valid_fm: DATE,
    valid_to: DATE,
    yes_no: B,
    remark: S,
    update_time: DT,
  }),
  air: e("DM 3 Air price record (valid_fm shown as the update date)", {
    id: I,
    air_id: S,
    air_id_table: S,
    add_price: S,
    pol: S,
    pod: S,
    country: S,
    etd: S,
    carrier: S,
    yxq: S,
    cbm_kgs: S,
    ...expand(
      AIR_BREAKS.map((kg) => `bulk_${kg}`),
      ["t0", "t1", "t2"],
    ),
    ...expand(
      AIR_BREAKS.map((kg) => `tray_${kg}`),
      ["t0", "t1", "t2"],
    ),
    via: S,
    t_t: S,
    path: S,
    remark: S,
    valid_fm: DT,
  }),
  express: e("DM 3 Express price record", {
    id: I,
    category: S,
    weight: D,
    fuel: D,
    ...Object.fromEntries(["T1", "T2", "one", "two", ..."abdefghkmnopqrstuvxyz"].map((z) => [z, D])),
    total_cost: D,
    discount: D,
    timelimit: S,
    by_volume: S,
    remark: S,
    update_time: DT,
  }),
  expressCountry: e("DM 3 Express country", { id: I, part_code: S, part: S, country_code: S, country_zh: S, country_en: S, time: DT }),
  port: e("DM 3 Sea port", {
    id: I,
    portcode: S,
    portname: S,
    portzhname: S,
    countrycode: S,
    countryname: S,
    countryzhname: S,
    lane: S,
    edicode: S,
    time: DT,
  }),
  airport: e("DM 3 Airport", { id: I, portcode: S, portname: S, portzhname: S, countryname: S, countryzhname: S, time: DT }),
} as const;

/** "Filter lists returned with list calls" (DM 3), by list call. */
export const FILTER_LISTS: Record<string, readonly string[]> = {
  "/data/fclbysea": ["pol", "pod", "carrier"],
  "/data/lclbysea": ["pod", "pol", "country", "volume"],
  "/data/byrailroad": ["pol", "pod"],
  "/data/bytrailer": ["dock", "trailer_door_point"],
  "/data/byair": ["pod", "pol", "country", "carrier"],
  "/data/byexpressdata": ["category", "weight"],
};

export const PORT_LIST_ITEM = e("DM 3 Port-matching results: portList (portname)", { portname: S });
export const POD_ITEM = e("DM 3 Port-matching results: fclList / lclList (pod)", { pod: S });
export const SEA_SPACE = e("DM 3 space-check results (sea): id with portname", { id: I, portname: S });
export const AIR_SPACE = e("DM 3 space-check results (air): id with portcode", { id: I, portcode: S });

// ----------------------------------------------------- reads (sections 7)

export type SpecShape =
  { one: SpecEntity } | { list: SpecEntity } | { tree: SpecEntity } | { object: Record<string, SpecType | SpecShape> };
export type SpecRead = { data: SpecShape; members?: Record<string, SpecType | SpecShape>; paged?: boolean };

const MODES = ["fcl", "lcl", "trailer", "byair", "railroad", "express"] as const;
const LOG_READ: SpecRead = { data: { list: OPERATION_LOG }, paged: true };

/** A data list call: its rows, the total and its filter lists (DM 7). */
const dataList = (path: string, row: SpecEntity): Record<string, SpecRead> => ({
  [`GET ${path}`]: { data: { list: row }, paged: true, members: Object.fromEntries(FILTER_LISTS[path].map((n) => [n, L])) },
});

/** What each read the spec describes returns (section 7, with the entities of section 3). */
export const SPEC_READS: Record<string, SpecRead> = {
  "GET /nopermission/portbyseaselect": { data: { list: PORT_OPTION } },
  "GET /nopermission/manytimesportbyseaselect": { data: { list: PORT_OPTION } },
  "GET /nopermission/airportselect": { data: { list: PORT_OPTION } },
  "GET /nopermission/manytimesairportselect": { data: { list: PORT_OPTION } },
  "GET /nopermission/expresscountryselect": { data: { list: COUNTRY_OPTION } },
  "GET /nopermission/manytimesexpresscountryselect": { data: { list: COUNTRY_OPTION } },
  "GET /nopermission/railroadselectquery": { data: { one: RAIL_OPTIONS } },
  "GET /nopermission/trailerselectquery": { data: { one: TRAILER_OPTIONS } },
  "GET /api/customer": { data: { list: SERVICE_OPTION } },
  "GET /api/sales": { data: { list: SALES_OPTION } },
  "GET /api/role": { data: { list: ROLE_OPTION } },
  "GET /my/userinfo": { data: { one: CURRENT_USER } },
  ...Object.fromEntries(
    MODES.flatMap((m) => [
      [`GET /nopermission/getspecial${m}sale`, { data: { list: CARDS[m] } }],
      [`GET /my/byidspecial${m}sale/{id}`, { data: { one: STAFF_CARDS[m] } }],
      [`GET /logs/${m}loglist`, { data: { list: QUERY_LOGS[m] }, paged: true }],
    ]),
  ),
  "GET /my/myMenu": { data: { tree: MENU }, members: { dataMenuList: { list: MENU } } },
  "GET /my/allMenu": { data: { tree: MENU }, members: { dataList: { list: MENU } } },
  "GET /my/byidmenu/{id}": { data: { one: MENU } },
  "GET /my/userlist": { data: { list: USER }, members: { dshs: I, wtgshs: I, dshzczl: I }, paged: true },
  "GET /my/byiduser/{id}": { data: { one: USER } },
  "GET /my/rolestreelist": { data: { tree: ROLE } },
  "GET /my/roleslist": { data: { list: ROLE } },
  "GET /my/byidroles/{id}": { data: { one: ROLE } },
  "GET /web/home": { data: { tree: WEB_HOME }, members: { dataList: { list: WEB_HOME } } },
  "GET /web/home/byid/{id}": { data: { one: WEB_HOME } },
  "GET /apphomeimg/home": { data: { tree: APP_HOME }, members: { dataList: { list: APP_HOME } } },
  "GET /apphomeimg/home/byid/{id}": { data: { one: APP_HOME } },
  "GET /logs/operationloglist": LOG_READ,
  // data-maintenance 7
  "GET /data/port": { data: { list: ROWS.port }, paged: true },
  "GET /data/port/{id}": { data: { one: ROWS.port } },
  "GET /data/exportport": { data: { list: ROWS.port } },
  "GET /data/checkportqian": { data: { list: SEA_SPACE } },
  "GET /data/checkporthou": { data: { list: SEA_SPACE } },
  "GET /data/checkfclport": {
    data: { object: { portList: { list: PORT_LIST_ITEM }, fclList: { list: POD_ITEM } } },
    members: { portList: { list: PORT_LIST_ITEM }, fclList: { list: POD_ITEM } },
  },
  "GET /data/checklclport": {
    data: { object: { portList: { list: PORT_LIST_ITEM }, lclList: { list: POD_ITEM } } },
    members: { portList: { list: PORT_LIST_ITEM }, lclList: { list: POD_ITEM } },
  },
  "GET /data/airport": { data: { list: ROWS.airport }, paged: true },
  "GET /data/airport/{id}": { data: { one: ROWS.airport } },
  "GET /data/exportairport": { data: { list: ROWS.airport } },
  "GET /data/checkairportqian": { data: { list: AIR_SPACE } },
  "GET /data/checkairporthou": { data: { list: AIR_SPACE } },
  "GET /data/express": { data: { list: ROWS.expressCountry }, paged: true },
  "GET /data/express/{id}": { data: { one: ROWS.expressCountry } },
  "GET /data/exportexpress": { data: { list: ROWS.expressCountry } },
  ...dataList("/data/fclbysea", ROWS.fcl),
  "GET /data/fcl/{id}": { data: { one: ROWS.fcl } },
  "GET /data/exportfcl": { data: { list: ROWS.fcl } },
  ...dataList("/data/lclbysea", ROWS.lcl),
  "GET /data/lcl/{id}": { data: { one: ROWS.lcl } },
  "GET /data/exportlcl": { data: { list: ROWS.lcl } },
  ...dataList("/data/byrailroad", ROWS.rail),
  "GET /data/railroad/{id}": { data: { one: ROWS.rail } },
  ...dataList("/data/bytrailer", ROWS.trailer),
  "GET /data/trailer/{id}": { data: { one: ROWS.trailer } },
  "GET /data/exporttrailer": { data: { list: ROWS.trailer } },
  ...dataList("/data/byair", ROWS.air),
  ...dataList("/data/byexpressdata", ROWS.express),
  "GET /data/expressdata/{id}": { data: { one: ROWS.express } },
};

// ---------------------------------------------------- writes (sections 7)

/** The names a write call's body carries (section 7, or the entity it writes). */
export const SPEC_WRITES: Record<string, { source: string; fields: readonly string[] }> = {
  "POST /api/email": { source: "CP 7 (body: data)", fields: ["data"] },
  "POST /api/resetemail": { source: "CP 7 (as /api/email)", fields: ["data"] },
  "POST /my/addmenu": { source: "AD 7", fields: ["Fid", "label", "level", "indexPath", "icon"] },
  "PUT /my/editmenu": { source: "AD 7", fields: ["pid", "Fid", "label", "level", "indexPath", "icon"] },
  "PUT /my/edituser": {
    source: "AD 7",
    fields: [
      "id",
      "username",
      "phone",
      "businessaddress",
      "company",
      "sales_id",
      "customer_id",
      "rid",
      "customer_rating",
      "audit",
      "landline",
      "qq",
    ],
  },
  "PUT /my/updatestate": { source: "AD 7", fields: ["statesw", "id"] },
  "POST /my/saveview": { source: "AD 7", fields: ["id", "view_st"] },
  "PUT /my/auditshzluser": { source: "AD 7", fields: ["audit_zl", "id"] },
  "POST /my/adduserdata": {
    source: "AD 7",
    fields: [
      "email",
      "password",
      "username",
      "phone",
      "businessaddress",
      "company",
      "sales_id",
      "customer_id",
      "rid",
      "customer_rating",
      "landline",
      "qq",
    ],
  },
  "PUT /my/confirmHandOver": { source: "AD 7", fields: ["userId", "handOverId"] },
  "POST /my/addroles": { source: "AD 7", fields: ["Fidrole", "roleDesc", "type", "rolename"] },
  "PUT /my/editroles": { source: "AD 7", fields: ["rid", "rolename", "roleDesc", "Fidrole", "type"] },
  "POST /my/saverightsroles": { source: "AD 7", fields: ["rid", "pid"] },
  "POST /web/home/add": { source: "AD 7 (multipart)", fields: ["name", "description", "Fid", "type", "img_url", "size"] },
  "PUT /web/home/update": { source: "AD 7 (multipart)", fields: ["id", "name", "description", "Fid", "type", "img_url", "size"] },
  "POST /apphomeimg/home/add": {
    source: "AD 7 (multipart as website home, without size)",
    fields: ["name", "description", "Fid", "type", "img_url"],
  },
  "PUT /apphomeimg/home/update": {
    source: "AD 7 (multipart as website home, without size)",
    fields: ["id", "name", "description", "Fid", "type", "img_url"],
  },
  "POST /my/userinfo": {
    source: "CP 3 User profile fields (AD 3 names)",
    fields: ["username", "nickname", "phone", "company", "businessaddress", "iaecountries"],
  },
  // "multipart with an attachment file and dcDataAll (JSON text of the form, the special-price row and the other-name)"
  "POST /query/order": { source: "CP 7 Shipping order", fields: ["file", "dcDataAll"] },
  ...Object.fromEntries(
    MODES.flatMap((m) => {
      const fields = Object.keys(CARDS[m].fields).filter((f) => f !== "id");
      return [
        [`POST /my/savespecial${m}sale`, { source: `AD 7 (form body: the ${m} card)`, fields }],
        [`PUT /my/editspecial${m}sale`, { source: `AD 7 (form body: the ${m} card)`, fields: ["id", ...fields] }],
      ];
    }),
  ),
  // data-maintenance 7: the rows (edit "(full row)", "(the record)"; ports "Editing also has idchange").
  "POST /data/addport": {
    source: "DM 3 Sea port",
    fields: ["portcode", "portname", "portzhname", "countrycode", "countryname", "countryzhname", "lane", "edicode"],
  },
  "PUT /data/updateport": {
    source: "DM 3 Sea port",
    fields: ["id", "portcode", "portname", "portzhname", "countrycode", "countryname", "countryzhname", "lane", "edicode", "idchange"],
  },
  "POST /data/addairport": { source: "DM 3 Airport", fields: ["portcode", "portname", "portzhname", "countryname", "countryzhname"] },
  "PUT /data/updateairport": {
    source: "DM 3 Airport",
    fields: ["id", "portcode", "portname", "portzhname", "countryname", "countryzhname", "idchange"],
  },
  "POST /data/addexpress": { source: "DM 3 Express country", fields: ["part_code", "part", "country_code", "country_zh", "country_en"] },
  "PUT /data/editexpress": {
    source: "DM 3 Express country",
    fields: ["id", "part_code", "part", "country_code", "country_zh", "country_en"],
  },
  "PUT /data/updateexpress": {
    source: "DM 3 Express country",
    fields: ["id", "part_code", "part", "country_code", "country_zh", "country_en"],
  },
  "PUT /data/editfcl": { source: "DM 3 FCL rate row", fields: Object.keys(ROWS.fcl.fields).filter((f) => f !== "update_time") },
  "PUT /data/editlcl": { source: "DM 3 LCL rate row", fields: Object.keys(ROWS.lcl.fields).filter((f) => f !== "update_time") },
  "PUT /data/editrailroad": {
    source: "DM 7 editrailroad (full row)",
    fields: Object.keys(ROWS.rail.fields).filter((f) => f !== "update_time"),
  },
  "PUT /data/edittrailer": {
    source: "DM 7 edittrailer (the record)",
    fields: Object.keys(ROWS.trailer.fields).filter((f) => f !== "update_time"),
  },
  "PUT /data/editexpressdata": {
    source: "DM 3 Express price record",
    fields: Object.keys(ROWS.express.fields).filter((f) => f !== "update_time"),
  },
  ...Object.fromEntries(
    [
      "addmoreport",
      "addmoreairport",
      "addmoreexpress",
      "addmorefcl",
      "addmorelcl",
      "addmorerailroad",
      "addmoretrailer",
      "addmorebyair",
      "addmorebyairpt",
      "addmoreexpressdata",
    ].map((name) => [`POST /data/${name}`, { source: "DM 7 (infoString)", fields: ["infoString"] }]),
  ),
};
