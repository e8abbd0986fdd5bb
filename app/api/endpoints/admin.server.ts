// Administration calls (administration.md 7): users, roles, menus, home
// content, logs. Each checks the screen's menu entry and, for buttons, the
// right id (71 add user, 73 edit/audit, ...), then calls the domain function
// the back-office screen calls.
import { buildTree } from "~/domain/menus/tree";
import { createMenu, deleteMenu, getMenu, listMenus, updateMenu } from "~/domain/menus/menus.server";
import { menuSchema } from "~/domain/menus/schemas";
import { createRole, deleteRole, getRole, listRoles, rolePermissionIds, saveRolePermissions, updateRole } from "~/domain/roles/roles.server";
import { roleSchema } from "~/domain/roles/schemas";
import { RIGHTS } from "~/domain/permissions/permissions.server";
import { pendingAuditCount } from "~/domain/permissions/backoffice.server";
import {
  assignViews,
  auditProfileChange,
  auditUser,
  createUser,
  deleteUser,
  findManagedUser,
  handOver,
  isInternalRole,
  listUsers,
  setUserState,
  setWxCode,
  updateUser,
  userOptions,
  type UserRow,
} from "~/domain/users/users.server";
import { HANDOVER_ROLE_IDS } from "~/domain/users/constants";
import { addUserSchema, auditSchema, editUserSchema, stateSchema, viewSchema } from "~/domain/users/schemas";
import { userDetail, usersTable } from "~/domain/users/screen.server";
import {
  createHomeItem,
  deleteHomeCategory,
  deleteHomeItem,
  getHomeCategory,
  getHomeItem,
  listHomeCategories,
  listHomeItems,
  saveHomeCategory,
  updateHomeItem,
} from "~/domain/home-content/home-content.server";
import { HOME_IMAGE_MAX_BYTES, WXCODE_MAX_BYTES, parseImageUpload } from "~/domain/home-content/images.server";
import { homeCategorySchema, homeItemSchema } from "~/domain/home-content/schemas";
import { listOperationLogs, listQueryLogs, operationLogTable, queryLogTable } from "~/domain/logs/logs.server";
import { modeByKey } from "~/domain/modes";
import { parseTableQuery } from "~/domain/table/paging.server";
import type { HomeChannel } from "~/generated/prisma/client";
import { ApiError, badRequest, fromOutcome, idParam, notFound, ok, PUBLIC, staff, tableUrl, type ApiContext, type Endpoint } from "../core.server";
import { LEGACY_MODES, LEGACY_USER_FIELDS } from "../legacy";

const USERS = "/userList";
const ROLES = "/roleList";
const MENUS = "/menuList";

// ------------------------------------------------------------------ users

/** The user list's legacy filters → the screen's tabs. */
function userTab(params: URLSearchParams) {
  const tier = params.get("levelyh");
  if (tier === "1" || tier === "2" || tier === "3") return (["t0", "t1", "t2"] as const)[Number(tier) - 1];
  const audit = params.get("audityh");
  if (audit === "1") return "pending" as const;
  if (audit === "3") return "failed" as const;
  if (params.get("xgzlaudityh") === "1") return "profile" as const;
  return (params.get("tab") as never) ?? ("all" as const);
}

function legacyUser(row: UserRow) {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    phone: row.phone,
    company: row.company,
    rid: row.roleId,
    role_name: row.roleName,
    customer_rating: row.customerRating,
    sales_name: row.salesName,
    customer_name: row.serviceName,
    audit: row.audit,
    audit_zl: row.profileAudit,
    statesw: row.state,
    view_st: row.viewIds,
    reg_method: row.regMethod,
    create_time: row.createdAt,
    last_login_time: row.lastLoginAt,
  };
}

/** An id from the body (`id`, or the legacy name given). */
async function bodyId(ctx: ApiContext, name = "id"): Promise<number> {
  const fields = await ctx.fields();
  return idParam(String(fields.get(name) ?? ""));
}

