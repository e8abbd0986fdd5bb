// What an operation-log row shows and what its search finds (issue 22 item
// 12). The writer (operation-log.server.ts) stores the changed fields with
// the translation key of the label the screens show for them (`detail`),
// and one lower-cased `search_text` holding the row's texts and the labels of
// its type, area and fields in both languages, so a search for what staff
// read (海运整箱, Sea FCL rates, 起运港, POL) finds every such row. The column
// has a trigram index (GIN, gin_trgm_ops): the search is one indexed ILIKE.
import { z } from "~/utils/zod";
import { resources } from "~/i18n/resources.server";
import { supportedLanguages } from "~/i18n/config";
import type { Prisma } from "~/utils/db.server";

/** One changed field: its name, the key of its label (or null: shown as named), the values as text (null: empty). */
export type LogChange = { field: string; label: string | null; before: string | null; after: string | null };
export type LogDetail = { params: string | null; changes: LogChange[] };

const detailSchema = z.object({
  params: z.string().nullable(),
  changes: z.array(
    z.object({ field: z.string(), label: z.string().nullable(), before: z.string().nullable(), after: z.string().nullable() }),
  ),
});

/** The text of a translation key in one language, or null when it has none. */
export function labelIn(lng: (typeof supportedLanguages)[number], key: string): string | null {
  let node: unknown = resources[lng];
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object") return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : null;
}

/** The label key of a field: the writer's own (a data area's column), else the shared field labels (backofficeLog.fields). */
export function fieldLabelKey(field: string, own: string | null | undefined): string | null {
  if (own) return own;
  const shared = `backofficeLog.fields.${field}`;
  return labelIn("zh-CN", shared) ? shared : null;
}

export function logDetail(params: string | null, changes: LogChange[]): Prisma.InputJsonValue {
  return { params, changes: changes.map((change) => ({ ...change, label: fieldLabelKey(change.field, change.label) })) };
}

/** The stored detail, or null for rows written before it existed (their `params` is shown). */
export function readDetail(value: unknown): LogDetail | null {
  const parsed = detailSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const SEARCH_MAX = 12_000;

/** The row's searchable text: codes, values and the labels shown for them in both languages, lower-cased. */
export function logSearchText(
  row: { module: string; operation: string; username: string | null; targetIds: string | null; params: string | null },
  changes: readonly LogChange[],
): string {
  const parts: string[] = [row.module, row.operation, row.username ?? "", row.targetIds ?? "", row.params ?? ""];
  for (const lng of supportedLanguages) {
    parts.push(labelIn(lng, `admin.logs.modules.${row.module}`) ?? "", labelIn(lng, `admin.logs.areas.${row.operation}`) ?? "");
    for (const change of changes) {
      const key = fieldLabelKey(change.field, change.label);
      if (key) parts.push(labelIn(lng, key) ?? "");
    }
  }
  return parts
    .filter((part) => part !== "")
    .join(" ")
    .toLowerCase()
    .slice(0, SEARCH_MAX);
}
