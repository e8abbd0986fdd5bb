// Grant rules (issue 17, docs/decisions/303-authority.md): actor x target x
// operation, through the pages (the /userList action) AND the legacy API, with
// the expected outcome of every cell worked out here from the rules and the
// seed as written down, not from the code under test:
//
// - actors: a visitor, each customer tier (t0, t1, t2) and every demo staff
//   account (administrator, sales with view 2 and view 1, customer service,
//   sales manager, data staff, staff without menus);
// - targets: a fresh user of each role (administrator, sales, customer
//   service, sales manager, data staff, direct customer, peer customer,
//   overseas agent) and the actor itself;
// - operations: edit, give a customer role, give the administrator role,
//   change the tier, freeze, audit, audit a profile change, assign the global
//   view, hand over, delete.
//
// A cell is "done" (the change is in the database), "refused" (403, nothing
// changed, a refusal row in the operation log when the actor holds the
// screen), "hidden" (404: outside the actor's view), "signin" (visitor) or
// "n/a" (the operation does not apply to that role; nothing changes).
import { createDbSession } from "~/domain/accounts/session.server";
import { sessionStorage } from "~/http/cookies.server";
import { action as userAction } from "~/routes/admin/userList";
import { flushBackground } from "~/domain/rates/background.server";
import { keepAnAdministrator, LastAdministratorError } from "~/domain/permissions/authority.server";
import { prisma } from "~/utils/db.server";
import { callRoute, cookieHeaderFrom, getRequest, postForm } from "../support/requests";
import { api } from "../api/helpers";
import { withTestDb } from "../support/db";
import { USER_ID, type ViewerKey } from "./helpers";

type Actor = Exclude<ViewerKey, "pending" | "failed" | "frozen">;
const ACTORS: Actor[] = ["visitor", "t0", "t1", "t2", "admin", "sales", "salesGlobal", "service", "manager", "data", "noperm"];

// --------------------------------------------------------------- the rules, written out

/** The seed's role tree (prisma/seed/data/access.ts): 公司内部 → 管理员, 销售经理 → 销售, 客服, 数据专员; 客户 → 直客, 同行客户, 海外代理. */
const ADMIN = 1;
const SALES = 12;
const SERVICE = 13;
const DATA = 14;
const MANAGER = 27;
const DIRECT = 20;
const PEER = 21;
const AGENT = 22;
const TARGET_ROLES = [ADMIN, SALES, SERVICE, MANAGER, DATA, DIRECT, PEER, AGENT];
const CUSTOMER_ROLES = [DIRECT, PEER, AGENT];
/** Roles below each staff role: its subtree, and every customer role; the administrator is above all. */
const BELOW: Record<number, number[]> = {
  [ADMIN]: [ADMIN, SALES, SERVICE, MANAGER, DATA, ...CUSTOMER_ROLES], // another administrator too (the last one is kept)
  [MANAGER]: [SALES, ...CUSTOMER_ROLES],
  [SALES]: CUSTOMER_ROLES,
  [SERVICE]: CUSTOMER_ROLES,
  [DATA]: CUSTOMER_ROLES,
};

