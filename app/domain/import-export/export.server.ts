// Excel export of a data area: headers are the import headers, values are
// written the way the import reads them (dates YYYY-MM-DD, times YYYY-MM-DD
// HH:mm:ss Shanghai, yes_no 是/否), so an exported file re-imports unchanged.
// The .xls is written in a worker (write-sheet.mjs) with SheetJS's per-cell
// buffer set back to 256 bytes.
import { Prisma } from "~/utils/db.server";
import type { DataArea } from "~/domain/data-areas/types";
import { delegate, type AreaWhere } from "~/domain/data-areas/queries.server";
import { dateToLocalDateTime } from "~/domain/data-areas/dates";
import { formatDate, formatDateTime } from "~/utils/dates";
import { writeSheetInWorker, type Cell } from "./sheet-worker.server";

/** Upper bound of one export (a full FCL table after a large import stays below). */
export const MAX_EXPORT_ROWS = 100_000;

export async function exportRows(area: DataArea, where: AreaWhere): Promise<Cell[][]> {
  const rows = await delegate(area).findMany({
    where,
    select: Object.fromEntries(area.columns.map((c) => [c.field, true])),
    orderBy: { id: area.order },
    take: MAX_EXPORT_ROWS,
  });
  const header: Cell[] = area.columns.map((c) => c.header);
  return [
    header,
    ...rows.map((row) =>
      area.columns.map((c): Cell => {
        const value = row[c.field];
        if (value === null || value === undefined) return null;
        switch (c.kind) {
          case "id":
            return Number(value);
          case "decimal":
            return new Prisma.Decimal(value as string | number).toNumber();
          case "date":
            return formatDate(value as Date);
          case "datetime":
            return formatDateTime(value as Date, { seconds: true });
          case "localDateTime":
            return dateToLocalDateTime(value as Date);
          case "bool":
            return value ? "是" : "否";
          default:
            return String(value);
        }
      }),
    ),
  ];
}

export async function exportWorkbook(area: DataArea, where: Record<string, unknown>): Promise<Uint8Array> {
  return writeSheetInWorker(await exportRows(area, where), { sheetName: "sheet1", bookType: "biff8" });
}

export const XLS_TYPE = "application/vnd.ms-excel";
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
