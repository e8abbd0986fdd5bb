// Sea FCL rates (/fclbyseaData): filters pol, pod, carrier and an expiry
// range; import, export (oceanFreight.xls), markup of selected rows, range
// delete, edit, and the destination-port matching check.
import { REQUIRED, col, tierPrices, defineArea } from "./types";

export const FCL_PRICE_ITEMS = [
  ["gp20", "20GP", "20GP"],
  ["gp40", "40GP", "40GP"],
  ["hq40", "40HQ", "40HQ"],
] as const;

export const fclArea = defineArea("fcl", {
  titleKey: "data.fcl.title",
  logName: "fclRates",
  order: "desc",
  fixed: ["pol", "pod"],
  columns: [
    col.id(),
    col.text("pol", "pol", { required: REQUIRED, normalize: "name" }),
    col.text("pod", "pod", { required: REQUIRED, normalize: "name" }),
    col.text("destinationDock", "destinationdock"),
    col.text("sailingSchedule", "sale_state"),
    col.text("carrier", "carrier", { normalize: "name" }),
    ...tierPrices(FCL_PRICE_ITEMS),
    col.text("bookingFee", "booking_fee"),
    col.text("thc", "thc"),
    col.text("seal", "seal"),
    col.text("vgm", "vgm"),
    col.text("eir", "eir"),
    col.text("doc", "doc"),
    col.text("manifest", "manifest"),
    col.text("via", "via"),
    col.text("transitTime", "t_t"),
    col.text("dock", "dock"),
    col.date("validFrom", "valid_fm"),
    col.date("validTo", "valid_to"),
    col.paused("data.col.pausedBooking"),
    col.longtext("remark", "remark"),
    col.text("weightLimit", "weight_limit", { list: false }),
    col.text("other", "other", { list: false }),
    col.text("remark3", "remark3", { list: false }),
    col.text("remark4", "remark4", { list: false }),
    col.longtext("remarkConcat", "remarkconcat"),
    col.updated("update_time"),
  ],
  filters: [
    { kind: "select", param: "pol", field: "pol", labelKey: "data.col.pol" },
    { kind: "select", param: "pod", field: "pod", labelKey: "data.col.pod" },
    { kind: "select", param: "carrier", field: "carrier", labelKey: "data.col.carrier" },
  ],
  dateFilter: { field: "validTo", columnKind: "date", labelKey: "data.filter.expiry", defaultDays: null },
  edit: { add: true, idChange: false, duplicates: [] },
  import: {
    datesRequired: { fields: ["validFrom", "validTo"], when: "pod" },
    sameRate: { fields: ["pol", "pod", "carrier", "validFrom", "validTo"], containers: FCL_PRICE_ITEMS.map(([base]) => base) },
  },
  export: { fileName: "oceanFreight.xls", asciiName: "oceanFreight.xls" },
  selectable: true,
  fclTierMarkup: true,
  checks: ["portMatch"],
});

/** The nine prices the markup may raise. */
export const FCL_MARKUP_FIELDS = tierPrices(FCL_PRICE_ITEMS).map((c) => c.field);