/** Changes one or two fields of a user through the edit rule (all fields validated as the dialog does). */
async function patchUser(ctx: ApiContext, id: number, changes: Record<string, string>) {
  const user = await findManagedUser(ctx.user, id);
  if (!user) throw notFound("admin.user.loadFailed");
  const current: Record<string, string | undefined> = {
    username: user.username,
    phone: user.phone,
    businessAddress: user.businessAddress ?? undefined,
    company: user.company ?? undefined,
    salesId: user.salesId?.toString(),
    customerServiceId: user.customerServiceId?.toString(),
    roleId: String(user.roleId),
    customerRating: user.customerRating?.toString(),
    landline: user.landline ?? undefined,
    qq: user.qq ?? undefined,
    ...changes,
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(current)) if (value !== undefined) form.set(key, value);
  return fromOutcome(await updateUser(ctx.user, id, ctx.validate(form, editUserSchema)), "admin.user.edited", "admin.user.editFailed");
}

/** The spec's statuses for user dialogs: 2 e-mail (add) or phone (edit) taken, 3 phone taken on add. */
const addStatus = (errors: Record<string, string[]>) => (errors.email ? 2 : errors.phone ? 3 : null);
const editStatus = (errors: Record<string, string[]>) => (errors.phone ? 2 : null);

const userEndpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/my/userlist",
    access: staff(USERS),
    summary: "Users within the caller's view (query; audityh 1|3, xgzlaudityh 1, levelyh 1-3; pagenum, pagesize 20/50/100/200); dshs, wtgshs, dshzczl = pending, failed, profile-change counts.",
    fields: ["query", "audityh", "xgzlaudityh", "levelyh", "pagenum", "pagesize"].map((name) => ({ name })),
    extraMembers: ["dshs", "wtgshs", "dshzczl"],
    async handler(ctx) {
      const query = parseTableQuery(tableUrl(ctx, { search: { legacy: "query", param: "q" } }), usersTable);
      const { rows, total, tabCounts } = await listUsers(ctx.user, { tab: userTab(ctx.url.searchParams), q: query.filters.q, skip: query.skip, take: query.take });
      return ok(rows.map(legacyUser), "api.ok", { total, extra: { dshs: tabCounts.pending, wtgshs: tabCounts.failed, dshzczl: tabCounts.profile } });
    },
  },
  {
    method: "GET",
    path: "/my/getzcaudituser",
    access: staff(USERS),
    summary: "How many new registrations wait for audit (the administrator's notice).",
    async handler(ctx) {
      return ok({ count: await pendingAuditCount(ctx.user) });
    },
  },
  {
    method: "GET",
    path: "/my/byiduser/{id}",
    access: staff(USERS),
    summary: "One user within the caller's view.",
    async handler(ctx) {
      const user = await findManagedUser(ctx.user, idParam(ctx.params.id));
      if (!user) throw notFound("admin.user.loadFailed");
      return ok(userDetail(user, await isInternalRole(user.roleId)));
    },
  },
  {
    method: "POST",
    path: "/my/adduserdata",
    access: staff(USERS, RIGHTS.addUser),
    summary: "Add a user (right 71). Status 2: e-mail taken; 3: phone taken.",
    fields: ["email", "password", "username", "phone", "businessaddress", "company", "sales_id", "customer_id", "rid", "customer_rating", "landline", "qq"].map((name) => ({ name })),
    async handler(ctx) {
      const input = await ctx.parse(addUserSchema, LEGACY_USER_FIELDS);
      const outcome = await createUser(ctx.user, input);
      return fromOutcome(outcome, "admin.user.added", "admin.user.addFailed", { data: outcome.ok ? { id: outcome.id } : null, statusFor: addStatus });
    },
  },
  {
    method: "PUT",
    path: "/my/edituser",
    access: staff(USERS, RIGHTS.auditOrEditUser),
    summary: "Edit a user (right 73). Status 2: phone taken.",
    fields: ["id", "username", "phone", "businessaddress", "company", "sales_id", "customer_id", "rid", "customer_rating", "landline", "qq"].map((name) => ({ name })),
    async handler(ctx) {
      const id = await bodyId(ctx);
      const input = await ctx.parse(editUserSchema, LEGACY_USER_FIELDS);
      return fromOutcome(await updateUser(ctx.user, id, input), "admin.user.edited", "admin.user.editFailed", { statusFor: editStatus });
    },
  },
  {
    method: "POST",
    path: "/my/saverole",
    access: staff(USERS, RIGHTS.auditOrEditUser),
    summary: "Give a user another role (id, rid).",
    fields: [{ name: "id", required: true }, { name: "rid", required: true }],
    async handler(ctx) {
      const fields = await ctx.fields();
      return patchUser(ctx, idParam(String(fields.get("id") ?? "")), { roleId: String(idParam(String(fields.get("rid") ?? fields.get("roleId") ?? ""))) });
    },
  },
  {
    method: "POST",
    path: "/my/saveuserlevel",
    access: staff(USERS, RIGHTS.auditOrEditUser),
    summary: "Set a customer's tier (id, customer_rating 1 T0, 2 T1, 3 T2).",
    fields: [{ name: "id", required: true }, { name: "customer_rating", required: true }],
    async handler(ctx) {
      const fields = await ctx.fields();
      const rating = String(fields.get("customer_rating") ?? fields.get("customerRating") ?? "");
      if (!/^[123]$/.test(rating)) throw badRequest("admin.user.tierRequired");
      return patchUser(ctx, idParam(String(fields.get("id") ?? "")), { customerRating: rating });
    },
  },
  {
    method: "DELETE",
    path: "/my/deluser/{id}",
    access: staff(USERS, RIGHTS.deleteUser),
    summary: "Delete a user (right 72). Status 2: the user still has customers.",
    async handler(ctx) {
      const outcome = await deleteUser(ctx.user, idParam(ctx.params.id));
      if (!outcome.ok && outcome.message === "admin.user.hasCustomers") throw new ApiError(2, outcome.message, 409);
      return fromOutcome(outcome, "admin.user.deleted", "admin.user.deleteFailed");
    },
  },
  {
    method: "PUT",
    path: "/my/updatestate",
    access: staff(USERS, RIGHTS.toggleState),
    summary: "Activate (statesw 1) or freeze (2) an account (right 86); freezing ends its sessions and tokens.",
    fields: [{ name: "id", required: true }, { name: "statesw", required: true }],
    async handler(ctx) {
      const id = await bodyId(ctx);
      const { state } = await ctx.parse(stateSchema, LEGACY_USER_FIELDS);
      return fromOutcome(await setUserState(ctx.user, id, state as 1 | 2), "admin.user.stateSaved", "admin.user.stateFailed");
    },
  },
  {
    method: "POST",
    path: "/my/saveview",
    access: staff(USERS, RIGHTS.assignView),
    summary: "Assign views (right 75): view_st 1 global, 2 own customers (repeated or comma separated).",
    fields: [{ name: "id", required: true }, { name: "view_st", type: "array" }],
    async handler(ctx) {
      const id = await bodyId(ctx);
      const fields = await ctx.fields();
      const views = fields.getAll("view_st").flatMap((v) => String(v).split(",")).map((v) => v.trim()).filter(Boolean);
      const { viewIds } = await ctx.parse(viewSchema, {}, { viewIds: views.length ? views : fields.getAll("viewIds").map(String) });
      return fromOutcome(await assignViews(ctx.user, id, viewIds), "admin.user.viewSaved", "admin.user.viewFailed");
    },
  },
  {
    method: "PUT",
    path: "/my/audituser",
    access: staff(USERS, RIGHTS.auditOrEditUser),
    summary: "Registration audit (right 73): audit 2 pass (with customer_rating, sales_id, customer_id) or 3 fail.",
    fields: [{ name: "id", required: true }, { name: "audit", required: true }, { name: "customer_rating" }, { name: "sales_id" }, { name: "customer_id" }],
    async handler(ctx) {
      const id = await bodyId(ctx);
      const fields = await ctx.fields();
      const audit = String(fields.get("audit") ?? "");
      const decision = audit === "2" ? "pass" : audit === "3" ? "fail" : String(fields.get("decision") ?? "");
      const input = await ctx.parse(auditSchema, LEGACY_USER_FIELDS, { decision });
      const outcome = await auditUser(ctx.user, id, input);
      return input.decision === "pass"
        ? fromOutcome(outcome, "admin.user.auditPassed", "admin.user.auditPassFailed")
        : fromOutcome(outcome, "admin.user.auditFailedDone", "admin.user.auditFailFailed");
    },
  },
  {
    method: "PUT",
    path: "/my/auditshzluser",
    access: staff(USERS, RIGHTS.auditProfileChange),
    summary: "Approve (audit_zl 2) or reject (3) a profile change (right 90).",
    fields: [{ name: "id", required: true }, { name: "audit_zl", required: true }],
    async handler(ctx) {
      const id = await bodyId(ctx);
      const fields = await ctx.fields();
      const value = String(fields.get("audit_zl") ?? fields.get("decision") ?? "");
      const decision = value === "2" || value === "pass" ? "pass" : value === "3" || value === "fail" ? "fail" : null;
      if (!decision) throw badRequest("admin.user.decisionRequired");
      return fromOutcome(await auditProfileChange(ctx.user, id, decision), decision === "pass" ? "admin.user.auditPassed" : "admin.user.auditFailedDone", "admin.user.auditPassFailed");
    },
  },
  {
    method: "GET",
    path: "/my/getHandOverList/{id}",
    access: staff(USERS, RIGHTS.handOver),
    summary: "Staff who can take over the customers of user {id} (right 96).",
    async handler(ctx) {
      const id = idParam(ctx.params.id);
      const from = await findManagedUser(ctx.user, id);
      if (!from || !(HANDOVER_ROLE_IDS as readonly number[]).includes(from.roleId)) throw notFound("admin.user.loadFailed");
      const { staff: people } = await userOptions();
      return ok(people.filter((p) => p.id !== id).map((p) => ({ id: p.id, username: p.username, nickname: p.nickname, rid: p.roleId, statesw: p.state })));
    },
  },
  {
    method: "PUT",
    path: "/my/confirmHandOver",
    access: staff(USERS, RIGHTS.handOver),
    summary: "Move every customer of userId to handOverId (right 96), one UPDATE. Status 1: nothing to hand over.",
    fields: [{ name: "userId", required: true }, { name: "handOverId", required: true }],
    async handler(ctx) {
      const fields = await ctx.fields();
      const from = idParam(String(fields.get("userId") ?? ""));
      const to = idParam(String(fields.get("handOverId") ?? ""));
      const outcome = await handOver(ctx.user, from, to);
      return fromOutcome(outcome, "admin.user.handedOver", "admin.user.handoverFailed", { data: outcome.ok ? { moved: outcome.moved } : null });
    },
  },
  {
    method: "POST",
    path: "/my/update/wxcodecard",
    access: staff(USERS, RIGHTS.auditOrEditUser),
    multipart: true,
    summary: "A staff member's WeChat QR card (multipart: id and file, JPG/PNG at most 2 MB).",
    fields: [{ name: "id", required: true }, { name: "file", type: "file", required: true }],
    async handler(ctx) {
      const upload = await parseImageUpload(ctx.request, "file", WXCODE_MAX_BYTES);
      if (!upload.ok) throw new ApiError(1, upload.error === "tooLarge" ? "admin.user.wxCodeTooLarge" : "admin.user.wxCodeInvalid", upload.error === "tooLarge" ? 413 : 400);
      const id = idParam(String(upload.form.get("id") ?? ctx.url.searchParams.get("id") ?? ""));
      if (!upload.file) throw badRequest("admin.user.wxCodeRequired");
      return fromOutcome(await setWxCode(ctx.user, id, new Uint8Array(await upload.file.arrayBuffer())), "admin.user.wxCodeSaved", "admin.user.wxCodeInvalid");
    },
  },
];

