// Administration calls (administration.md 7): users, roles, menus, home
// content, logs. Each declares its operation (decision 303: the screen's menu
// entry and, for buttons, the right id), then calls the domain function the
// back-office screen calls, which applies the grant rules.
import { uploadBodyLimit } from "~/utils/upload-limits";
import { buildTree } from "~/domain/menus/tree";
import { createMenu, deleteMenu, getMenu, listMenus, updateMenu } from "~/domain/menus/menus.server";
import { menuSchema } from "~/domain/menus/schemas";
import {
  createRole,
  deleteRole,
  getRole,
  listRolesWithPermissions,
  rolePermissionIds,
  saveRolePermissions,
  updateRole,
} from "~/domain/roles/roles.server";
import { roleSchema } from "~/domain/roles/schemas";
import { pendingAuditCount } from "~/domain/permissions/backoffice.server";
import {
  assignViews,
  auditProfileChange,
  auditUser,
  createUser,
  deleteUser,
  findManagedUser,
  guardTarget,
  handOver,
  managedTarget,
  listUsers,
  setUserState,
  setWxCode,
  updateUser,
  userOptions,
  usersTable,
  type ManagedUser,
} from "~/domain/users/users.server";
import { HANDOVER_ROLE_IDS } from "~/domain/users/constants";
import { addUserSchema, legacyAuditSchema, editUserSchema, stateSchema, viewSchema } from "~/domain/users/schemas";
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
import { HOME_IMAGE_MAX_BYTES, WXCODE_MAX_BYTES, parseImageUpload } from "~/utils/images.server";
import { homeCategorySchema, homeItemSchema } from "~/domain/home-content/schemas";
import { listOperationLogs, listQueryLogs, operationLogTable, queryLogTable } from "~/domain/logs/logs.server";
import { modeByKey } from "~/domain/modes";
import { parseTableQuery } from "~/domain/table/paging.server";
import { APP_SCREEN, WEB_SCREEN, type HomeScreen } from "~/domain/home-content/screens";
import type { OperationId } from "~/domain/permissions/operations.server";
import {
  ApiError,
  badRequest,
  fromOutcome,
  idParam,
  notFound,
  ok,
  op,
  PUBLIC,
  tableUrl,
  USER,
  type ApiContext,
  type Endpoint,
} from "../contract/core.server";
import {
  AppHomeEntity,
  CountEntity,
  CreatedEntity,
  HandOverOptionEntity,
  HomeCategoryEntity,
  MenuEntity,
  OperationLogEntity,
  RoleEntity,
  UserEntity,
  WebHomeEntity,
  queryLogEntity,
} from "../contract/entities";
import { LEGACY_MODES } from "../contract/legacy";
import { entity, shape, w } from "../contract/wire";

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

/** One managed user under the list rows' names (the user record of UserEntity). */
function userRecord(user: ManagedUser) {
  return {
    ...user,
    roleName: user.role.name,
    salesName: user.sales?.username ?? null,
    serviceName: user.customerService?.username ?? null,
  };
}

const done = { data: shape.none };
const created = { data: shape.one(CreatedEntity) };
const MovedEntity = entity("HandOver", [w.int("moved", { description: "customers moved" })]);
const userFieldDocs = (...names: string[]) => names.map((name) => ({ name, required: true }));

/** An id from the body (`id`, or the legacy name given). */
async function bodyId(ctx: ApiContext, name = "id"): Promise<number> {
  const fields = await ctx.fields();
  return idParam(String(fields.get(name) ?? ""));
}

/**
 * The user `id` of a user operation, checked before the body is validated:
 * 404 outside the caller's view, 403 (logged) when the caller may not act on
 * them (themselves, or a role not below theirs).
 */
async function targetId(ctx: ApiContext, op: OperationId, id: number | Promise<number>): Promise<number> {
  const userId = await id;
  const refused = await guardTarget(ctx.user, op, userId);
  if (refused) fromOutcome(refused, "api.ok", "admin.user.loadFailed");
  return userId;
}

