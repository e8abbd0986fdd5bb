// Air rates (/byAirData): filters pol, pod, country, carrier and an update
// range (one year back to one year ahead); two import variants (with and
// without the +130/+2000/+3000 kg breaks), range delete; rows delete only.
import { tierField } from "~/domain/catalog";
import { TIERS, type Tier } from "~/domain/pricing/visibility";
import { REQUIRED, col, type AreaColumn, defineArea } from "./types";

const BREAKS = [45, 100, 130, 300, 500, 1000, 2000, 3000] as const;
const EXTRA_BREAKS: readonly number[] = [130, 2000, 3000];

function breakColumns<G extends "bulk" | "tray">(group: G): AreaColumn<`${G}${(typeof BREAKS)[number]}${Tier}`>[] {
  return BREAKS.flatMap((kg) =>
    TIERS.map((tier) => ({
      field: tierField(`${group}${kg}` as const, tier),
      header: `${group}_${kg}_${tier.toLowerCase()}`,
      labelKey: group === "bulk" ? "data.col.airBulk" : "data.col.airTray",
      labelValues: { kg: String(kg), tier },
      kind: "decimal" as const,
      scale: 2,
      max: 9_999_999_999.99,
    })),
  );
}

const priceColumns = [...breakColumns("bulk"), ...breakColumns("tray")];

export const airArea = defineArea("air", {
  titleKey: "data.air.title",
  logName: "airRates",
  order: "desc",
  fixed: ["pol", "pod"],
  columns: [
    col.id(),
    col.text("airId", "air_id"),
    col.text("airIdTable", "air_id_table"),
    col.text("addPrice", "add_price"),
    col.text("pol", "pol", { required: REQUIRED, normalize: "name" }),
    col.text("pod", "pod", { required: REQUIRED, normalize: "name" }),
    col.text("country", "country"),
    col.text("etd", "etd"),
    col.text("carrier", "carrier", { normalize: "name" }),
    col.text("validityText", "yxq"),
    col.text("cbmKgs", "cbm_kgs"),
    ...priceColumns,
    col.text("via", "via"),
    col.text("transitTime", "t_t"),
    col.text("path", "path"),
    col.longtext("remark", "remark", { list: true }),
    // The legacy valid_fm column is shown as the update date.
    col.updated("valid_fm", { labelKey: "data.col.updatedDay" }),
  ],
  filters: [
    { kind: "select", param: "pol", field: "pol", labelKey: "data.col.pol" },
    { kind: "select", param: "pod", field: "pod", labelKey: "data.col.pod" },
    { kind: "select", param: "country", field: "country", labelKey: "data.col.country" },
    { kind: "select", param: "carrier", field: "carrier", labelKey: "data.col.carrier" },
  ],
  dateFilter: { field: "updatedAt", columnKind: "timestamp", labelKey: "data.filter.updatedDay", defaultDays: [-365, 365] },
  edit: null,
  import: {
    sameRate: { fields: ["pol", "pod", "carrier", "validFrom", "validTo"] },
    air: {
      extraFields: priceColumns.filter((c) => EXTRA_BREAKS.some((kg) => c.labelValues?.kg === String(kg))).map((c) => c.field),
      rangeField: "validityText",
    },
  },
});
