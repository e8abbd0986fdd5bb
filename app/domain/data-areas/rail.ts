// Rail rates (/railRoadData): filters pol and pod; import, range delete, edit.
import { REQUIRED, col, tierPrices, defineArea } from "./types";

export const railArea = defineArea("rail", {
  titleKey: "data.rail.title",
  logName: "railRates",
  order: "desc",
  fixed: ["pol", "pod"],
  columns: [
    col.id(),
    col.text("pol", "pol", { required: REQUIRED, normalize: "name" }),
    col.text("pod", "pod", { required: REQUIRED, normalize: "name" }),
    ...tierPrices([
      ["coc40", "40coc", "40COC"],
      ["soc40", "40soc", "40SOC"],
      ["coc20", "20coc", "20COC"],
      ["soc20", "20soc", "20SOC"],
      ["soc20x2", "2_20soc", "2×20SOC"],
    ]),
    col.text("currency", "currency", { required: REQUIRED, sqlDefault: "'USD'", normalize: "currency" }),
    col.text("trainService", "squad"),
    col.text("transitTime", "t_t"),
    col.date("validTo", "valid_to"),
    col.longtext("remark", "remark"),
    col.updated("update_time"),
  ],
  filters: [
    { kind: "select", param: "pol", field: "pol", labelKey: "data.col.pol" },
    { kind: "select", param: "pod", field: "pod", labelKey: "data.col.pod" },
  ],
  edit: { add: true, idChange: false, duplicates: [] },
  import: { sameRate: { fields: ["pol", "pod", "trainService", "validTo"] } },
});
