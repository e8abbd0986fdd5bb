// Trailer rates (/trailerData): filters dock, door point and a validity range
// (default one year back to one year ahead); import, export of the whole
// table or the selected rows, range delete, edit.
import { REQUIRED, col, tierPrices, defineArea } from "./types";
import { FCL_PRICE_ITEMS } from "./fcl";

export const trailerArea = defineArea("trailer", {
  titleKey: "data.trailer.title",
  logName: "trailerRates",
  order: "desc",
  fixed: ["dock", "doorPoint"],
  columns: [
    col.id(),
    // A trailer's dock is the port area (港区) of the customer pages, not an FCL terminal.
    col.text("dock", "dock", { required: REQUIRED, labelKey: "data.col.portArea", normalize: "name" }),
    col.text("doorPoint", "trailer_door_point", { required: REQUIRED, normalize: "name" }),
    ...tierPrices(FCL_PRICE_ITEMS),
    col.date("validFrom", "valid_fm"),
    col.date("validTo", "valid_to"),
    col.paused("data.col.pausedPickup"),
    col.longtext("remark", "remark"),
    col.updated("update_time"),
  ],
  filters: [
    { kind: "select", param: "dock", field: "dock", labelKey: "data.col.portArea" },
    { kind: "select", param: "doorPoint", field: "doorPoint", labelKey: "data.col.doorPoint" },
  ],
  dateFilter: { field: "validTo", columnKind: "date", labelKey: "data.filter.validity", defaultDays: [-365, 365] },
  edit: { add: true, idChange: false, duplicates: [] },
  import: { sameRate: { fields: ["dock", "doorPoint", "validFrom", "validTo"] } },
  export: { fileName: "拖车数据.xls", asciiName: "trailerRates.xls" },
  selectable: true,
  exportSelected: true,
});