/** Changes one or two fields of a user through the edit rule (all fields validated as the dialog does). */
async function patchUser(ctx: ApiContext, op: OperationId, id: number, changes: Record<string, string>) {
  await targetId(ctx, op, id);
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
    access: op("user.read"),
    summary:
      "Users within the caller's view (query; audityh 1|3, xgzlaudityh 1, levelyh 1-3; pagenum, pagesize 20/50/100/200); dshs, wtgshs, dshzczl = pending, failed, profile-change counts.",
    fields: ["query", "audityh", "xgzlaudityh", "levelyh", "pagenum", "pagesize"].map((name) => ({ name })),
    extraMembers: ["dshs", "wtgshs", "dshzczl"],
    response: {
      data: shape.list(UserEntity),
      members: {
        dshs: shape.scalar("integer", "registrations awaiting audit"),
        wtgshs: shape.scalar("integer", "registrations that failed audit"),
        dshzczl: shape.scalar("integer", "profile changes awaiting audit"),
      },
    },
    async handler(ctx) {
      const query = parseTableQuery(tableUrl(ctx, { search: { legacy: "query", param: "q" } }), usersTable);
      const { rows, total, tabCounts } = await listUsers(ctx.user, {
        tab: userTab(ctx.url.searchParams),
        q: query.filters.q,
        skip: query.skip,
        take: query.take,
      });
      return ok(rows, "api.ok", { total, extra: { dshs: tabCounts.pending, wtgshs: tabCounts.failed, dshzczl: tabCounts.profile } });
    },
  },
  {
    method: "GET",
    path: "/my/getzcaudituser",
    access: op("user.read"),
    summary: "How many new registrations wait for audit (the administrator's notice).",
    response: { data: shape.one(CountEntity) },
    async handler(ctx) {
      return ok({ count: await pendingAuditCount(ctx.user) });
    },
  },
  {
    method: "GET",
    path: "/my/byiduser/{id}",
    access: op("user.read"),
    summary: "One user within the caller's view (the user record; PUT /my/edituser accepts it unchanged).",
    response: { data: shape.one(UserEntity) },
    async handler(ctx) {
      const user = await findManagedUser(ctx.user, idParam(ctx.params.id));
      if (!user) throw notFound("admin.user.loadFailed");
      return ok(userRecord(user));
    },
  },
  {
    method: "POST",
    path: "/my/adduserdata",
    access: op("user.create"),
    summary: "Add a user (right 71). Status 2: e-mail taken; 3: phone taken.",
    input: UserEntity,
    response: created,
    async handler(ctx) {
      const input = await ctx.parse(addUserSchema);
      const outcome = await createUser(ctx.user, input);
      return fromOutcome(outcome, "admin.user.added", "admin.user.addFailed", {
        data: outcome.ok ? { id: outcome.id } : null,
        statusFor: addStatus,
      });
    },
  },
  {
    method: "PUT",
    path: "/my/edituser",
    access: op("user.update"),
    summary:
      "Edit a user (right 73): id, username, phone, businessaddress, company, sales_id, customer_id, rid, customer_rating, landline, qq (audit is the audit calls'). Status 2: phone taken.",
    input: UserEntity,
    response: done,
    async handler(ctx) {
      const id = await targetId(ctx, "user.update", bodyId(ctx));
      const input = await ctx.parse(editUserSchema);
      return fromOutcome(await updateUser(ctx.user, id, input), "admin.user.edited", "admin.user.editFailed", { statusFor: editStatus });
    },
  },
  {
    method: "POST",
    path: "/my/saverole",
    access: op("user.setRole"),
    summary: "Give a user another role (id, rid).",
    fields: userFieldDocs("id", "rid"),
    response: done,
    async handler(ctx) {
      const fields = await ctx.fields();
      return patchUser(ctx, "user.setRole", idParam(String(fields.get("id") ?? "")), {
        roleId: String(idParam(String(fields.get("rid") ?? fields.get("roleId") ?? ""))),
      });
    },
  },
  {
    method: "POST",
    path: "/my/saveuserlevel",
    access: op("user.setTier"),
    summary: "Set a customer's tier (id, customer_rating 1 T0, 2 T1, 3 T2).",
    fields: userFieldDocs("id", "customer_rating"),
    response: done,
    async handler(ctx) {
      const fields = await ctx.fields();
      const rating = String(fields.get("customer_rating") ?? fields.get("customerRating") ?? "");
      if (!/^[123]$/.test(rating)) throw badRequest("admin.user.tierRequired");
      return patchUser(ctx, "user.setTier", idParam(String(fields.get("id") ?? "")), { customerRating: rating });
    },
  },
  {
    method: "DELETE",
    path: "/my/deluser/{id}",
    access: op("user.delete"),
    summary: "Delete a user (right 72). Status 2: the user still has customers.",
    response: done,
    async handler(ctx) {
      const outcome = await deleteUser(ctx.user, await targetId(ctx, "user.delete", idParam(ctx.params.id)));
      if (!outcome.ok && outcome.message === "admin.user.hasCustomers") throw new ApiError(2, outcome.message, 409);
      return fromOutcome(outcome, "admin.user.deleted", "admin.user.deleteFailed");
    },
  },
  {
    method: "PUT",
    path: "/my/updatestate",
    access: op("user.setState"),
    summary: "Activate (statesw 1) or freeze (2) an account (right 86); freezing ends its sessions and tokens.",
    fields: userFieldDocs("id", "statesw"),
    input: UserEntity,
    response: done,
    async handler(ctx) {
      const id = await targetId(ctx, "user.setState", bodyId(ctx));
      const { state } = await ctx.parse(stateSchema);
      return fromOutcome(await setUserState(ctx.user, id, state as 1 | 2), "admin.user.stateSaved", "admin.user.stateFailed");
    },
  },
  {
    method: "POST",
    path: "/my/saveview",
    access: op("user.assignView"),
    summary: "Assign views (right 75): view_st 1 global, 2 own customers (repeated or comma separated).",
    fields: [
      { name: "id", required: true },
      { name: "view_st", description: "1 global, 2 own customers: comma separated or repeated" },
    ],
    input: UserEntity,
    response: done,
    async handler(ctx) {
      const id = await targetId(ctx, "user.assignView", bodyId(ctx));
      const { viewIds } = await ctx.parse(viewSchema);
      return fromOutcome(await assignViews(ctx.user, id, viewIds), "admin.user.viewSaved", "admin.user.viewFailed");
    },
  },
  {
    method: "PUT",
    path: "/my/audituser",
    access: op("user.audit"),
    summary:
      "Registration audit (right 73): audit 2 pass (with customer_rating, sales_id, customer_id) or 3 fail (reason optional: without one, the default reason is mailed).",
    fields: [
      { name: "id", required: true },
      { name: "audit", required: true, description: "2 pass, 3 fail" },
      { name: "customer_rating" },
      { name: "sales_id" },
      { name: "customer_id" },
      { name: "reason", description: "why the registration failed (mailed to the customer); default reason when absent" },
    ],
    input: UserEntity,
    response: done,
    async handler(ctx) {
      const id = await targetId(ctx, "user.audit", bodyId(ctx));
      const fields = await ctx.fields();
      const audit = String(fields.get("audit") ?? "");
      const decision = audit === "2" ? "pass" : audit === "3" ? "fail" : String(fields.get("decision") ?? "");
      const input = await ctx.parse(legacyAuditSchema, UserEntity, { decision });
      const outcome = await auditUser(ctx.user, id, input);
      return input.decision === "pass"
        ? fromOutcome(outcome, "admin.user.auditPassed", "admin.user.auditPassFailed")
        : fromOutcome(outcome, "admin.user.auditFailedDone", "admin.user.auditFailFailed");
    },
  },
  {
    method: "PUT",
    path: "/my/auditshzluser",
    access: op("user.auditProfile"),
    summary: "Approve (audit_zl 2) or reject (3) a profile change (right 90).",
    fields: [
      { name: "id", required: true },
      { name: "audit_zl", required: true, description: "2 pass, 3 fail" },
    ],
    response: done,
    async handler(ctx) {
      const id = await targetId(ctx, "user.auditProfile", bodyId(ctx));
      const fields = await ctx.fields();
      const value = String(fields.get("audit_zl") ?? fields.get("decision") ?? "");
      const decision = value === "2" || value === "pass" ? "pass" : value === "3" || value === "fail" ? "fail" : null;
      if (!decision) throw badRequest("admin.user.decisionRequired");
      return fromOutcome(
        await auditProfileChange(ctx.user, id, decision),
        decision === "pass" ? "admin.user.auditPassed" : "admin.user.auditFailedDone",
        "admin.user.auditPassFailed",
      );
    },
  },
  {
    method: "GET",
    path: "/my/getHandOverList/{id}",
    access: op("user.handover"),
    summary: "Staff who can take over the customers of user {id} (right 96).",
    response: { data: shape.list(HandOverOptionEntity) },
    async handler(ctx) {
      const target = await managedTarget(ctx.user, idParam(ctx.params.id));
      if (!target || !(HANDOVER_ROLE_IDS as readonly number[]).includes(target.user.roleId)) throw notFound("admin.user.loadFailed");
      if (target.denial) throw new ApiError(403, target.denial.message, 403);
      const { staff: people } = await userOptions(ctx.user, target.user);
      return ok(people);
    },
  },
  {
    method: "PUT",
    path: "/my/confirmHandOver",
    access: op("user.handover"),
    summary: "Move every customer of userId to handOverId (right 96), one UPDATE. Status 1: nothing to hand over.",
    fields: userFieldDocs("userId", "handOverId"),
    response: { data: shape.one(MovedEntity) },
    async handler(ctx) {
      const fields = await ctx.fields();
      const from = await targetId(ctx, "user.handover", idParam(String(fields.get("userId") ?? "")));
      const to = idParam(String(fields.get("handOverId") ?? ""));
      const outcome = await handOver(ctx.user, from, to);
      return fromOutcome(outcome, "admin.user.handedOver", "admin.user.handoverFailed", {
        data: outcome.ok ? { moved: outcome.moved } : null,
      });
    },
  },
  {
    method: "POST",
    path: "/my/update/wxcodecard",
    access: op("user.setWxCode"),
    multipart: true,
    bodyLimit: uploadBodyLimit(WXCODE_MAX_BYTES),
    summary: "A staff member's WeChat QR card (multipart: id and file, JPG/PNG at most 2 MB).",
    fields: [
      { name: "id", required: true },
      { name: "file", type: "file", required: true },
    ],
    response: done,
    async handler(ctx) {
      const upload = await parseImageUpload(ctx.request, "file", WXCODE_MAX_BYTES);
      if (!upload.ok)
        throw new ApiError(
          1,
          upload.error === "tooLarge" ? "admin.user.wxCodeTooLarge" : "admin.user.wxCodeInvalid",
          upload.error === "tooLarge" ? 413 : 400,
        );
      const id = await targetId(ctx, "user.setWxCode", idParam(String(upload.form.get("id") ?? ctx.url.searchParams.get("id") ?? "")));
      if (!upload.file) throw badRequest("admin.user.wxCodeRequired");
      return fromOutcome(
        await setWxCode(ctx.user, id, new Uint8Array(await upload.file.arrayBuffer())),
        "admin.user.wxCodeSaved",
        "admin.user.wxCodeInvalid",
      );
    },
  },
];

