// The import template of a data area (issue 23 item 4 = issue 22 item 2),
// generated from the area's description, never a hand-made file:
//   sheet1  the legacy headers (what import and export use), for air the
//           second header line the standard import drops (the columns'
//           names in the user's language), and one example row;
//   notes   one line per column: header, meaning, format, rule; and the
//           file's rules (size limit, upsert by id, all or nothing, air).
// The example row imports as it is (tests/data/templates.test.ts).
import type { T } from "~/i18n/keys";
import type { AreaColumn, DataArea } from "~/domain/data-areas/types";
import { decimalBounds } from "~/domain/data-areas/types";
import { megabytes } from "~/utils/upload-limits";
import { importMaxBytes } from "./upload.server";
import { writeSheetInWorker, type Cell } from "./sheet-worker.server";

/** Example values of text columns by field; reference tables get values marked as examples (their names are unique). */
const TEXT_EXAMPLES: Record<string, string> = {
  pol: "SHANGHAI",
  pod: "LOS ANGELES",
  country: "USA",
  carrier: "COSCO",
  destinationDock: "LONG BEACH",
  sailingSchedule: "MON/THU",
  via: "DIRECT",
  transitTime: "14",
  dock: "SHANGHAI",
  doorPoint: "SUZHOU",
  currency: "USD",
  volume: "1-5",
  category: "DHL",
  etd: "WED",
  code: "XXEXA",
  name: "EXAMPLE PORT",
  nameZh: "示例港口",
  countryCode: "XX",
  countryName: "EXAMPLE",
  countryNameZh: "示例国家",
  zoneCode: "A",
  zone: "1",
  countryZh: "示例国家",
  countryEn: "EXAMPLE COUNTRY",
};

const DAY_FROM = "2026-01-01";
const DAY_TO = "2026-12-31";

function exampleOf(area: DataArea, column: AreaColumn): Cell {
  if (area.import.air?.rangeField === column.field) return `${DAY_FROM}至${DAY_TO}`;
  switch (column.kind) {
    case "id":
    case "datetime":
      // A new row (no id); the database stamps the update time.
      return null;
    case "decimal": {
      const { scale, min } = decimalBounds(column);
      const value = column.field === "weight" ? 0.5 : column.field === "discount" ? 1 : Math.max(min, 100);
      return Number(value.toFixed(scale));
    }
    case "date":
      return column.field === "validTo" ? DAY_TO : DAY_FROM;
    case "localDateTime":
      return `${DAY_TO} 18:00:00`;
    case "bool":
      return "否";
    default:
      return TEXT_EXAMPLES[column.field] ?? (column.required ? "EXAMPLE" : null);
  }
}

function label(t: T, column: AreaColumn): string {
  return t(column.labelKey, column.labelValues ?? {});
}

function ruleOf(t: T, area: DataArea, column: AreaColumn): string {
  const rules: string[] = [];
  if (column.kind !== "id")
    rules.push(
      t(
        column.required
          ? column.sqlDefault
            ? "importHistory.notes.requiredDefault"
            : "importHistory.notes.required"
          : "importHistory.notes.optional",
      ),
    );
  if (area.import.air?.rangeField === column.field) rules.push(t("importHistory.notes.airRange"));
  const headers = (fields: readonly string[]) => fields.map((f) => area.columns.find((c) => c.field === f)?.header ?? f).join(", ");
  const dates = area.import.datesRequired;
  if (dates && [...dates.fields, ...(dates.alsoRequire ?? [])].includes(column.field))
    rules.push(t("importHistory.notes.datesRequired", { fields: headers(dates.fields) }));
  for (const fields of area.import.uniqueInFile ?? [])
    if (fields.includes(column.field)) rules.push(t("importHistory.notes.uniqueInFile", { fields: headers(fields) }));
  return rules.join("; ");
}

/** The rows of the template's first sheet (headers, air's second header line, the example). */
export function templateRows(area: DataArea, t: T): Cell[][] {
  const rows: Cell[][] = [area.columns.map((c) => c.header)];
  if (area.import.air) rows.push(area.columns.map((c) => label(t, c)));
  rows.push(area.columns.map((c) => exampleOf(area, c)));
  return rows;
}

/** The notes sheet: the file's rules, then one line per column. */
export function templateNotes(area: DataArea, t: T): Cell[][] {
  const rows: Cell[][] = [[t("importHistory.notes.intro", { mb: megabytes(importMaxBytes()) })]];
  if (area.import.air)
    rows.push([t("importHistory.notes.airIntro")], [t("importHistory.airSecondLine", { plain: t("data.air.importPlain") })]);
  rows.push(
    [],
    [t("importHistory.notes.header"), t("importHistory.notes.label"), t("importHistory.notes.kind"), t("importHistory.notes.rule")],
  );
  for (const column of area.columns) {
    const { scale, min } = decimalBounds(column);
    rows.push([column.header, label(t, column), t(`importHistory.notes.kinds.${column.kind}`, { scale, min }), ruleOf(t, area, column)]);
  }
  return rows;
}

/** The template workbook (.xlsx) and its download name. */
export async function importTemplate(area: DataArea, t: T): Promise<{ data: Uint8Array; fileName: string; asciiName: string }> {
  const data = await writeSheetInWorker(templateRows(area, t), {
    bookType: "xlsx",
    more: [{ name: t("importHistory.sheet.notes"), rows: templateNotes(area, t) }],
  });
  const title = t(area.titleKey);
  return { data, fileName: `${title}-${t("importHistory.sheet.template")}.xlsx`, asciiName: `${area.key}-template.xlsx` };
}