type Staff = Exclude<Actor, "visitor" | "t0" | "t1" | "t2">;
const STAFF_ROLE: Record<Staff, number> = {
  admin: ADMIN,
  sales: SALES,
  salesGlobal: SALES,
  service: SERVICE,
  manager: MANAGER,
  data: DATA,
  noperm: SERVICE,
};
/** User-management rights of each demo account (the /userList screen with them), from the seed. */
const USER_RIGHTS: Record<Staff, number[] | null> = {
  admin: [71, 72, 73, 75, 86, 90, 96, 98],
  sales: [73, 75],
  salesGlobal: [73, 75],
  service: [73, 90],
  noperm: [73, 90],
  manager: [71, 73, 75, 86, 90, 96],
  data: null, // no /userList at all
};
/** Who sees the test's targets (salesperson 2, customer service 4): global views and those two. */
const SEES_TARGETS: Record<Staff, boolean> = {
  admin: true,
  salesGlobal: true,
  manager: true,
  sales: true,
  service: true,
  noperm: false,
  data: false,
};
/** Who sees their own row in the user list: global views only (a related view holds customers). */
const SEES_SELF: Record<Staff, boolean> = {
  admin: true,
  salesGlobal: true,
  manager: true,
  sales: false,
  service: false,
  noperm: false,
  data: false,
};
/** Views each account holds (view 1 global also grants view 2); the administrator holds both. */
const HOLDS_GLOBAL_VIEW: Record<Staff, boolean> = {
  admin: true,
  salesGlobal: true,
  manager: true,
  sales: false,
  service: false,
  noperm: false,
  data: false,
};

type Op =
  "update" | "setCustomerRole" | "setAdminRole" | "setTier" | "freeze" | "audit" | "auditProfile" | "globalView" | "handover" | "delete";
const OPS: Op[] = [
  "update",
  "setCustomerRole",
  "setAdminRole",
  "setTier",
  "freeze",
  "audit",
  "auditProfile",
  "globalView",
  "handover",
  "delete",
];
const RIGHT_OF: Record<Op, number> = {
  update: 73,
  setCustomerRole: 73,
  setAdminRole: 73,
  setTier: 73,
  freeze: 86,
  audit: 73,
  auditProfile: 90,
  globalView: 75,
  handover: 96,
  delete: 72,
};
const VIEW_ROLES = [ADMIN, SERVICE, SALES, MANAGER];
const HANDOVER_ROLES = [SERVICE, SALES, MANAGER];

type Expected = "done" | "refused" | "hidden" | "signin" | "n/a";
type Target = number | "self";

function expected(actor: Actor, target: Target, op: Op): Expected {
  if (actor === "visitor") return "signin";
  if (actor === "t0" || actor === "t1" || actor === "t2") return "refused";
  const rights = USER_RIGHTS[actor];
  if (!rights || !rights.includes(RIGHT_OF[op])) return "refused";
  if (target === "self") return SEES_SELF[actor] ? "refused" : "hidden";
  if (!SEES_TARGETS[actor]) return "hidden";
  const role = STAFF_ROLE[actor];
  if (!BELOW[role].includes(target)) return "refused";
  if (op === "setAdminRole" && role !== ADMIN) return "refused";
  // The matrix's tier is T0, the company's internal prices: it needs its own right besides 73 (issue 44 item 6).
  if (op === "setTier" && !rights.includes(98)) return "refused";
  if (op === "globalView" && !VIEW_ROLES.includes(target)) return "n/a";
  if (op === "globalView" && !HOLDS_GLOBAL_VIEW[actor]) return "refused";
  if (op === "handover" && !HANDOVER_ROLES.includes(target)) return "n/a";
  if (op === "setAdminRole" && target === ADMIN) return "n/a";
  return "done";
}

// --------------------------------------------------------------- targets and requests

let serial = 0;

type TargetUser = { id: number; roleId: number; customerId?: number };

/** A fresh user of `roleId`, in the view of salesperson 2 and customer service 4, set up for `op`. */
async function freshTarget(roleId: number, op: Op): Promise<TargetUser> {
  serial += 1;
  const tag = `mx${serial}`;
  const user = await prisma.user.create({
    data: {
      email: `${tag}@matrix.test`,
      passwordHash: "x",
      username: tag,
      phone: `166${String(serial).padStart(8, "0")}`,
      businessAddress: "上海",
      company: "矩阵",
      roleId,
      regMethod: "admin",
      audit: op === "audit" ? 1 : 2,
      customerRating: 3,
      salesId: 2,
      customerServiceId: 4,
      profileAudit: op === "auditProfile" ? 1 : null,
      pendingCompany: op === "auditProfile" ? "矩阵新公司" : null,
    },
  });
  if (op !== "handover" || !HANDOVER_ROLES.includes(roleId)) return { id: user.id, roleId };
  // A customer of the leaver, to move.
  const customer = await prisma.user.create({
    data: {
      email: `${tag}c@matrix.test`,
      passwordHash: "x",
      username: `${tag}c`,
      phone: `167${String(serial).padStart(8, "0")}`,
      roleId: DIRECT,
      audit: 2,
      customerRating: 3,
      salesId: roleId === SERVICE ? 2 : user.id,
      customerServiceId: roleId === SERVICE ? user.id : 4,
    },
  });
  return { id: user.id, roleId, customerId: customer.id };
}