// ------------------------------------------------------------ roles, menus

const ROLE_FIELDS = { rolename: "name", roleName: "name", roleDesc: "description", Fidrole: "parentId", type: "level", rid: "id" };
const MENU_FIELDS = { Fid: "parentId", pid: "id", indexPath: "path" };

const treeEndpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/my/roleslist",
    access: staff(ROLES),
    summary: "Every role (flat).",
    handler: async () => ok(await listRoles()),
  },
  {
    method: "GET",
    path: "/my/rolestreelist",
    access: staff(ROLES),
    summary: "Roles as a tree (children).",
    handler: async () => ok(buildTree(await listRoles())),
  },
  {
    method: "POST",
    path: "/my/addroles",
    access: staff(ROLES),
    summary: "Add a role (rolename 2-10, roleDesc, Fidrole parent, type level).",
    fields: ["rolename", "roleDesc", "Fidrole", "type"].map((name) => ({ name })),
    async handler(ctx) {
      const outcome = await createRole(ctx.user, await ctx.parse(roleSchema, ROLE_FIELDS));
      return fromOutcome(outcome, "admin.role.added", "admin.role.addFailed", { data: outcome.ok ? { id: outcome.id } : null });
    },
  },
  {
    method: "GET",
    path: "/my/byidroles/{id}",
    access: staff(ROLES),
    summary: "One role with its permission ids.",
    async handler(ctx) {
      const id = idParam(ctx.params.id);
      const role = await getRole(id);
      if (!role) throw notFound("admin.role.loadFailed");
      return ok({ ...role, permissionIds: await rolePermissionIds(id) });
    },
  },
  {
    method: "PUT",
    path: "/my/editroles",
    access: staff(ROLES),
    summary: "Edit a role (rid, rolename, roleDesc, Fidrole, type).",
    fields: ["rid", "rolename", "roleDesc", "Fidrole", "type"].map((name) => ({ name })),
    async handler(ctx) {
      const fields = await ctx.fields();
      const id = idParam(String(fields.get("rid") ?? fields.get("id") ?? ""));
      return fromOutcome(await updateRole(ctx.user, id, await ctx.parse(roleSchema, ROLE_FIELDS)), "admin.role.edited", "admin.role.editFailed");
    },
  },
  {
    method: "DELETE",
    path: "/my/delroles/{id}",
    access: staff(ROLES),
    summary: "Delete a role (refused while it has users or children).",
    handler: async (ctx) => fromOutcome(await deleteRole(ctx.user, idParam(ctx.params.id)), "admin.role.deleted", "admin.role.deleteFailed"),
  },
  {
    method: "POST",
    path: "/my/saverightsroles",
    access: staff(ROLES),
    summary: "Set a role's permissions (rid; pid as a comma-separated list or repeated).",
    fields: [{ name: "rid", required: true }, { name: "pid", type: "array" }],
    async handler(ctx) {
      const fields = await ctx.fields();
      const id = idParam(String(fields.get("rid") ?? ""));
      const pids = fields.getAll("pid").flatMap((v) => String(v).split(",")).map((v) => v.trim()).filter(Boolean).map((v) => idParam(v));
      return fromOutcome(await saveRolePermissions(ctx.user, id, pids), "admin.role.permissionsSaved", "admin.role.permissionsFailed");
    },
  },
  {
    method: "GET",
    path: "/my/myMenu",
    access: { kind: "user" },
    summary: "The caller's menu (their role's permissions): data as a tree, dataMenuList flat.",
    extraMembers: ["dataMenuList"],
    async handler(ctx) {
      const menus = ctx.user.menus;
      return ok(buildTree(menus), "api.ok", { extra: { dataMenuList: menus } });
    },
  },
  {
    method: "GET",
    path: "/my/allMenu",
    access: staff(MENUS),
    summary: "Every menu entry: data as a tree, dataList flat.",
    extraMembers: ["dataList"],
    async handler() {
      const menus = await listMenus();
      return ok(buildTree(menus), "api.ok", { extra: { dataList: menus } });
    },
  },
  {
    method: "POST",
    path: "/my/addmenu",
    access: staff(MENUS, RIGHTS.addMenu),
    summary: "Add a menu entry (right 32): Fid, label, level, indexPath, icon.",
    fields: ["Fid", "label", "level", "indexPath", "icon"].map((name) => ({ name })),
    async handler(ctx) {
      const outcome = await createMenu(ctx.user, await ctx.parse(menuSchema, MENU_FIELDS));
      return fromOutcome(outcome, "admin.menu.added", "admin.menu.addFailed", { data: outcome.ok ? { id: outcome.id } : null });
    },
  },
  {
    method: "GET",
    path: "/my/byidmenu/{id}",
    access: staff(MENUS),
    summary: "One menu entry.",
    async handler(ctx) {
      const menu = await getMenu(idParam(ctx.params.id));
      if (!menu) throw notFound("admin.menu.loadFailed");
      return ok(menu);
    },
  },
  {
    method: "PUT",
    path: "/my/editmenu",
    access: staff(MENUS, RIGHTS.editMenu),
    summary: "Edit a menu entry (right 33): pid, Fid, label, level, indexPath, icon.",
    fields: ["pid", "Fid", "label", "level", "indexPath", "icon"].map((name) => ({ name })),
    async handler(ctx) {
      const fields = await ctx.fields();
      const id = idParam(String(fields.get("pid") ?? fields.get("id") ?? ""));
      return fromOutcome(await updateMenu(ctx.user, id, await ctx.parse(menuSchema, MENU_FIELDS)), "admin.menu.edited", "admin.menu.editFailed");
    },
  },
  {
    method: "DELETE",
    path: "/my/deletemenu/{id}",
    access: staff(MENUS, RIGHTS.deleteMenu),
    summary: "Delete a menu entry (right 34).",
    handler: async (ctx) => fromOutcome(await deleteMenu(ctx.user, idParam(ctx.params.id)), "admin.menu.deleted", "admin.menu.deleteFailed"),
  },
];

