// The records of the legacy API under the spec's names (sections 3 and 7 of
// the three spec documents), each described once (wire.ts). Where the spec
// names no field, the choice is in docs/decisions/501-legacy-api.md.
import { dataAreas, type AreaKey, type DataArea } from "~/domain/data-areas";
import { queryLogColumns } from "~/domain/logs/log-columns";
import { modeByKey, type ModeDescription, type ModeKey } from "~/domain/modes";
import { offerFormFields } from "~/domain/offers/cards";
import { LEGACY_MODES } from "./legacy";
import { entity, toWire, variant, w, type WireEntity, type WireField } from "./wire";

type Row = Record<string, unknown>;
const fileUrl = (prefix: string, get: (row: Row) => unknown) => (row: never) => {
  const name = get(row as Row);
  return typeof name === "string" && name ? `${prefix}/${name}` : null;
};

// ------------------------------------------------------------ data areas

/**
 * A data area's row (data-maintenance.md 3): every column under its spec
 * name (the Excel header, or `wire` where the spec's entity differs), in the
 * area's column order. Ports and airports also take `idchange` on edit.
 */
function areaEntityOf(area: DataArea): WireEntity {
  const fields: WireField[] = area.columns.map((c) => {
    const wire = c.wire ?? c.header;
    const accept = [...(c.wire ? [c.header] : []), ...(c.aliases ?? [])];
    const base = { domain: c.field, accept };
    switch (c.kind) {
      case "id":
        return w.int(wire, base);
      case "decimal":
        return w.dec(wire, base, c.scale ?? 2);
      case "date":
        return w.date(wire, base);
      case "datetime":
        return w.datetime(wire, { ...base, readOnly: true });
      case "localDateTime":
        // Shanghai wall-clock text as the row holds it; a date alone is accepted (the end of that day).
        return w.datetime(wire, { ...base, description: "YYYY-MM-DD HH:mm:ss, Asia/Shanghai; a date alone means 23:59:59 of that day" });
      case "bool":
        return w.bool(wire, base);
      default:
        return w.str(wire, base);
    }
  });
  if (area.edit?.idChange) fields.push(w.int("idchange", { domain: "idChange", writeOnly: true, description: "a new id for the row" }));
  return entity(`${area.key[0].toUpperCase()}${area.key.slice(1)}Row`, fields, `${area.key} row (data-maintenance.md 3)`);
}

const areaEntities = new Map<AreaKey, WireEntity>();
export function areaEntity(area: DataArea): WireEntity {
  let e = areaEntities.get(area.key);
  if (!e) areaEntities.set(area.key, (e = areaEntityOf(area)));
  return e;
}

/** Space checks: id with portname (sea) or portcode (air). */
export function spaceCheckEntity(area: DataArea): WireEntity {
  const column = area.columns.find((c) => c.field === (area.spaceCheckField ?? "name"))!;
  return entity(`${area.key}SpaceCheck`, [w.int("id"), w.str(column.header, "text")]);
}

export const PortNameEntity = entity("PortName", [w.str("portname", "name")], "a sea port compared by the port-matching check");
export const UnmatchedPodEntity = entity(
  "UnmatchedPod",
  [w.str("pod", "text"), w.int("count")],
  "a destination no sea port name is contained in, and its number of rows",
);

export const ImportResultEntity = entity("ImportResult", [w.int("rows"), w.int("inserted"), w.int("updated")]);
export const CountEntity = entity("Count", [w.int("count")]);

// ------------------------------------------- import history, undo, port aliases (issue 23)

