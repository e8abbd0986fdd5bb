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
import { readDetail } from "./log-detail.server";
import { REFUSED_MODULE } from "./operation-log.server";

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

export async function listOperationLogs(viewer: Viewer, query: Query) {
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
  const names = await targetUserNames(rows);
  return {
    total,
    rows: rows.map((row) => ({
      id: row.id.toString(),
      module: row.module,
      operation: row.operation,
      username: row.username,
      targetIds: row.targetIds,
      /** The users a row of the users area acted on, by name (ids nothing names stay as they are). */
      targets: row.operation === "users" ? idsOf(row.targetIds).map((id) => names.get(id) ?? `#${id}`) : null,
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

/** The names of the users the page's rows of the users area name, in one query. */
async function targetUserNames(rows: readonly { operation: string; targetIds: string | null }[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.filter((row) => row.operation === "users").flatMap((row) => idsOf(row.targetIds)))];
  if (ids.length === 0) return new Map();
  const users = await prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, username: true } });
  return new Map(users.map((user) => [user.id, user.username]));
}

function refusalOf(module: string, params: string | null): { operation: string; reason: string } | null {
  if (module !== REFUSED_MODULE || !params) return null;
  const match = /^([\w.]+): (\w+)$/.exec(params);
  return match ? { operation: match[1], reason: match[2] } : null;
}
