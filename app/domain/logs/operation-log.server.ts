// Staff operations are logged in the same transaction as the change they
// describe, so a change without its log line (or the reverse) cannot happen.
// The administration screen reads these rows (OperationLog).
import type { Prisma } from "~/utils/db.server";
import type { Viewer } from "~/domain/accounts/viewer.server";

export type OperationEntry = {
  /** Operation type, e.g. "import", "delete", "rangeDelete", "edit", "add", "markup". */
  module: string;
  /** Business area, e.g. "fclRates" (DataArea.logName). */
  operation: string;
  /** Ids operated on: a list, a range "100-200", or free text. */
  targetIds?: string | number | readonly (string | number)[] | null;
  /** Parameters (free text or an object, stored as JSON). */
  params?: string | Record<string, unknown> | null;
};

const MAX_TEXT = 4000;

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
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
  const params =
    entry.params === null || entry.params === undefined
      ? null
      : typeof entry.params === "string"
        ? entry.params
        : JSON.stringify(entry.params);
  await tx.operationLog.create({
    data: {
      module: entry.module,
      operation: entry.operation,
      userId: viewer.id,
      username: viewer.username,
      targetIds: targetIds === null ? null : clip(targetIds),
      params: params === null ? null : clip(params),
    },
  });
}