export const ImportBatchEntity = entity(
  "ImportBatch",
  [
    w.int("id"),
    w.datetime("create_time", { domain: "createdAt", readOnly: true }),
    w.str("username"),
    w.str("filename", "fileName"),
    w.str("checksum", { description: "SHA-256 of the uploaded file (of the rows for infoString imports)" }),
    w.str("source", { description: "file or rows" }),
    w.str("variant", { description: "standard, or plain (air without the +130/+2000/+3000 kg breaks)" }),
    w.int("rows"),
    w.int("inserted"),
    w.int("updated"),
    w.bool("has_file", { domain: "hasFile", description: "the original file can be downloaded from the screen" }),
    w.datetime("undo_time", { domain: "undoneAt", readOnly: true }),
    w.str("undo_user", "undoneBy"),
    w.int("undo_skipped", { domain: "undoSkipped", description: "rows changed since the import that an undo of the rest kept" }),
  ],
  "a committed import (the last 50 per area are kept)",
);
export const UndoResultEntity = entity("UndoResult", [w.int("restored"), w.int("deleted"), w.int("skipped")]);
export const PortAliasEntity = entity(
  "PortAlias",
  [
    w.int("id"),
    w.str("alias"),
    w.int("portid", "portId"),
    w.str("portcode", "portCode"),
    w.str("portname", "portName"),
    w.str("portzhname", "portNameZh"),
    w.str("create_user", "createdBy"),
    w.datetime("update_time", { domain: "updatedAt", readOnly: true }),
  ],
  "a spelling that stands for a sea port",
);
export const PortUnresolvedEntity = entity(
  "PortUnresolved",
  [
    w.int("id"),
    w.str("area", { description: "fcl or lcl" }),
    w.str("name"),
    w.int("rows"),
    w.datetime("first_time", { domain: "firstSeen", readOnly: true }),
  ],
  "a pol/pod name no port, code, alias or Chinese name resolves (the unresolved queue)",
);
export const AliasSavedEntity = entity("AliasSaved", [
  w.int("id"),
  w.str("portname", "port"),
  w.int("fclrows", "fcl"),
  w.int("lclrows", "lcl"),
]);
export const CreatedEntity = entity("Created", [w.int("id")]);

// ----------------------------------------------------------- option lists

export const PortOptionEntity = entity("PortOption", [
  w.str("id", "code", { description: "the port code (ports are keyed by code)" }),
  w.str("portname", "name"),
  w.str("portcode", "code"),
  w.str("portzhname", "nameZh"),
]);

export const CountryOptionEntity = entity("CountryOption", [
  w.str("id", "code", { description: "the country code" }),
  w.str("country_code", "code"),
  w.str("country_zh", "zh"),
  w.str("country_en", "en"),
  w.str("part_code", "zoneCode"),
  w.str("part", "zone"),
]);

export const SalesOptionEntity = entity("SalesOption", [w.int("sale_id", "id"), w.str("sale_username", "username"), w.str("nickname")]);
export const ServiceOptionEntity = entity("CustomerServiceOption", [
  w.int("kf_id", "id"),
  w.str("kf_username", "username"),
  w.str("nickname"),
]);
export const RoleOptionEntity = entity("RoleOption", [w.int("rid", "id"), w.str("rolename", "name")]);
export const HandOverOptionEntity = entity("HandOverOption", [
  w.int("id"),
  w.str("username"),
  w.str("nickname"),
  w.int("rid", "roleId"),
  w.int("statesw", "state"),
]);

// ----------------------------------------------------------------- users

const userFields = {
  businessaddress: w.str("businessaddress", { domain: "businessAddress", accept: ["business_address"] }),
  company: w.str("company"),
  iaecountries: w.str("iaecountries", { domain: "iaeCountries", accept: ["iae_countries"] }),
  updata: [
    w.str("updata_company", { domain: "pendingCompany", readOnly: true }),
    w.str("updata_businessaddress", { domain: "pendingBusinessAddress", readOnly: true }),
    w.str("updata_iaecountries", { domain: "pendingIaeCountries", readOnly: true }),
  ],
  times: [
    w.datetime("create_time", { domain: "createdAt", readOnly: true }),
    w.datetime("lastlogin_time", { domain: "lastLoginAt", readOnly: true, accept: ["last_login_time"] }),
  ],
};

