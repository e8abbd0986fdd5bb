// Permission matrix: every administration route's loader, its dialogs and
// every action intent, as each seeded account. Allowed means "not 403 and not
// sent away"; a refused staff member gets 403; a visitor is sent to /home.
// Posts use ids that do not exist or empty forms, so nothing changes.
import { describe, expect, it } from "vitest";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import * as userList from "~/routes/_bo.userList";
import * as roleList from "~/routes/_bo.roleList";
import * as menuList from "~/routes/_bo.menuList";
import * as logList from "~/routes/_bo.log-list";
import * as queryLogs from "~/routes/_bo.query-logs";
import * as homeList from "~/routes/_bo.homeList";
import * as appHome from "~/routes/_bo.app-home";
import * as saleList from "~/routes/_bo.saleList";
import * as appOrder from "~/routes/_bo.app-order";
import * as appQuery from "~/routes/_bo.app-query";
import * as companyInfo from "~/routes/_bo.companyInfo";
import { prisma } from "~/utils/db.server";
import { load, submit } from "./helpers";

type RouteFn = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;
type Screen = {
  path: string;
  loader: RouteFn;
  action?: RouteFn;
  /** Intent → right needed besides the path (null: the path is enough). */
  intents: Record<string, number | null>;
  /** Dialog → right needed besides the path. */
  dialogs: Record<string, number | null>;
};

const MISSING = 999_999;

const SCREENS: Screen[] = [
  {
    path: "/userList",
    loader: userList.loader,
    action: userList.action,
    intents: { create: 71, update: 73, wxCode: 73, audit: 73, profile: 90, view: 75, handover: 96, state: 86, delete: 72, cancelDelete: 72 },
    dialogs: { add: 71, edit: 73, audit: 73, profile: 90, view: 75, handover: 96, delete: 72 },
  },
  {
    path: "/roleList",
    loader: roleList.loader,
    action: roleList.action,
    intents: { create: null, update: null, delete: null, permissions: null, cancelDelete: null },
    dialogs: { add: null, edit: null, permissions: null, delete: null },
  },
  {
    path: "/menuList",
    loader: menuList.loader,
    action: menuList.action,
    intents: { create: 32, update: 33, delete: 34, cancelDelete: 34 },
    dialogs: { add: 32, edit: 33, delete: 34 },
  },
  { path: "/log-list", loader: logList.loader, intents: {}, dialogs: {} },
  { path: "/query-logs", loader: queryLogs.loader, intents: {}, dialogs: {} },
  {
    path: "/homeList",
    loader: homeList.loader,
    action: homeList.action,
    intents: { create: null, update: null, delete: null, cancelDelete: null, saveCategory: null, deleteCategory: null },
    dialogs: { add: null, edit: null, delete: null },
  },
  {
    path: "/app-home",
    loader: appHome.loader,
    action: appHome.action,
    intents: { create: null, update: null, delete: null, cancelDelete: null },
    dialogs: { add: null, edit: null, delete: null },
  },
  {
    path: "/saleList",
    loader: saleList.loader,
    action: saleList.action,
    intents: { create: null, update: null, delete: null, cancelDelete: null },
    dialogs: { add: null, edit: null, delete: null },
  },
  { path: "/app-order", loader: appOrder.loader, intents: {}, dialogs: { view: null } },
  { path: "/app-query", loader: appQuery.loader, action: appQuery.action, intents: { retry: null }, dialogs: { view: null } },
  { path: "/companyInfo", loader: companyInfo.loader, action: companyInfo.action, intents: { save: null }, dialogs: {} },
];

const ALL_PATHS = SCREENS.map((s) => s.path);
const SALES_ROLE = { paths: ["/userList", "/query-logs", "/saleList", "/app-order"], rights: [73, 75] };
const SERVICE_ROLE = { paths: ["/userList", "/query-logs", "/app-order", "/app-query"], rights: [73, 90] };
const NOTHING = { paths: [] as string[], rights: [] as number[] };

/** What the seed grants (prisma/seed/data/access.ts); null: a visitor. */
const ACCOUNTS: { email: string | null; paths: string[]; rights: number[] }[] = [
  { email: "admin@example.com", paths: ALL_PATHS, rights: [32, 33, 34, 71, 72, 73, 75, 86, 90, 96] },
  { email: "sales@example.com", ...SALES_ROLE },
  { email: "sales.global@example.com", ...SALES_ROLE },
  { email: "service@example.com", ...SERVICE_ROLE },
  { email: "nomenu@example.com", ...SERVICE_ROLE },
  { email: "manager@example.com", paths: ["/userList", "/query-logs", "/log-list", "/saleList", "/app-order"], rights: [71, 73, 75, 86, 90, 96] },
  { email: "data@example.com", ...NOTHING },
  { email: "t0@example.com", ...NOTHING },
  { email: "t1@example.com", ...NOTHING },
  { email: "t2@example.com", ...NOTHING },
  { email: "pending@example.com", ...NOTHING },
  { email: null, ...NOTHING },
];

function verdict(result: { status: number; headers: Headers }): "allowed" | "forbidden" | "visitor" {
  if (result.status === 403) return "forbidden";
  if (result.status === 302 && result.headers.get("Location") === "/home") return "visitor";
  return "allowed";
}

describe("permission matrix of the administration routes", () => {
  it("the seed grants what this matrix assumes", async () => {
    const grants = await prisma.rolePermission.findMany({ where: { roleId: 12, halfChecked: false }, include: { menu: true } });
    expect(grants.filter((g) => g.menu.path).map((g) => g.menu.path).sort()).toEqual([...SALES_ROLE.paths].sort());
  });

  for (const account of ACCOUNTS) {
    it(`as ${account.email ?? "a visitor"}`, async () => {
      const expectFor = (path: string, right: number | null) => {
        if (!account.email) return "visitor";
        return account.paths.includes(path) && (right === null || account.rights.includes(right)) ? "allowed" : "forbidden";
      };
      const problems: string[] = [];
      for (const screen of SCREENS) {
        const list = await load(screen.loader, screen.path, account.email);
        const expected = expectFor(screen.path, null);
        if (verdict(list) !== expected) problems.push(`GET ${screen.path}: ${verdict(list)} (${list.status}), expected ${expected}`);

        for (const [dialog, right] of Object.entries(screen.dialogs)) {
          const result = await load(screen.loader, screen.path, account.email, dialog === "add" ? { dialog } : { dialog, id: MISSING });
          const want = expectFor(screen.path, right);
          if (verdict(result) !== want) problems.push(`GET ${screen.path}?dialog=${dialog}: ${verdict(result)} (${result.status}), expected ${want}`);
        }
        if (!screen.action) continue;
        for (const [intent, right] of Object.entries(screen.intents)) {
          const result = await submit(screen.action, screen.path, account.email, { intent, id: MISSING });
          const want = expectFor(screen.path, right);
          if (verdict(result) !== want) problems.push(`POST ${screen.path} ${intent}: ${verdict(result)} (${result.status}), expected ${want}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it("nothing changed: no operation was logged by the matrix", async () => {
    const recent = await prisma.operationLog.count({ where: { operatedAt: { gte: new Date(Date.now() - 10 * 60_000) } } });
    expect(recent).toBe(0);
  });
});