/** The active member of the leaver's role who receives the customers. */
const RECEIVER: Record<number, number> = { [SALES]: USER_ID.salesGlobal, [SERVICE]: USER_ID.noperm, [MANAGER]: USER_ID.manager };

function pageFields(
  op: Op,
  user: { id: number; username: string; phone: string; roleId: number; customerRating: number | null },
): Record<string, string | number> {
  const edit = {
    intent: "update",
    id: user.id,
    username: user.username,
    phone: user.phone,
    businessAddress: "上海",
    company: "矩阵",
    salesId: 2,
    customerServiceId: 4,
    roleId: user.roleId,
    customerRating: user.customerRating ?? 3,
  };
  switch (op) {
    case "update":
      return { ...edit, company: "矩阵改" };
    case "setCustomerRole":
      return { ...edit, roleId: user.roleId === DIRECT ? PEER : DIRECT };
    case "setAdminRole":
      return { ...edit, roleId: ADMIN };
    case "setTier":
      return { ...edit, customerRating: 1 };
    case "freeze":
      return { intent: "state", id: user.id, state: 2, confirm: 1 };
    case "audit":
      return { intent: "audit", id: user.id, decision: "pass", customerRating: 2, salesId: 3, customerServiceId: 4 };
    case "auditProfile":
      return { intent: "profile", id: user.id, decision: "pass" };
    case "globalView":
      return { intent: "view", id: user.id, viewIds: 1 };
    case "handover":
      return { intent: "handover", id: user.id, targetId: RECEIVER[user.roleId] ?? USER_ID.salesGlobal };
    case "delete":
      return { intent: "delete", id: user.id };
  }
}

function apiCall(op: Op, user: { id: number; username: string; phone: string; roleId: number; customerRating: number | null }) {
  const page = pageFields(op, user);
  const edit = {
    id: user.id,
    username: user.username,
    phone: user.phone,
    businessaddress: "上海",
    company: "矩阵",
    sales_id: 2,
    customer_id: 4,
    rid: user.roleId,
    customer_rating: user.customerRating ?? 3,
  };
  switch (op) {
    case "update":
      return { method: "PUT" as const, path: "/my/edituser", body: { ...edit, company: "矩阵改" } };
    case "setCustomerRole":
    case "setAdminRole":
      return { method: "POST" as const, path: "/my/saverole", body: { id: user.id, rid: page.roleId } };
    case "setTier":
      return { method: "POST" as const, path: "/my/saveuserlevel", body: { id: user.id, customer_rating: 1 } };
    case "freeze":
      return { method: "PUT" as const, path: "/my/updatestate", body: { id: user.id, statesw: 2 } };
    case "audit":
      return {
        method: "PUT" as const,
        path: "/my/audituser",
        body: { id: user.id, audit: 2, customer_rating: 2, sales_id: 3, customer_id: 4 },
      };
    case "auditProfile":
      return { method: "PUT" as const, path: "/my/auditshzluser", body: { id: user.id, audit_zl: 2 } };
    case "globalView":
      return { method: "POST" as const, path: "/my/saveview", body: { id: user.id, view_st: "1" } };
    case "handover":
      return { method: "PUT" as const, path: "/my/confirmHandOver", body: { userId: user.id, handOverId: page.targetId } };
    case "delete":
      return { method: "DELETE" as const, path: `/my/deluser/${user.id}`, body: undefined };
  }
}