/** The user record (administration.md 3), for the user list, one user, and the user dialogs' bodies. */
export const UserEntity = entity("User", [
  w.int("id"),
  w.str("username"),
  w.str("rolename", { domain: "roleName", readOnly: true }),
  w.int("rid", { domain: "roleId" }),
  w.str("email"),
  w.str("password", { writeOnly: true, description: "add only" }),
  w.str("phone"),
  userFields.businessaddress,
  userFields.company,
  userFields.iaecountries,
  w.str("xs_username", { domain: "salesName", readOnly: true }),
  w.str("kf_username", { domain: "serviceName", readOnly: true }),
  w.int("sales_id", { domain: "salesId" }),
  w.int("customer_id", { domain: "customerServiceId" }),
  w.str("reg_method", { domain: "regMethod", readOnly: true, description: "register (self-service) or admin" }),
  ...userFields.times,
  w.int("statesw", { domain: "state", description: "1 active, 2 frozen" }),
  w.int("audit", { readOnly: true, description: "1 pending, 2 passed, 3 failed" }),
  w.int("customer_rating", { domain: "customerRating", description: "1 = T0, 2 = T1, 3 = T2" }),
  w.str("landline"),
  w.str("qq"),
  w.str("wx_code", { domain: "wxCodePath", readOnly: true, get: fileUrl("/wx-codes", (r) => r.wxCodePath) }),
  w.ids("view_st", { domain: "viewIds", description: "1 global, 2 own customers" }),
  w.int("audit_zl", { domain: "profileAudit", readOnly: true, description: "profile change: 1 pending, 2 passed, 3 failed" }),
  ...userFields.updata,
]);

/** Registration (customer-portal.md 3 "User profile fields", plus the code, the confirmation and the agreement). */
export const RegistrationEntity = entity("Registration", [
  w.str("email"),
  w.str("code", { description: "the e-mailed code" }),
  w.str("password"),
  w.str("repassword", { domain: "confirmPassword" }),
  w.str("username"),
  w.str("phone"),
  userFields.company,
  userFields.businessaddress,
  userFields.iaecountries,
  w.int("rid", { domain: "roleId", description: "a role of GET /api/role" }),
  w.bool("agreement"),
]);

/** POST /api/email, /api/resetemail: the address (the old client sent it as `data`). */
export const CodeRequestEntity = entity("CodeRequest", [
  w.str("data", { domain: "email", accept: ["email"], description: "the e-mail address" }),
]);

export const AvatarEntity = entity("Avatar", [w.str("user_pic", { get: fileUrl("/avatars", (r) => r.avatarPath) })]);

export const PasswordChangeEntity = entity("PasswordChange", [
  w.str("oldPassword", { accept: ["old_pwd", "oldpassword"] }),
  w.str("password", { accept: ["new_pwd"] }),
  w.str("repassword", { domain: "confirmPassword", accept: ["re_pwd"] }),
]);

const contact = (prefix: "kf" | "xs", key: "customerService" | "sales"): WireField[] => {
  const of = (name: string) => (row: never) => ((row as Row)[key] as Row | null | undefined)?.[name] ?? null;
  return [
    w.int(`${prefix}_id`, { readOnly: true, get: of("id") }),
    w.str(`${prefix}_username`, { readOnly: true, get: of("username") }),
    w.str(`${prefix}_phone`, { readOnly: true, get: of("phone") }),
    w.str(`${prefix}_email`, { readOnly: true, get: of("email") }),
    w.str(`${prefix}_landline`, { readOnly: true, get: of("landline") }),
    w.str(`${prefix}_qq`, { readOnly: true, get: of("qq") }),
    w.str(`${prefix}_wx_code`, {
      readOnly: true,
      get: fileUrl("/wx-codes", (r) => ((r as Row)[key] as Row | null | undefined)?.wxCodePath),
    }),
  ];
};

/**
 * The history lists' suffix per legacy mode: the spec names them for fcl,
 * lcl, air, railroad, trailer, express (customer-portal.md 3), while the
 * paths say byair (savebyair).
 */
const HISTORY_SUFFIX: Record<string, string> = {
  fcl: "fcl",
  lcl: "lcl",
  byair: "air",
  railroad: "railroad",
  trailer: "trailer",
  express: "express",
};

/** The search history lists of each mode: historyquery_fcl, query_pod_fcl … ('|'-joined). */
const historyFields: WireField[] = Object.keys(LEGACY_MODES).flatMap((legacy) => {
  const list = (end: "from" | "to") => (row: never) =>
    (((row as Row).history as Record<string, Record<string, string[]>> | undefined)?.[legacy]?.[end] ?? []).join("|");
  const suffix = HISTORY_SUFFIX[legacy];
  return [
    w.str(`historyquery_${suffix}`, { readOnly: true, get: list("from") }),
    w.str(`query_pod_${suffix}`, { readOnly: true, get: list("to") }),
  ];
});

