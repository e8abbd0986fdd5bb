// The preview of an upload as an .xlsx report (issue 23 item 1): what the
// preview page shows, every row of it, in the user's language. Sheets:
// summary (the counts), new rows, changed rows (field, old → new), refused
// rows (row, id, reason), unmatched columns, rows hidden today by their own
// validity, and (FCL, LCL) the port names and what they resolve to. Written
// by the sheet worker like every other workbook of the site.
import { type KeysUnder, keyUnder, type T } from "~/i18n/keys";
import type { Viewer } from "~/domain/accounts/viewer.server";
import type { DataArea } from "~/domain/data-areas/types";
import { prisma } from "~/utils/db.server";
import {
  PORT_STATES,
  previewPorts,
  previewRowsSql,
  stagedRowsLost,
  type PortState,
  type PreviewSummary,
  type StagedRow,
} from "./preview.server";
import type { WriteColumn } from "./import.server";
import { writeSheetInWorker, type Cell } from "./sheet-worker.server";

type Who = Pick<Viewer, "id">;

const cell = (value: unknown): Cell =>
  value === null || value === undefined
    ? null
    : typeof value === "number" || typeof value === "boolean"
      ? value
      : typeof value === "string"
        ? value
        : JSON.stringify(value);

/** The report of the user's own preview of this area, or null (gone, expired, another's). */
export async function previewReport(
  area: DataArea,
  viewer: Who,
  id: string,
  t: T,
): Promise<{ data: Uint8Array; fileName: string; asciiName: string } | null> {
  const preview = await prisma.importPreview.findFirst({
    where: { id, area: area.key, userId: viewer.id, expiresAt: { gt: new Date() } },
    select: { fileName: true, columns: true, summary: true },
  });
  if (!preview) return null;
  const summary = preview.summary as PreviewSummary;
  // Staged rows lost in a crash (an unlogged table): the preview is gone, as on its page.
  if (await stagedRowsLost(prisma, area, id, summary)) return null;
  const columns = (preview.columns as WriteColumn[]).filter((c) => c.field !== "updatedAt");
  const byField = new Map(area.columns.map((c) => [c.field, c]));
  // The file's own headers (what the rate desk wrote), the label for derived columns (air validity).
  const header = (field: string) => byField.get(field)?.header ?? t(keyUnder("importPreview.report.", field), { defaultValue: field });
  const all = preview.columns as WriteColumn[];
  const index = (field: string) => all.findIndex((c) => c.field === field);

  const rows = await prisma.$queryRawUnsafe<StagedRow[]>(
    previewRowsSql(area, preview.columns as WriteColumn[], `AND (s.status IN ('new', 'updated') OR s.hidden)`),
    id,
  );
  const r = (key: KeysUnder<"importPreview.report.">) => t(`importPreview.report.${key}`);
  const counts = summary.counts;
  const summarySheet: Cell[][] = [
    [r("item"), r("value")],
    [r("file"), preview.fileName],
    ...(["new", "updated", "unchanged", "refused", "hidden"] as const).map((key) => [r(`count.${key}`), counts[key]]),
    [r("unmatched"), summary.unmatched.length],
    ...(summary.ports
      ? PORT_STATES.map((state) => [`${r("ports")}: ${t(`importPreview.ports.state.${state}`)}`, summary.ports![state]])
      : []),
  ];
  const newSheet: Cell[][] = [[r("rowNumber"), "ID", ...columns.map((c) => header(c.field))]];
  const changedSheet: Cell[][] = [[r("rowNumber"), "ID", r("field"), r("old"), r("newValue")]];
  const hiddenSheet: Cell[][] = [[r("rowNumber"), "ID", header("validFrom"), header("validTo")]];
  for (const row of rows) {
    if (row.status === "new") newSheet.push([row.seq, row.row_id, ...columns.map((c) => cell(row.values[index(c.field)]))]);
    if (row.status === "updated") {
      for (const [field, [before, after]] of Object.entries(row.changes ?? {}))
        changedSheet.push([row.seq, row.row_id, header(field), cell(before), cell(after)]);
    }
    if (row.hidden) hiddenSheet.push([row.seq, row.row_id, cell(row.values[index("validFrom")]), cell(row.values[index("validTo")])]);
  }
  const refusedSheet: Cell[][] = [
    [r("row"), "ID", r("reason")],
    ...summary.problems.map((p) => [cell(p.values?.row), cell(p.values?.id), t(p.key, p.values ?? {})]),
  ];
  const more = [
    { name: r("new"), rows: newSheet },
    { name: r("changed"), rows: changedSheet },
    { name: r("refused"), rows: refusedSheet },
    { name: r("unmatched"), rows: [[r("header")], ...summary.unmatched.map((h) => [h])] },
    { name: r("hidden"), rows: hiddenSheet },
  ];
  if (summary.ports) {
    const ports = await previewPorts(id);
    more.push({
      name: r("ports"),
      rows: [
        [
          t("importPreview.ports.column"),
          t("importPreview.ports.name"),
          t("importPreview.ports.port"),
          t("importPreview.ports.result"),
          t("importPreview.ports.rows"),
        ],
        ...ports.map((p) => [p.column, p.name, p.port, t(`importPreview.ports.state.${p.state satisfies PortState}`), p.rows]),
      ],
    });
  }
  const data = await writeSheetInWorker(summarySheet, { bookType: "xlsx", sheetName: r("summary"), more });
  const base = preview.fileName.replace(/\.(xlsx|xls)$/i, "");
  return { data, fileName: `${r("fileName")}-${base}.xlsx`, asciiName: `import-preview-${area.key}.xlsx` };
}
