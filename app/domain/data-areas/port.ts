// Sea ports (/port): reference list with add, edit (idchange), import,
// export (海运港口.xls) and the two stray-space checks on the English name.
import { portListParts } from "./port-list";
import { col, defineArea } from "./types";

const { head, shared } = portListParts("port", "data.col.portCode");

export const portArea = defineArea("port", {
  titleKey: "data.port.title",
  logName: "seaPorts",
  ...shared,
  columns: [
    ...head,
    col.text("countryCode", "countrycode"),
    col.text("countryName", "countryname"),
    col.text("countryNameZh", "countryzhname"),
    col.text("lane", "lane"),
    col.text("ediCode", "edicode"),
    col.updated("time"),
  ],
  export: { fileName: "海运港口.xls", asciiName: "seaPorts.xls" },
  spaceCheckField: "name",
});