/** The current user (customer-portal.md 3 "Session and user info", administration.md 3 "Current-user info"). */
export const CurrentUserEntity = entity("CurrentUser", [
  w.int("id", { readOnly: true }),
  w.str("email", { readOnly: true }),
  w.str("username"),
  w.str("nickname"),
  w.str("phone"),
  userFields.company,
  userFields.businessaddress,
  userFields.iaecountries,
  w.str("user_pic", { readOnly: true, get: fileUrl("/avatars", (r) => r.avatarPath) }),
  w.int("statesw", { domain: "state", readOnly: true }),
  w.int("rid", { domain: "roleId", readOnly: true }),
  w.str("rolename", { domain: "roleName", readOnly: true }),
  w.int("customer_rating", { domain: "customerRating", readOnly: true }),
  w.int("audit", { readOnly: true }),
  w.int("audit_zl", { domain: "profileAudit", readOnly: true }),
  ...userFields.updata,
  ...userFields.times,
  ...contact("kf", "customerService"),
  ...contact("xs", "sales"),
  ...historyFields,
]);

/** PUT /my/save{mode}: the '|'-joined lists (only the newest entry is taken). */
export const historyEntity = (legacy: string) => {
  const suffix = HISTORY_SUFFIX[legacy];
  const also = (name: string) => [name, ...(suffix !== legacy ? [`${name}_${legacy}`] : [])];
  return entity(`History_${suffix}`, [
    w.str(`historyquery_${suffix}`, {
      domain: "from",
      accept: also("historyquery"),
      description: "origin entries, name/code/Chinese name, '|'-joined",
    }),
    w.str(`query_pod_${suffix}`, { domain: "to", accept: also("query_pod"), description: "destination entries, '|'-joined" }),
  ]);
};

// ---------------------------------------------------------- roles, menus

/** Role (administration.md 3): rid, rolename, roleDesc, Fidrole (0 = none), type '1'-'3', pid (permission ids). */
export const RoleEntity = entity("Role", [
  w.int("rid", { domain: "id", accept: ["id"] }),
  w.str("rolename", { domain: "name", accept: ["roleName"] }),
  w.str("rolename_en", { domain: "nameEn", accept: ["nameEn"], description: "English role name (the English UI); empty shows rolename" }),
  w.str("roleDesc", { domain: "description" }),
  w.str("roleDesc_en", { domain: "descriptionEn", accept: ["descriptionEn"], description: "English description; empty shows roleDesc" }),
  w.int("Fidrole", { domain: "parentId", get: (r: never) => (r as Row).parentId ?? 0, description: "parent role id, 0 = none" }),
  w.code("type", { domain: "level", description: "directory level '1', '2' or '3'" }),
  w.ids("pid", {
    domain: "permissionIds",
    readOnly: true,
    description: "the role's permission (menu) ids; saved with POST /my/saverightsroles",
  }),
]);

/** Menu (administration.md 3): pid, Fid (0 = none), label, level '1'-'3', indexPath, icon. */
export const MenuEntity = entity("Menu", [
  w.int("pid", { domain: "id", accept: ["id"] }),
  w.int("Fid", { domain: "parentId", get: (r: never) => (r as Row).parentId ?? 0, description: "parent menu id, 0 = none" }),
  w.str("label"),
  w.str("label_en", { domain: "labelEn", description: "English label (the bilingual menu)" }),
  w.code("level", { description: "'1', '2' or '3'" }),
  w.str("indexPath", { domain: "path", accept: ["path"] }),
  w.str("icon"),
  w.int("sort", { optional: true }),
]);

// ---------------------------------------------------------- home content

