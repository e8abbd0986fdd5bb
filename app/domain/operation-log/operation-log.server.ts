// Staff operations are logged in the same transaction as the change they
// describe, so a change without its log line (or the reverse) cannot happen.
// The administration screen reads these rows (OperationLog).
//
// A change of values is logged with its before and after values
// (`changes`, built by `changesBetween`), and a refused operation (a forged
// value, a target above the actor, a right not held) gets its own row,
// module "refused", written outside any transaction because nothing else is
// (docs/decisions/303-authority.md).
import { prisma, type Prisma } from "~/utils/db.server";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { logDetail, logSearchText, type LogChange } from "./log-detail.server";

/** Field → [before, after], only for fields whose value changed. */
export type Changes = Record<string, readonly [unknown, unknown]>;

export type OperationEntry = {
  /** Operation type, e.g. "import", "delete", "rangeDelete", "edit", "add", "markup". */
  module: string;
  /** Business area, e.g. "fclRates" (DataArea.logName). */
  operation: string;
  /** Ids operated on: a list, a range "100-200", or free text. */
  targetIds?: string | number | readonly (string | number)[] | null;
  /** Parameters (free text or an object, stored as JSON). */
  params?: string | Record<string, unknown> | null;
  /** Values before and after the change (changesBetween), appended to the parameters. */
  changes?: Changes | null;
  /**
   * The record before the change (edit, delete) and after it (add, edit):
   * the writer logs every field that differs, so a deleted row is logged
   * with its content and an edit with field: old → new (issue 22 item 12).
   */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Field → translation key of the label the screens show for it (a data area's column labels). */
  labels?: Readonly<Record<string, string>>;
};

const MAX_TEXT = 4000;

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => same(item, b[i]));
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  // Dates, decimals (objects of their own each read) and numbers compare by the text the log shows.
  return valueText(a) === valueText(b);
}

/**
 * The fields of `after` whose value differs from `before`, as [before, after]
 * (arrays compared item by item, null and undefined alike). Field names are
 * the ones the log should show (the spec's: rid, customer_rating, statesw ...).
 */
export function changesBetween(before: Record<string, unknown>, after: Record<string, unknown>): Changes {
  const changes: Record<string, readonly [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(after)) {
    if (!same(before[key], value)) changes[key] = [before[key] ?? null, value ?? null];
  }
  return changes;
}

/**
 * The changes of an entry: its own, plus every field that differs between
 * `before` and `after` (a missing side is a record of nulls: a delete logs
 * each filled field as value → ∅, an add ∅ → value).
 */
function entryChanges(entry: Pick<OperationEntry, "changes" | "before" | "after">): Changes {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const derived = changesBetween(before, Object.fromEntries(keys.map((key) => [key, after[key] ?? null])));
  return { ...derived, ...(entry.changes ?? {}) };
}

export function valueText(value: unknown): string {
  if (value === null || value === undefined) return "∅";
  if (Array.isArray(value)) return `[${value.map(valueText).join(",")}]`;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** "rid: 21 → 14; customer_rating: 3 → 1": readable in the log screen and searchable. */
export function formatChanges(changes: Changes): string {
  return Object.entries(changes)
    .map(([key, [before, after]]) => `${key}: ${valueText(before)} → ${valueText(after)}`)
    .join("; ");
}

function ownParams(entry: Pick<OperationEntry, "params">): string | null {
  return entry.params === null || entry.params === undefined
    ? null
    : typeof entry.params === "string"
      ? entry.params
      : JSON.stringify(entry.params);
}

function paramsText(params: string | null, changes: Changes): string | null {
  const text = [params, Object.keys(changes).length ? formatChanges(changes) : null].filter((part): part is string => !!part).join("; ");
  return text === "" ? null : text;
}

export async function logOperation(
  tx: Prisma.TransactionClient,
  viewer: Pick<Viewer, "id" | "username">,
  entry: OperationEntry,
): Promise<void> {
  const targetIds =
    entry.targetIds === null || entry.targetIds === undefined
      ? null
      : Array.isArray(entry.targetIds)
        ? entry.targetIds.join(",")
        : String(entry.targetIds);
  const changes = entryChanges(entry);
  const own = ownParams(entry);
  const params = paramsText(own, changes);
  const items: LogChange[] = Object.entries(changes).map(([field, [before, after]]) => ({
    field,
    label: entry.labels?.[field] ?? null,
    before: before === null || before === undefined ? null : clip(valueText(before)),
    after: after === null || after === undefined ? null : clip(valueText(after)),
  }));
  const row = { module: entry.module, operation: entry.operation, username: viewer.username, targetIds, params };
  await tx.operationLog.create({
    data: {
      module: entry.module,
      operation: entry.operation,
      userId: viewer.id,
      username: viewer.username,
      targetIds: targetIds === null ? null : clip(targetIds),
      params: params === null ? null : clip(params),
      detail: items.length ? logDetail(own === null ? null : clip(own), items) : undefined,
      searchText: logSearchText(row, items),
    },
  });
}

export const REFUSED_MODULE = "refused";

export type Refusal = {
  /** The operation refused (an id of the operation registry). */
  operation: string;
  /** Its business area (OperationLog.operation). */
  area: string;
  /** Why, as a short code: noRight, notYourself, targetOutranks, roleNotGrantable ... */
  reason: string;
  targetIds?: string | number | readonly (string | number)[] | null;
  /** The values the refused request asked for. */
  changes?: Changes | null;
};

/** One "refused" row, committed on its own: the request itself changes nothing. */
export async function logRefusal(viewer: Pick<Viewer, "id" | "username">, refusal: Refusal): Promise<void> {
  await logOperation(prisma, viewer, {
    module: REFUSED_MODULE,
    operation: refusal.area,
    targetIds: refusal.targetIds,
    params: `${refusal.operation}: ${refusal.reason}`,
    changes: refusal.changes,
  });
}