/** Is the change of `op` in the database? */
async function applied(op: Op, target: TargetUser, before: { roleId: number }): Promise<boolean> {
  const row = await prisma.user.findUnique({ where: { id: target.id } });
  if (op === "delete") return row === null;
  if (!row) return false;
  switch (op) {
    case "update":
      return row.company === "矩阵改";
    case "setCustomerRole":
      return row.roleId !== before.roleId && CUSTOMER_ROLES.includes(row.roleId);
    case "setAdminRole":
      return row.roleId === ADMIN && before.roleId !== ADMIN;
    case "setTier":
      return row.customerRating === 1;
    case "freeze":
      return row.state === 2;
    case "audit":
      return row.audit === 2 && row.customerRating === 2;
    case "auditProfile":
      return row.profileAudit === 2 && row.company === "矩阵新公司";
    case "globalView":
      return row.viewIds.includes(1);
    case "handover": {
      if (!target.customerId) return false;
      const customer = await prisma.user.findUniqueOrThrow({ where: { id: target.customerId } });
      return customer.salesId !== target.id && customer.customerServiceId !== target.id;
    }
  }
  return false;
}

type Credentials = { cookie: string; token: string | null };

async function credentialsOf(actor: Actor): Promise<Credentials> {
  if (actor === "visitor") return { cookie: "", token: null };
  return credentialsOfUser(USER_ID[actor]);
}

/** A cookie session and an API token of user `id` (opened directly, as a sign-in would). */
async function credentialsOfUser(id: number): Promise<Credentials> {
  const sid = await createDbSession(id, getRequest("/home"));
  const session = await sessionStorage().getSession();
  session.set("sid", sid);
  const cookie = cookieHeaderFrom(await sessionStorage().commitSession(session));
  const token = await createDbSession(id, new Request("http://localhost/api/login"), "api");
  return { cookie, token };
}

type Got = Expected | `other ${number}`;

function classify(status: number, location: string | null, refusedHttp: number[] = [403]): Got {
  // Visitors: /home, or (back-office screens) login and back.
  if (status === 401 || (status === 302 && (location === "/home" || location === "/login" || location?.startsWith("/login?redirectTo="))))
    return "signin";
  if (refusedHttp.includes(status)) return "refused";
  if (status === 404) return "hidden";
  return `other ${status}`;
}

afterAll(async () => {
  await flushBackground();
});

const snapshot = (id: number) =>
  prisma.user.findUnique({ where: { id } }).then((row) => (row ? { ...row, updatedAt: null, lastLoginAt: null } : null));