/** Website home item (administration.md 3): img_url is the image (a URL in replies, a file in requests; "1" = none). */
export const WebHomeEntity = entity("WebHomeItem", [
  w.int("id"),
  w.str("name"),
  w.str("description"),
  w.int("Fid", { domain: "parentId", get: (r: never) => (r as Row).parentId ?? 0, description: "parent id, 0 = none" }),
  w.int("type", { domain: "level", description: "1 or 2" }),
  w.str("img_url", {
    domain: "imagePath",
    accept: ["image"],
    readOnly: true,
    get: (r: never) => ((r as Row).imagePath ? `/home-images/${(r as Row).imagePath}` : "1"),
    description: 'image URL; "1" = no image (placeholder). Requests send the file under img_url',
  }),
  w.str("size", { description: "B large or S small" }),
  w.datetime("create_time", { domain: "createdAt", readOnly: true }),
  w.datetime("update_time", { domain: "updatedAt", readOnly: true }),
]);
export const AppHomeEntity = variant(WebHomeEntity, "AppHomeItem", { omit: ["size"] });

export const HomeCategoryEntity = entity("HomeCategory", [
  w.int("id"),
  w.str("name"),
  w.str("description"),
  w.int("sort"),
  w.datetime("create_time", { domain: "createdAt", readOnly: true }),
  w.datetime("update_time", { domain: "updatedAt", readOnly: true }),
]);

// ------------------------------------------------------------------ logs

const LOG_WIRE: Record<string, string> = { doorPoint: "trailer_door_point" };

/** Query-log row of a mode (administration.md 3): the mode's columns, then the user's. */
export const queryLogEntity = (mode: ModeDescription) =>
  entity(`QueryLog_${mode.key}`, [
    w.str("id"),
    ...queryLogColumns(mode).map((column) =>
      column === "weight" ? w.dec("weight", "weight", 1) : w.str(LOG_WIRE[column] ?? column, column),
    ),
    w.datetime("operate_time", "operatedAt"),
    w.str("username"),
    w.str("phone"),
    w.str("email"),
    w.str("company"),
  ]);

export const OperationLogEntity = entity("OperationLog", [
  w.str("id"),
  w.str("module", { description: "operation type: add, edit, delete, import …" }),
  w.str("operation", { description: "business area: fclRates, users …" }),
  w.datetime("operate_time", "operatedAt"),
  w.str("username"),
  w.str("operate_id", "targetIds"),
  w.str("operate_params", "params"),
]);

// ------------------------------------------------------- offers and rates

/** Card fields' spec names (customer-portal.md 3, administration.md 3). */
const CARD_WIRE: Record<string, string> = {
  sailingSchedule: "sale_state",
  gp20: "20GP",
  gp40: "40GP",
  hq40: "40HQ",
  freightCbm: "freight_cmb",
  freightTon: "freight_ton",
  transitTime: "t_t",
  coc40: "40_coc",
  soc40: "40_soc",
  coc20: "20_coc",
  soc20: "20_soc",
  soc20x2: "2_20soc",
  trainService: "squad",
  doorPoint: "trailer_door_point",
  origin: "from",
  destination: "to",
  specialCost: "special_cost",
  totalCost: "total_cost",
  category: "cate",
  validTo: "valid_to",
};
const cardWire = (mode: ModeDescription, field: string) =>
  mode.key === "air" && field === "validTo" ? "valid_fm" : (CARD_WIRE[field] ?? field);
const SCALES: Record<string, number> = { fuel: 2, discount: 4, weight: 1 };

/**
 * A special-price card of a mode. `public`: the customer home's list (the
 * validity a day, YYYY-MM-DD); `staff`: one card as its form holds it (the
 * validity with its time, for the edit call), plus its status.
 */
function offerEntityOf(mode: ModeDescription, view: "public" | "staff"): WireEntity {
  const fields: WireField[] = [w.int("id")];
  for (const field of offerFormFields(mode)) {
    const wire = cardWire(mode, field.name);
    if (field.kind === "datetime") {
      fields.push(view === "public" ? w.date(wire, field.name) : w.datetime(wire, { domain: field.name, timeField: `${field.name}Time` }));
    } else if (field.kind === "text" || field.kind === "currency") {
      fields.push(w.str(wire, field.name));
    } else fields.push(w.dec(wire, field.name, SCALES[field.name] ?? 2));
  }
  if (!fields.some((f) => f.wire === "currency")) fields.push(w.str("currency", { readOnly: true }));
  if (view === "staff") fields.push(w.str("status", { readOnly: true, description: "valid, expired or upcoming" }));
  return entity(`${view === "public" ? "" : "Staff"}Offer_${mode.key}`, fields, `${mode.key} special-price card`);
}

