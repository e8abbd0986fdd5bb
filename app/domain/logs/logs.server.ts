// Query-trace logs per mode and the operation log, as staff read them:
// searched, limited to a date range, paged, and limited by the staff view
// (permissions/views.server.ts).
import { containsText } from "~/utils/like";
import { z } from "~/utils/zod";
import { prisma, type Prisma } from "~/utils/db.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import type { ModeDescription } from "~/domain/modes";
import { customerIdsInScope, operationLogScope, queryLogScope } from "~/domain/permissions/views.server";
import { defineTable, timestampWhere, type TableQuery } from "~/domain/table/paging.server";
import { queryLogColumns } from "./log-columns";
import { readDetail } from "~/domain/operation-log/log-detail.server";
import { REFUSED_MODULE } from "~/domain/operation-log/operation-log.server";
import { roleName } from "~/domain/roles/role-name";
import { inLanguage } from "~/i18n/config";

const search = { q: z.string().trim().max(50) };

/** Query-trace logs: sizes 1, 2, 5, 10 (default 10), the past 365 days unless chosen. */
export const queryLogTable = defineTable({
  sizes: [1, 2, 5, 10],
  defaultSize: 10,
  filters: search,
  dateRange: { defaultDays: [-365, 0], withTime: true },
});
/** Operation log: sizes 1, 2, 5, 10 (default 5), same default range. */
export const operationLogTable = defineTable({
  sizes: [1, 2, 5, 10],
  defaultSize: 5,
  filters: search,
  dateRange: { defaultDays: [-365, 0], withTime: true },
});

type Query = TableQuery<typeof search>;

const contains = containsText;

export async function listQueryLogs(viewer: Viewer, mode: ModeDescription, query: Query) {
  const q = query.filters.q;
  const columns = queryLogColumns(mode).filter((column) => column !== "weight");
  const where: Prisma.QueryLogWhereInput = {
    AND: [
      queryLogScope(viewer),
      { mode: mode.enumValue },
      { operatedAt: timestampWhere(query.range) },
      q
        ? {
            OR: [
              ...columns.map((column) => ({ [column]: contains(q) })),
              { user: { OR: [{ username: contains(q) }, { email: contains(q) }, { phone: contains(q) }, { company: contains(q) }] } },
            ],
          }
        : {},
    ],
  };
  const [rows, total] = await Promise.all([
    prisma.queryLog.findMany({
      where,
      orderBy: [{ operatedAt: "desc" }, { id: "desc" }],
      skip: query.skip,
      take: query.take,
      include: { user: { select: { username: true, phone: true, email: true, company: true } } },
    }),
    prisma.queryLog.count({ where }),
  ]);
  return {
    total,
    rows: rows.map((row) => ({
      id: row.id.toString(),
      pol: row.pol,
      pod: row.pod,
      carrier: row.carrier,
      dock: row.dock,
      doorPoint: row.doorPoint,
      destination: row.destination,
      weight: row.weight?.toString() ?? null,
      operatedAt: row.operatedAt.toISOString(),
      username: row.user.username,
      phone: row.user.phone,
      email: row.user.email,
      company: row.user.company,
    })),
  };
}