// ------------------------------------------------------------ home content

const HOME_FIELDS = { Fid: "parentId", type: "level" };

function homeEndpoints(base: string, channel: HomeChannel, path: string): Endpoint[] {
  const access = staff(path);
  const save = (mode: "add" | "update") => async (ctx: ApiContext) => {
    const upload = await parseImageUpload(ctx.request, "image", HOME_IMAGE_MAX_BYTES);
    if (!upload.ok) throw new ApiError(1, upload.error === "tooLarge" ? "admin.home.imageTooLarge" : "admin.home.imageInvalid", upload.error === "tooLarge" ? 413 : 400);
    const form = new FormData();
    for (const [key, value] of upload.form) if (typeof value === "string") form.append(HOME_FIELDS[key as keyof typeof HOME_FIELDS] ?? key, value);
    if (channel !== "WEB") form.delete("size");
    const input = ctx.validate(form, homeItemSchema);
    const image = upload.file ? { bytes: new Uint8Array(await upload.file.arrayBuffer()) } : null;
    const outcome =
      mode === "add"
        ? await createHomeItem(ctx.user, channel, input, image)
        : await updateHomeItem(ctx.user, channel, idParam(String(form.get("id") ?? "")), input, image);
    const nameTaken = !outcome.ok && outcome.fieldErrors?.name?.includes("admin.home.nameTaken");
    if (nameTaken) throw new ApiError(2, "admin.home.nameTaken", 400);
    return fromOutcome(outcome, mode === "add" ? "admin.home.added" : "admin.home.edited", mode === "add" ? "admin.home.addFailed" : "admin.home.editFailed");
  };
  const fields = [
    { name: "name", required: true },
    { name: "description" },
    { name: "Fid", type: "integer" as const, required: true, description: "parent id, 0 for a top entry" },
    { name: "type", type: "integer" as const, required: true, description: "level 1 or 2" },
    ...(channel === "WEB" ? [{ name: "size", description: "B or S" }] : []),
    { name: "image", type: "file" as const },
  ];
  return [
    {
      method: "GET",
      path: base,
      // Read-only and public: the website's /home shows these blocks to everyone, and the app reads its own home screen.
      access: PUBLIC,
      summary: `${channel} home entries (public, read-only): data as a tree, dataList flat.`,
      extraMembers: ["dataList"],
      async handler() {
        const items = await listHomeItems(channel);
        return ok(buildTree(items), "api.ok", { extra: { dataList: items } });
      },
    },
    { method: "POST", path: `${base}/add`, access, multipart: true, summary: `Add a ${channel} home entry (status 2: name taken).`, fields, handler: save("add") },
    {
      method: "GET",
      path: `${base}/byid/{id}`,
      access,
      summary: `One ${channel} home entry.`,
      async handler(ctx) {
        const item = await getHomeItem(channel, idParam(ctx.params.id));
        if (!item) throw notFound("admin.home.loadFailed");
        return ok(item);
      },
    },
    { method: "PUT", path: `${base}/update`, access, multipart: true, summary: `Edit a ${channel} home entry (id and the add fields).`, fields: [{ name: "id", required: true }, ...fields], handler: save("update") },
    {
      method: "DELETE",
      path: `${base}/delete/{id}`,
      access,
      summary: `Delete a ${channel} home entry.`,
      handler: async (ctx) => fromOutcome(await deleteHomeItem(ctx.user, channel, idParam(ctx.params.id)), "admin.home.deleted", "admin.home.deleteFailed"),
    },
  ];
}