const offerEntities = new Map<string, WireEntity>();
export function offerEntity(key: ModeKey, view: "public" | "staff"): WireEntity {
  const id = `${key}:${view}`;
  let e = offerEntities.get(id);
  if (!e) offerEntities.set(id, (e = offerEntityOf(modeByKey(key), view)));
  return e;
}

/** Rate facts under the rate row's names (data-maintenance.md 3); the fact key when the area has no such column. */
const RATE_AREA: Record<ModeKey, AreaKey> = { fcl: "fcl", lcl: "lcl", air: "air", rail: "rail", trailer: "trailer", express: "express" };
const EXPRESS_PRICE_WIRE: Record<string, string> = {
  price: "price",
  fuel: "fuel",
  fuelAmount: "fuel_cost",
  discount: "discount",
  total: "total_cost",
};

/**
 * One row of a price query (the spec shows no result shape: decision 501):
 * the route facts under the rate row's names, yes_no, valid_fm, valid_to,
 * currency, and the viewer's tier prices under the card's names (air: the
 * rate row's break names without the tier). Visitors' rows carry no price
 * field at all.
 */
function rateEntityOf(mode: ModeDescription): WireEntity {
  const area = dataAreas[RATE_AREA[mode.key]];
  const header = (field: string) => area.columns.find((c) => c.field === field)?.header ?? field;
  const fields: WireField[] = [w.int("id"), w.bool("yes_no", { domain: "paused", description: "paused: cannot be booked" })];
  for (const fact of mode.facts) {
    if (fact.kind === "validity") continue;
    fields.push(
      w.str(header(fact.field === "remarkConcat" ? "remark" : fact.field), {
        domain: fact.key,
        get: (r: never) => ((r as Row).facts as Row)[fact.key],
        optional: true,
      }),
    );
  }
  fields.push(
    w.date("valid_fm", "validFrom"),
    // LCL's valid_to is a date-time (data-maintenance.md 3): Shanghai wall-clock time.
    mode.validToTime ? w.datetime("valid_to", "validToTime") : w.date("valid_to", "validTo"),
    w.str("currency"),
  );
  for (const price of mode.prices) {
    const wire =
      mode.key === "express"
        ? EXPRESS_PRICE_WIRE[price.key]
        : price.group
          ? header(price.tiers!.T0).replace(/_t0$/i, "")
          : cardWire(mode, price.key);
    const scale = price.format === "factor" ? 4 : 2;
    fields.push(
      w.dec(wire, price.key, scale, {
        get: (r: never) => ((r as Row).prices as Row | null)?.[price.key],
        optional: true,
        description: "the viewer's tier only; absent without prices",
      }),
    );
  }
  if (mode.calculator) {
    fields.push(
      w.any("lcl", {
        optional: true,
        get: (r: never) => ((r as Row).lcl ? toWire(LclChargeEntity, (r as Row).lcl as Row) : undefined),
        description: "revenue tons and total for the cbm and kg parameters",
      }),
    );
  }
  return entity(`Rate_${mode.key}`, fields, `${mode.key} rate as the viewer may see it`);
}

/** LCL: the revenue-ton calculation for the entered volume and weight (cbm, kg parameters). */
export const LclChargeEntity = entity("LclCharge", [
  w.dec("cbm", "cbm", 3),
  w.dec("tons", "tons", 4),
  w.dec("revenue_tons", "revenueTons", 4),
  w.str("revenue_basis", { domain: "revenueBasis", description: "volume or weight" }),
  w.dec("by_volume", "byVolume"),
  w.dec("by_weight", "byWeight"),
  w.dec("total_cost", "total"),
  w.str("charge_basis", { domain: "chargeBasis", description: "volume or weight" }),
]);

const rateEntities = new Map<ModeKey, WireEntity>();
export function rateEntity(key: ModeKey): WireEntity {
  let e = rateEntities.get(key);
  if (!e) rateEntities.set(key, (e = rateEntityOf(modeByKey(key))));
  return e;
}

// -------------------------------------------------------------- bookings