describe.each(ACTORS)("actor %s", (actor) => {
  let creds: Credentials;
  beforeAll(async () => {
    creds = await credentialsOf(actor);
  });

  for (const channel of ["page", "api"] as const) {
    test(`${channel}: every target and operation`, { timeout: 240_000 }, async () => {
      const problems: string[] = [];
      let cells = 0;
      const targets: Target[] = actor === "visitor" ? TARGET_ROLES : [...TARGET_ROLES, "self"];
      for (const target of targets) {
        for (const op of OPS) {
          cells += 1;
          const want = expected(actor, target, op);
          const subject: TargetUser =
            target === "self" ? { id: USER_ID[actor as Exclude<Actor, "visitor">], roleId: -1 } : await freshTarget(target, op);
          const row = (await prisma.user.findUniqueOrThrow({ where: { id: subject.id } }))!;
          const before = await snapshot(subject.id);
          const mark = (await prisma.operationLog.aggregate({ _max: { id: true } }))._max.id ?? 0n;
          let got: Got;
          if (channel === "page") {
            const result = await callRoute(userAction, postForm("/userList", pageFields(op, row), { cookie: creds.cookie }));
            got = classify(result.status, result.headers.get("Location"));
          } else {
            const call = apiCall(op, row);
            const result = await api(call.method, call.path, { token: creds.token, body: call.body });
            got = classify(result.http, null);
          }
          const label = `${channel} ${actor} → ${target === "self" ? "self" : `role ${target}`} ${op}`;
          if (want === "done") {
            if (!(await applied(op, subject, row))) problems.push(`${label}: expected done, got ${got} with nothing changed`);
          } else {
            if (JSON.stringify(await snapshot(subject.id)) !== JSON.stringify(before))
              problems.push(`${label}: changed the target (expected ${want}, got ${got})`);
            if (want === "n/a" ? got === "refused" || got === "signin" : got !== want)
              problems.push(`${label}: expected ${want}, got ${got}`);
            if (want === "refused" && actor in USER_RIGHTS && USER_RIGHTS[actor as Staff]) {
              // A staff member on the screen who is refused leaves a row naming the operation.
              const logged = await prisma.operationLog.count({
                where: { id: { gt: mark }, module: "refused", userId: USER_ID[actor as Staff] },
              });
              if (logged !== 1) problems.push(`${label}: ${logged} refusal rows, expected 1`);
            }
          }
        }
      }
      expect(problems).toEqual([]);
      expect(cells).toBe((actor === "visitor" ? 8 : 9) * OPS.length);
    });
  }
});

// --------------------------------------------------------------- rules the demo accounts do not reach

describe("the last active administrator", () => {
  beforeEach(async () => {
    // Administrator 1 the only active one (the matrix above leaves administrators of its own).
    await prisma.user.updateMany({ where: { roleId: ADMIN, id: { not: USER_ID.admin } }, data: { state: 2 } });
    await prisma.user.update({ where: { id: USER_ID.admin }, data: { state: 1 } });
  });

  test("two administrators freezing each other at the same moment: exactly one succeeds, one stays", async () => {
    const second = await freshTarget(ADMIN, "update");
    const [first, other] = await Promise.all([credentialsOf("admin"), credentialsOfUser(second.id)]);
    let results: Awaited<ReturnType<typeof api>>[] = [];
    // Hold the administrators' row locks until both requests wait on them, so they really overlap.
    await withTestDb(async (db) => {
      await db.query("BEGIN");
      await db.query("SELECT id FROM users WHERE role_id = 1 AND state = 1 FOR UPDATE");
      const both = Promise.all([
        api("PUT", "/my/updatestate", { token: first.token, body: { id: second.id, statesw: 2 } }),
        api("PUT", "/my/updatestate", { token: other.token, body: { id: USER_ID.admin, statesw: 2 } }),
      ]);
      for (let i = 0; i < 200; i++) {
        const { rows } = await db.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        if (rows[0].n >= 2) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await db.query("COMMIT");
      results = await both;
    });
    try {
      expect(await prisma.user.count({ where: { roleId: ADMIN, state: 1 } })).toBe(1);
      expect(results.map((r) => r.http).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.http === 409)!.body.message).toBe("这是最后一位在职管理员，不能冻结、删除或降级");
      // The refused one is in the operation log with what it asked for.
      expect(
        await prisma.operationLog.count({
          where: { module: "refused", params: { contains: "user.setState: lastAdministrator; statesw: 1 → 2" } },
        }),
      ).toBe(1);
    } finally {
      await prisma.user.update({ where: { id: USER_ID.admin }, data: { state: 1 } });
    }
  });

  test("an administrator demotes another while one stays", async () => {
    const creds = await credentialsOf("admin");
    const page = (fields: Record<string, string | number>) =>
      callRoute(userAction, postForm("/userList", fields, { cookie: creds.cookie }));
    const second = await freshTarget(ADMIN, "update");
    const row = await prisma.user.findUniqueOrThrow({ where: { id: second.id } });
    expect((await page(pageFields("setCustomerRole", row))).status).toBe(302);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: second.id } })).roleId).toBe(DIRECT);
  });

  test("the guard itself: inside the writing transaction, no active administrator may be left", async () => {
    await expect(prisma.$transaction((tx) => keepAnAdministrator(tx, USER_ID.admin))).rejects.toBeInstanceOf(LastAdministratorError);
    const spare = await freshTarget(ADMIN, "update");
    await expect(prisma.$transaction((tx) => keepAnAdministrator(tx, USER_ID.admin))).resolves.toBeUndefined();
    await prisma.user.update({ where: { id: spare.id }, data: { state: 2 } });
    await expect(prisma.$transaction((tx) => keepAnAdministrator(tx, USER_ID.admin))).rejects.toBeInstanceOf(LastAdministratorError);
  });
});

