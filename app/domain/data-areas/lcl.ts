// Sea LCL rates (/lclbyseaData): filters pol, pod, country, volume; import,
// export (lclFreight.xls), range delete, edit and the port-matching check.
import { REQUIRED, col, tierPrices, defineArea } from "./types";

export const lclArea = defineArea("lcl", {
  titleKey: "data.lcl.title",
  logName: "lclRates",
  order: "desc",
  fixed: ["pol", "pod"],
  columns: [
    col.id(),
    col.text("pol", "pol", { required: REQUIRED, normalize: "name" }),
    col.text("pod", "pod", { required: REQUIRED, normalize: "name" }),
    col.text("country", "country"),
    col.text("volume", "volume"),
    ...tierPrices([["freightCbm", "freight_cmb", "CBM"]]),
    ...tierPrices([["freightTon", "freight_ton", "TON"]]),
    col.text("cisf", "cisf"),
    col.text("bookingCutoff", "close_date"),
    col.text("cargoCutoff", "closegoods_date"),
    col.text("etd", "etd"),
    col.text("via", "via"),
    col.text("transitTime", "t_t"),
    col.date("validFrom", "valid_fm"),
    col.validityEnd("validTo", "valid_to"),
    col.paused("data.col.pausedCargo"),
    col.longtext("remark", "remark"),
    col.updated("update_time"),
  ],
  filters: [
    { kind: "select", param: "pol", field: "pol", labelKey: "data.col.pol" },
    { kind: "select", param: "pod", field: "pod", labelKey: "data.col.pod" },
    { kind: "select", param: "country", field: "country", labelKey: "data.col.country" },
    { kind: "select", param: "volume", field: "volume", labelKey: "data.col.volume" },
  ],
  edit: { add: true, idChange: false, duplicates: [] },
  import: {
    datesRequired: { fields: ["validTo"], alsoRequire: ["pod"] },
    sameRate: { fields: ["pol", "pod", "volume", "validFrom", "validTo"] },
  },
  export: { fileName: "lclFreight.xls", asciiName: "lclFreight.xls" },
  checks: ["portMatch"],
});