const CATEGORY_PATH = "/homeList";

const categoryEndpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/manage/homecateall",
    access: staff(CATEGORY_PATH),
    summary: "Every home category.",
    handler: async () => ok(await listHomeCategories()),
  },
  ...["/manage/homecate/{id}", "/manage/homecate/byid/{id}"].map(
    (path): Endpoint => ({
      method: "GET",
      path,
      access: staff(CATEGORY_PATH),
      summary: "One home category.",
      async handler(ctx) {
        const category = await getHomeCategory(idParam(ctx.params.id));
        if (!category) throw notFound("admin.home.loadFailed");
        return ok(category);
      },
    }),
  ),
  ...(["add", "update"] as const).map(
    (mode): Endpoint => ({
      method: mode === "add" ? "POST" : "PUT",
      path: `/manage/homecate/${mode}`,
      access: staff(CATEGORY_PATH),
      summary: `${mode === "add" ? "Add" : "Edit"} a home category (name 2-20, description, sort).`,
      fields: [...(mode === "update" ? [{ name: "id", required: true }] : []), { name: "name", required: true }, { name: "description" }, { name: "sort", type: "integer" as const }],
      async handler(ctx) {
        const id = mode === "update" ? await bodyId(ctx) : null;
        const outcome = await saveHomeCategory(ctx.user, id, await ctx.parse(homeCategorySchema));
        if (!outcome.ok && outcome.fieldErrors?.name?.includes("admin.home.nameTaken")) throw new ApiError(2, "admin.home.nameTaken", 400);
        return fromOutcome(outcome, mode === "add" ? "admin.home.added" : "admin.home.edited", mode === "add" ? "admin.home.addFailed" : "admin.home.editFailed", {
          data: outcome.ok ? { id: outcome.id } : null,
        });
      },
    }),
  ),
  {
    method: "DELETE",
    path: "/manage/homecate/delete/{id}",
    access: staff(CATEGORY_PATH),
    summary: "Delete a home category.",
    handler: async (ctx) => fromOutcome(await deleteHomeCategory(ctx.user, idParam(ctx.params.id)), "admin.home.deleted", "admin.home.deleteFailed"),
  },
];