describe("a role manager who is not the administrator (the manager's role given /roleList)", () => {
  beforeAll(async () => {
    await prisma.rolePermission.create({ data: { roleId: MANAGER, menuId: 3 } });
  });
  afterAll(async () => {
    await prisma.rolePermission.delete({ where: { roleId_menuId: { roleId: MANAGER, menuId: 3 } } });
  });

  test("assigns the roles below their own (sales, customers), never a sibling or the administrator role", async () => {
    const creds = await credentialsOf("manager");
    const offered = ((await api("GET", "/api/role", { token: creds.token })).body.data as { rid: number }[])
      .map((r) => r.rid)
      .sort((a, b) => a - b);
    expect(offered).toEqual([SALES, DIRECT, PEER, AGENT]);
    const customer = await freshTarget(DIRECT, "update");
    const toSales = await api("POST", "/my/saverole", { token: creds.token, body: { id: customer.id, rid: SALES } });
    expect(toSales.http).toBe(200);
    const toService = await api("POST", "/my/saverole", { token: creds.token, body: { id: customer.id, rid: SERVICE } });
    expect(toService.http).toBe(403);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: customer.id } })).roleId).toBe(SALES);
  });

  test("changes only roles below their own, places roles under their own, grants only what they hold", async () => {
    const creds = await credentialsOf("manager");
    const { action: roleAction } = await import("~/routes/admin/roleList");
    const post = (fields: Record<string, string | number | number[]>) =>
      callRoute(roleAction, postForm("/roleList", fields, { cookie: creds.cookie }));
    const current = async (roleId: number) =>
      (await prisma.rolePermission.findMany({ where: { roleId, halfChecked: false } })).map((p) => p.menuId).sort((a, b) => a - b);

    const sales = await current(SALES);
    // 86 (toggle state) is the manager's: granted to sales, a role below.
    expect((await post({ intent: "permissions", id: SALES, menuId: [...sales, 86] })).status).toBe(302);
    expect(await current(SALES)).toEqual([...sales, 86].sort((a, b) => a - b));
    // 32 (add menu) is not the manager's.
    const notHeld = await post({ intent: "permissions", id: SALES, menuId: [...sales, 86, 32] });
    expect(notHeld.status).toBe(403);
    expect(notHeld.data).toEqual({ message: "admin.authority.permissionNotHeld" });
    // Their own role, a sibling, the administrator role: refused.
    expect((await post({ intent: "permissions", id: MANAGER, menuId: [2] })).data).toEqual({ message: "admin.authority.notYourself" });
    expect((await post({ intent: "permissions", id: SERVICE, menuId: [2] })).data).toEqual({ message: "admin.authority.roleOutranks" });
    expect((await post({ intent: "permissions", id: ADMIN, menuId: [2] })).data).toEqual({ message: "admin.authority.roleOutranks" });
    expect((await post({ intent: "update", id: SERVICE, name: "客服2", parentId: 2, level: 2 })).status).toBe(403);
    // A new role under their own: yes; under the staff directory: no.
    expect((await post({ intent: "create", name: "大客户销售", parentId: MANAGER, level: 3 })).status).toBe(302);
    const elsewhere = await post({ intent: "create", name: "越级角色", parentId: 2, level: 2 });
    expect(elsewhere.status).toBe(403);
    expect(await prisma.role.findUnique({ where: { name: "越级角色" } })).toBeNull();
    // Every refusal above is in the operation log with the values asked for.
    const refusals = await prisma.operationLog.findMany({ where: { module: "refused", userId: USER_ID.manager, operation: "roles" } });
    expect(refusals.map((r) => r.params)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^role\.grantPermissions: permissionNotHeld; pid: \[.*\] → \[.*32.*\]$/),
        expect.stringMatching(/^role\.create: parentNotAllowed/),
      ]),
    );
  });
});