/** Transport type values of the shipping order (customer-portal.md 4). */
export const TRANSPORT_VALUES: Readonly<Record<string, string>> = {
  海运整箱: "FCL",
  海运拼箱: "LCL",
  空运: "AIR",
  铁路: "RAIL",
  内陆拖车: "TRAILER",
  国际快递: "EXPRESS",
};

/** dcForm (customer-portal.md 3), the shipping order's fields. */
const dcFormFields: WireField[] = [
  w.str("transportation", {
    domain: "transportType",
    values: TRANSPORT_VALUES,
    description: "海运整箱 海运拼箱 空运 铁路 内陆拖车 国际快递",
  }),
  w.int("ershigp_num", "gp20Count"),
  w.int("sishigp_num", "gp40Count"),
  w.int("sishihq_num", "hq40Count"),
  w.str("qtgg_num", "otherSize"),
  w.str("Gross_weight", "grossWeight"),
  w.str("Volume", "volume"),
  w.str("packages_num", "packages"),
  w.str("zwpm", "commodityZh"),
  w.str("ywpm", "commodityEn"),
  w.str("hsbm", "hsCode"),
  w.str("textareafhr", "shipper"),
  w.str("textareashr", "consignee"),
  w.str("textareatzr", "notifyParty"),
];
export const DcFormEntity = entity("DcForm", [
  ...dcFormFields,
  w.str("file", { domain: "attachment", file: true, writeOnly: true, accept: ["attachment"] }),
]);

const entrustmentFields: WireField[] = [
  w.int("id"),
  w.str("kind", { description: "ORDER (shipping order) or CONTACT (contact request)" }),
  w.str("module", "moduleName"),
  w.str("transportation", { domain: "transportType", values: TRANSPORT_VALUES }),
  w.str("pol"),
  w.str("pod"),
  w.datetime("create_time", "createdAt"),
  w.str("username", { get: (r: never) => (r as Row).username ?? ((r as Row).user as Row | undefined)?.username ?? null }),
  w.str("phone", { get: (r: never) => (r as Row).phone ?? ((r as Row).user as Row | undefined)?.phone ?? null }),
  w.str("email", { get: (r: never) => (r as Row).email ?? ((r as Row).user as Row | undefined)?.email ?? null }),
  w.str("attachment_url", { domain: "attachmentUrl" }),
  w.str("status", { description: "booking status: RECEIVED, CONFIRMED, REJECTED or CANCELLED (issue 25 item 5)" }),
  w.str("quote_no", { domain: "quoteNumber", description: "the number of the quote it was booked from, or null (issue 25 item 3)" }),
];
export const EntrustmentEntity = entity("Entrustment", [...entrustmentFields, w.str("kf_username", "customerService")]);
export const EntrustmentDetailEntity = entity("EntrustmentDetail", [
  ...entrustmentFields,
  ...dcFormFields.slice(1).map((f) => ({ ...f, readOnly: true })),
  w.any("snapshot", { description: "the rate or card as booked (the customer's tier only)" }),
]);

/** One change of an entrustment's booking status (issue 25 item 5). */
export const StatusEventEntity = entity("StatusEvent", [
  w.str("from_status", "from"),
  w.str("to_status", "to"),
  w.str("reason"),
  w.str("operator_type", { domain: "actor", description: "staff or customer" }),
  w.datetime("create_time", "at"),
]);
export const EntrustmentStatusEntity = entity("EntrustmentStatus", [
  w.int("id"),
  w.str("status", { description: "RECEIVED, CONFIRMED, REJECTED or CANCELLED" }),
  w.datetime("create_time", "createdAt"),
  w.any("history", {
    description: "the status changes, oldest first: from_status, to_status, reason, operator_type (staff or customer), create_time",
  }),
]);

export const BookingResultEntity = entity("BookingResult", [
  w.int("id"),
  w.bool("existing", { description: "a retry with the same idempotency key" }),
]);
export const MailStateEntity = entity("MailState", [
  w.int("id"),
  w.str("kind"),
  w.str("to"),
  w.str("status"),
  w.datetime("sent_time", "sentAt"),
]);

