// How a data-area column is labelled and shown in the table.
import type { T } from "~/i18n/keys";
import type { AreaColumn } from "~/domain/data-areas/types";
import type { CellValue } from "~/domain/data-areas/screen-types";

export function columnLabel(t: T, column: AreaColumn): string {
  return t(column.labelKey, column.labelValues ?? {});
}

export function CellText({ t, column, value }: { t: T; column: AreaColumn; value: CellValue }) {
  if (value === null || value === undefined || value === "") return null;
  if (column.kind === "bool") return <>{value ? t("data.yes") : t("data.no")}</>;
  if (column.kind === "datetime" && typeof value === "string" && column.labelKey === "data.col.updatedDay")
    return <>{value.slice(0, 10)}</>;
  if (column.kind === "longtext" || (typeof value === "string" && value.length > 40)) {
    return <span title={String(value)}>{String(value).length > 40 ? `${String(value).slice(0, 40)}…` : String(value)}</span>;
  }
  return <>{String(value)}</>;
}

export function cellClass(column: AreaColumn): string | undefined {
  return column.kind === "decimal" || column.kind === "id" ? "num" : undefined;
}