// ------------------------------------------------------------ roles, menus

const treeEndpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/my/roleslist",
    access: op("role.read"),
    summary: "Every role (flat), with its permission ids.",
    response: { data: shape.list(RoleEntity) },
    handler: async () => ok(await listRolesWithPermissions()),
  },
  {
    method: "GET",
    path: "/my/rolestreelist",
    access: op("role.read"),
    summary: "Roles as a tree (children), with their permission ids.",
    response: { data: shape.tree(RoleEntity) },
    handler: async () => ok(buildTree(await listRolesWithPermissions())),
  },
  {
    method: "POST",
    path: "/my/addroles",
    access: op("role.create"),
    summary: "Add a role (rolename 2-10, roleDesc, Fidrole parent, type level).",
    input: RoleEntity,
    response: created,
    async handler(ctx) {
      const outcome = await createRole(ctx.user, await ctx.parse(roleSchema));
      return fromOutcome(outcome, "admin.role.added", "admin.role.addFailed", { data: outcome.ok ? { id: outcome.id } : null });
    },
  },
  {
    method: "GET",
    path: "/my/byidroles/{id}",
    access: op("role.read"),
    summary: "One role with its permission ids (PUT /my/editroles accepts it unchanged).",
    response: { data: shape.one(RoleEntity) },
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
    access: op("role.update"),
    summary: "Edit a role (rid, rolename, roleDesc, Fidrole, type).",
    input: RoleEntity,
    response: done,
    async handler(ctx) {
      const fields = await ctx.fields();
      const id = idParam(String(fields.get("rid") ?? fields.get("id") ?? ""));
      return fromOutcome(await updateRole(ctx.user, id, await ctx.parse(roleSchema)), "admin.role.edited", "admin.role.editFailed");
    },
  },
  {
    method: "DELETE",
    path: "/my/delroles/{id}",
    access: op("role.delete"),
    summary: "Delete a role (refused while it has users or children).",
    response: done,
    handler: async (ctx) =>
      fromOutcome(await deleteRole(ctx.user, idParam(ctx.params.id)), "admin.role.deleted", "admin.role.deleteFailed"),
  },
  {
    method: "POST",
    path: "/my/saverightsroles",
    access: op("role.grantPermissions"),
    summary: "Set a role's permissions (rid; pid as a comma-separated list or repeated).",
    fields: [
      { name: "rid", required: true },
      { name: "pid", description: "menu ids: comma separated or repeated" },
    ],
    response: done,
    async handler(ctx) {
      const fields = await ctx.fields();
      const id = idParam(String(fields.get("rid") ?? ""));
      const pids = fields
        .getAll("pid")
        .flatMap((v) => String(v).split(","))
        .map((v) => v.trim())
        .filter(Boolean)
        .map((v) => idParam(v));
      return fromOutcome(await saveRolePermissions(ctx.user, id, pids), "admin.role.permissionsSaved", "admin.role.permissionsFailed");
    },
  },
  {
    method: "GET",
    path: "/my/myMenu",
    access: USER,
    summary: "The caller's menu (their role's permissions): data as a tree, dataMenuList flat.",
    extraMembers: ["dataMenuList"],
    response: { data: shape.tree(MenuEntity), members: { dataMenuList: shape.list(MenuEntity) } },
    async handler(ctx) {
      const menus = ctx.user.menus;
      return ok(buildTree(menus), "api.ok", { extra: { dataMenuList: menus } });
    },
  },
  {
    method: "GET",
    path: "/my/allMenu",
    access: op("menu.read"),
    summary: "Every menu entry: data as a tree, dataList flat.",
    extraMembers: ["dataList"],
    response: { data: shape.tree(MenuEntity), members: { dataList: shape.list(MenuEntity) } },
    async handler() {
      const menus = await listMenus();
      return ok(buildTree(menus), "api.ok", { extra: { dataList: menus } });
    },
  },
  {
    method: "POST",
    path: "/my/addmenu",
    access: op("menu.create"),
    summary: "Add a menu entry (right 32): Fid, label, level, indexPath, icon.",
    input: MenuEntity,
    response: created,
    async handler(ctx) {
      const outcome = await createMenu(ctx.user, await ctx.parse(menuSchema));
      return fromOutcome(outcome, "admin.menu.added", "admin.menu.addFailed", { data: outcome.ok ? { id: outcome.id } : null });
    },
  },
  {
    method: "GET",
    path: "/my/byidmenu/{id}",
    access: op("menu.read"),
    summary: "One menu entry (PUT /my/editmenu accepts it unchanged).",
    response: { data: shape.one(MenuEntity) },
    async handler(ctx) {
      const menu = await getMenu(idParam(ctx.params.id));
      if (!menu) throw notFound("admin.menu.loadFailed");
      return ok(menu);
    },
  },
  {
    method: "PUT",
    path: "/my/editmenu",
    access: op("menu.update"),
    summary: "Edit a menu entry (right 33): pid, Fid, label, level, indexPath, icon.",
    input: MenuEntity,
    response: done,
    async handler(ctx) {
      const fields = await ctx.fields();
      const id = idParam(String(fields.get("pid") ?? fields.get("id") ?? ""));
      return fromOutcome(await updateMenu(ctx.user, id, await ctx.parse(menuSchema)), "admin.menu.edited", "admin.menu.editFailed");
    },
  },
  {
    method: "DELETE",
    path: "/my/deletemenu/{id}",
    access: op("menu.delete"),
    summary: "Delete a menu entry (right 34).",
    response: done,
    handler: async (ctx) =>
      fromOutcome(await deleteMenu(ctx.user, idParam(ctx.params.id)), "admin.menu.deleted", "admin.menu.deleteFailed"),
  },
];

