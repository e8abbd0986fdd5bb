// The staging of a previewed file (issue 23; migration 20261210020000,
// docs/decisions/203, "Typed staging"): one UNLOGGED table per data area,
// import_stage_<table>, with the preview's columns (preview_id, seq, status,
// hidden, before) and every column of the area's table under its own name
// and type. The preview casts each value once as it stages it; the page, the
// report and the commit read typed columns (the commit writes them to the
// table without a cast).
import type { DataArea } from "~/domain/data-areas/types";
import { sqlColumn, sqlTable } from "~/utils/sql-names.server";
import type { WriteColumn } from "./import.server";

/** The area's stage table, quoted. */
export const stageTable = (area: DataArea) => `"import_stage_${sqlTable(area.model)}"`;

/** The stage table's (and the area table's) column of a write column, quoted. */
export const stageColumn = (area: DataArea, column: WriteColumn) => `"${sqlColumn(area.model, column.field)}"`;

/** A staged value with the column's default, as the writer applies it (an empty cell takes the default). */
export const withDefault = (column: WriteColumn, value: string) => (column.sqlDefault ? `COALESCE(${value}, ${column.sqlDefault})` : value);

/**
 * SQL: the write columns of staged row `s` as the JSON array the file's
 * values were checked into (validateSheet: decimals as text with their
 * scale, days as YYYY-MM-DD, times as YYYY-MM-DD HH:mm:ss, empty as null),
 * for the preview page and its report. jsonb_build_array takes at most 100
 * arguments: longer rows are joined from pieces.
 */
export function stagedJsonSql(area: DataArea, columns: WriteColumn[]): string {
  const values = columns.map((c) => {
    const value = `s.${stageColumn(area, c)}`;
    switch (c.type) {
      case "numeric":
        return `${value}::text`;
      case "date":
        return `to_char(${value}, 'YYYY-MM-DD')`;
      case "timestamp":
        return `to_char(${value}, 'YYYY-MM-DD HH24:MI:SS')`;
      default:
        return value;
    }
  });
  if (values.length === 0) return `'[]'::jsonb`;
  const pieces: string[] = [];
  for (let i = 0; i < values.length; i += 90) pieces.push(`jsonb_build_array(${values.slice(i, i + 90).join(", ")})`);
  return pieces.join(" || ");
}