export async function listOperationLogs(viewer: Viewer, query: Query, lng = "zh-CN") {
  const q = query.filters.q;
  const customers = (await customerIdsInScope(viewer)) ?? [];
  const where: Prisma.OperationLogWhereInput = {
    AND: [
      operationLogScope(viewer, customers),
      { operatedAt: timestampWhere(query.range) },
      q
        ? {
            // One indexed ILIKE: search_text holds the codes, values and the labels shown, in both languages (log-detail.server.ts).
            searchText: contains(q.toLowerCase()),
          }
        : {},
    ],
  };
  const [rows, total] = await Promise.all([
    prisma.operationLog.findMany({
      where,
      orderBy: [{ operatedAt: "desc" }, { id: "desc" }],
      skip: query.skip,
      take: query.take,
      omit: { searchText: true },
    }),
    prisma.operationLog.count({ where }),
  ]);
  const names = await targetNames(rows, lng);
  return {
    total,
    rows: rows.map((row) => ({
      id: row.id.toString(),
      module: row.module,
      operation: row.operation,
      username: row.username,
      targetIds: row.targetIds,
      /** What a row acted on, by name in the viewer's language (users, roles, menus, offers, home items; ids nothing names stay as they are). */
      targets: names.has(row.operation) ? idsOf(row.targetIds).map((id) => names.get(row.operation)!.get(id) ?? `#${id}`) : null,
      params: row.params,
      /** A refused request (module "refused", params "operation: reason"): the operation and the reason's code. */
      refusal: refusalOf(row.module, row.params),
      /** The parameters and the changed fields with their label keys (null for rows logged before issue 22 item 12). */
      detail: readDetail(row.detail),
      operatedAt: row.operatedAt.toISOString(),
    })),
  };
}

const idsOf = (targetIds: string | null): number[] =>
  (targetIds ?? "")
    .split(",")
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isSafeInteger(id) && id > 0);

type Names = (ids: number[], lng: string) => Promise<[number, string][]>;

/** How the targets of each logged area are named (the `operation` column), one query per area. */
const TARGET_NAMES: Record<string, Names> = {
  users: async (ids) =>
    (await prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, username: true } })).map((u) => [u.id, u.username]),
  roles: async (ids, lng) =>
    (await prisma.role.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, nameEn: true } })).map((r) => [
      r.id,
      roleName(r, lng),
    ]),
  menus: async (ids, lng) =>
    (await prisma.menu.findMany({ where: { id: { in: ids } }, select: { id: true, label: true, labelEn: true } })).map((m) => [
      m.id,
      inLanguage(lng, m.label, m.labelEn),
    ]),
  specialOffers: async (ids) =>
    (
      await prisma.specialOffer.findMany({
        where: { id: { in: ids } },
        select: { id: true, pol: true, pod: true, origin: true, destination: true, country: true, carrier: true },
      })
    ).map((o) => [
      o.id,
      [[o.pol ?? o.origin, o.pod ?? o.destination ?? o.country].filter(Boolean).join(" → "), o.carrier].filter(Boolean).join(" · ") ||
        `#${o.id}`,
    ]),
  ...Object.fromEntries(
    ["webHome", "appHome"].map((operation) => [
      operation,
      (async (ids, lng) =>
        (await prisma.homeContent.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, nameEn: true } })).map((h) => [
          h.id,
          inLanguage(lng, h.name, h.nameEn),
        ])) satisfies Names,
    ]),
  ),
  homeCategories: async (ids) =>
    (await prisma.homeCategory.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((c) => [c.id, c.name]),
};

/** The names of the targets the page's rows name: one query per kind of target on the page, none per row. */
async function targetNames(rows: readonly { operation: string; targetIds: string | null }[], lng: string) {
  const idsByArea = new Map<string, Set<number>>();
  for (const row of rows) {
    if (!(row.operation in TARGET_NAMES)) continue;
    const ids = idsByArea.get(row.operation) ?? new Set<number>();
    for (const id of idsOf(row.targetIds)) ids.add(id);
    idsByArea.set(row.operation, ids);
  }
  const named = await Promise.all(
    [...idsByArea].map(async ([area, ids]) => [area, new Map(ids.size ? await TARGET_NAMES[area]([...ids], lng) : [])] as const),
  );
  return new Map<string, Map<number, string>>(named);
}

function refusalOf(module: string, params: string | null): { operation: string; reason: string } | null {
  if (module !== REFUSED_MODULE || !params) return null;
  const match = /^([\w.]+): (\w+)$/.exec(params);
  return match ? { operation: match[1], reason: match[2] } : null;
}