/** A customer's lane watch (issue 25 item 4). */
export const LaneWatchEntity = entity("LaneWatch", [
  w.int("id"),
  w.str("mode", { domain: "modeKey", description: "fcl, lcl, air, rail or trailer (express has no lane)" }),
  w.str("pol", { description: "the lane's origin as the rates store it (port code, or the rail/trailer place)" }),
  w.str("pod", { description: "the lane's destination as the rates store it" }),
  w.str("pol_name", { domain: "polName", description: "the origin in the language of the call" }),
  w.str("pod_name", { domain: "podName", description: "the destination in the language of the call" }),
  w.datetime("create_time", "createdAt"),
]);
export const LaneWatchAddedEntity = entity("LaneWatchAdded", [
  w.int("id"),
  w.bool("existing", { description: "the lane was already watched (nothing added)" }),
]);

/** An exchange rate (issue 25 item 2): how many CNY one unit is, valid up to and including valid_until. */
export const ExchangeRateEntity = entity("ExchangeRate", [
  w.int("id"),
  w.str("currency", { description: "ISO 4217 code (CNY is the base: no row)" }),
  w.str("rate_cny", { domain: "rate", description: "CNY per one unit, up to 6 decimals" }),
  w.date("valid_until", "validUntil"),
  w.str("update_user", "updatedBy"),
  w.datetime("update_time", "updatedAt"),
]);

// Quotes (issue 25 item 3, decision 402): the customer's saved quotes, their own tier's prices only.
const quoteFields = [
  w.int("id"),
  w.str("quote_no", "number", { description: "Q<day>-<id>" }),
  w.str("transport_mode", "mode", { description: "fcl, lcl, air, rail, trailer or express" }),
  w.str("pol", "from"),
  w.str("pod", "to"),
  w.str("currency", { description: "the currency of the total ('' = the original currencies)" }),
  w.str("total_price", "totalText", { description: "the total as printed, e.g. 4,665.00 USD + 4,370.00 CNY" }),
  w.date("valid_to", "validUntil", { description: "the earlier of the rate's valid_to and the exchange rate's end (null: no end)" }),
  w.bool("expired"),
  w.datetime("create_time", "createdAt"),
  w.str("share_url", "shareUrl", { description: "the quote's page, for anyone holding the link (no login)" }),
  w.str("pdf_url", "pdfUrl", { description: "the quote's PDF, in the language of ?lng=" }),
];
export const QuoteEntity = entity("Quote", quoteFields);
export const QuoteDetailEntity = entity("QuoteDetail", [
  ...quoteFields,
  w.any("snapshot", { description: "rate, tier prices, fees, shipment, exchange rate and total as saved (the customer's tier only)" }),
]);

// Price requests (issue 43): the caller's own, with the desk's answer.
const priceRequestFields = [
  w.int("id"),
  w.str("request_no", "number", { description: "R<day>-<id>" }),
  w.str("transport_mode", "modeKey", { description: "fcl, lcl, air, rail, trailer or express" }),
  w.str("pol", "origin", { description: "the origin as the rates store it (null for express)" }),
  w.str("pod", "destination"),
  w.str("cargo", { description: "containers by type (2 × 20GP) or CBM / KG / PKG" }),
  w.date("ready_date", "readyDate"),
  w.str("remarks"),
  w.str("currency", { description: "the currency the answer is given in" }),
  w.str("state", { description: "HELD (a visitor's, awaiting acceptance), OPEN, ANSWERED, DECLINED or BOOKED" }),
  w.datetime("create_time", "createdAt"),
  w.datetime("due_time", "dueAt", { description: "the desk's deadline (working hours)" }),
  w.datetime("answer_time", "answeredAt"),
  w.str("decline_reason", "declineReason"),
  w.str("quote_no", "quoteNumber", { description: "the answer's quote" }),
  w.str("share_url", "shareUrl", { description: "the answer's quote page (no login)" }),
  w.str("pdf_url", "pdfUrl", { description: "the answer's quote as a PDF" }),
];
export const PriceRequestEntity = entity("PriceRequest", priceRequestFields);
export const PriceRequestDetailEntity = entity("PriceRequestDetail", [
  ...priceRequestFields,
  w.any("answer", {
    description:
      "null until answered: currency, freight and surcharges (item, rate, quantity, unit), valid_from, valid_to, remarks, total_price",
  }),
]);