// ------------------------------------------------------------------ logs

const logFields = [
  { name: "query" },
  { name: "value2", description: "date-time range: from,to (YYYY-MM-DD HH:mm:ss)" },
  { name: "pagenum", type: "integer" as const },
  { name: "pagesize", type: "integer" as const, description: "1, 2, 5 or 10" },
];

const logEndpoints: Endpoint[] = [
  ...Object.entries(LEGACY_MODES).map(
    ([legacy, key]): Endpoint => ({
      method: "GET",
      path: `/logs/${legacy}loglist`,
      access: staff("/query-logs"),
      summary: `Who searched which ${key} routes (within the caller's view).`,
      fields: logFields,
      async handler(ctx) {
        const query = parseTableQuery(tableUrl(ctx, { search: { legacy: "query", param: "q" }, range: "value2" }), queryLogTable);
        const { rows, total } = await listQueryLogs(ctx.user, modeByKey(key), query);
        return ok(rows, "api.ok", { total });
      },
    }),
  ),
  {
    method: "GET",
    path: "/logs/operationloglist",
    access: staff("/log-list"),
    summary: "The operation log (the spec does not show this path).",
    fields: logFields,
    async handler(ctx) {
      const query = parseTableQuery(tableUrl(ctx, { search: { legacy: "query", param: "q" }, range: "value2" }), operationLogTable);
      const { rows, total } = await listOperationLogs(ctx.user, query);
      return ok(rows, "api.ok", { total });
    },
  },
];

export const adminEndpoints: Endpoint[] = [
  ...userEndpoints,
  ...treeEndpoints,
  ...homeEndpoints("/web/home", "WEB", "/homeList"),
  ...homeEndpoints("/apphomeimg/home", "APP", "/app-home"),
  ...categoryEndpoints,
  ...logEndpoints,
];