// ------------------------------------------------------------ home content

/** The image part of a home item: img_url, as the spec names it (also `image`, the back office form's). */
const HOME_IMAGE_FIELDS = ["img_url", "image"];

function homeEndpoints(base: string, screen: HomeScreen): Endpoint[] {
  const { channel, operations } = screen;
  const item = channel === "WEB" ? WebHomeEntity : AppHomeEntity;
  const save = (mode: "add" | "update") => async (ctx: ApiContext) => {
    const upload = await parseImageUpload(ctx.request, HOME_IMAGE_FIELDS, HOME_IMAGE_MAX_BYTES);
    if (!upload.ok)
      throw new ApiError(
        1,
        upload.error === "tooLarge" ? "admin.home.imageTooLarge" : "admin.home.imageInvalid",
        upload.error === "tooLarge" ? 413 : 400,
      );
    const form = new FormData();
    for (const [key, value] of upload.form) if (typeof value === "string") form.append(key, value);
    if (channel !== "WEB") form.delete("size");
    const input = ctx.validate(form, homeItemSchema, item);
    const image = upload.file ? { bytes: new Uint8Array(await upload.file.arrayBuffer()) } : null;
    const outcome =
      mode === "add"
        ? await createHomeItem(ctx.user, channel, input, image)
        : await updateHomeItem(ctx.user, channel, idParam(String(form.get("id") ?? "")), input, image);
    const nameTaken = !outcome.ok && outcome.fieldErrors?.name?.includes("admin.home.nameTaken");
    if (nameTaken) throw new ApiError(2, "admin.home.nameTaken", 400);
    return fromOutcome(
      outcome,
      mode === "add" ? "admin.home.added" : "admin.home.edited",
      mode === "add" ? "admin.home.addFailed" : "admin.home.editFailed",
      {
        data: outcome.ok && "id" in outcome ? { id: outcome.id } : null,
      },
    );
  };
  const fields = [
    {
      name: "img_url",
      type: "file" as const,
      description: "the image (JPG, PNG, GIF or WebP); a text value (the URL a read gave, or 1) keeps the stored one",
    },
  ];
  return [
    {
      method: "GET",
      path: base,
      // Read-only and public: the website's /home shows these blocks to everyone, and the app reads its own home screen.
      access: PUBLIC,
      summary: `${channel} home entries (public, read-only): data as a tree, dataList flat.`,
      extraMembers: ["dataList"],
      response: { data: shape.tree(item), members: { dataList: shape.list(item) } },
      async handler() {
        const items = await listHomeItems(channel);
        return ok(buildTree(items), "api.ok", { extra: { dataList: items } });
      },
    },
    {
      method: "POST",
      path: `${base}/add`,
      access: op(operations.create),
      multipart: true,
      bodyLimit: uploadBodyLimit(HOME_IMAGE_MAX_BYTES),
      summary: `Add a ${channel} home entry (status 2: name taken).`,
      input: item,
      fields,
      response: created,
      handler: save("add"),
    },
    {
      method: "GET",
      path: `${base}/byid/{id}`,
      access: op(operations.read),
      summary: `One ${channel} home entry (the update call accepts it unchanged).`,
      response: { data: shape.one(item) },
      async handler(ctx) {
        const item = await getHomeItem(channel, idParam(ctx.params.id));
        if (!item) throw notFound("admin.home.loadFailed");
        return ok(item);
      },
    },
    {
      method: "PUT",
      path: `${base}/update`,
      access: op(operations.update),
      multipart: true,
      bodyLimit: uploadBodyLimit(HOME_IMAGE_MAX_BYTES),
      summary: `Edit a ${channel} home entry (id and the add fields).`,
      input: item,
      fields,
      response: done,
      handler: save("update"),
    },
    {
      method: "DELETE",
      path: `${base}/delete/{id}`,
      access: op(operations.delete),
      summary: `Delete a ${channel} home entry.`,
      response: done,
      handler: async (ctx) =>
        fromOutcome(await deleteHomeItem(ctx.user, channel, idParam(ctx.params.id)), "admin.home.deleted", "admin.home.deleteFailed"),
    },
  ];
}

const categoryEndpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/manage/homecateall",
    access: op("content.category.read"),
    summary: "Every home category.",
    response: { data: shape.list(HomeCategoryEntity) },
    handler: async () => ok(await listHomeCategories()),
  },
  ...["/manage/homecate/{id}", "/manage/homecate/byid/{id}"].map((path): Endpoint => ({
    method: "GET",
    path,
    access: op("content.category.read"),
    summary: "One home category.",
    response: { data: shape.one(HomeCategoryEntity) },
    async handler(ctx) {
      const category = await getHomeCategory(idParam(ctx.params.id));
      if (!category) throw notFound("admin.home.loadFailed");
      return ok(category);
    },
  })),
  ...(["add", "update"] as const).map((mode): Endpoint => ({
    method: mode === "add" ? "POST" : "PUT",
    path: `/manage/homecate/${mode}`,
    access: op("content.category.save"),
    summary: `${mode === "add" ? "Add" : "Edit"} a home category (${mode === "update" ? "id, " : ""}name 2-20, description, sort).`,
    input: HomeCategoryEntity,
    response: created,
    async handler(ctx) {
      const id = mode === "update" ? await bodyId(ctx) : null;
      const outcome = await saveHomeCategory(ctx.user, id, await ctx.parse(homeCategorySchema));
      if (!outcome.ok && outcome.fieldErrors?.name?.includes("admin.home.nameTaken")) throw new ApiError(2, "admin.home.nameTaken", 400);
      return fromOutcome(
        outcome,
        mode === "add" ? "admin.home.added" : "admin.home.edited",
        mode === "add" ? "admin.home.addFailed" : "admin.home.editFailed",
        {
          data: outcome.ok ? { id: outcome.id } : null,
        },
      );
    },
  })),
  {
    method: "DELETE",
    path: "/manage/homecate/delete/{id}",
    access: op("content.category.delete"),
    summary: "Delete a home category.",
    response: done,
    handler: async (ctx) =>
      fromOutcome(await deleteHomeCategory(ctx.user, idParam(ctx.params.id)), "admin.home.deleted", "admin.home.deleteFailed"),
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
  ...Object.entries(LEGACY_MODES).map(([legacy, key]): Endpoint => ({
    method: "GET",
    path: `/logs/${legacy}loglist`,
    access: op("logs.query.read"),
    summary: `Who searched which ${key} routes (within the caller's view).`,
    fields: logFields,
    response: { data: shape.list(queryLogEntity(modeByKey(key))) },
    async handler(ctx) {
      const query = parseTableQuery(tableUrl(ctx, { search: { legacy: "query", param: "q" }, range: "value2" }), queryLogTable);
      const { rows, total } = await listQueryLogs(ctx.user, modeByKey(key), query);
      return ok(rows, "api.ok", { total });
    },
  })),
  {
    method: "GET",
    path: "/logs/operationloglist",
    access: op("logs.operation.read"),
    summary: "The operation log (the spec does not show this path).",
    fields: logFields,
    response: { data: shape.list(OperationLogEntity) },
    async handler(ctx) {
      const query = parseTableQuery(tableUrl(ctx, { search: { legacy: "query", param: "q" }, range: "value2" }), operationLogTable);
      const { rows, total } = await listOperationLogs(ctx.user, query, ctx.lng);
      return ok(rows, "api.ok", { total });
    },
  },
];

export const adminEndpoints: Endpoint[] = [
  ...userEndpoints,
  ...treeEndpoints,
  ...homeEndpoints("/web/home", WEB_SCREEN),
  ...homeEndpoints("/apphomeimg/home", APP_SCREEN),
  ...categoryEndpoints,
  ...logEndpoints,
];