describe("values one does not hold", () => {
  test("a view is given or taken only by someone who holds it", async () => {
    // The manager with the related view only, over a salesperson of theirs.
    await prisma.user.update({ where: { id: USER_ID.manager }, data: { viewIds: [2] } });
    try {
      const creds = await credentialsOf("manager");
      const seller = await freshTarget(SALES, "update");
      await prisma.user.update({ where: { id: seller.id }, data: { salesId: USER_ID.manager } });
      const global = await api("POST", "/my/saveview", { token: creds.token, body: { id: seller.id, view_st: "1" } });
      expect(global.http).toBe(403);
      expect(global.body.message).toBe("只能分配或收回你自己拥有的视图");
      const related = await api("POST", "/my/saveview", { token: creds.token, body: { id: seller.id, view_st: "2" } });
      expect(related.http).toBe(200);
      expect((await prisma.user.findUniqueOrThrow({ where: { id: seller.id } })).viewIds).toEqual([2]);
    } finally {
      await prisma.user.update({ where: { id: USER_ID.manager }, data: { viewIds: [1] } });
    }
  });

  test("customer roles hold no back-office permission, whoever asks", async () => {
    const creds = await credentialsOf("admin");
    const result = await api("POST", "/my/saverightsroles", { token: creds.token, body: { rid: PEER, pid: "5,9" } });
    expect(result.http).toBe(403);
    expect(await prisma.rolePermission.count({ where: { roleId: PEER } })).toBe(0);
  });

  test("the administrator role keeps user, role and menu management through the API too", async () => {
    const creds = await credentialsOf("admin");
    const held = (await prisma.rolePermission.findMany({ where: { roleId: ADMIN, halfChecked: false } })).map((p) => p.menuId);
    for (const dropped of [2, 3, 4, 32, 73]) {
      const result = await api("POST", "/my/saverightsroles", {
        token: creds.token,
        body: { rid: ADMIN, pid: held.filter((id) => id !== dropped).join(",") },
      });
      expect(result.http, `without ${dropped}`).toBe(403);
    }
    expect((await prisma.rolePermission.findMany({ where: { roleId: ADMIN, halfChecked: false } })).length).toBe(held.length);
    // Role 1 stays a staff role (among the customers it could hold no permission).
    const moved = await api("PUT", "/my/editroles", {
      token: creds.token,
      body: { rid: ADMIN, rolename: "管理员", roleDesc: "", Fidrole: 3, type: 2 },
    });
    expect(moved.http).toBe(403);
    expect((await prisma.role.findUniqueOrThrow({ where: { id: ADMIN } })).parentId).toBe(2);
    // Anything else may change: the administrator drops and takes back the outbox screen.
    expect(
      (
        await api("POST", "/my/saverightsroles", {
          token: creds.token,
          body: { rid: ADMIN, pid: held.filter((id) => id !== 20).join(",") },
        })
      ).http,
    ).toBe(200);
    expect((await api("POST", "/my/saverightsroles", { token: creds.token, body: { rid: ADMIN, pid: held.join(",") } })).http).toBe(200);
  });
});
