// Express prices (/expressData): filters category and weight; import, range
// delete, a wide table and an edit dialog with every field.
import { KILOGRAMS, REQUIRED, col, type AreaColumn, defineArea } from "./types";
import { EXPRESS_ZONE_CODES, type ExpressZoneField } from "~/domain/express-zones";

const ZONE_ALIASES: Record<string, string[]> = { "1": ["one"], "2": ["two"] };

/** The express price record's names (data-maintenance.md 3): T1, T2, one, two, a, b, d … z. */
const ZONE_WIRE: Record<string, string> = { "1": "one", "2": "two" };

const zoneColumns: AreaColumn<ExpressZoneField>[] = EXPRESS_ZONE_CODES.map((zone) => ({
  field: `zone${zone}` as const,
  header: zone,
  wire: ZONE_WIRE[zone] ?? (zone.length === 1 ? zone.toLowerCase() : zone),
  aliases: ZONE_ALIASES[zone],
  labelKey: "data.col.zonePrice",
  labelValues: { zone },
  kind: "decimal",
  scale: 2,
  max: 9_999_999_999.99,
}));

export const expressArea = defineArea("express", {
  titleKey: "data.express.title",
  logName: "expressRates",
  order: "desc",
  fixed: ["category", "weight"],
  columns: [
    col.id(),
    col.text("category", "category", { required: REQUIRED, normalize: "name" }),
    col.decimal("weight", "weight", 1, 9_999_999.9, { required: REQUIRED, units: KILOGRAMS }),
    col.decimal("fuel", "fuel", 2, 9_999.99, { units: ["%"] }),
    ...zoneColumns,
    col.money("totalCost", "total_cost"),
    col.decimal("discount", "discount", 4, 99.9999),
    col.text("timeLimit", "timelimit"),
    col.text("byVolume", "by_volume"),
    col.longtext("remark", "remark", { list: true }),
    col.updated("update_time"),
  ],
  filters: [
    { kind: "select", param: "category", field: "category", labelKey: "data.col.category" },
    { kind: "select", param: "weight", field: "weight", labelKey: "data.col.weight" },
  ],
  edit: { add: false, idChange: false, duplicates: [] },
  import: { sameRate: { fields: ["category", "weight"] } },
});
